package io.tablequery.engine.joins;

import io.tablequery.engine.catalog.ColumnInfo;
import io.tablequery.engine.catalog.ColumnProfile;
import io.tablequery.engine.catalog.ColumnType;
import io.tablequery.engine.catalog.TableInfo;
import io.tablequery.engine.catalog.TableProfile;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What inference reads of one table, worked out once for each version of the table: its key columns with the folded
 * names a referencing column may call them by, and its other joinable columns with the folded names they are looked
 * up by. A table without a profile, and a totals table, has neither.
 *
 * @param table the table
 * @param profile its profile, or null when it has none yet
 * @param keys its key columns
 * @param references its joinable columns, keys included
 */
record TableKeys(TableInfo table, TableProfile profile, List<Key> keys, List<Reference> references) {
    /**
     * A key column.
     *
     * @param column the column
     * @param profile its profile
     * @param names the folded names that call it
     */
    record Key(ColumnInfo column, ColumnProfile profile, Set<String> names) {}

    /**
     * A column that may reference a key.
     *
     * @param column the column
     * @param profile its profile
     * @param lookups the folded names it is looked up by, the whole name first
     */
    record Reference(ColumnInfo column, ColumnProfile profile, List<String> lookups) {}

    static TableKeys of(TableInfo table, TableProfile profile) {
        if (table.companion() || profile == null) {
            return new TableKeys(table, profile, List.of(), List.of());
        }
        List<Key> keys = new ArrayList<>();
        List<Reference> references = new ArrayList<>();
        for (ColumnInfo column : table.columns()) {
            Optional<ColumnProfile> values = profile.column(column.name());
            if (!joinable(column.type()) || values.isEmpty()) {
                continue;
            }
            references.add(new Reference(column, values.get(), KeyNames.lookups(column.name())));
            if (table.rowCount() >= 2
                    && values.get().nullCount() == 0
                    && values.get().distinctCount() == table.rowCount()
                    && KeyNames.isKey(column.name())) {
                keys.add(new Key(column, values.get(), names(table, column)));
            }
        }
        return new TableKeys(table, profile, List.copyOf(keys), List.copyOf(references));
    }

    /**
     * The names that call a key: its own (unless a bare key word), and each form of its table's name before it and
     * alone.
     */
    private static Set<String> names(TableInfo table, ColumnInfo column) {
        Set<String> names = new LinkedHashSet<>();
        String folded = KeyNames.fold(column.name());
        if (!KeyNames.isBare(column.name())) {
            names.add(folded);
        }
        for (String tableName : List.of(table.name(), table.sheetName())) {
            for (String stem : KeyNames.tableStems(tableName)) {
                names.add(stem + folded);
                names.add(stem);
            }
        }
        return names;
    }

    private static boolean joinable(ColumnType type) {
        return type == ColumnType.INTEGER || type == ColumnType.TEXT;
    }
}

package io.tablequery.engine.store;

import static java.util.Objects.requireNonNull;

import io.tablequery.engine.catalog.ColumnType;
import io.tablequery.engine.catalog.TableInfo;
import java.util.List;

/**
 * A column as the writers store it.
 *
 * @param name the column name in the SQLite table and in the DuckDB views
 * @param type the logical type, which the DuckDB copy stores natively
 * @param sqliteType the type the SQLite copy declares: the logical type's SQLite name, or for a table imported from
 *     a SQLite database the original declared type, so the copy keeps the original's affinity
 */
public record StoredColumn(String name, ColumnType type, String sqliteType) {
    public StoredColumn {
        requireNonNull(name, "name is null");
        requireNonNull(type, "type is null");
        requireNonNull(sqliteType, "sqliteType is null");
    }

    /** A column whose SQLite copy declares the logical type's SQLite name. */
    public StoredColumn(String name, ColumnType type) {
        this(name, type, type.sqliteType());
    }

    /**
     * The columns of a catalogued table, as its DuckDB copy stores them.
     *
     * @param table the table
     * @return its columns, in order
     */
    public static List<StoredColumn> of(TableInfo table) {
        return table.columns().stream()
                .map(column -> new StoredColumn(column.name(), column.type()))
                .toList();
    }
}

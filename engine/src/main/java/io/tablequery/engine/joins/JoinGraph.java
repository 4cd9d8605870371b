package io.tablequery.engine.joins;

import io.tablequery.engine.catalog.CatalogSnapshot;
import io.tablequery.engine.catalog.ColumnInfo;
import io.tablequery.engine.catalog.ColumnReference;
import io.tablequery.engine.catalog.TableInfo;
import io.tablequery.engine.catalog.TableProfile;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The joins between the tables of one catalog snapshot: the foreign keys uploaded databases declare, and the joins
 * {@link JoinInference} infers between other tables. Immutable; derived from the snapshot alone. What inference reads
 * of each table is worked out once per table version: a graph made from the one before reuses it for every table
 * whose catalog entry and profile are the very objects it saw (a snapshot derived from the last one keeps its
 * unchanged tables), so a commit costs the names of the tables it changed and one pass of map lookups.
 */
public final class JoinGraph {
    private static final JoinGraph EMPTY = new JoinGraph(List.of(), Map.of());

    private final List<TableJoin> joins;
    private final Map<String, List<TableJoin>> byTable = new HashMap<>();
    private final Map<TableInfo, TableKeys> tables;

    private JoinGraph(List<TableJoin> joins, Map<TableInfo, TableKeys> tables) {
        this.tables = tables;
        this.joins = List.copyOf(joins);
        for (TableJoin join : this.joins) {
            byTable.computeIfAbsent(KeyNames.key(join.table()), k -> new ArrayList<>())
                    .add(join);
            if (!join.keyTable().equalsIgnoreCase(join.table())) {
                byTable.computeIfAbsent(KeyNames.key(join.keyTable()), k -> new ArrayList<>())
                        .add(join);
            }
        }
    }

    /**
     * Returns a graph without joins.
     *
     * @return the empty graph
     */
    public static JoinGraph empty() {
        return EMPTY;
    }

    /**
     * Finds the joins of a catalog's tables: declared ones first, then inferred ones.
     *
     * @param catalog the snapshot
     * @return its joins
     */
    public static JoinGraph of(CatalogSnapshot catalog) {
        return of(catalog, EMPTY);
    }

    /**
     * Finds the joins of a catalog's tables, reusing what an earlier graph worked out for the tables they share.
     *
     * @param catalog the snapshot
     * @param previous a graph of an earlier snapshot of the same workspace, or {@link #empty()}
     * @return its joins
     */
    public static JoinGraph of(CatalogSnapshot catalog, JoinGraph previous) {
        Map<TableInfo, TableKeys> tables = new IdentityHashMap<>();
        List<TableKeys> inOrder = new ArrayList<>();
        for (TableInfo table : catalog.tables()) {
            TableProfile profile = catalog.profile(table).orElse(null);
            TableKeys known = previous.tables.get(table);
            TableKeys keys = known != null && known.profile() == profile ? known : TableKeys.of(table, profile);
            tables.put(table, keys);
            inOrder.add(keys);
        }
        Set<Integer> declaringFiles = new HashSet<>();
        List<TableJoin> joins = declared(catalog, declaringFiles);
        joins.addAll(JoinInference.infer(inOrder, declaringFiles));
        return new JoinGraph(joins, tables);
    }

    /**
     * Returns every join.
     *
     * @return the joins, declared ones first
     */
    public List<TableJoin> all() {
        return joins;
    }

    /**
     * Returns the joins a table takes part in, on either side.
     *
     * @param tableName the table's name, in any case
     * @return its joins, declared ones first
     */
    public List<TableJoin> of(String tableName) {
        return byTable.getOrDefault(KeyNames.key(tableName), List.of());
    }

    /**
     * The declared foreign keys whose referenced table and column are in the catalog, each a join; fills {@code
     * declaringFiles} with the files that declare any.
     */
    private static List<TableJoin> declared(CatalogSnapshot catalog, Set<Integer> declaringFiles) {
        Map<String, TableInfo> bySheet = new HashMap<>();
        for (TableInfo table : catalog.tables()) {
            if (!table.companion()) {
                bySheet.putIfAbsent(table.fileNumber() + "/" + KeyNames.key(table.sheetName()), table);
            }
        }
        List<TableJoin> joins = new ArrayList<>();
        for (TableInfo table : catalog.tables()) {
            for (ColumnInfo column : table.columns()) {
                ColumnReference reference = column.references();
                if (reference == null) {
                    continue;
                }
                declaringFiles.add(table.fileNumber());
                TableInfo keyTable = bySheet.get(table.fileNumber() + "/" + KeyNames.key(reference.table()));
                Optional<ColumnInfo> keyColumn = keyTable == null
                        ? Optional.empty()
                        : keyTable.columns().stream()
                                .filter(c -> c.source().equalsIgnoreCase(reference.column()))
                                .findFirst();
                keyColumn.ifPresent(key -> joins.add(
                        new TableJoin(table.name(), column.name(), keyTable.name(), key.name(), JoinKind.DECLARED)));
            }
        }
        return joins;
    }
}

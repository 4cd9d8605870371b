package io.tablequery.engine.provenance;

import static io.tablequery.dialects.SqlIdentifiers.quote;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.StringJoiner;

/**
 * Writes, in SQLite's SQL, the query that lists a step table's lineage: one row per row of the table and source row
 * it was computed from, as {@code o} (the table's rowid), {@code f}, {@code s} (file and sheet number) and {@code r}
 * (the R-number). Engines that speak another dialect translate it as they translate the steps.
 */
public final class LineageSql {
    private static final String TABLE = quote("__tq_t");
    private static final String WITNESS = quote("__tq_w");
    private static final String LINEAGE = quote("__tq_l");

    private LineageSql() {}

    /**
     * Returns the lineage query of a step's table.
     *
     * @param provenance the step's provenance
     * @param table the step's table name
     * @return the query, or empty when the provenance names no rows (whole sheets)
     */
    public static Optional<String> of(Provenance provenance, String table) {
        String from = "temp." + quote(table) + " AS " + TABLE;
        String o = "SELECT " + TABLE + ".rowid AS o, ";
        if (provenance instanceof RowProvenance row) {
            return Optional.of(
                    slotRows(o, from, new Slot.Direct(row.sheet(), TABLE + "." + quote(row.rowColumn())), true));
        }
        if (provenance instanceof RowSetProvenance rows) {
            List<String> parts = new ArrayList<>();
            for (Slot slot : rows.slots()) {
                List<String> columns =
                        slot.columns().stream().map(c -> TABLE + "." + c).toList();
                parts.add(slotRows(o, from, slot.withColumns(columns), true));
            }
            return Optional.of(String.join(" UNION ALL ", parts));
        }
        if (provenance instanceof GroupProvenance group) {
            List<String> keys =
                    group.tableKeys().stream().map(c -> TABLE + "." + quote(c)).toList();
            return Optional.of(slotRows(o, from, new Slot.Keyed(group, keys), true));
        }
        return Optional.empty();
    }

    /**
     * Tells whether a table's lineage query lists each source row of a row once: an aggregate or DISTINCT over one
     * table, each of whose rows falls in one group.
     *
     * @param provenance the table's provenance
     * @return true when the listing needs no DISTINCT
     */
    public static boolean unique(Provenance provenance) {
        return provenance instanceof RowProvenance
                || provenance instanceof GroupProvenance group
                        && group.slots().size() == 1
                        && group.slots().get(0) instanceof Slot.Direct;
    }

    /**
     * The rows of one slot of a relation's rows: {@code select} starts the select list, {@code from} names the
     * relation. With {@code groupsFirst}, a keyed slot's groups are listed first and the relation (a step's few shown
     * rows) joined to them, an order CROSS JOIN keeps on SQLite, so the groups' sources are read once rather than once
     * per row; otherwise the relation (a witness query) comes first, and SQLite looks the groups up by their key.
     */
    private static String slotRows(String select, String from, Slot slot, boolean groupsFirst) {
        if (slot instanceof Slot.Direct direct) {
            return select + direct.sheet().fileNumber() + " AS f, "
                    + direct.sheet().sheetNumber() + " AS s, " + direct.column() + " AS r FROM " + from + " WHERE "
                    + direct.column() + " IS NOT NULL";
        }
        Slot.Keyed keyed = (Slot.Keyed) slot;
        String groups = "(" + keyedRows(keyed.group()) + ") AS " + LINEAGE;
        return select + LINEAGE + ".f AS f, " + LINEAGE + ".s AS s, " + LINEAGE + ".r AS r FROM "
                + (groupsFirst ? groups + " CROSS JOIN " + from : from + " CROSS JOIN " + groups) + " WHERE "
                + match(keyed.group(), keyed.keys());
    }

    /**
     * Lists the groups of an aggregate or DISTINCT step with the source rows of each: its key as {@code k0, k1, ...},
     * then {@code f}, {@code s}, {@code r}; one branch per slot, each reading the witness query. (One pass, pairing
     * each witness row with a small list of the slots, raised an internal error in DuckDB 2.0.0.1 at TPC-H sf1, "dict-
     * surviving cache: global dictionary column changed identity", which invalidates the whole database.)
     */
    private static String keyedRows(GroupProvenance group) {
        StringJoiner keys = new StringJoiner(", ");
        for (int i = 0; i < group.tableKeys().size(); i++) {
            String key = quote(GroupProvenance.witnessKey(i));
            keys.add(WITNESS + "." + key + " AS " + key);
        }
        String select = "SELECT " + keys + ", ";
        String from = "(" + group.witness() + ") AS " + WITNESS;
        List<String> parts = new ArrayList<>();
        for (Slot slot : group.slots()) {
            List<String> columns =
                    slot.columns().stream().map(c -> WITNESS + "." + c).toList();
            parts.add(slotRows(select, from, slot.withColumns(columns), false));
        }
        return String.join(" UNION ALL ", parts);
    }

    /** The condition that a lineage row's key is the key the given columns hold. */
    private static String match(GroupProvenance group, List<String> keys) {
        StringJoiner on = new StringJoiner(" AND ");
        for (int i = 0; i < keys.size(); i++) {
            String operator = i == 0 && group.marked() ? " = " : " IS ";
            on.add(LINEAGE + "." + quote(GroupProvenance.witnessKey(i)) + operator + keys.get(i));
        }
        return on.toString();
    }
}

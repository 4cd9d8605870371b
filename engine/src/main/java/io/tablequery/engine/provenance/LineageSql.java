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
    private static final String SLOTS = quote("__tq_x");

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
     * then {@code f}, {@code s}, {@code r}.
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
        List<Slot.Direct> direct = new ArrayList<>();
        for (Slot slot : group.slots()) {
            List<String> columns =
                    slot.columns().stream().map(c -> WITNESS + "." + c).toList();
            if (slot instanceof Slot.Direct one) {
                direct.add(new Slot.Direct(one.sheet(), columns.get(0)));
            } else {
                parts.add(slotRows(select, from, slot.withColumns(columns), false));
            }
        }
        if (direct.size() == 1) {
            parts.add(0, slotRows(select, from, direct.get(0), false));
        } else if (direct.size() > 1) {
            parts.add(0, unpivot(select, from, direct));
        }
        return String.join(" UNION ALL ", parts);
    }

    /**
     * The rows of several one-row slots from one pass over the witness query, which may be a join of many tables:
     * each witness row is paired with a small list of the slots and yields the slot's row. A slot's NULL (an outer
     * join's missing side) stays in the listing; readers keep the rows numbered from 1.
     */
    private static String unpivot(String select, String from, List<Slot.Direct> slots) {
        StringJoiner list = new StringJoiner(" UNION ALL ", "(", ")");
        StringBuilder row = new StringBuilder("CASE " + SLOTS + ".i");
        for (int i = 0; i < slots.size(); i++) {
            SheetRef sheet = slots.get(i).sheet();
            list.add("SELECT %d AS i, %d AS f, %d AS s".formatted(i, sheet.fileNumber(), sheet.sheetNumber()));
            row.append(" WHEN ").append(i).append(" THEN ").append(slots.get(i).column());
        }
        row.append(" END");
        return select + SLOTS + ".f AS f, " + SLOTS + ".s AS s, " + row + " AS r FROM " + from + " CROSS JOIN " + list
                + " AS " + SLOTS;
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

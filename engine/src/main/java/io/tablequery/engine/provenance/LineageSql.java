package io.tablequery.engine.provenance;

import static io.tablequery.dialects.SqlIdentifiers.quote;

import io.tablequery.dialects.sql.Expr;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.StringJoiner;

/**
 * Writes, in SQLite's SQL, the query that lists a step table's lineage: one row per row of the table and source row
 * it was computed from, as {@code o} (the table's rowid), {@code f}, {@code s} (file and sheet number) and {@code r}
 * (the R-number). Engines that speak another dialect translate it as they translate the steps. The witness of a group
 * that names several source rows (a join) is kept in a temp table first ({@link LineageQuery.Stage}), so its join runs
 * once rather than once per source.
 */
public final class LineageSql {
    private static final String TABLE_NAME = "__tq_t";
    private static final String TABLE = quote(TABLE_NAME);
    private static final String WITNESS_NAME = "__tq_w";
    private static final String WITNESS = quote(WITNESS_NAME);
    private static final String LINEAGE = quote("__tq_l");
    private static final String STAGED_NAME = "__tq_m";
    private static final String STAGED = quote(STAGED_NAME);
    /** The prefix of the temp tables a lineage keeps its witness rows in, before the table's name. */
    private static final String STAGE_PREFIX = "__tq_m_";

    /**
     * The column of {@link #shownRows} that numbers a table's rows from 1, in the order they are read: in an engine
     * whose step tables have no rowid, the lineage query reads that table in place of the step's.
     */
    public static final String SHOWN_ROW = "__tq_row";

    private final String table;
    private final List<LineageQuery.Stage> stages = new ArrayList<>();

    private LineageSql(String table) {
        this.table = table;
    }

    /**
     * Returns the lineage query of a step's table.
     *
     * @param provenance the step's provenance
     * @param table the step's table name
     * @return the query, or empty when the provenance names no rows (whole sheets)
     */
    public static Optional<LineageQuery> of(Provenance provenance, String table) {
        LineageSql lineage = new LineageSql(table);
        return lineage.listing(provenance)
                .map(listing -> new LineageQuery(lineage.stages, listing, unique(provenance)));
    }

    /**
     * Names the table an engine whose step tables have no rowid keeps the rows to be cited of a step's table in: every
     * column of the step's table, hidden ones included, and {@link #SHOWN_ROW}.
     *
     * @param table the step's table name
     * @return the table's name
     */
    public static String shownRows(String table) {
        return "__tq_shown_" + table;
    }

    private Optional<String> listing(Provenance provenance) {
        String from = "temp." + quote(table) + " AS " + TABLE;
        String o = "SELECT " + TABLE + ".rowid AS o, ";
        String sql;
        if (provenance instanceof RowProvenance row) {
            sql = slotRows(o, from, new Slot.Direct(row.sheet(), Slot.column(TABLE_NAME, row.rowColumn())), true);
        } else if (provenance instanceof RowSetProvenance rows) {
            sql = slotsRows(o, from, TABLE_NAME, rows.slots());
        } else if (provenance instanceof GroupProvenance group) {
            List<Expr.ColumnRef> keys = group.tableKeys().stream()
                    .map(c -> Slot.column(TABLE_NAME, c))
                    .toList();
            sql = group.slots().size() == 1
                    ? slotRows(o, from, new Slot.Keyed(group, keys), true)
                    : shownGroups(group, from, keys);
        } else {
            return Optional.empty();
        }
        return Optional.of(sql);
    }

    /**
     * The lineage of the table's groups when their witness names several source rows: the witness rows of the rows to
     * be read are kept with the row they belong to, and each source's rows read from there.
     */
    private String shownGroups(GroupProvenance group, String from, List<Expr.ColumnRef> keys) {
        StringJoiner select = new StringJoiner(", ", "SELECT " + TABLE + ".rowid AS o, ", "");
        for (Slot slot : group.slots()) {
            slot.columns().forEach(c -> select.add(Slot.sql(Slot.requalified(WITNESS_NAME, c)) + " AS " + Slot.sql(c)));
        }
        String stage = stage(
                select + " FROM (" + group.witness() + ") AS " + WITNESS + " CROSS JOIN " + from + " WHERE "
                        + match(group, WITNESS, keys),
                true);
        return slotsRows(
                "SELECT " + STAGED + ".o AS o, ", "temp." + quote(stage) + " AS " + STAGED, STAGED_NAME, group.slots());
    }

    /** Adds a stage and returns its table's name. */
    private String stage(String sql, boolean shownRowsOnly) {
        String name = STAGE_PREFIX + table + (stages.isEmpty() ? "" : "_" + stages.size());
        stages.add(new LineageQuery.Stage(name, sql, shownRowsOnly));
        return name;
    }

    /** The rows of each slot of a relation, read through the name {@code qualifier}, as one UNION ALL. */
    private String slotsRows(String select, String from, String qualifier, List<Slot> slots) {
        List<String> parts = new ArrayList<>();
        for (Slot slot : slots) {
            List<Expr.ColumnRef> columns = slot.columns().stream()
                    .map(c -> Slot.requalified(qualifier, c))
                    .toList();
            parts.add(slotRows(select, from, slot.withColumns(columns), true));
        }
        return String.join(" UNION ALL ", parts);
    }

    /**
     * Tells whether a table's lineage query lists each source row of a row once: an aggregate or DISTINCT over one
     * table, each of whose rows falls in one group.
     *
     * @param provenance the table's provenance
     * @return true when the listing needs no DISTINCT
     */
    static boolean unique(Provenance provenance) {
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
    private String slotRows(String select, String from, Slot slot, boolean groupsFirst) {
        if (slot instanceof Slot.Direct direct) {
            String column = Slot.sql(direct.column());
            return select + direct.sheet().fileNumber() + " AS f, "
                    + direct.sheet().sheetNumber() + " AS s, " + column + " AS r FROM " + from + " WHERE "
                    + column + " IS NOT NULL";
        }
        Slot.Keyed keyed = (Slot.Keyed) slot;
        String groups = "(" + keyedRows(keyed.group()) + ") AS " + LINEAGE;
        return select + LINEAGE + ".f AS f, " + LINEAGE + ".s AS s, " + LINEAGE + ".r AS r FROM "
                + (groupsFirst ? groups + " CROSS JOIN " + from : from + " CROSS JOIN " + groups) + " WHERE "
                + match(keyed.group(), LINEAGE, keyed.keys());
    }

    /**
     * Lists the groups of an aggregate or DISTINCT step with the source rows of each: its key as {@code k0, k1, ...},
     * then {@code f}, {@code s}, {@code r}; one branch per slot, each reading the witness query, kept in a stage first
     * when there are several. (One pass, pairing each witness row with a small list of the slots, raised an internal
     * error in DuckDB 2.0.0.1 at TPC-H sf1, "dict-surviving cache: global dictionary column changed identity", which
     * invalidates the whole database.)
     */
    private String keyedRows(GroupProvenance group) {
        StringJoiner keys = new StringJoiner(", ");
        for (int i = 0; i < group.tableKeys().size(); i++) {
            String key = quote(GroupProvenance.witnessKey(i));
            keys.add(WITNESS + "." + key + " AS " + key);
        }
        String select = "SELECT " + keys + ", ";
        String from = group.slots().size() == 1
                ? "(" + group.witness() + ") AS " + WITNESS
                : "temp." + quote(stage(group.witness(), false)) + " AS " + WITNESS;
        List<String> parts = new ArrayList<>();
        for (Slot slot : group.slots()) {
            List<Expr.ColumnRef> columns = slot.columns().stream()
                    .map(c -> Slot.requalified(WITNESS_NAME, c))
                    .toList();
            parts.add(slotRows(select, from, slot.withColumns(columns), false));
        }
        return String.join(" UNION ALL ", parts);
    }

    /** The condition that the key of a row of the groups' listing, {@code groups}, is the key the given columns hold. */
    private static String match(GroupProvenance group, String groups, List<Expr.ColumnRef> keys) {
        StringJoiner on = new StringJoiner(" AND ");
        for (int i = 0; i < keys.size(); i++) {
            String operator = group.neverNull().contains(i) ? " = " : " IS ";
            on.add(groups + "." + quote(GroupProvenance.witnessKey(i)) + operator + Slot.sql(keys.get(i)));
        }
        return on.toString();
    }
}

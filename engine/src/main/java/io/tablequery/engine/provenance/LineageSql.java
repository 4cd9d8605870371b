package io.tablequery.engine.provenance;

import io.tablequery.dialects.sql.Expr;
import io.tablequery.dialects.sql.FromItem;
import io.tablequery.dialects.sql.Query;
import io.tablequery.dialects.sql.Span;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Builds, as SQLite's typed tree, the query that lists a step table's lineage: one row per row of the table and source
 * row it was computed from, as {@code o} (the table's rowid), {@code f}, {@code s} (file and sheet number) and {@code
 * r} (the R-number). SQLite runs it as printed; engines that speak another dialect translate the tree as they
 * translate the steps. The witness of a group that names several source rows (a join) is kept in a temp table first
 * ({@link LineageTree.Stage}), so its join runs once rather than once per source.
 */
public final class LineageSql {
    private static final Span NOWHERE = new Span(0, 0);
    private static final String TABLE = "__tq_t";
    private static final String WITNESS = "__tq_w";
    private static final String LINEAGE = "__tq_l";
    private static final String STAGED = "__tq_m";
    /** The prefix of the temp tables a lineage keeps its witness rows in, before the table's name. */
    private static final String STAGE_PREFIX = "__tq_m_";

    /**
     * The column of {@link #shownRows} that numbers a table's rows from 1, in the order they are read: in an engine
     * whose step tables have no rowid, the lineage query reads that table in place of the step's.
     */
    public static final String SHOWN_ROW = "__tq_row";

    private final String table;
    private final List<LineageTree.Stage> stages = new ArrayList<>();

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
    public static Optional<LineageTree> of(Provenance provenance, String table) {
        LineageSql lineage = new LineageSql(table);
        return lineage.listing(provenance)
                .map(listing -> new LineageTree(lineage.stages, query(listing), unique(provenance)));
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

    private Optional<Query.Body> listing(Provenance provenance) {
        FromItem from = temp(table, TABLE);
        List<Query.SelectItem> o = List.of(item(Slot.rowid(TABLE), "o"));
        if (provenance instanceof RowProvenance row) {
            return Optional.of(
                    slotRows(o, from, new Slot.Direct(row.sheet(), Slot.column(TABLE, row.rowColumn())), true));
        }
        if (provenance instanceof RowSetProvenance rows) {
            return Optional.of(slotsRows(o, from, TABLE, rows.slots()));
        }
        if (provenance instanceof GroupProvenance group) {
            List<Expr.ColumnRef> keys =
                    group.tableKeys().stream().map(c -> Slot.column(TABLE, c)).toList();
            return Optional.of(
                    group.slots().size() == 1
                            ? slotRows(o, from, new Slot.Keyed(group, keys), true)
                            : shownGroups(group, from, keys));
        }
        return Optional.empty();
    }

    /**
     * The lineage of the table's groups when their witness names several source rows: the witness rows of the rows to
     * be read are kept with the row they belong to, and each source's rows read from there.
     */
    private Query.Body shownGroups(GroupProvenance group, FromItem from, List<Expr.ColumnRef> keys) {
        List<Query.SelectItem> items = new ArrayList<>();
        items.add(item(Slot.rowid(TABLE), "o"));
        for (Slot slot : group.slots()) {
            slot.columns().forEach(c -> items.add(item(Slot.requalified(WITNESS, c), c.name())));
        }
        Query.Select shown =
                select(items, join(new FromItem.Derived(group.witness(), WITNESS), from), match(group, WITNESS, keys));
        String stage = stage(query(shown), true);
        return slotsRows(List.of(item(bare(STAGED, "o"), "o")), temp(stage, STAGED), STAGED, group.slots());
    }

    /** Adds a stage and returns its table's name. */
    private String stage(Query query, boolean shownRowsOnly) {
        String name = STAGE_PREFIX + table + (stages.isEmpty() ? "" : "_" + stages.size());
        stages.add(new LineageTree.Stage(name, query, shownRowsOnly));
        return name;
    }

    /** The rows of each slot of a relation, read through the name {@code qualifier}, as one UNION ALL. */
    private Query.Body slotsRows(List<Query.SelectItem> select, FromItem from, String qualifier, List<Slot> slots) {
        List<Query.Body> parts = new ArrayList<>();
        for (Slot slot : slots) {
            List<Expr.ColumnRef> columns = slot.columns().stream()
                    .map(c -> Slot.requalified(qualifier, c))
                    .toList();
            parts.add(slotRows(select, from, slot.withColumns(columns), true));
        }
        return unionAll(parts);
    }

    /**
     * Tells whether a table's lineage query lists each source row of a row once: an aggregate or DISTINCT over one
     * table, each of whose rows falls in one group and has an R-number of its own (not a long form's, several rows of
     * which share one).
     *
     * @param provenance the table's provenance
     * @return true when the listing needs no DISTINCT
     */
    static boolean unique(Provenance provenance) {
        return provenance instanceof RowProvenance
                || provenance instanceof GroupProvenance group
                        && group.slots().size() == 1
                        && group.slots().get(0) instanceof Slot.Direct direct
                        && direct.stride() == 1;
    }

    /**
     * The rows of one slot of a relation's rows: {@code select} starts the select list, {@code from} names the
     * relation. With {@code groupsFirst}, a keyed slot's groups are listed first and the relation (a step's few shown
     * rows) joined to them, an order CROSS JOIN keeps on SQLite, so the groups' sources are read once rather than once
     * per row; otherwise the relation (a witness query) comes first, and SQLite looks the groups up by their key.
     */
    private Query.Select slotRows(List<Query.SelectItem> select, FromItem from, Slot slot, boolean groupsFirst) {
        List<Query.SelectItem> items = new ArrayList<>(select);
        if (slot instanceof Slot.Direct direct) {
            items.add(item(number(direct.sheet().fileNumber()), "f"));
            items.add(item(number(direct.sheet().sheetNumber()), "s"));
            items.add(item(direct.column(), "r"));
            Expr.Literal none = new Expr.Literal(NOWHERE, Expr.LiteralKind.NULL, "NULL");
            return select(items, from, new Expr.Is(NOWHERE, direct.column(), true, none));
        }
        Slot.Keyed keyed = (Slot.Keyed) slot;
        FromItem groups = new FromItem.Derived(query(keyedRows(keyed.group())), LINEAGE);
        for (String column : List.of("f", "s", "r")) {
            items.add(item(bare(LINEAGE, column), column));
        }
        return select(
                items,
                groupsFirst ? join(groups, from) : join(from, groups),
                match(keyed.group(), LINEAGE, keyed.keys()));
    }

    /**
     * Lists the groups of an aggregate or DISTINCT step with the source rows of each: its key as {@code k0, k1, ...},
     * then {@code f}, {@code s}, {@code r}; one branch per slot, each reading the witness query, kept in a stage first
     * when there are several. (One pass, pairing each witness row with a small list of the slots, raised an internal
     * error in DuckDB 2.0.0.1 at TPC-H sf1, "dict-surviving cache: global dictionary column changed identity", which
     * invalidates the whole database.)
     */
    private Query.Body keyedRows(GroupProvenance group) {
        List<Query.SelectItem> keys = new ArrayList<>();
        for (int i = 0; i < group.tableKeys().size(); i++) {
            String key = GroupProvenance.witnessKey(i);
            keys.add(item(Slot.column(WITNESS, key), key));
        }
        FromItem from = group.slots().size() == 1
                ? new FromItem.Derived(group.witness(), WITNESS)
                : temp(stage(group.witness(), false), WITNESS);
        List<Query.Body> parts = new ArrayList<>();
        for (Slot slot : group.slots()) {
            List<Expr.ColumnRef> columns = slot.columns().stream()
                    .map(c -> Slot.requalified(WITNESS, c))
                    .toList();
            parts.add(slotRows(keys, from, slot.withColumns(columns), false));
        }
        return unionAll(parts);
    }

    /** The condition that the key of a row of the groups' listing, {@code groups}, is the key the given columns hold. */
    private static Expr match(GroupProvenance group, String groups, List<Expr.ColumnRef> keys) {
        Expr on = null;
        for (int i = 0; i < keys.size(); i++) {
            Expr key = Slot.column(groups, GroupProvenance.witnessKey(i));
            Expr same = group.neverNull().contains(i)
                    ? new Expr.Binary(NOWHERE, "=", key, keys.get(i))
                    : new Expr.Is(NOWHERE, key, false, keys.get(i));
            on = on == null ? same : new Expr.Binary(NOWHERE, "AND", on, same);
        }
        return on;
    }

    private static Query query(Query.Body body) {
        return new Query(NOWHERE, null, body, List.of(), null, null);
    }

    private static Query.Select select(List<Query.SelectItem> items, FromItem from, Expr where) {
        return new Query.Select(false, items, from, where, List.of(), null, List.of());
    }

    private static Query.Body unionAll(List<Query.Body> parts) {
        Query.Body all = parts.get(0);
        for (Query.Body part : parts.subList(1, parts.size())) {
            all = new Query.Compound(all, "UNION ALL", part);
        }
        return all;
    }

    private static FromItem join(FromItem left, FromItem right) {
        return new FromItem.Join(left, FromItem.JoinKind.CROSS, right, null, List.of());
    }

    private static FromItem temp(String name, String alias) {
        return new FromItem.Table("temp", name, alias);
    }

    private static Query.Item item(Expr expr, String alias) {
        return new Query.Item(expr, alias);
    }

    /** A column of one of the listing's own relations, named without quotes as SQLite's lower-case words. */
    private static Expr.ColumnRef bare(String qualifier, String name) {
        return new Expr.ColumnRef(NOWHERE, null, qualifier, name, Expr.Quoting.BARE);
    }

    private static Expr number(long value) {
        return new Expr.Literal(NOWHERE, Expr.LiteralKind.INTEGER, Long.toString(value));
    }
}

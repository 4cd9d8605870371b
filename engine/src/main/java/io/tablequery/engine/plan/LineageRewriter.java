package io.tablequery.engine.plan;

import static io.tablequery.dialects.SqlIdentifiers.quote;

import io.tablequery.dialects.sql.Expr;
import io.tablequery.dialects.sql.Exprs;
import io.tablequery.dialects.sql.FromItem;
import io.tablequery.dialects.sql.OrderItem;
import io.tablequery.dialects.sql.Query;
import io.tablequery.dialects.sql.SqliteStatement;
import io.tablequery.engine.catalog.CatalogSnapshot;
import io.tablequery.engine.catalog.TableInfo;
import io.tablequery.engine.provenance.GroupProvenance;
import io.tablequery.engine.provenance.Provenance;
import io.tablequery.engine.provenance.RowProvenance;
import io.tablequery.engine.provenance.RowSetProvenance;
import io.tablequery.engine.provenance.SheetProvenance;
import io.tablequery.engine.provenance.SheetRef;
import io.tablequery.engine.provenance.Slot;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.StringJoiner;

/**
 * Works out how a step's rows cite their source rows and rewrites its SQL to carry what that needs, on the parsed
 * query. The rules:
 *
 * <ul>
 *   <li>A row of a SELECT without aggregates or DISTINCT (filters, projections, joins of any kind, window functions)
 *       cites the row of each source it was made from: the step keeps hidden columns naming them.
 *   <li>A row of an aggregate (GROUP BY, or an aggregate without it) cites every row of its group: the rows of FROM
 *       that pass WHERE and share its key. The step keeps its key in hidden columns; the rows are listed when read.
 *   <li>A row of a DISTINCT cites every row that yields its values.
 *   <li>The sources of subqueries in WHERE, HAVING or the select list (IN, EXISTS, scalar) are not cited: a row's
 *       evidence is the rows it was computed from, and a subquery only decides whether it is kept or adds a value.
 *   <li>A row of an earlier step cites what that step's row cites, so plans compose.
 * </ul>
 *
 * <p>Everything else (a compound query, WITH, a subquery in FROM, DISTINCT over aggregates, a GROUP BY term whose
 * meaning cannot be told, a source step that cites whole sheets or is a DISTINCT) cites whole sheets, with the reason.
 */
final class LineageRewriter {
    private static final Set<String> AGGREGATES = Set.of(
            "count",
            "sum",
            "avg",
            "min",
            "max",
            "total",
            "group_concat",
            "string_agg",
            "json_group_array",
            "json_group_object",
            "jsonb_group_array",
            "jsonb_group_object",
            "median",
            "percentile",
            "percentile_cont",
            "percentile_disc");

    private final PlanStep step;
    private final String sql;
    private final CatalogSnapshot catalog;
    private final Map<String, ValidatedStep> earlier;
    private final SortedSet<SheetRef> sheets;

    private LineageRewriter(
            PlanStep step,
            String sql,
            CatalogSnapshot catalog,
            Map<String, ValidatedStep> earlier,
            SortedSet<SheetRef> sheets) {
        this.step = step;
        this.sql = sql;
        this.catalog = catalog;
        this.earlier = earlier;
        this.sheets = sheets;
    }

    /** A statement to run and the provenance of the table it makes. */
    record Rewritten(String executed, Provenance provenance) {}

    /** Why a step's rows cannot cite their source rows. */
    private static final class WholeSheets extends Exception {
        private static final long serialVersionUID = 1L;

        WholeSheets(String reason) {
            super(reason, null, false, false);
        }
    }

    /**
     * Rewrites one step.
     *
     * @param step the step
     * @param sql what the checks learned about its SQL
     * @param catalog the workspace's tables
     * @param earlier the earlier steps by lower-case table name
     * @param sheets every sheet the step reads
     * @return the statement to run and its provenance
     */
    static Rewritten rewrite(
            PlanStep step,
            StepSql sql,
            CatalogSnapshot catalog,
            Map<String, ValidatedStep> earlier,
            SortedSet<SheetRef> sheets) {
        if (sheets.isEmpty()) {
            return new Rewritten(sql.sql(), new SheetProvenance(sheets, ""));
        }
        try {
            return new LineageRewriter(step, sql.sql(), catalog, earlier, sheets).rewrite(sql.layout());
        } catch (WholeSheets e) {
            return new Rewritten(sql.sql(), new SheetProvenance(sheets, e.getMessage()));
        }
    }

    private Rewritten rewrite(Optional<SelectLayout> found) throws WholeSheets {
        if (!(SqliteStatement.of(sql).parse() instanceof SqliteStatement.Tree tree)) {
            throw new WholeSheets("its SQL is outside what tablequery's parser reads");
        }
        Query query = tree.statement().query();
        if (query.with() != null) {
            throw new WholeSheets("it has a WITH clause");
        }
        if (!(query.body() instanceof Query.Select select) || found.isEmpty()) {
            throw new WholeSheets("it is a compound query (UNION, INTERSECT, EXCEPT) or VALUES");
        }
        SelectLayout layout = found.get();
        List<FromItem.Table> leaves = new ArrayList<>();
        leaves(select.from(), leaves);
        List<Slot> slots = new ArrayList<>();
        for (FromItem.Table leaf : leaves) {
            slots.addAll(slots(leaf));
        }
        boolean aggregate = !select.groupBy().isEmpty() || aggregates(select, query.orderBy());
        if (select.distinct() && aggregate) {
            throw new WholeSheets("it is a DISTINCT over aggregates");
        }
        if (aggregate) {
            return group(select, layout, leaves, slots);
        }
        if (select.distinct()) {
            return distinct(select, layout, slots);
        }
        return rows(layout, slots);
    }

    /** A plain SELECT: hidden columns name each source row. */
    private Rewritten rows(SelectLayout layout, List<Slot> slots) {
        int n = step.step();
        if (slots.size() == 1 && slots.get(0) instanceof Slot.Direct direct) {
            String column = PlanValidator.HIDDEN_PREFIX + "row_s" + n;
            return new Rewritten(
                    insert(layout, ", " + direct.column() + " AS " + quote(column)),
                    new RowProvenance(direct.sheet(), column));
        }
        StringBuilder hidden = new StringBuilder();
        List<Slot> stored = new ArrayList<>();
        for (int j = 0; j < slots.size(); j++) {
            List<String> names = new ArrayList<>();
            List<String> columns = slots.get(j).columns();
            for (int i = 0; i < columns.size(); i++) {
                String name = quote(PlanValidator.HIDDEN_PREFIX + "r" + n + "_" + j + "_" + i);
                hidden.append(", ").append(columns.get(i)).append(" AS ").append(name);
                names.add(name);
            }
            stored.add(slots.get(j).withColumns(names));
        }
        return new Rewritten(insert(layout, hidden.toString()), new RowSetProvenance(stored, sheets));
    }

    /** GROUP BY or an aggregate: hidden columns keep a marker and the group's key; a witness query lists its rows. */
    private Rewritten group(Query.Select select, SelectLayout layout, List<FromItem.Table> leaves, List<Slot> slots)
            throws WholeSheets {
        List<String> keys = new ArrayList<>();
        keys.add("1");
        for (Expr term : select.groupBy()) {
            keys.add(groupKey(term, select, leaves));
        }
        int n = step.step();
        List<String> tableKeys = new ArrayList<>();
        StringBuilder hidden = new StringBuilder();
        for (int i = 0; i < keys.size(); i++) {
            String name = PlanValidator.HIDDEN_PREFIX + "g" + n + "_" + i;
            tableKeys.add(name);
            hidden.append(", ").append(keys.get(i)).append(" AS ").append(quote(name));
        }
        return new Rewritten(
                insert(layout, hidden.toString()),
                new GroupProvenance(
                        tableKeys, witness(select, layout, keys, slots), witnessSlots(slots), sheets, true));
    }

    /** DISTINCT: the visible columns are the key; the statement is run as written. */
    private Rewritten distinct(Query.Select select, SelectLayout layout, List<Slot> slots) throws WholeSheets {
        List<String> names = new ArrayList<>();
        List<String> keys = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (Query.SelectItem item : select.items()) {
            if (!(item instanceof Query.Item value)) {
                throw new WholeSheets("it is a DISTINCT over *");
            }
            String name = value.alias();
            if (name == null && Exprs.unwrap(value.expr()) instanceof Expr.ColumnRef column) {
                name = column.name();
            }
            if (name == null || !seen.add(name.toLowerCase(Locale.ROOT))) {
                throw new WholeSheets("a DISTINCT column has no name of its own; give each an alias");
            }
            names.add(name);
            keys.add(text(value.expr()));
        }
        return new Rewritten(
                sql,
                new GroupProvenance(names, witness(select, layout, keys, slots), witnessSlots(slots), sheets, false));
    }

    private String witness(Query.Select select, SelectLayout layout, List<String> keys, List<Slot> slots) {
        StringJoiner columns = new StringJoiner(", ", "SELECT ", "");
        for (int i = 0; i < keys.size(); i++) {
            columns.add(keys.get(i) + " AS " + quote(GroupProvenance.witnessKey(i)));
        }
        for (int j = 0; j < slots.size(); j++) {
            List<String> slotColumns = slots.get(j).columns();
            for (int i = 0; i < slotColumns.size(); i++) {
                columns.add(slotColumns.get(i) + " AS " + witnessColumn(j, i));
            }
        }
        String witness = columns + " FROM " + layout.from(sql);
        return select.where() == null ? witness : witness + " WHERE " + text(select.where());
    }

    private static List<Slot> witnessSlots(List<Slot> slots) {
        List<Slot> named = new ArrayList<>();
        for (int j = 0; j < slots.size(); j++) {
            List<String> columns = new ArrayList<>();
            for (int i = 0; i < slots.get(j).columns().size(); i++) {
                columns.add(witnessColumn(j, i));
            }
            named.add(slots.get(j).withColumns(columns));
        }
        return named;
    }

    private static String witnessColumn(int slot, int column) {
        return quote("w" + slot + "_" + column);
    }

    /**
     * The expression a GROUP BY term groups by: an integer picks a result column; a bare name that is a result
     * column's alias and no source's column means that column (SQLite prefers a source's column).
     */
    private String groupKey(Expr term, Query.Select select, List<FromItem.Table> leaves) throws WholeSheets {
        Expr bare = Exprs.unwrap(term);
        if (bare instanceof Expr.Literal literal && literal.kind() == Expr.LiteralKind.INTEGER) {
            int index = Integer.parseInt(literal.text());
            if (index < 1
                    || index > select.items().size()
                    || !(select.items().get(index - 1) instanceof Query.Item item)) {
                throw new WholeSheets("its GROUP BY names result column " + index + ", which is no expression");
            }
            return text(item.expr());
        }
        if (bare instanceof Expr.ColumnRef column && column.table() == null) {
            for (Query.SelectItem candidate : select.items()) {
                if (candidate instanceof Query.Item item
                        && column.name().equalsIgnoreCase(item.alias())
                        && !(Exprs.unwrap(item.expr()) instanceof Expr.ColumnRef same
                                && same.name().equalsIgnoreCase(column.name()))) {
                    if (!sourcesLack(column.name(), leaves)) {
                        throw new WholeSheets("its GROUP BY names " + quote(column.name())
                                + ", which may be a result column or a source column");
                    }
                    return text(item.expr());
                }
            }
        }
        return text(term);
    }

    /** Tells whether no source can have a column of that name: every source is a workspace table without it. */
    private boolean sourcesLack(String name, List<FromItem.Table> leaves) {
        for (FromItem.Table leaf : leaves) {
            Optional<TableInfo> table = workspaceTable(leaf);
            if (table.isEmpty()
                    || table.get().columns().stream().anyMatch(c -> c.name().equalsIgnoreCase(name))) {
                return false;
            }
        }
        return true;
    }

    private List<Slot> slots(FromItem.Table leaf) throws WholeSheets {
        String qualifier = quote(leaf.alias() != null ? leaf.alias() : leaf.name());
        Optional<TableInfo> table = workspaceTable(leaf);
        if (table.isPresent()) {
            return List.of(new Slot.Direct(SheetRef.of(table.get()), qualifier + ".rowid"));
        }
        ValidatedStep source = earlier.get(leaf.name().toLowerCase(Locale.ROOT));
        if (source == null) {
            throw new WholeSheets("it reads " + quote(leaf.name()) + ", which is no table of the workspace or plan");
        }
        Provenance provenance = source.provenance();
        if (provenance instanceof RowProvenance row) {
            return List.of(new Slot.Direct(row.sheet(), qualifier + "." + quote(row.rowColumn())));
        }
        if (provenance instanceof RowSetProvenance rows) {
            List<Slot> slots = new ArrayList<>();
            for (Slot slot : rows.slots()) {
                slots.add(slot.withColumns(slot.columns().stream()
                        .map(column -> qualifier + "." + column)
                        .toList()));
            }
            return slots;
        }
        if (provenance instanceof GroupProvenance group && group.marked()) {
            return List.of(new Slot.Keyed(
                    group,
                    group.tableKeys().stream()
                            .map(column -> qualifier + "." + quote(column))
                            .toList()));
        }
        if (provenance instanceof GroupProvenance) {
            throw new WholeSheets("it reads step table " + quote(leaf.name()) + ", a DISTINCT");
        }
        throw new WholeSheets("it reads step table " + quote(leaf.name()) + ", whose rows cite whole sheets");
    }

    private Optional<TableInfo> workspaceTable(FromItem.Table leaf) {
        boolean temp = leaf.schema() != null && leaf.schema().equalsIgnoreCase("temp");
        if (temp || earlier.containsKey(leaf.name().toLowerCase(Locale.ROOT)) && leaf.schema() == null) {
            return Optional.empty();
        }
        return catalog.table(leaf.name());
    }

    private static void leaves(FromItem from, List<FromItem.Table> leaves) throws WholeSheets {
        if (from instanceof FromItem.Table table) {
            leaves.add(table);
        } else if (from instanceof FromItem.Join join) {
            leaves(join.left(), leaves);
            leaves(join.right(), leaves);
        } else {
            throw new WholeSheets("it has a subquery in FROM");
        }
    }

    private static boolean aggregates(Query.Select select, List<OrderItem> orderBy) {
        List<Expr> roots = new ArrayList<>();
        for (Query.SelectItem item : select.items()) {
            if (item instanceof Query.Item value) {
                roots.add(value.expr());
            }
        }
        if (select.having() != null) {
            roots.add(select.having());
        }
        orderBy.forEach(order -> roots.add(order.expr()));
        boolean[] found = {false};
        for (Expr root : roots) {
            Exprs.walk(root, node -> {
                if (node instanceof Expr.Call call
                        && call.over() == null
                        && AGGREGATES.contains(call.name().toLowerCase(Locale.ROOT))
                        && !(call.args().size() > 1 && isMinOrMax(call))) {
                    found[0] = true;
                }
            });
        }
        return found[0];
    }

    private static boolean isMinOrMax(Expr.Call call) {
        String name = call.name().toLowerCase(Locale.ROOT);
        return name.equals("min") || name.equals("max");
    }

    private String insert(SelectLayout layout, String hidden) {
        return sql.substring(0, layout.selectListEnd()) + hidden + sql.substring(layout.selectListEnd());
    }

    private String text(Expr expr) {
        return expr.span().text(sql);
    }
}

package io.tablequery.engine.plan;

import static io.tablequery.dialects.SqlIdentifiers.quote;

import io.tablequery.dialects.sql.Expr;
import io.tablequery.dialects.sql.Exprs;
import io.tablequery.dialects.sql.FromItem;
import io.tablequery.dialects.sql.Query;
import io.tablequery.dialects.sql.ResultNames;
import io.tablequery.dialects.sql.SqliteAggregates;
import io.tablequery.dialects.sql.SqliteStatement;
import io.tablequery.engine.catalog.CatalogSnapshot;
import io.tablequery.engine.catalog.TableInfo;
import io.tablequery.engine.provenance.GroupProvenance;
import io.tablequery.engine.provenance.LineageSummary;
import io.tablequery.engine.provenance.Provenance;
import io.tablequery.engine.provenance.RowProvenance;
import io.tablequery.engine.provenance.RowSetProvenance;
import io.tablequery.engine.provenance.SheetProvenance;
import io.tablequery.engine.provenance.SheetRef;
import io.tablequery.engine.provenance.Slot;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;

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
 *   <li>A row of an earlier step cites what that step's row cites, so plans compose; the tables of a WITH at the top
 *       of the step and the subqueries in FROM are levels of their own, rewritten first, and compose the same way.
 * </ul>
 *
 * <p>Hidden columns are added to the parsed query, at the end of each level's select list ({@link HiddenColumns}),
 * and the step runs as the SQLite printer prints the rewritten tree, every result column named as the step's SQL
 * names it; the witness queries are trees of the same nodes. Everything else (a compound query, a WITH inside a
 * subquery, a recursive one or one that names its columns, a subquery in FROM without an alias, DISTINCT over aggregates, a GROUP BY term whose meaning
 * cannot be told, a source that cites whole sheets or is a DISTINCT, a subquery in an expression selecting * once an
 * inner level gained hidden columns) cites whole sheets, with the reason.
 */
final class LineageRewriter {
    private final PlanStep step;
    private final String sql;
    private final SqliteStatement statement;
    private final CatalogSnapshot catalog;
    private final Map<String, ValidatedStep> earlier;
    private final SortedSet<SheetRef> sheets;
    /** The hidden columns of each query level. */
    private final HiddenColumns hidden = new HiddenColumns();
    /** The provenance of each WITH table of the step, by lower-case name. */
    private final Map<String, Provenance> commonTables = new HashMap<>();
    /** The WITH tables a witness query of the level being rewritten may read, as written. */
    private final List<Query.CommonTable> withTables = new ArrayList<>();
    /** Names the step's hidden columns. */
    private final HiddenNames names;
    /** The summaries and lists of the step's group levels. */
    private final GroupLists lists;
    /** The row summary of the step's own query, when it groups the rows of one source, or null. */
    private GroupLists.Summarized summarized;

    private LineageRewriter(
            PlanStep step,
            StepSql sql,
            CatalogSnapshot catalog,
            Map<String, ValidatedStep> earlier,
            SortedSet<SheetRef> sheets) {
        this.step = step;
        this.sql = sql.sql();
        this.statement = sql.statement();
        this.catalog = catalog;
        this.earlier = earlier;
        this.sheets = sheets;
        this.names = new HiddenNames(step.step());
        this.lists = new GroupLists(names);
    }

    /**
     * A statement to run and the provenance of the table it makes.
     *
     * @param executed the statement
     * @param provenance where its rows come from
     * @param summary the statement with a row summary, for engines that have one, or null
     */
    record Rewritten(SqliteStatement executed, Provenance provenance, LineageSummary summary) {}

    /**
     * Rewrites one step.
     *
     * @param step the step
     * @param sql what the checks learned about its SQL
     * @param catalog the workspace's tables
     * @param earlier the earlier steps by lower-case table name
     * @param sheets every sheet the step reads
     * @param detail how finely rows cite their sources: with {@link CitationDetail#SHEETS}, only a row that is one
     *     row of one source keeps its row, and the others cite their sheets without a reason
     * @return the statement to run and its provenance
     */
    static Rewritten rewrite(
            PlanStep step,
            StepSql sql,
            CatalogSnapshot catalog,
            Map<String, ValidatedStep> earlier,
            SortedSet<SheetRef> sheets,
            CitationDetail detail) {
        if (sheets.isEmpty()) {
            return new Rewritten(sql.statement(), new SheetProvenance(sheets, ""), null);
        }
        try {
            return new LineageRewriter(step, sql, catalog, earlier, sheets).rewrite(detail);
        } catch (WholeSheets e) {
            String reason = detail == CitationDetail.SHEETS ? "" : e.getMessage();
            return new Rewritten(sql.statement(), new SheetProvenance(sheets, reason), null);
        }
    }

    /**
     * Rewrites the step for the citations asked for: with {@code sheets}, only rows that cite their row column for
     * free keep it, and nothing else is printed.
     */
    private Rewritten rewrite(CitationDetail detail) throws WholeSheets {
        if (!(statement.parse() instanceof SqliteStatement.Tree tree)) {
            throw new WholeSheets("its SQL is outside what tablequery's parser reads");
        }
        if (ResultNames.capturesAName(tree.statement(), sql)) {
            throw new WholeSheets("a result column named by its written text has the name of a column it reads; give"
                    + " it an alias");
        }
        Query query = tree.statement().query();
        if (detail == CitationDetail.SHEETS && !plainSelect(query)) {
            // Only a plain SELECT's rows can be one row of one source each, the rows that keep their row with sheets.
            return new Rewritten(statement, new SheetProvenance(sheets, ""), null);
        }
        Provenance provenance = level(query, true);
        if (detail == CitationDetail.SHEETS && !(provenance instanceof RowProvenance)) {
            return new Rewritten(statement, new SheetProvenance(sheets, ""), null);
        }
        Query.Select top = firstSelect(query.body());
        boolean innerColumns = hidden.selects().stream().anyMatch(select -> select != top);
        if (innerColumns && QueryWalk.selectsStarInExpressions(query)) {
            throw new WholeSheets("a subquery in an expression selects *, which would see the hidden columns");
        }
        LineageSummary summary = null;
        if (summarized != null) {
            HiddenColumns withSummary = hidden.copy();
            summarized.inner().forEach(inner -> withSummary.add(inner.at(), inner.hidden()));
            withSummary.add(summarized.at(), summarized.hidden());
            summary = new LineageSummary(
                    SqliteStatement.printed(withSummary.statement(tree.statement()), sql),
                    summarized.columns(),
                    summarized.lists());
        }
        return new Rewritten(SqliteStatement.printed(hidden.statement(tree.statement()), sql), provenance, summary);
    }

    /**
     * Rewrites one query level: its WITH tables and subqueries in FROM first, then its own select list.
     *
     * @param query the query
     * @param top whether it is the step's query, whose single-source rows keep the column name of simple steps
     * @return the provenance of its rows
     */
    private Provenance level(Query query, boolean top) throws WholeSheets {
        if (query.with() != null) {
            if (!top) {
                throw new WholeSheets("it has a WITH clause inside a subquery");
            }
            if (query.with().recursive()) {
                throw new WholeSheets("it has a recursive WITH clause");
            }
            for (Query.CommonTable table : query.with().tables()) {
                if (!table.columns().isEmpty()) {
                    throw new WholeSheets("WITH table " + quote(table.name()) + " lists its column names");
                }
                commonTables.put(table.name().toLowerCase(Locale.ROOT), level(table.query(), false));
                withTables.add(table);
            }
        }
        if (query.body() instanceof Query.Compound compound) {
            return unionAll(compound);
        }
        if (!(query.body() instanceof Query.Select select) || select.from() == null) {
            throw new WholeSheets("it is a VALUES list or reads no table");
        }
        List<LevelSource> sources = new ArrayList<>();
        sources(select.from(), sources);
        List<Slot> slots = slotsOf(sources);
        boolean aggregate = aggregates(select, query);
        if (select.distinct() && aggregate) {
            throw new WholeSheets("it is a DISTINCT over aggregates");
        }
        if (aggregate) {
            return group(select, sources, slots, top, query.limit() == null && query.offset() == null);
        }
        if (select.distinct()) {
            return distinct(select, slots);
        }
        return rows(select, slots, top);
    }

    /** Whether a query's SELECT groups or aggregates. */
    private static boolean aggregates(Query.Select select, Query query) {
        return !select.groupBy().isEmpty() || SqliteAggregates.aggregates(select, query.orderBy());
    }

    /** Whether a query is one SELECT from tables that neither aggregates nor is DISTINCT: what {@link #rows} cites. */
    private static boolean plainSelect(Query query) {
        return query.body() instanceof Query.Select select
                && select.from() != null
                && !select.distinct()
                && !aggregates(select, query);
    }

    /**
     * A UNION ALL: each row comes from one branch and cites what that branch's row cites. Every branch gets the same
     * hidden columns, one per column any branch needs, holding its own and NULL in the others' (a plain branch's
     * source rows; an aggregate branch's marker and group key, its rows listed from a witness query of its own).
     */
    private Provenance unionAll(Query.Compound compound) throws WholeSheets {
        List<Query.Select> selects = new ArrayList<>();
        branches(compound, selects);
        List<Branch> planned = new ArrayList<>();
        for (Query.Select select : selects) {
            if (select.from() == null) {
                throw new WholeSheets("a UNION ALL branch reads no table");
            }
            if (select.distinct()) {
                throw new WholeSheets("a UNION ALL branch is a DISTINCT");
            }
            List<LevelSource> sources = new ArrayList<>();
            sources(select.from(), sources);
            List<Slot> slots = slotsOf(sources);
            if (!select.groupBy().isEmpty() || SqliteAggregates.aggregates(select, List.of())) {
                List<Expr> keys = new GroupLevel(select, sources, catalog).markedKeys();
                planned.add(new Branch(select, keys, witness(select, keys, slots), witnessSlots(slots)));
            } else {
                List<Expr> columns = new ArrayList<>();
                slots.forEach(slot -> columns.addAll(slot.values()));
                planned.add(new Branch(select, columns, null, slots));
            }
        }
        List<String> columnNames = new ArrayList<>();
        planned.forEach(branch -> branch.columns().forEach(column -> columnNames.add(names.next("u"))));
        List<Slot> slots = new ArrayList<>();
        int first = 0;
        for (Branch branch : planned) {
            List<Query.Item> items = new ArrayList<>();
            for (int p = 0; p < columnNames.size(); p++) {
                boolean own = p >= first && p < first + branch.columns().size();
                items.add(
                        new Query.Item(own ? branch.columns().get(p - first) : LineageNodes.NULL, columnNames.get(p)));
            }
            hidden.add(branch.select(), items);
            List<String> own =
                    columnNames.subList(first, first + branch.columns().size());
            List<Expr.ColumnRef> quoted =
                    own.stream().map(name -> Slot.column(null, name)).toList();
            if (branch.witness() != null) {
                GroupProvenance group =
                        new GroupProvenance(own, branch.witness(), branch.slots(), sheets, true, Set.of(0));
                slots.add(new Slot.Keyed(group, quoted));
            } else {
                int at = 0;
                for (Slot slot : branch.slots()) {
                    slots.add(slot.withColumns(
                            quoted.subList(at, at + slot.columns().size())));
                    at += slot.columns().size();
                }
            }
            first += branch.columns().size();
        }
        return new RowSetProvenance(slots, sheets);
    }

    /**
     * One branch of a UNION ALL, planned: its SELECT, the expressions of its hidden columns, and for an aggregate
     * branch its witness query, whose slots {@code slots} are; for a plain branch, its sources' slots.
     */
    private record Branch(Query.Select select, List<Expr> columns, Query witness, List<Slot> slots) {}

    private static void branches(Query.Body body, List<Query.Select> selects) throws WholeSheets {
        if (body instanceof Query.Compound compound) {
            if (!compound.operator().equals("UNION ALL")) {
                throw new WholeSheets("it is a " + compound.operator()
                        + ", whose rows stand for rows of several branches; UNION ALL rows are cited");
            }
            branches(compound.left(), selects);
            branches(compound.right(), selects);
        } else if (body instanceof Query.Select select) {
            selects.add(select);
        } else {
            throw new WholeSheets("a branch is a VALUES list");
        }
    }

    private static List<Slot> slotsOf(List<LevelSource> sources) {
        List<Slot> slots = new ArrayList<>();
        for (LevelSource source : sources) {
            slots.addAll(source.slots());
        }
        return slots;
    }

    /** The sources of a FROM, in order; a subquery's level is rewritten first. */
    private void sources(FromItem from, List<LevelSource> sources) throws WholeSheets {
        if (from instanceof FromItem.Table table) {
            sources.add(new LevelSource(
                    table,
                    slots(table),
                    table.alias() != null ? table.alias() : table.name(),
                    workspaceTable(table).orElse(null),
                    !commonTable(table) && earlier.containsKey(table.name().toLowerCase(Locale.ROOT))));
        } else if (from instanceof FromItem.Join join) {
            sources(join.left(), sources);
            sources(join.right(), sources);
        } else {
            FromItem.Derived derived = (FromItem.Derived) from;
            if (derived.alias() == null) {
                throw new WholeSheets("a subquery in FROM has no alias");
            }
            Provenance provenance = level(derived.query(), false);
            sources.add(new LevelSource(
                    null,
                    slotsOf(derived.alias(), provenance, derived.alias(), "the subquery"),
                    derived.alias(),
                    null,
                    false));
        }
    }

    /** A plain SELECT: hidden columns name each source row. */
    private Provenance rows(Query.Select select, List<Slot> slots, boolean top) {
        if (slots.size() == 1 && slots.get(0) instanceof Slot.Direct direct) {
            String column = top ? names.row() : names.next("r");
            hidden.add(select, List.of(new Query.Item(direct.value(), column)));
            return new RowProvenance(direct.sheet(), column, direct.stride());
        }
        List<Query.Item> items = new ArrayList<>();
        List<Slot> stored = new ArrayList<>();
        for (Slot slot : slots) {
            List<Expr.ColumnRef> columns = new ArrayList<>();
            for (Expr value : slot.values()) {
                String name = names.next("r");
                items.add(new Query.Item(value, name));
                columns.add(Slot.column(null, name));
            }
            stored.add(slot.withColumns(columns));
        }
        hidden.add(select, items);
        return new RowSetProvenance(stored, sheets);
    }

    /**
     * GROUP BY or an aggregate: hidden columns keep a marker and the group's key; a witness query lists its rows. The
     * query of a final step also gets, for the engines that have them, row summaries or lists of its rows ({@link
     * GroupLists}). {@code whole} says that the level keeps every group it makes (no LIMIT or OFFSET).
     */
    private Provenance group(
            Query.Select select, List<LevelSource> sources, List<Slot> slots, boolean top, boolean whole)
            throws WholeSheets {
        GroupLevel level = new GroupLevel(select, sources, catalog);
        if (top && step.isFinal()) {
            summarized = lists.top(level, slots);
        }
        List<String> tableKeys = new ArrayList<>();
        List<Query.Item> items = new ArrayList<>();
        List<Expr> keys = level.markedKeys();
        for (Expr key : keys) {
            String name = names.next("g");
            tableKeys.add(name);
            items.add(new Query.Item(key, name));
        }
        Query witness = witness(select, keys, slots);
        hidden.add(select, items);
        GroupProvenance provenance =
                new GroupProvenance(tableKeys, witness, witnessSlots(slots), sheets, true, level.neverNull());
        if (!top && step.isFinal()) {
            lists.inner(level, provenance, whole);
        }
        return provenance;
    }

    /** DISTINCT: the visible columns are the key; the statement is run as written. */
    private Provenance distinct(Query.Select select, List<Slot> slots) throws WholeSheets {
        List<String> names = new ArrayList<>();
        List<Expr> keys = new ArrayList<>();
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
            keys.add(value.expr());
        }
        return new GroupProvenance(names, witness(select, keys, slots), witnessSlots(slots), sheets, false, Set.of());
    }

    /**
     * The witness query of a level's groups: its keys as {@code k0, k1, ...} and its slots' columns, for every row of
     * its FROM (as rewritten, with the WITH tables read so far) that passes its WHERE; its levels' result columns are
     * named as the step's SQL names them, by aliases where needed, so it is read without that text.
     */
    private Query witness(Query.Select select, List<Expr> keys, List<Slot> slots) {
        List<Query.SelectItem> items = new ArrayList<>();
        for (int i = 0; i < keys.size(); i++) {
            items.add(new Query.Item(keys.get(i), GroupProvenance.witnessKey(i)));
        }
        for (int j = 0; j < slots.size(); j++) {
            List<Expr> slotValues = slots.get(j).values();
            for (int i = 0; i < slotValues.size(); i++) {
                items.add(new Query.Item(slotValues.get(i), witnessColumn(j, i)));
            }
        }
        Query.Select rows =
                new Query.Select(false, items, hidden.from(select.from()), select.where(), List.of(), null, List.of());
        Query.With with = withTables.isEmpty() ? null : hidden.with(new Query.With(false, withTables));
        return ResultNames.explicit(new Query(LineageNodes.NOWHERE, with, rows, List.of(), null, null), sql);
    }

    private static List<Slot> witnessSlots(List<Slot> slots) {
        List<Slot> named = new ArrayList<>();
        for (int j = 0; j < slots.size(); j++) {
            List<Expr.ColumnRef> columns = new ArrayList<>();
            for (int i = 0; i < slots.get(j).columns().size(); i++) {
                columns.add(Slot.column(null, witnessColumn(j, i)));
            }
            named.add(slots.get(j).withColumns(columns));
        }
        return named;
    }

    private static String witnessColumn(int slot, int column) {
        return "w" + slot + "_" + column;
    }

    private List<Slot> slots(FromItem.Table leaf) throws WholeSheets {
        String qualifier = leaf.alias() != null ? leaf.alias() : leaf.name();
        String key = leaf.name().toLowerCase(Locale.ROOT);
        if (commonTable(leaf)) {
            return slotsOf(qualifier, commonTables.get(key), leaf.name(), "the WITH table");
        }
        Optional<TableInfo> table = workspaceTable(leaf);
        if (table.isPresent()) {
            return List.of(new Slot.Direct(
                    SheetRef.of(table.get()), Slot.rowid(qualifier), table.get().rowStride(), true));
        }
        ValidatedStep source = earlier.get(key);
        if (source == null) {
            throw new WholeSheets("it reads " + quote(leaf.name()) + ", which is no table of the workspace or plan");
        }
        return slotsOf(
                qualifier,
                source.provenance(),
                leaf.name(),
                "step " + source.step().step());
    }

    /**
     * The slots of a source whose rows have the given provenance, read under the given qualifier; when its rows cite
     * whole sheets, the refusal says why, after where that was decided ({@code origin}: "step 1", "the WITH table"),
     * so that the cause is found where it is.
     */
    private static List<Slot> slotsOf(String qualifier, Provenance provenance, String name, String origin)
            throws WholeSheets {
        if (provenance instanceof RowProvenance row) {
            return List.of(new Slot.Direct(row.sheet(), Slot.column(qualifier, row.rowColumn()), row.stride(), false));
        }
        if (provenance instanceof RowSetProvenance rows) {
            List<Slot> slots = new ArrayList<>();
            for (Slot slot : rows.slots()) {
                slots.add(slot.withColumns(slot.columns().stream()
                        .map(column -> Slot.requalified(qualifier, column))
                        .toList()));
            }
            return slots;
        }
        if (provenance instanceof GroupProvenance group && group.marked()) {
            return List.of(new Slot.Keyed(
                    group,
                    group.tableKeys().stream()
                            .map(column -> Slot.column(qualifier, column))
                            .toList()));
        }
        if (provenance instanceof GroupProvenance) {
            throw new WholeSheets("it reads " + quote(name) + ", a DISTINCT");
        }
        String why =
                provenance instanceof SheetProvenance sheets && !sheets.reason().isEmpty()
                        ? " (" + origin + ": " + sheets.reason() + ")"
                        : "";
        throw new WholeSheets("it reads " + quote(name) + ", whose rows cite whole sheets" + why);
    }

    /** Whether a FROM table is a WITH table of the step, which hides a workspace or step table of its name. */
    private boolean commonTable(FromItem.Table leaf) {
        return leaf.schema() == null && commonTables.containsKey(leaf.name().toLowerCase(Locale.ROOT));
    }

    /** The workspace table a FROM table reads: none for a WITH table, an earlier step's table or a temp table. */
    private Optional<TableInfo> workspaceTable(FromItem.Table leaf) {
        boolean temp = leaf.schema() != null && leaf.schema().equalsIgnoreCase("temp");
        if (temp
                || commonTable(leaf)
                || earlier.containsKey(leaf.name().toLowerCase(Locale.ROOT)) && leaf.schema() == null) {
            return Optional.empty();
        }
        return catalog.table(leaf.name());
    }

    /** The first SELECT of a query's body, whose select list is the step's at the top, or null. */
    private static Query.Select firstSelect(Query.Body body) {
        if (body instanceof Query.Compound compound) {
            return firstSelect(compound.left());
        }
        return body instanceof Query.Select select ? select : null;
    }
}

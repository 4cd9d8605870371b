package io.tablequery.engine.plan;

import static io.tablequery.dialects.SqlIdentifiers.quote;

import io.tablequery.dialects.sql.Expr;
import io.tablequery.dialects.sql.Exprs;
import io.tablequery.dialects.sql.FromItem;
import io.tablequery.dialects.sql.OrderItem;
import io.tablequery.dialects.sql.Query;
import io.tablequery.dialects.sql.ResultNames;
import io.tablequery.dialects.sql.Span;
import io.tablequery.dialects.sql.SqliteAggregates;
import io.tablequery.dialects.sql.SqliteStatement;
import io.tablequery.dialects.sql.Window;
import io.tablequery.dialects.translate.SqlDialect;
import io.tablequery.engine.catalog.CatalogSnapshot;
import io.tablequery.engine.catalog.ColumnProfile;
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
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.SortedSet;
import java.util.function.IntFunction;

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
    /**
     * The most groups a step's query may make to carry row summaries: each group's summary costs DuckDB a state of its
     * own (measured on TPC-H sf1, a join's 37,000 groups took its answer from 0.16 s to 0.59 s), where reading the few
     * shown groups' rows again costs less.
     */
    private static final long SUMMARIZED_GROUPS = 1_000;
    /**
     * The fewest groups (by the profiles' bound) of a level under the top for which a top level of its counts
     * summarizes its lists rather than merging them ({@link #listSummaries}): ranking the lists costs a sort of the
     * level's groups, which paid at TPC-H sf1 (150,000 customers: 340 ms against 424 ms for q13's statement) and not at
     * sf0.1 (15,000: 82 ms against 58 ms).
     */
    private static final long RANKED_GROUPS = 50_000;

    /** The place of the tree's nodes lineage makes, which were written nowhere. */
    private static final Span NOWHERE = new Span(0, 0);

    /** The NULL of a UNION ALL branch's hidden columns that belong to other branches. */
    private static final Expr NULL = new Expr.Literal(NOWHERE, Expr.LiteralKind.NULL, "NULL");

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
    /** The row summary of the step's own query, when it groups the rows of one source, or null. */
    private Summarized summarized;
    /** The lists a group level under the top whose sources are sheets' rows can have in the summary's form. */
    private final Map<GroupProvenance, InnerLists> innerLists = new HashMap<>();

    /**
     * The SELECT the summary columns go in, the columns, each one's source sheet and name, whether they are lists,
     * and the lists of levels under the top they merge.
     */
    private record Summarized(
            Query.Select at,
            List<Query.Item> hidden,
            List<LineageSummary.Column> columns,
            boolean lists,
            List<InnerLists> inner) {}

    /**
     * The lists of a group level under the top: the SELECT they go in, the columns, each one's sheet and name, and the
     * most groups the level makes by the profiles (0 when they cannot tell, or when a LIMIT or OFFSET keeps only some
     * of them after its window functions have seen them all).
     */
    private record InnerLists(
            Query.Select at, List<Query.Item> hidden, List<LineageSummary.Column> columns, long groups) {}

    private int names;

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
    }

    /**
     * A statement to run and the provenance of the table it makes.
     *
     * @param executed the statement
     * @param provenance where its rows come from
     * @param summary the statement with a row summary, for engines that have one, or null
     */
    record Rewritten(SqliteStatement executed, Provenance provenance, LineageSummary summary) {}

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
        List<Source> sources = new ArrayList<>();
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
            List<Source> sources = new ArrayList<>();
            sources(select.from(), sources);
            List<Slot> slots = slotsOf(sources);
            if (!select.groupBy().isEmpty() || SqliteAggregates.aggregates(select, List.of())) {
                List<Expr> keys = markedKeys(select, sources);
                planned.add(new Branch(select, keys, witness(select, keys, slots), witnessSlots(slots)));
            } else {
                List<Expr> columns = new ArrayList<>();
                slots.forEach(slot -> columns.addAll(slot.values()));
                planned.add(new Branch(select, columns, null, slots));
            }
        }
        List<String> names = new ArrayList<>();
        planned.forEach(branch -> branch.columns().forEach(column -> names.add(name("u"))));
        List<Slot> slots = new ArrayList<>();
        int first = 0;
        for (Branch branch : planned) {
            List<Query.Item> items = new ArrayList<>();
            for (int p = 0; p < names.size(); p++) {
                boolean own = p >= first && p < first + branch.columns().size();
                items.add(new Query.Item(own ? branch.columns().get(p - first) : NULL, names.get(p)));
            }
            hidden.add(branch.select(), items);
            List<String> own = names.subList(first, first + branch.columns().size());
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

    private static List<Slot> slotsOf(List<Source> sources) {
        List<Slot> slots = new ArrayList<>();
        for (Source source : sources) {
            slots.addAll(source.slots());
        }
        return slots;
    }

    /**
     * One source in FROM: a table, a step's table, a WITH table or a subquery, the slots it brings, and the name the
     * level reads it under.
     */
    private record Source(FromItem.Table table, List<Slot> slots, String qualifier) {}

    private void sources(FromItem from, List<Source> sources) throws WholeSheets {
        if (from instanceof FromItem.Table table) {
            sources.add(new Source(table, slots(table), table.alias() != null ? table.alias() : table.name()));
        } else if (from instanceof FromItem.Join join) {
            sources(join.left(), sources);
            sources(join.right(), sources);
        } else {
            FromItem.Derived derived = (FromItem.Derived) from;
            if (derived.alias() == null) {
                throw new WholeSheets("a subquery in FROM has no alias");
            }
            Provenance provenance = level(derived.query(), false);
            sources.add(new Source(
                    null, slotsOf(derived.alias(), provenance, derived.alias(), "the subquery"), derived.alias()));
        }
    }

    /** A plain SELECT: hidden columns name each source row. */
    private Provenance rows(Query.Select select, List<Slot> slots, boolean top) {
        if (slots.size() == 1 && slots.get(0) instanceof Slot.Direct direct) {
            String column = top ? PlanValidator.HIDDEN_PREFIX + "row_s" + step.step() : name("r");
            hidden.add(select, List.of(new Query.Item(direct.value(), column)));
            return new RowProvenance(direct.sheet(), column, direct.stride());
        }
        List<Query.Item> items = new ArrayList<>();
        List<Slot> stored = new ArrayList<>();
        for (Slot slot : slots) {
            List<Expr.ColumnRef> names = new ArrayList<>();
            for (Expr value : slot.values()) {
                String name = name("r");
                items.add(new Query.Item(value, name));
                names.add(Slot.column(null, name));
            }
            stored.add(slot.withColumns(names));
        }
        hidden.add(select, items);
        return new RowSetProvenance(stored, sheets);
    }

    /** A hidden column name no other level of the step uses. */
    private String name(String kind) {
        return PlanValidator.HIDDEN_PREFIX + kind + step.step() + "_" + names++;
    }

    /**
     * GROUP BY or an aggregate: hidden columns keep a marker and the group's key; a witness query lists its rows. The
     * query of a final step also gets, for the engines that have them, row summaries when it makes few groups, or
     * else lists of its rows, unless reading its rows again costs no more than a scan of one table. {@code whole} says
     * that the level keeps every group it makes (no LIMIT or OFFSET).
     */
    private Provenance group(Query.Select select, List<Source> sources, List<Slot> slots, boolean top, boolean whole)
            throws WholeSheets {
        JoinFanout fanout = fanout(select, sources);
        if (top && step.isFinal()) {
            BitSet single = singleRows(select, sources, fanout);
            long groups = groups(select, fanout).orElse(Long.MAX_VALUE);
            if (groups <= SUMMARIZED_GROUPS) {
                summarized = summarized(select, sources, slots, fanout, single, groups);
            }
            if (summarized == null && !readAgainByAScan(select, sources)) {
                summarized = listSummaries(select, sources, fanout);
                if (summarized == null) {
                    summarized = listed(select, sources, fanout, single);
                }
            }
        }
        List<Expr> keys = markedKeys(select, sources);
        List<String> tableKeys = new ArrayList<>();
        List<Query.Item> items = new ArrayList<>();
        for (Expr key : keys) {
            String name = name("g");
            tableKeys.add(name);
            items.add(new Query.Item(key, name));
        }
        Query witness = witness(select, keys, slots);
        hidden.add(select, items);
        GroupProvenance provenance = new GroupProvenance(
                tableKeys, witness, witnessSlots(slots), sheets, true, neverNull(select, sources, fanout));
        if (!top && step.isFinal()) {
            innerLists(select, sources, fanout, provenance, whole);
        }
        return provenance;
    }

    /**
     * Gives a group level under the top whose sources are sheets' rows lists of its groups' rows, in the summary's
     * form only, for the top level to merge into its own lists. A sheet of which each group has at most one row is
     * its R-number, {@code min(rowid)}, which the top lists as it lists a sheet's rows (TPC-H q13, whose inner level
     * groups customers by their key: its step at sf1 0.33 s against 0.53 s with a list of each customer's row
     * repeated once per order).
     */
    private void innerLists(
            Query.Select select, List<Source> sources, JoinFanout fanout, GroupProvenance provenance, boolean whole)
            throws WholeSheets {
        BitSet single = singleRows(select, sources, fanout);
        List<RowList> lists = new ArrayList<>();
        for (int i = 0; i < sources.size(); i++) {
            for (Slot slot : sources.get(i).slots()) {
                if (!(slot instanceof Slot.Direct direct)) {
                    return;
                }
                lists.add(
                        single.get(i)
                                ? new RowList(call("min", false, direct.value()), direct.sheet(), false, true)
                                : new RowList(
                                        call(SqlDialect.ROW_LIST, false, direct.value()),
                                        direct.sheet(),
                                        fanout.once(i),
                                        false));
            }
        }
        List<Query.Item> items = new ArrayList<>();
        List<LineageSummary.Column> columns = hiddenLists(lists, at -> name("list"), items);
        innerLists.put(
                provenance,
                new InnerLists(
                        select, items, columns, whole ? groups(select, fanout).orElse(0) : 0));
    }

    /**
     * The sources of which each group has at most one row ({@link JoinFanout#oneRowPerGroup}), by position.
     */
    private BitSet singleRows(Query.Select select, List<Source> sources, JoinFanout fanout) throws WholeSheets {
        List<Expr> keys = new ArrayList<>();
        for (Expr term : select.groupBy()) {
            keys.add(groupKey(term, select, sources));
        }
        return fanout.oneRowPerGroup(keys, outerJoin(select.from()));
    }

    /**
     * The row summaries of a group's sources, one hidden column each, when every source is a sheet's rows and no two
     * are the same sheet; null otherwise. The rows of a level's one source, or of a source whose rows are each in one
     * row of FROM ({@link JoinFanout}), fall in a group once each, so they are counted as they come; a join that
     * repeats a source's rows has its summary count distinct rows, and says the most groups the level makes, which
     * bounds what an engine's cheaper count of distinct values may hold. A source of which each group has at most one
     * row ({@code single}) is its R-number, {@code min(rowid)}, in place of a summary.
     */
    private Summarized summarized(
            Query.Select select,
            List<Source> sources,
            List<Slot> slots,
            JoinFanout fanout,
            BitSet single,
            long groups) {
        Set<SheetRef> seen = new HashSet<>();
        List<Query.Item> items = new ArrayList<>();
        List<LineageSummary.Column> columns = new ArrayList<>();
        for (int s = 0; s < sources.size(); s++) {
            for (Slot slot : sources.get(s).slots()) {
                if (!(slot instanceof Slot.Direct direct) || !seen.add(direct.sheet())) {
                    return null;
                }
                String name = PlanValidator.HIDDEN_PREFIX + "sum_s" + step.step() + "_" + columns.size();
                if (single.get(s)) {
                    items.add(new Query.Item(call("min", false, direct.value()), name));
                    columns.add(new LineageSummary.Column(direct.sheet(), name, true, true));
                    continue;
                }
                Expr smallest = integer(LineageSummary.SMALLEST);
                // One source's rows are each once in its FROM, and so are their R-numbers unless a sheet row
                // made several of them (a long form's).
                boolean distinct = (slots.size() != 1 || direct.stride() != 1) && !fanout.once(s);
                Expr call = distinct
                        ? call(SqlDialect.ROW_SUMMARY, true, direct.value(), smallest, integer(groups))
                        : call(SqlDialect.ROW_SUMMARY, false, direct.value(), smallest);
                items.add(new Query.Item(call, name));
                columns.add(new LineageSummary.Column(direct.sheet(), name, false, false));
            }
        }
        return new Summarized(select, items, columns, false, List.of());
    }

    /**
     * Whether reading a level's rows again is one scan of one table: its FROM names one workspace table or earlier
     * step's table, and its WHERE has no subquery. A join, a WITH table, a subquery in FROM or one in WHERE would be
     * run again.
     */
    private boolean readAgainByAScan(Query.Select select, List<Source> sources) {
        FromItem.Table table = sources.size() == 1 ? sources.get(0).table() : null;
        if (table == null
                || workspaceTable(table).isEmpty()
                        && !earlier.containsKey(table.name().toLowerCase(Locale.ROOT))) {
            return false;
        }
        return select.where() == null || !hasSubquery(select.where());
    }

    private static boolean hasSubquery(Expr expr) {
        return expr instanceof Expr.Subquery
                || expr instanceof Expr.InQuery
                || expr instanceof Expr.Exists
                || Exprs.children(expr).stream().anyMatch(LineageRewriter::hasSubquery);
    }

    /**
     * Whether a source is a group level under the top that has lists ({@link #innerLists}), read directly: the slot's
     * keys are that level's own columns under the source's name, so its list columns are there too (a plain level in
     * between would not pass them on).
     */
    private boolean readsGroupLevel(Source source, Slot.Keyed keyed) {
        return innerLists.containsKey(keyed.group())
                && keyed.keys()
                        .get(0)
                        .equals(Slot.column(
                                source.qualifier(), keyed.group().tableKeys().get(0)));
    }

    /**
     * Lists of every R-number of a group, one hidden column per source sheet: a sheet's rows are listed as they come,
     * and a group of a level under the top that has lists of its own ({@link #innerLists}) merges them (and lists the
     * R-numbers that level keeps of a sheet of which each of its groups has one row); null when a
     * source has neither. A sheet's list holds each row once when its source's rows are each in one row of FROM
     * ({@link JoinFanout}); a merged list, when the lower level's list does: its groups' lists are then disjoint. Where
     * the level's FROM may repeat a row of the lower level (a join), the merge is {@code DISTINCT}, so a list many rows
     * repeat counts once; elsewhere it keeps every list as it comes, which costs less (TPC-H q13 at sf1: 0.27 s against
     * 0.50 s for its step). A sheet of which each group has at most one row ({@code single})
     * is its R-number, {@code min(rowid)}, in place of a list.
     */
    private Summarized listed(Query.Select select, List<Source> sources, JoinFanout fanout, BitSet single) {
        List<RowList> lists = new ArrayList<>();
        List<InnerLists> merged = new ArrayList<>();
        for (int s = 0; s < sources.size(); s++) {
            Source source = sources.get(s);
            for (Slot slot : source.slots()) {
                if (slot instanceof Slot.Direct direct && single.get(s)) {
                    lists.add(new RowList(call("min", false, direct.value()), direct.sheet(), true, true));
                } else if (slot instanceof Slot.Direct direct) {
                    lists.add(new RowList(
                            call(SqlDialect.ROW_LIST, false, direct.value()), direct.sheet(), fanout.once(s), false));
                } else if (slot instanceof Slot.Keyed keyed && readsGroupLevel(source, keyed)) {
                    InnerLists inner = innerLists.get(keyed.group());
                    if (!merged.contains(inner)) {
                        merged.add(inner);
                    }
                    for (LineageSummary.Column column : inner.columns()) {
                        Expr read = Slot.column(source.qualifier(), column.name());
                        lists.add(
                                column.single()
                                        ? new RowList(
                                                call(SqlDialect.ROW_LIST, false, read), column.sheet(), false, false)
                                        : new RowList(
                                                call(SqlDialect.ROW_LISTS, !fanout.inOneRowEach(s), read),
                                                column.sheet(),
                                                column.once(),
                                                false));
                    }
                } else {
                    return null;
                }
            }
        }
        List<Query.Item> items = new ArrayList<>();
        List<LineageSummary.Column> columns =
                hiddenLists(lists, at -> PlanValidator.HIDDEN_PREFIX + "list_s" + step.step() + "_" + at, items);
        return new Summarized(select, items, columns, true, merged);
    }

    /**
     * Row summaries of a level that groups the groups of one level under it by their counts, as TPC-H q13 counts
     * customers by their number of orders, in place of merging every list of the level under it into one (at sf1, q13
     * merged 1.7 million R-numbers into its 42 rows). That level ranks its groups' lists of a sheet within each count
     * by their least R-number, {@code row_number() OVER (PARTITION BY count ORDER BY min(rowid) NULLS LAST)}, and
     * the summary of each top group takes the lists ranked first ({@link SqlDialect#listSummary}); a sheet of which
     * each of its groups has one row is summarized from those rows, counted distinct. Only where that level's lists
     * hold each row once (so its groups' lists share none), the level reads every row of the one under it once (no
     * WHERE, which could drop a list ranked first and leave lists ranked after it out), groups by one key that is a
     * count of the level under it, and that level makes at least {@link #RANKED_GROUPS} groups. Null where these do
     * not hold.
     */
    private Summarized listSummaries(Query.Select select, List<Source> sources, JoinFanout fanout) throws WholeSheets {
        if (sources.size() != 1 || select.where() != null || !fanout.inOneRowEach(0)) {
            return null;
        }
        Source source = sources.get(0);
        Set<SheetRef> seen = new HashSet<>();
        List<Query.Item> items = new ArrayList<>();
        List<LineageSummary.Column> columns = new ArrayList<>();
        List<InnerLists> ranked = new ArrayList<>();
        Expr smallest = integer(LineageSummary.SMALLEST);
        for (Slot slot : source.slots()) {
            if (!(slot instanceof Slot.Keyed keyed) || !readsGroupLevel(source, keyed)) {
                return null;
            }
            InnerLists inner = innerLists.get(keyed.group());
            Optional<Expr> count = countKey(select, sources, inner.at());
            if (inner.groups() < RANKED_GROUPS
                    || count.isEmpty()
                    || ranked.stream().anyMatch(done -> done.at() == inner.at())) {
                return null;
            }
            List<Query.Item> lower = new ArrayList<>(inner.hidden());
            for (int i = 0; i < inner.columns().size(); i++) {
                LineageSummary.Column column = inner.columns().get(i);
                if (!seen.add(column.sheet()) || !column.single() && !column.once()) {
                    return null;
                }
                String name = PlanValidator.HIDDEN_PREFIX + "sum_s" + step.step() + "_" + columns.size();
                Expr read = Slot.column(source.qualifier(), column.name());
                if (column.single()) {
                    items.add(new Query.Item(call(SqlDialect.ROW_SUMMARY, true, read, smallest), name));
                } else {
                    Expr value =
                            ((Expr.Call) inner.hidden().get(i).expr()).args().get(0);
                    String rank = name("rank");
                    lower.add(new Query.Item(rank(count.get(), value), rank));
                    items.add(new Query.Item(
                            call(SqlDialect.ROW_SUMMARY, false, read, smallest, Slot.column(source.qualifier(), rank)),
                            name));
                }
                columns.add(new LineageSummary.Column(column.sheet(), name, false, false));
            }
            ranked.add(new InnerLists(inner.at(), lower, inner.columns(), inner.groups()));
        }
        return ranked.isEmpty() ? null : new Summarized(select, items, columns, false, ranked);
    }

    /**
     * The count of the level under a level that is that level's one GROUP BY term, when it is one: its distinct values
     * are few (no more than the square root of twice the rows counted, plus one), which bounds the groups.
     */
    private Optional<Expr> countKey(Query.Select select, List<Source> sources, Query.Select lower) throws WholeSheets {
        if (select.groupBy().size() != 1
                || !(groupKey(select.groupBy().get(0), select, sources) instanceof Expr.ColumnRef column)) {
            return Optional.empty();
        }
        for (Query.SelectItem candidate : lower.items()) {
            if (candidate instanceof Query.Item item
                    && column.name().equalsIgnoreCase(item.alias())
                    && Exprs.unwrap(item.expr()) instanceof Expr.Call call
                    && call.name().equalsIgnoreCase("count")
                    && call.over() == null) {
                return Optional.of(item.expr());
            }
        }
        return Optional.empty();
    }

    /** A group's rank among the groups of the same count by its least R-number of a sheet, groups of none last. */
    private static Expr rank(Expr count, Expr value) {
        Window window = new Window(
                null,
                List.of(count),
                List.of(new OrderItem(call("min", false, value), false, OrderItem.Nulls.LAST)),
                null);
        return new Expr.Call(NOWHERE, "row_number", false, false, List.of(), List.of(), null, window);
    }

    /**
     * Adds lists as hidden columns, {@code list AS name}, to {@code items}.
     *
     * @param lists the lists
     * @param name the name of the list at each position
     * @param items where the columns go
     * @return the summary's columns, in order
     */
    private static List<LineageSummary.Column> hiddenLists(
            List<RowList> lists, IntFunction<String> name, List<Query.Item> items) {
        List<LineageSummary.Column> columns = new ArrayList<>();
        for (RowList list : lists) {
            String named = name.apply(columns.size());
            items.add(new Query.Item(list.expression(), named));
            columns.add(new LineageSummary.Column(list.sheet(), named, list.once(), list.single()));
        }
        return columns;
    }

    /**
     * One list of a group's rows: its aggregate, its sheet, whether it holds each row once, and whether it is the
     * group's one row's R-number rather than a list.
     */
    private record RowList(Expr expression, SheetRef sheet, boolean once, boolean single) {}

    /** A whole-number literal. */
    private static Expr integer(long value) {
        return new Expr.Literal(NOWHERE, Expr.LiteralKind.INTEGER, Long.toString(value));
    }

    /** A call of an aggregate that lineage writes, on the given arguments. */
    private static Expr call(String function, boolean distinct, Expr... args) {
        return new Expr.Call(NOWHERE, function, distinct, false, List.of(args), List.of(), null, null);
    }

    /** The fan-out of a level's sources, each named as the level reads it and with its workspace table, if any. */
    private JoinFanout fanout(Query.Select select, List<Source> sources) {
        List<JoinFanout.Source> named = new ArrayList<>();
        for (Source source : sources) {
            FromItem.Table table = source.table();
            named.add(
                    table == null
                            ? new JoinFanout.Source(null, null)
                            : new JoinFanout.Source(
                                    table.alias() != null ? table.alias() : table.name(),
                                    workspaceTable(table).orElse(null)));
        }
        return JoinFanout.of(select, named, catalog);
    }

    /**
     * An upper bound of how many groups a level makes: one without GROUP BY, else the product of its terms' distinct
     * values (NULL counted as one), when each term is a column of a workspace table whose profile counts them.
     */
    private OptionalLong groups(Query.Select select, JoinFanout fanout) {
        long bound = 1;
        for (Expr term : select.groupBy()) {
            Expr bare = Exprs.unwrap(term);
            if (bare instanceof Expr.Literal literal && literal.kind() == Expr.LiteralKind.INTEGER) {
                Optional<Query.Item> item = resultColumn(literal, select);
                if (item.isEmpty()) {
                    return OptionalLong.empty();
                }
                bare = Exprs.unwrap(item.get().expr());
            }
            if (!(bare instanceof Expr.ColumnRef column)) {
                return OptionalLong.empty();
            }
            Optional<ColumnProfile> profile = fanout.profile(column);
            if (profile.isEmpty()) {
                return OptionalLong.empty();
            }
            long values = profile.get().distinctCount() + (profile.get().nullCount() > 0 ? 1 : 0);
            bound = bound > Long.MAX_VALUE / Math.max(1, values) ? Long.MAX_VALUE : bound * Math.max(1, values);
        }
        return OptionalLong.of(bound);
    }

    /**
     * The positions of an aggregate's keys ({@link #markedKeys}) that no row of its FROM leaves NULL: the marker, and
     * each term that is a workspace table's column whose profile counts no NULL, when no outer join can add a row
     * without it.
     */
    private Set<Integer> neverNull(Query.Select select, List<Source> sources, JoinFanout fanout) throws WholeSheets {
        Set<Integer> positions = new HashSet<>();
        positions.add(0);
        if (outerJoin(select.from())) {
            return positions;
        }
        for (int i = 0; i < select.groupBy().size(); i++) {
            if (groupKey(select.groupBy().get(i), select, sources) instanceof Expr.ColumnRef column
                    && fanout.profile(column)
                            .filter(profile -> profile.nullCount() == 0)
                            .isPresent()) {
                positions.add(i + 1);
            }
        }
        return positions;
    }

    /** Whether a FROM joins anything but inner joins: an outer join fills a missing side with NULLs. */
    private static boolean outerJoin(FromItem from) {
        if (from instanceof FromItem.Join join) {
            return switch (join.kind()) {
                case COMMA, INNER, CROSS -> outerJoin(join.left()) || outerJoin(join.right());
                case LEFT, RIGHT, FULL, NATURAL, NATURAL_LEFT, NATURAL_RIGHT, NATURAL_FULL -> true;
            };
        }
        return false;
    }

    /** An aggregate's key as its hidden columns hold it: the marker 1, then what each GROUP BY term groups by. */
    private List<Expr> markedKeys(Query.Select select, List<Source> sources) throws WholeSheets {
        List<Expr> keys = new ArrayList<>();
        keys.add(integer(1));
        for (Expr term : select.groupBy()) {
            keys.add(groupKey(term, select, sources));
        }
        return keys;
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
        return ResultNames.explicit(new Query(NOWHERE, with, rows, List.of(), null, null), sql);
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

    /**
     * The expression a GROUP BY term groups by: an integer picks a result column; a bare name that is a result
     * column's alias and no source's column means that column (SQLite prefers a source's column).
     */
    private Expr groupKey(Expr term, Query.Select select, List<Source> sources) throws WholeSheets {
        Expr bare = Exprs.unwrap(term);
        if (bare instanceof Expr.Literal literal && literal.kind() == Expr.LiteralKind.INTEGER) {
            return Exprs.unwrap(resultColumn(literal, select)
                    .orElseThrow(() -> new WholeSheets(
                            "its GROUP BY names result column " + literal.text() + ", which is no expression"))
                    .expr());
        }
        if (bare instanceof Expr.ColumnRef column && column.table() == null) {
            for (Query.SelectItem candidate : select.items()) {
                if (candidate instanceof Query.Item item
                        && column.name().equalsIgnoreCase(item.alias())
                        && !(Exprs.unwrap(item.expr()) instanceof Expr.ColumnRef same
                                && same.name().equalsIgnoreCase(column.name()))) {
                    if (!sourcesLack(column.name(), sources)) {
                        throw new WholeSheets("its GROUP BY names " + quote(column.name())
                                + ", which may be a result column or a source column");
                    }
                    return Exprs.unwrap(item.expr());
                }
            }
        }
        return bare;
    }

    /** The result column an integer GROUP BY term names, when there is one and it is an expression. */
    private static Optional<Query.Item> resultColumn(Expr.Literal literal, Query.Select select) {
        long index;
        try {
            index = Long.parseLong(literal.text());
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
        if (index < 1 || index > select.items().size()) {
            return Optional.empty();
        }
        return select.items().get((int) index - 1) instanceof Query.Item item ? Optional.of(item) : Optional.empty();
    }

    /** Tells whether no source can have a column of that name: every source is a workspace table without it. */
    private boolean sourcesLack(String name, List<Source> sources) {
        for (Source source : sources) {
            Optional<TableInfo> table = source.table() == null ? Optional.empty() : workspaceTable(source.table());
            if (table.isEmpty()
                    || table.get().columns().stream().anyMatch(c -> c.name().equalsIgnoreCase(name))) {
                return false;
            }
        }
        return true;
    }

    private List<Slot> slots(FromItem.Table leaf) throws WholeSheets {
        String qualifier = leaf.alias() != null ? leaf.alias() : leaf.name();
        String key = leaf.name().toLowerCase(Locale.ROOT);
        if (leaf.schema() == null && commonTables.containsKey(key)) {
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

    private Optional<TableInfo> workspaceTable(FromItem.Table leaf) {
        boolean temp = leaf.schema() != null && leaf.schema().equalsIgnoreCase("temp");
        if (temp || earlier.containsKey(leaf.name().toLowerCase(Locale.ROOT)) && leaf.schema() == null) {
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

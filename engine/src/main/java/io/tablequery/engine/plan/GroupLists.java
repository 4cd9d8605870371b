package io.tablequery.engine.plan;

import static io.tablequery.engine.plan.LineageNodes.call;
import static io.tablequery.engine.plan.LineageNodes.integer;

import io.tablequery.dialects.sql.Expr;
import io.tablequery.dialects.sql.OrderItem;
import io.tablequery.dialects.sql.Query;
import io.tablequery.dialects.sql.Window;
import io.tablequery.dialects.translate.SqlDialect;
import io.tablequery.engine.provenance.GroupProvenance;
import io.tablequery.engine.provenance.LineageSummary;
import io.tablequery.engine.provenance.SheetRef;
import io.tablequery.engine.provenance.Slot;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.IntFunction;

/**
 * The row summaries and lists a final step's group levels carry for the engines that have them ({@link
 * LineageSummary}), as hidden columns of the typed tree: the top level's summaries when it makes few groups ({@link
 * GroupSummaries}), else its lists (merging those of group levels under it), unless reading its rows again costs no
 * more than a scan of one table.
 */
final class GroupLists {
    /**
     * The fewest groups (by the profiles' bound) of a level under the top for which a top level of its counts
     * summarizes its lists rather than merging them ({@link #listSummaries}): ranking the lists costs a sort of the
     * level's groups, which paid at TPC-H sf1 (150,000 customers: 340 ms against 424 ms for q13's statement) and not at
     * sf0.1 (15,000: 82 ms against 58 ms).
     */
    private static final long RANKED_GROUPS = 50_000;

    /**
     * The SELECT the summary columns go in, the columns, each one's source sheet and name, whether they are lists,
     * and the lists of levels under the top they merge.
     */
    record Summarized(
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
    record InnerLists(Query.Select at, List<Query.Item> hidden, List<LineageSummary.Column> columns, long groups) {}

    /**
     * One list of a group's rows: its aggregate, its sheet, whether it holds each row once, and whether it is the
     * group's one row's R-number rather than a list.
     */
    private record RowList(Expr expression, SheetRef sheet, boolean once, boolean single) {}

    private final HiddenNames names;
    /** The lists a group level under the top whose sources are sheets' rows can have in the summary's form. */
    private final Map<GroupProvenance, InnerLists> innerLists = new HashMap<>();

    /**
     * Plans the summaries and lists of one step.
     *
     * @param names names the step's hidden columns
     */
    GroupLists(HiddenNames names) {
        this.names = names;
    }

    /**
     * The summaries or lists of a final step's top group level: summaries when it makes few groups; else, unless its
     * rows are read again by a scan, the summaries of a level of counts ({@link #listSummaries}) or lists; null when
     * its sources have none.
     *
     * @param level the top level
     * @param slots its sources' slots, in order
     * @return the columns, or null
     */
    Summarized top(GroupLevel level, List<Slot> slots) {
        BitSet single = level.singleRows();
        long groups = level.groups().orElse(Long.MAX_VALUE);
        Summarized summarized = null;
        if (groups <= GroupSummaries.MOST_GROUPS) {
            summarized = GroupSummaries.of(level, slots, single, groups, names);
        }
        if (summarized == null && !level.readAgainByAScan()) {
            summarized = listSummaries(level);
            if (summarized == null) {
                summarized = listed(level, single);
            }
        }
        return summarized;
    }

    /**
     * Gives a group level under the top whose sources are sheets' rows lists of its groups' rows, in the summary's
     * form only, for the top level to merge into its own lists. A sheet of which each group has at most one row is
     * its R-number, {@code min(rowid)}, which the top lists as it lists a sheet's rows (TPC-H q13, whose inner level
     * groups customers by their key: its step at sf1 0.33 s against 0.53 s with a list of each customer's row
     * repeated once per order).
     *
     * @param level the level
     * @param provenance the provenance of its rows, by which the top level finds it
     * @param whole whether the level keeps every group it makes (no LIMIT or OFFSET)
     */
    void inner(GroupLevel level, GroupProvenance provenance, boolean whole) {
        BitSet single = level.singleRows();
        JoinFanout fanout = level.fanout();
        List<RowList> lists = new ArrayList<>();
        for (int i = 0; i < level.sources().size(); i++) {
            for (Slot slot : level.sources().get(i).slots()) {
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
        List<LineageSummary.Column> columns = hiddenLists(lists, at -> names.next("list"), items);
        innerLists.put(
                provenance,
                new InnerLists(
                        level.select(), items, columns, whole ? level.groups().orElse(0) : 0));
    }

    /**
     * Whether a source is a group level under the top that has lists ({@link #inner}), read directly: the slot's keys
     * are that level's own columns under the source's name, so its list columns are there too (a plain level in
     * between would not pass them on).
     */
    private boolean readsGroupLevel(LevelSource source, Slot.Keyed keyed) {
        return innerLists.containsKey(keyed.group())
                && keyed.keys()
                        .get(0)
                        .equals(Slot.column(
                                source.qualifier(), keyed.group().tableKeys().get(0)));
    }

    /**
     * Lists of every R-number of a group, one hidden column per source sheet: a sheet's rows are listed as they come,
     * and a group of a level under the top that has lists of its own ({@link #inner}) merges them (and lists the
     * R-numbers that level keeps of a sheet of which each of its groups has one row); null when a source has neither.
     * A sheet's list holds each row once when its source's rows are each in one row of FROM ({@link JoinFanout}); a
     * merged list, when the lower level's list does: its groups' lists are then disjoint. Where the level's FROM may
     * repeat a row of the lower level (a join), the merge is {@code DISTINCT}, so a list many rows repeat counts once;
     * elsewhere it keeps every list as it comes, which costs less (TPC-H q13 at sf1: 0.27 s against 0.50 s for its
     * step). A sheet of which each group has at most one row ({@code single}) is its R-number, {@code min(rowid)}, in
     * place of a list.
     */
    private Summarized listed(GroupLevel level, BitSet single) {
        JoinFanout fanout = level.fanout();
        List<RowList> lists = new ArrayList<>();
        List<InnerLists> merged = new ArrayList<>();
        for (int s = 0; s < level.sources().size(); s++) {
            LevelSource source = level.sources().get(s);
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
        List<LineageSummary.Column> columns = hiddenLists(lists, at -> names.summary("list", at), items);
        return new Summarized(level.select(), items, columns, true, merged);
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
    private Summarized listSummaries(GroupLevel level) {
        if (level.sources().size() != 1
                || level.select().where() != null
                || !level.fanout().inOneRowEach(0)) {
            return null;
        }
        LevelSource source = level.sources().get(0);
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
            Optional<Expr> count = level.countKey(inner.at());
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
                String name = names.summary("sum", columns.size());
                Expr read = Slot.column(source.qualifier(), column.name());
                if (column.single()) {
                    items.add(new Query.Item(call(SqlDialect.ROW_SUMMARY, true, read, smallest), name));
                } else {
                    Expr value =
                            ((Expr.Call) inner.hidden().get(i).expr()).args().get(0);
                    String rank = names.next("rank");
                    lower.add(new Query.Item(rank(count.get(), value), rank));
                    items.add(new Query.Item(
                            call(SqlDialect.ROW_SUMMARY, false, read, smallest, Slot.column(source.qualifier(), rank)),
                            name));
                }
                columns.add(new LineageSummary.Column(column.sheet(), name, false, false));
            }
            ranked.add(new InnerLists(inner.at(), lower, inner.columns(), inner.groups()));
        }
        return ranked.isEmpty() ? null : new Summarized(level.select(), items, columns, false, ranked);
    }

    /** A group's rank among the groups of the same count by its least R-number of a sheet, groups of none last. */
    private static Expr rank(Expr count, Expr value) {
        Window window = new Window(
                null,
                List.of(count),
                List.of(new OrderItem(call("min", false, value), false, OrderItem.Nulls.LAST)),
                null);
        return new Expr.Call(LineageNodes.NOWHERE, "row_number", false, false, List.of(), List.of(), null, window);
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
}

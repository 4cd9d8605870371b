package io.tablequery.engine.plan;

import static io.tablequery.engine.plan.LineageNodes.call;
import static io.tablequery.engine.plan.LineageNodes.integer;

import io.tablequery.dialects.sql.Expr;
import io.tablequery.dialects.sql.Query;
import io.tablequery.dialects.translate.SqlDialect;
import io.tablequery.engine.provenance.LineageSummary;
import io.tablequery.engine.provenance.SheetRef;
import io.tablequery.engine.provenance.Slot;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The row summaries of a final step's top group level when it makes few groups ({@link GroupLists}): one hidden column
 * per source, when every source is a sheet's rows and no two are the same sheet. The rows of a level's one source, or of a source whose rows are each in one
 * row of FROM ({@link JoinFanout}), fall in a group once each, so they are counted as they come; a join that
 * repeats a source's rows has its summary count distinct rows, and says the most groups the level makes, which
 * bounds what an engine's cheaper count of distinct values may hold. A source of which each group has at most one
 * row ({@code single}) is its R-number, {@code min(rowid)}, in place of a summary.
 */
final class GroupSummaries {
    /**
     * The most groups a step's query may make to carry row summaries: each group's summary costs DuckDB a state of its
     * own (measured on TPC-H sf1, a join's 37,000 groups took its answer from 0.16 s to 0.59 s), where reading the few
     * shown groups' rows again costs less.
     */
    static final long MOST_GROUPS = 1_000;

    private GroupSummaries() {}

    /**
     * The summaries of a level's groups.
     *
     * @param level the level
     * @param slots its sources' slots, in order
     * @param single the sources of which each group has at most one row, by position
     * @param groups the most groups the level makes
     * @param names names the summary columns
     * @return the columns, or null when a source is not a sheet's rows or two are the same sheet
     */
    static GroupLists.Summarized of(GroupLevel level, List<Slot> slots, BitSet single, long groups, HiddenNames names) {
        Set<SheetRef> seen = new HashSet<>();
        List<Query.Item> items = new ArrayList<>();
        List<LineageSummary.Column> columns = new ArrayList<>();
        for (int s = 0; s < level.sources().size(); s++) {
            for (Slot slot : level.sources().get(s).slots()) {
                if (!(slot instanceof Slot.Direct direct) || !seen.add(direct.sheet())) {
                    return null;
                }
                String name = names.summary("sum", columns.size());
                if (single.get(s)) {
                    items.add(new Query.Item(call("min", false, direct.value()), name));
                    columns.add(new LineageSummary.Column(direct.sheet(), name, true, true));
                    continue;
                }
                Expr smallest = integer(LineageSummary.SMALLEST);
                // One source's rows are each once in its FROM, and so are their R-numbers unless a sheet row
                // made several of them (a long form's).
                boolean distinct = (slots.size() != 1 || direct.stride() != 1)
                        && !level.fanout().once(s);
                Expr call = distinct
                        ? call(SqlDialect.ROW_SUMMARY, true, direct.value(), smallest, integer(groups))
                        : call(SqlDialect.ROW_SUMMARY, false, direct.value(), smallest);
                items.add(new Query.Item(call, name));
                columns.add(new LineageSummary.Column(direct.sheet(), name, false, false));
            }
        }
        return new GroupLists.Summarized(level.select(), items, columns, false, List.of());
    }
}

package io.tablequery.dialects.sql;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Which calls SQLite reads as aggregates: named once here for every reader of the tree (the translator, lineage,
 * the checks of a plan's steps), whether or not a target can spell them.
 */
public final class SqliteAggregates {
    /** Lineage's summary of a group's row numbers; {@code SqlDialect.ROW_SUMMARY} says what it is. */
    public static final String ROW_SUMMARY = "__tq_row_summary";

    /** Lineage's list of a group's row numbers; {@code SqlDialect.ROW_LIST} says what it is. */
    public static final String ROW_LIST = "__tq_row_list";

    /** Lineage's merge of lists; {@code SqlDialect.ROW_LISTS} says what it is. */
    public static final String ROW_LISTS = "__tq_row_lists";

    /**
     * SQLite's aggregate functions (those of its JSON functions and of its percentile extension included), and the
     * aggregates tablequery's lineage writes into the text it translates.
     */
    private static final Set<String> NAMES = Set.of(
            "count",
            "sum",
            "total",
            "avg",
            "min",
            "max",
            "group_concat",
            "string_agg",
            "json_group_array",
            "json_group_object",
            "jsonb_group_array",
            "jsonb_group_object",
            "median",
            "percentile",
            "percentile_cont",
            "percentile_disc",
            SqliteAggregates.ROW_SUMMARY,
            SqliteAggregates.ROW_LIST,
            SqliteAggregates.ROW_LISTS);

    private SqliteAggregates() {}

    /**
     * Tells whether a SELECT aggregates its rows: a call of an aggregate function, outside subqueries and windows, in
     * its select list, its HAVING or the query's ORDER BY (with or without a GROUP BY).
     *
     * @param select the SELECT
     * @param orderBy the ORDER BY of the query whose body it is, or none
     * @return true when it aggregates
     */
    public static boolean aggregates(Query.Select select, List<OrderItem> orderBy) {
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
                if (node instanceof Expr.Call call && isAggregate(call)) {
                    found[0] = true;
                }
            });
        }
        return found[0];
    }

    /**
     * Tells whether a call is an aggregate of its {@code SELECT}: not a window function, not scalar {@code min} or
     * {@code max}.
     *
     * @param call the call
     * @return true for an aggregate
     */
    public static boolean isAggregate(Expr.Call call) {
        return call.over() == null && names(call);
    }

    /**
     * Tells whether a call names an aggregate, windowed or not; {@code min} and {@code max} only with one argument,
     * as with more they are scalar functions.
     *
     * @param call the call
     * @return true for an aggregate function
     */
    public static boolean names(Expr.Call call) {
        String name = call.name().toLowerCase(Locale.ROOT);
        if (!NAMES.contains(name)) {
            return false;
        }
        return !((name.equals("min") || name.equals("max")) && call.args().size() != 1);
    }
}

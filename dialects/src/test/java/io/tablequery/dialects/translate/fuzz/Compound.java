package io.tablequery.dialects.translate.fuzz;

import java.util.ArrayList;
import java.util.List;

/**
 * Two generated SELECTs joined by UNION, UNION ALL, INTERSECT or EXCEPT, ordered by the first column or not.
 *
 * @param left the first arm
 * @param operator the compound operator
 * @param right the second arm, with as many columns
 * @param orderFirst whether the compound is ordered by its first column
 * @param limit the LIMIT, or null
 */
record Compound(SelectQuery left, String operator, SelectQuery right, boolean orderFirst, Integer limit)
        implements GeneratedQuery {
    @Override
    public String sql() {
        return left.sql() + " " + operator + " " + right.sql() + (orderFirst ? " ORDER BY 1" : "")
                + (limit == null ? "" : " LIMIT " + limit);
    }

    @Override
    public boolean ordered() {
        return orderFirst;
    }

    @Override
    public List<GeneratedQuery> shrinks() {
        List<GeneratedQuery> out = new ArrayList<>();
        out.add(left);
        out.add(right);
        if (limit != null) {
            out.add(new Compound(left, operator, right, orderFirst, null));
        }
        if (orderFirst && limit == null) {
            out.add(new Compound(left, operator, right, false, null));
        }
        for (GeneratedQuery smaller : left.shrinks()) {
            out.add(new Compound((SelectQuery) smaller, operator, right, orderFirst, limit));
        }
        for (GeneratedQuery smaller : right.shrinks()) {
            out.add(new Compound(left, operator, (SelectQuery) smaller, orderFirst, limit));
        }
        return out;
    }
}

package io.tablequery.dialects.sql;

import java.util.List;

/**
 * A window: an {@code OVER name}, or an {@code OVER (...)} definition.
 *
 * @param baseName the window named, or null
 * @param partitionBy the {@code PARTITION BY} terms
 * @param orderBy the {@code ORDER BY} terms
 * @param frame the frame clause as written (already in a form both engines read), or null
 */
public record Window(String baseName, List<Expr> partitionBy, List<OrderItem> orderBy, Frame frame) {
    public Window {
        partitionBy = List.copyOf(partitionBy);
        orderBy = List.copyOf(orderBy);
    }

    /**
     * A frame: {@code ROWS|RANGE|GROUPS BETWEEN start AND end [EXCLUDE ...]}.
     *
     * @param unit ROWS, RANGE or GROUPS
     * @param start the start bound
     * @param end the end bound, or null for the one-bound form
     * @param exclude the words after EXCLUDE, or null
     */
    public record Frame(String unit, Bound start, Bound end, String exclude) {}

    /**
     * A frame bound.
     *
     * @param kind UNBOUNDED PRECEDING, PRECEDING, CURRENT ROW, FOLLOWING or UNBOUNDED FOLLOWING
     * @param offset the offset of PRECEDING and FOLLOWING, else null
     */
    public record Bound(String kind, Expr offset) {}
}

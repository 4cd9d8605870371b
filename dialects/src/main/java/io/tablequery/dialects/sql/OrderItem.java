package io.tablequery.dialects.sql;

import static java.util.Objects.requireNonNull;

/**
 * One term of an {@code ORDER BY}.
 *
 * @param expr the sort key
 * @param descending whether {@code DESC} was written
 * @param nulls where NULLs were asked to go
 */
public record OrderItem(Expr expr, boolean descending, Nulls nulls) {
    /** An explicit {@code NULLS FIRST} or {@code NULLS LAST}, or SQLite's default. */
    public enum Nulls {
        DEFAULT,
        FIRST,
        LAST
    }

    public OrderItem {
        requireNonNull(expr, "expr is null");
        requireNonNull(nulls, "nulls is null");
    }
}

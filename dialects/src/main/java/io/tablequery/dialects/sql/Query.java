package io.tablequery.dialects.sql;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * A full query: an optional {@code WITH}, a body, and the {@code ORDER BY} and {@code LIMIT} that apply to it.
 *
 * @param span where it was written
 * @param with the common table expressions, or null
 * @param body the select, values or compound
 * @param orderBy the ordering terms
 * @param limit the row limit or null
 * @param offset the offset or null
 */
public record Query(Span span, With with, Body body, List<OrderItem> orderBy, Expr limit, Expr offset) {
    public Query {
        requireNonNull(body, "body is null");
        orderBy = List.copyOf(orderBy);
    }

    /**
     * A {@code WITH} clause.
     *
     * @param recursive whether {@code RECURSIVE} was written
     * @param tables the common table expressions in order
     */
    public record With(boolean recursive, List<CommonTable> tables) {
        public With {
            tables = List.copyOf(tables);
        }
    }

    /**
     * One common table expression.
     *
     * @param name its name
     * @param columns the column names listed after it, possibly empty
     * @param query its query
     */
    public record CommonTable(String name, List<String> columns, Query query) {
        public CommonTable {
            columns = List.copyOf(columns);
        }
    }

    /** The body of a query. */
    public sealed interface Body {}

    /**
     * One {@code SELECT}.
     *
     * @param distinct whether {@code DISTINCT} was written
     * @param items the result columns
     * @param from the sources, or null
     * @param where the filter or null
     * @param groupBy the grouping terms
     * @param having the group filter or null
     * @param windows the named windows of a {@code WINDOW} clause
     */
    public record Select(
            boolean distinct,
            List<SelectItem> items,
            FromItem from,
            Expr where,
            List<Expr> groupBy,
            Expr having,
            List<NamedWindow> windows)
            implements Body {
        public Select {
            items = List.copyOf(items);
            groupBy = List.copyOf(groupBy);
            windows = List.copyOf(windows);
        }
    }

    /**
     * A {@code VALUES} list.
     *
     * @param rows the rows, each a list of values
     */
    public record Values(List<List<Expr>> rows) implements Body {
        public Values {
            rows = rows.stream().map(List::copyOf).toList();
        }
    }

    /**
     * Two bodies joined by {@code UNION [ALL]}, {@code INTERSECT} or {@code EXCEPT}.
     *
     * @param left the left body
     * @param operator the operator, upper case with single spaces
     * @param right the right body
     */
    public record Compound(Body left, String operator, Body right) implements Body {}

    /**
     * A named window of a {@code WINDOW} clause.
     *
     * @param name its name
     * @param window its definition
     */
    public record NamedWindow(String name, Window window) {}

    /** A result column. */
    public sealed interface SelectItem {}

    /**
     * {@code *} or {@code table.*}.
     *
     * @param table the table qualifier, or null for all sources
     */
    public record Star(String table) implements SelectItem {}

    /**
     * An expression with an optional alias.
     *
     * @param expr the value
     * @param alias the alias or null
     */
    public record Item(Expr expr, String alias) implements SelectItem {}
}

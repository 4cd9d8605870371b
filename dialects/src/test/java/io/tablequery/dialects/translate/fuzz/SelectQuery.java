package io.tablequery.dialects.translate.fuzz;

import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;
import java.util.function.Function;

/**
 * One generated SELECT.
 *
 * @param with a WITH clause, written before the SELECT, or empty
 * @param distinct whether it is SELECT DISTINCT
 * @param items the select list
 * @param from the first source, as written after FROM
 * @param joins the sources joined to it
 * @param where the WHERE predicate, or null
 * @param groupBy the GROUP BY terms
 * @param having the HAVING predicate, or null
 * @param orderBy the ORDER BY terms
 * @param limit the LIMIT, or null
 * @param offset the OFFSET, or null (only with a limit)
 */
record SelectQuery(
        String with,
        boolean distinct,
        List<Item> items,
        String from,
        List<Join> joins,
        Node where,
        List<Node> groupBy,
        Node having,
        List<Order> orderBy,
        Integer limit,
        Integer offset)
        implements GeneratedQuery {
    /** A select-list entry; the alias may be null. */
    record Item(Node expr, String alias) {}

    /** A joined source: the text up to ON, and the ON predicate or null. */
    record Join(String source, Node on) {}

    /** An ORDER BY term. */
    record Order(Node expr, boolean descending) {}

    SelectQuery {
        items = List.copyOf(items);
        joins = List.copyOf(joins);
        groupBy = List.copyOf(groupBy);
        orderBy = List.copyOf(orderBy);
    }

    @Override
    public String sql() {
        StringBuilder out = new StringBuilder(with);
        out.append(distinct ? "SELECT DISTINCT " : "SELECT ");
        StringJoiner list = new StringJoiner(", ");
        items.forEach(item -> list.add(item.expr().sql() + (item.alias() == null ? "" : " AS " + item.alias())));
        out.append(list).append(" FROM ").append(from);
        for (Join join : joins) {
            out.append(' ').append(join.source());
            if (join.on() != null) {
                out.append(" ON ").append(join.on().sql());
            }
        }
        if (where != null) {
            out.append(" WHERE ").append(where.sql());
        }
        if (!groupBy.isEmpty()) {
            StringJoiner terms = new StringJoiner(", ", " GROUP BY ", "");
            groupBy.forEach(term -> terms.add(term.sql()));
            out.append(terms);
        }
        if (having != null) {
            out.append(" HAVING ").append(having.sql());
        }
        if (!orderBy.isEmpty()) {
            StringJoiner terms = new StringJoiner(", ", " ORDER BY ", "");
            orderBy.forEach(term -> terms.add(term.expr().sql() + (term.descending() ? " DESC" : "")));
            out.append(terms);
        }
        if (limit != null) {
            out.append(" LIMIT ").append(limit);
            if (offset != null) {
                out.append(" OFFSET ").append(offset);
            }
        }
        return out.toString();
    }

    /**
     * Whether the ORDER BY fixes an order to compare. Not over a join, where SQLite's order of tied rows is its plan's,
     * nor with DISTINCT, where it is the order SQLite first meets each row in; the translation does not promise
     * those (the manual's docs/engines.md, "Ties"), and refuses a LIMIT that would keep other rows.
     */
    @Override
    public boolean ordered() {
        return !orderBy.isEmpty() && !distinct && (joins.isEmpty() || !groupBy.isEmpty());
    }

    /** Whether it aggregates: a GROUP BY, or an aggregate in its list, HAVING or ORDER BY. */
    boolean aggregates() {
        return !groupBy.isEmpty()
                || having != null
                || items.stream().anyMatch(item -> item.expr().hasAggregate())
                || orderBy.stream().anyMatch(term -> term.expr().hasAggregate());
    }

    SelectQuery withWhere(Node predicate) {
        return new SelectQuery(with, distinct, items, from, joins, predicate, groupBy, having, orderBy, limit, offset);
    }

    /** The same rows without ORDER BY: what ternary logic partitioning splits. */
    SelectQuery unordered() {
        return withOrderBy(List.of());
    }

    private SelectQuery withDistinct(boolean value) {
        return new SelectQuery(with, value, items, from, joins, where, groupBy, having, orderBy, limit, offset);
    }

    private SelectQuery withItems(List<Item> value) {
        return new SelectQuery(with, distinct, value, from, joins, where, groupBy, having, orderBy, limit, offset);
    }

    private SelectQuery withJoins(List<Join> value) {
        return new SelectQuery(with, distinct, items, from, value, where, groupBy, having, orderBy, limit, offset);
    }

    private SelectQuery withGroupBy(List<Node> value) {
        return new SelectQuery(with, distinct, items, from, joins, where, value, having, orderBy, limit, offset);
    }

    private SelectQuery withHaving(Node value) {
        return new SelectQuery(with, distinct, items, from, joins, where, groupBy, value, orderBy, limit, offset);
    }

    private SelectQuery withOrderBy(List<Order> value) {
        return new SelectQuery(with, distinct, items, from, joins, where, groupBy, having, value, limit, offset);
    }

    private SelectQuery withLimit(Integer value, Integer offsetValue) {
        return new SelectQuery(with, distinct, items, from, joins, where, groupBy, having, orderBy, value, offsetValue);
    }

    /** The FROM clause with its joins, for queries over the same rows. */
    String sources() {
        StringBuilder out = new StringBuilder(from);
        for (Join join : joins) {
            out.append(' ').append(join.source());
            if (join.on() != null) {
                out.append(" ON ").append(join.on().sql());
            }
        }
        return out.toString();
    }

    @Override
    public List<GeneratedQuery> shrinks() {
        List<GeneratedQuery> out = new ArrayList<>();
        if (where != null) {
            out.add(withWhere(null));
        }
        if (having != null) {
            out.add(withHaving(null));
        }
        if (offset != null) {
            out.add(withLimit(limit, null));
        }
        if (limit != null && offset == null) {
            out.add(withLimit(null, null));
        }
        if (distinct) {
            out.add(withDistinct(false));
        }
        if (!joins.isEmpty()) {
            out.add(withJoins(joins.subList(0, joins.size() - 1)));
        }
        for (int i = 0; i < orderBy.size(); i++) {
            out.add(withOrderBy(without(orderBy, i)));
        }
        for (int i = 0; i < groupBy.size(); i++) {
            out.add(withGroupBy(without(groupBy, i)));
        }
        for (int i = 0; items.size() > 1 && i < items.size(); i++) {
            out.add(withItems(without(items, i)));
        }
        for (int i = 0; i < items.size(); i++) {
            Item item = items.get(i);
            int at = i;
            simpler(item.expr(), node -> withItems(replaced(items, at, new Item(node, item.alias()))), out);
        }
        if (where != null) {
            simpler(where, this::withWhere, out);
        }
        if (having != null) {
            simpler(having, this::withHaving, out);
        }
        for (int i = 0; i < orderBy.size(); i++) {
            Order term = orderBy.get(i);
            int at = i;
            simpler(term.expr(), node -> withOrderBy(replaced(orderBy, at, new Order(node, term.descending()))), out);
        }
        for (int i = 0; i < joins.size(); i++) {
            Join join = joins.get(i);
            int at = i;
            if (join.on() != null) {
                simpler(join.on(), node -> withJoins(replaced(joins, at, new Join(join.source(), node))), out);
            }
        }
        return out;
    }

    private static void simpler(Node node, Function<Node, SelectQuery> into, List<GeneratedQuery> out) {
        for (Node smaller : node.simpler()) {
            out.add(into.apply(smaller));
        }
    }

    private static <T> List<T> without(List<T> list, int index) {
        List<T> out = new ArrayList<>(list);
        out.remove(index);
        return out;
    }

    private static <T> List<T> replaced(List<T> list, int index, T value) {
        List<T> out = new ArrayList<>(list);
        out.set(index, value);
        return out;
    }
}

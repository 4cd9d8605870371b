package io.tablequery.dialects.translate.fuzz;

import io.tablequery.dialects.translate.fuzz.ExpressionGenerator.Ref;
import io.tablequery.dialects.translate.fuzz.Node.Kind;
import io.tablequery.dialects.translate.fuzz.SelectQuery.Item;
import io.tablequery.dialects.translate.fuzz.SelectQuery.Join;
import io.tablequery.dialects.translate.fuzz.SelectQuery.Order;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Random queries of the shapes agents write over a {@link RandomDatabase}: filters, aggregates with and without
 * GROUP BY, HAVING, ORDER BY ... LIMIT over tied keys, joins (inner, left, comma), subqueries in FROM and in
 * predicates, WITH, and compound selects.
 */
final class QueryGenerator {
    private final Random random;
    private final RandomDatabase database;

    QueryGenerator(Random random, RandomDatabase database) {
        this.random = random;
        this.database = database;
    }

    /** A query, and a predicate over the same columns for the oracles that add one (null for a compound). */
    record Drawn(GeneratedQuery query, Node predicate) {}

    Drawn next() {
        if (random.nextInt(12) == 0) {
            return new Drawn(compound(), null);
        }
        Sources sources = sources();
        Shape shape = random.nextInt(20) < 9 ? Shape.GROUPED : random.nextInt(4) == 0 ? Shape.AGGREGATE : Shape.ROWS;
        SelectQuery query = select(sources, shape);
        return new Drawn(query, new ExpressionGenerator(random, sources.refs(), database).bool(2));
    }

    private enum Shape {
        ROWS,
        AGGREGATE,
        GROUPED
    }

    /** The FROM clause drawn for a query, and the columns it puts in scope. */
    private record Sources(String with, String from, List<Join> joins, List<Ref> refs) {}

    private Sources sources() {
        int choice = random.nextInt(20);
        if (choice < 6 && database.tables().size() > 1) {
            return join();
        }
        if (choice == 7) {
            return derived(true);
        }
        if (choice == 8) {
            return derived(false);
        }
        RandomDatabase.Table table = pick(database.tables());
        boolean aliased = random.nextBoolean();
        String qualifier = aliased ? "a" : table.name();
        List<Ref> refs = new ArrayList<>();
        for (RandomDatabase.Column column : table.columns()) {
            refs.add(new Ref(random.nextInt(3) == 0 ? qualifier + "." + column.name() : column.name(), column.kind()));
        }
        return new Sources("", table.name() + (aliased ? " AS a" : ""), List.of(), refs);
    }

    private Sources join() {
        List<RandomDatabase.Table> tables = new ArrayList<>(database.tables());
        RandomDatabase.Table left = tables.remove(random.nextInt(tables.size()));
        RandomDatabase.Table right = pick(tables);
        List<Ref> refs = new ArrayList<>();
        left.columns().forEach(column -> refs.add(new Ref("a." + column.name(), column.kind())));
        right.columns().forEach(column -> refs.add(new Ref("b." + column.name(), column.kind())));
        RandomDatabase.Column key = pick(left.columns());
        List<RandomDatabase.Column> partners = right.columns().stream()
                .filter(column -> column.kind() == key.kind())
                .toList();
        Node on = partners.isEmpty()
                ? new ExpressionGenerator(random, refs, database).bool(1)
                : Node.leaf(
                        Kind.BOOL, "a." + key.name() + " = b." + pick(partners).name());
        String type = pick(List.of("JOIN", "JOIN", "LEFT JOIN", "INNER JOIN"));
        if (random.nextInt(6) == 0) {
            return new Sources("", left.name() + " AS a", List.of(new Join(", " + right.name() + " AS b", null)), refs);
        }
        return new Sources("", left.name() + " AS a", List.of(new Join(type + " " + right.name() + " AS b", on)), refs);
    }

    /** A subquery in FROM, or the same as a WITH table. */
    private Sources derived(boolean asWith) {
        RandomDatabase.Table table = pick(database.tables());
        List<Ref> inner = new ArrayList<>();
        table.columns().forEach(column -> inner.add(new Ref(column.name(), column.kind())));
        ExpressionGenerator expressions = new ExpressionGenerator(random, inner, database);
        List<Ref> refs = new ArrayList<>();
        List<String> items = new ArrayList<>();
        int width = 1 + random.nextInt(3);
        for (int i = 0; i < width; i++) {
            Kind kind = random.nextInt(3) == 0 ? Kind.TEXT : Kind.NUM;
            Node expr = random.nextBoolean() ? expressions.column(kind) : expressions.of(kind, 1);
            items.add(expr.sql() + " AS k" + i);
            refs.add(new Ref("k" + i, kind));
        }
        String where = random.nextBoolean() ? " WHERE " + expressions.bool(1).sql() : "";
        String body = "SELECT " + String.join(", ", items) + " FROM " + table.name() + where;
        if (random.nextInt(3) == 0) {
            // A grouped subquery, as agents write one to rank groups: its rows come in the order of its keys.
            Node key = expressions.column(refs.get(0).kind());
            refs.clear();
            refs.add(new Ref("k0", key.kind()));
            refs.add(new Ref("k1", Kind.NUM));
            body = "SELECT " + key.sql() + " AS k0, "
                    + expressions.aggregate(Kind.NUM, 1).sql() + " AS k1 FROM " + table.name() + where + " GROUP BY "
                    + key.sql();
        }
        if (asWith) {
            return new Sources("WITH w AS (" + body + ") ", "w", List.of(), refs);
        }
        return new Sources("", "(" + body + ") AS s", List.of(), refs);
    }

    private SelectQuery select(Sources sources, Shape shape) {
        ExpressionGenerator expressions = new ExpressionGenerator(random, sources.refs(), database);
        Node where = random.nextInt(10) < 6 ? expressions.bool(2) : null;
        List<Item> items = new ArrayList<>();
        List<Node> groupBy = new ArrayList<>();
        Node having = null;
        List<Order> orderBy = new ArrayList<>();
        boolean distinct = false;
        switch (shape) {
            case ROWS -> {
                if (random.nextInt(20) == 0) {
                    items.add(new Item(Node.leaf(Kind.NUM, "*"), null));
                } else {
                    int width = 1 + random.nextInt(3);
                    for (int i = 0; i < width; i++) {
                        Node expr = random.nextBoolean()
                                ? expressions.column(random.nextBoolean() ? Kind.NUM : Kind.TEXT)
                                : expressions.any(2);
                        items.add(new Item(expr, random.nextInt(3) == 0 ? "v" + i : null));
                    }
                }
                distinct = random.nextInt(10) == 0;
                if (random.nextInt(30) == 0) {
                    // HAVING on a query that does not aggregate: SQLite refuses it, whatever the HAVING holds.
                    having = expressions.aggregate(Kind.BOOL, 1);
                }
                if (random.nextInt(10) < 6) {
                    int terms = 1 + random.nextInt(2);
                    for (int i = 0; i < terms; i++) {
                        orderBy.add(new Order(
                                random.nextInt(3) == 0
                                                && !items.get(0).expr().sql().equals("*")
                                        ? termNumber(1 + random.nextInt(items.size()))
                                        : expressions.column(random.nextBoolean() ? Kind.NUM : Kind.TEXT),
                                random.nextBoolean()));
                    }
                }
            }
            case AGGREGATE -> {
                int width = 1 + random.nextInt(3);
                for (int i = 0; i < width; i++) {
                    items.add(new Item(
                            expressions.aggregate(random.nextInt(4) == 0 ? Kind.TEXT : Kind.NUM, 1),
                            random.nextInt(3) == 0 ? "v" + i : null));
                }
                if (random.nextInt(6) == 0) {
                    having = expressions.aggregate(Kind.BOOL, 1);
                }
            }
            case GROUPED -> {
                int keys = random.nextInt(4) == 0 ? 2 : 1;
                for (int i = 0; i < keys; i++) {
                    Kind kind = random.nextBoolean() ? Kind.NUM : Kind.TEXT;
                    Node key = random.nextInt(4) == 0 ? expressions.of(kind, 1) : expressions.column(kind);
                    groupBy.add(key);
                    items.add(new Item(key, random.nextInt(3) == 0 ? "g" + i : null));
                }
                int aggregates = 1 + random.nextInt(2);
                for (int i = 0; i < aggregates; i++) {
                    items.add(new Item(
                            expressions.aggregate(random.nextInt(5) == 0 ? Kind.TEXT : Kind.NUM, 1),
                            random.nextInt(3) == 0 ? "v" + i : null));
                }
                if (random.nextInt(8) == 0) {
                    // A bare column: SQLite takes it from a row its rules pick.
                    items.add(new Item(expressions.column(random.nextBoolean() ? Kind.NUM : Kind.TEXT), null));
                }
                if (random.nextInt(10) < 3) {
                    having = expressions.aggregate(Kind.BOOL, 1);
                }
                if (random.nextInt(10) < 7) {
                    orderBy.add(
                            switch (random.nextInt(4)) {
                                case 0, 1 -> new Order(expressions.aggregate(Kind.NUM, 0), random.nextInt(3) != 0);
                                case 2 -> new Order(termNumber(1 + random.nextInt(items.size())), random.nextBoolean());
                                default -> new Order(groupBy.get(0), random.nextBoolean());
                            });
                    if (random.nextInt(4) == 0) {
                        orderBy.add(new Order(pick(groupBy), random.nextBoolean()));
                    }
                }
            }
        }
        Integer limit = null;
        Integer offset = null;
        if (shape != Shape.AGGREGATE && random.nextInt(10) < (orderBy.isEmpty() ? 1 : 5)) {
            limit = random.nextInt(4);
            offset = random.nextInt(5) == 0 ? 1 : null;
        }
        return new SelectQuery(
                sources.with(),
                distinct,
                items,
                sources.from(),
                sources.joins(),
                where,
                groupBy,
                having,
                orderBy,
                limit,
                offset);
    }

    /**
     * A result column's number as an ORDER BY term, in one of the spellings SQLite reads as a number: plain,
     * hexadecimal, under a unary plus or in parentheses; now and then negated, which SQLite refuses as out of range.
     */
    private Node termNumber(int number) {
        String text =
                switch (random.nextInt(8)) {
                    case 0 -> "0x" + Integer.toHexString(number);
                    case 1 -> "+" + number;
                    case 2 -> "(" + number + ")";
                    case 3 -> "-" + number;
                    default -> Integer.toString(number);
                };
        return Node.leaf(Kind.NUM, text);
    }

    private Compound compound() {
        String operator = pick(List.of("UNION", "UNION ALL", "INTERSECT", "EXCEPT"));
        int width = 1 + random.nextInt(2);
        List<Kind> kinds = new ArrayList<>();
        for (int i = 0; i < width; i++) {
            kinds.add(random.nextBoolean() ? Kind.NUM : Kind.TEXT);
        }
        boolean ordered = random.nextBoolean();
        Integer limit = ordered && random.nextBoolean() ? 1 + random.nextInt(3) : null;
        return new Compound(arm(kinds), operator, arm(kinds), ordered, limit);
    }

    private SelectQuery arm(List<Kind> kinds) {
        RandomDatabase.Table table = pick(database.tables());
        List<Ref> refs = new ArrayList<>();
        table.columns().forEach(column -> refs.add(new Ref(column.name(), column.kind())));
        ExpressionGenerator expressions = new ExpressionGenerator(random, refs, database);
        List<Item> items = new ArrayList<>();
        for (Kind kind : kinds) {
            items.add(new Item(random.nextInt(3) == 0 ? expressions.of(kind, 1) : expressions.column(kind), null));
        }
        Node where = random.nextBoolean() ? expressions.bool(1) : null;
        return new SelectQuery(
                "", false, items, table.name(), List.of(), where, List.of(), null, List.of(), null, null);
    }

    private <T> T pick(List<T> options) {
        return options.get(random.nextInt(options.size()));
    }
}

package io.tablequery.dialects.translate.fuzz;

import io.tablequery.dialects.translate.fuzz.Node.Kind;
import java.util.List;
import java.util.Random;

/**
 * Random scalar, predicate and aggregate expressions over the columns in scope, of the forms agents write: arithmetic,
 * comparisons across storage classes, CASE, COALESCE, IN lists and subqueries, LIKE, date functions, casts, and NULL
 * constants anywhere.
 */
final class ExpressionGenerator {
    /** A column in scope: how to name it and what it holds. */
    record Ref(String sql, Kind kind) {}

    private final Random random;
    private final List<Ref> refs;
    private final RandomDatabase database;

    ExpressionGenerator(Random random, List<Ref> refs, RandomDatabase database) {
        this.random = random;
        this.refs = List.copyOf(refs);
        this.database = database;
    }

    Node of(Kind kind, int depth) {
        return switch (kind) {
            case NUM -> num(depth);
            case TEXT -> text(depth);
            case BOOL -> bool(depth);
        };
    }

    Node any(int depth) {
        return of(Kind.values()[random.nextInt(3)], depth);
    }

    Node column(Kind kind) {
        List<Ref> matching = refs.stream().filter(ref -> ref.kind() == kind).toList();
        if (matching.isEmpty() || random.nextInt(8) == 0) {
            return literal(kind);
        }
        return Node.leaf(kind, pick(matching).sql());
    }

    Node literal(Kind kind) {
        if (random.nextInt(8) == 0) {
            return Node.leaf(kind, "NULL");
        }
        return switch (kind) {
            case NUM ->
                Node.leaf(
                        kind,
                        random.nextInt(3) == 0
                                ? pick(List.of(
                                        "0.5", "2.25", "1e3", "-1.5", "0.1", "9007199254740992.0", "9007199254740993"))
                                : Integer.toString(random.nextInt(12) - 3));
            case TEXT -> Node.leaf(kind, "'" + RandomDatabase.TEXTS[random.nextInt(RandomDatabase.TEXTS.length)] + "'");
            case BOOL -> Node.leaf(kind, random.nextBoolean() ? "1" : "0");
        };
    }

    Node num(int depth) {
        if (depth <= 0 || random.nextInt(3) == 0) {
            return column(Kind.NUM);
        }
        int d = depth - 1;
        return switch (random.nextInt(14)) {
            case 0, 1, 2 ->
                Node.of(Kind.NUM, "(%s " + pick(List.of("+", "-", "*", "/", "%%")) + " %s)", num(d), num(d));
            case 3 -> Node.of(Kind.NUM, "abs(%s)", num(d));
            case 4 -> Node.of(Kind.NUM, "length(%s)", text(d));
            case 5 -> Node.of(Kind.NUM, "coalesce(%s, %s)", num(d), num(d));
            case 6 -> Node.of(Kind.NUM, "CASE WHEN %s THEN %s ELSE %s END", bool(d), num(d), num(d));
            case 7 -> Node.of(Kind.NUM, "round(%s, " + random.nextInt(3) + ")", num(d));
            case 8 -> Node.of(Kind.NUM, "CAST(%s AS " + pick(List.of("INTEGER", "REAL")) + ")", any(d));
            case 9 -> Node.of(Kind.NUM, pick(List.of("max", "min")) + "(%s, %s)", num(d), num(d));
            case 10 -> Node.of(Kind.NUM, "instr(%s, %s)", text(d), text(d));
            case 11 -> Node.of(Kind.NUM, "nullif(%s, %s)", num(d), num(d));
            case 12 -> Node.of(Kind.NUM, "CAST(strftime('%%Y', %s) AS INTEGER)", text(d));
            default -> Node.of(Kind.NUM, "-%s", num(d));
        };
    }

    Node text(int depth) {
        if (depth <= 0 || random.nextInt(3) == 0) {
            return column(Kind.TEXT);
        }
        int d = depth - 1;
        return switch (random.nextInt(12)) {
            case 0 -> Node.of(Kind.TEXT, "(%s || %s)", text(d), random.nextBoolean() ? text(d) : num(d));
            case 1 -> Node.of(Kind.TEXT, pick(List.of("upper", "lower", "trim")) + "(%s)", text(d));
            case 2 ->
                Node.of(Kind.TEXT, "substr(%s, " + (random.nextInt(4) - 1) + ", " + random.nextInt(4) + ")", text(d));
            case 3 -> Node.of(Kind.TEXT, "replace(%s, 'b', 'X')", text(d));
            case 4 -> Node.of(Kind.TEXT, "typeof(%s)", any(d));
            case 5 -> Node.of(Kind.TEXT, "coalesce(%s, 'none')", text(d));
            case 6 ->
                Node.of(
                        Kind.TEXT,
                        "date(%s" + pick(List.of("", ", '+1 day'", ", 'start of month'", ", '+1 month'")) + ")",
                        text(d));
            case 7 -> Node.of(Kind.TEXT, "strftime('%%m-%%d', %s)", text(d));
            case 8 ->
                Node.of(Kind.TEXT, "CASE %s WHEN 'a' THEN 'A' WHEN '10' THEN 'ten' ELSE %s END", text(d), text(d));
            case 9 -> Node.of(Kind.TEXT, "iif(%s, %s, %s)", bool(d), text(d), text(d));
            case 10 -> Node.of(Kind.TEXT, "(%s COLLATE " + pick(List.of("NOCASE", "RTRIM", "BINARY")) + ")", text(d));
            default -> Node.of(Kind.TEXT, "CAST(%s AS TEXT)", num(d));
        };
    }

    Node bool(int depth) {
        int d = Math.max(0, depth - 1);
        return switch (random.nextInt(depth <= 0 ? 3 : 11)) {
            case 0 -> Node.of(Kind.BOOL, "%s " + pick(List.of("=", "<", ">=", "<>", ">")) + " %s", num(d), num(d));
            case 1 -> Node.of(Kind.BOOL, "%s " + pick(List.of("=", "<", ">", "<>")) + " %s", text(d), any(d));
            case 2 -> Node.of(Kind.BOOL, "%s " + pick(List.of("IS NULL", "IS NOT NULL")), any(d));
            case 3 ->
                Node.of(Kind.BOOL, "%s LIKE " + pick(List.of("'a%%'", "'%%B%%'", "'_'", "'1%%'", "'x\\_%%'")), text(d));
            case 4 -> Node.of(Kind.BOOL, "(%s) " + pick(List.of("AND", "OR")) + " (%s)", bool(d), bool(d));
            case 5 -> Node.of(Kind.BOOL, "NOT (%s)", bool(d));
            case 6 -> Node.of(Kind.BOOL, "%s BETWEEN %s AND %s", num(d), num(d), num(d));
            case 7 -> Node.of(Kind.BOOL, "%s IN (%s, %s, %s)", num(d), num(0), num(0), literal(Kind.NUM));
            case 8 -> Node.of(Kind.BOOL, "%s IN (%s, %s)", text(d), text(0), literal(Kind.TEXT));
            case 9 -> subqueryPredicate(d);
            default -> Node.of(Kind.BOOL, "%s IS %s", any(d), literal(Kind.NUM));
        };
    }

    private Node subqueryPredicate(int depth) {
        RandomDatabase.Table table = pick(database.tables());
        RandomDatabase.Column column = pick(table.columns());
        String inner = "SELECT " + column.name() + " FROM " + table.name() + " AS sq";
        return switch (random.nextInt(3)) {
            case 0 ->
                Node.of(
                        Kind.BOOL,
                        "%s " + pick(List.of("IN", "NOT IN")) + " (" + inner + ")",
                        of(column.kind(), depth));
            case 1 ->
                Node.of(
                        Kind.BOOL,
                        "EXISTS (" + inner + " WHERE sq." + column.name() + " = %s)",
                        of(column.kind(), depth));
            default ->
                Node.of(
                        Kind.BOOL,
                        "%s > (SELECT " + pick(List.of("max", "min", "avg", "count")) + "(" + column.name() + ") FROM "
                                + table.name() + ")",
                        num(depth));
        };
    }

    /** An aggregate of a random expression, or an expression over aggregates. */
    Node aggregate(Kind kind, int depth) {
        if (kind == Kind.TEXT) {
            return random.nextInt(3) == 0
                    ? Node.aggregate(Kind.TEXT, "group_concat(%s" + pick(List.of("", ", '-'")) + ")", text(depth))
                    : Node.aggregate(Kind.TEXT, pick(List.of("min", "max")) + "(%s)", text(depth));
        }
        if (kind == Kind.BOOL) {
            return Node.of(
                    Kind.BOOL,
                    "%s " + pick(List.of(">", "<=", "=", "<>")) + " %s",
                    aggregate(Kind.NUM, depth),
                    literal(Kind.NUM));
        }
        return switch (random.nextInt(10)) {
            case 0, 1 -> Node.aggregate(Kind.NUM, "count(*)");
            case 2 -> Node.aggregate(Kind.NUM, "count(" + pick(List.of("", "DISTINCT ")) + "%s)", any(depth));
            case 3 -> Node.aggregate(Kind.NUM, "sum(%s)", num(depth));
            case 4 -> Node.aggregate(Kind.NUM, "total(%s)", num(depth));
            case 5 -> Node.aggregate(Kind.NUM, "avg(%s)", num(depth));
            case 6, 7 -> Node.aggregate(Kind.NUM, pick(List.of("min", "max")) + "(%s)", num(depth));
            case 8 ->
                Node.of(
                        Kind.NUM,
                        "(%s " + pick(List.of("+", "*", "-")) + " %s)",
                        aggregate(Kind.NUM, 0),
                        literal(Kind.NUM));
            default -> Node.of(Kind.NUM, "coalesce(%s, %s)", aggregate(Kind.NUM, 0), literal(Kind.NUM));
        };
    }

    <T> T pick(List<T> options) {
        return options.get(random.nextInt(options.size()));
    }
}

package io.tablequery.dialects.translate;

import io.tablequery.dialects.SqliteAffinity;
import io.tablequery.dialects.sql.Expr;
import io.tablequery.dialects.sql.OrderItem;
import java.util.List;
import java.util.Set;
import java.util.StringJoiner;

/**
 * Translates SQLite's aggregates into the target's SQL with SQLite's results: its counts, its sums of integers and of
 * reals, its extremes and its {@code group_concat} in its row order; as window functions too ({@link WindowCalls}).
 */
final class AggregateCalls {
    /** The aggregates that add numbers, which take values of integers and reals row by row. */
    private static final Set<String> SUMS = Set.of("sum", "total", "avg");

    private final ExpressionTranslator expressions;
    private final StatementTranslator statement;

    AggregateCalls(ExpressionTranslator expressions, StatementTranslator statement) {
        this.expressions = expressions;
        this.statement = statement;
    }

    /**
     * {@code sum}, {@code total} or {@code avg} of a value of integers and reals row by row, added in the engine's
     * order ({@link RealSums#SQLITE} refuses it). SQLite's {@code sum} is an integer while it has met only integers
     * and a real from its first real on; {@code total} and {@code avg} are reals.
     */
    private Typed numberUnionSum(String name, Expr.Call call, Typed value, String suffix) {
        if (statement.realSums() == RealSums.SQLITE) {
            throw new Refusal(ExpressionTranslator.MIXED_NUMBERS);
        }
        if (call.distinct()) {
            throw new Refusal(call.name() + "(DISTINCT ...) of integers and reals, which SQLite compares as numbers");
        }
        statement.require(SqlDialect.Feature.NUMBER_UNIONS, call.name() + "() of integers and reals row by row");
        statement.sumsReals();
        String real = "CAST(" + value.sql() + " AS DOUBLE)";
        if (!name.equals("sum")) {
            return engineRealSum(name.equals("avg") ? SqliteSums.Kind.AVG : SqliteSums.Kind.TOTAL, "", real, suffix);
        }
        String reals = "count(union_extract(" + value.unionForm() + ", 'r'))" + suffix + " > 0";
        Typed integers = Typed.of(
                "CAST(sum(union_extract(" + value.unionForm() + ", 'i'))" + suffix + " AS BIGINT)", SqlType.INTEGER);
        return expressions.branches(
                List.of(reals),
                List.of(engineRealSum(SqliteSums.Kind.SUM, "", real, suffix)),
                integers,
                "sum of integers and reals");
    }

    Typed aggregate(Expr.Call call, String name, Scope scope, String over) {
        if (call.star()) {
            if (!name.equals("count")) {
                throw new Refusal(call.name() + "(*)");
            }
            return Typed.of("count(*)" + filter(call, scope) + over, SqlType.INTEGER);
        }
        List<Typed> args = SUMS.contains(name)
                ? CallArguments.numbers(expressions, call, scope)
                : CallArguments.values(expressions, call, scope);
        String distinct = call.distinct() ? "DISTINCT " : "";
        if (args.size() == 1 && ExpressionTranslator.isNumberUnion(args.get(0))) {
            return numberUnionSum(name, call, args.get(0), filter(call, scope) + over);
        }
        if (!call.orderBy().isEmpty() && !name.equals("group_concat") && !name.equals("string_agg")) {
            throw new Refusal("ORDER BY inside " + call.name() + "()");
        }
        String filter = filter(call, scope);
        switch (name) {
            case "count": {
                CallArguments.arity(call, args, 1, 1);
                return Typed.of("count(" + distinct + args.get(0).sql() + ")" + filter + over, SqlType.INTEGER);
            }
            case "sum": {
                CallArguments.arity(call, args, 1, 1);
                Typed arg = ExpressionTranslator.numeric(args.get(0));
                String sum = "sum(" + distinct + arg.sql() + ")" + filter + over;
                if (arg.type() == SqlType.REAL) {
                    statement.sumsReals();
                    return statement.realSums() == RealSums.SQLITE
                            ? realSum(SqliteSums.Kind.SUM, call, arg, scope, filter, over)
                            : engineRealSum(SqliteSums.Kind.SUM, distinct, arg.sql(), filter + over);
                }
                return Typed.of(
                        "CAST(" + sum + " AS BIGINT)", arg.type() == SqlType.NULL ? SqlType.NULL : SqlType.INTEGER);
            }
            case "total": {
                CallArguments.arity(call, args, 1, 1);
                Typed arg = ExpressionTranslator.numeric(args.get(0));
                if (arg.type() == SqlType.REAL) {
                    statement.sumsReals();
                    if (statement.realSums() == RealSums.SQLITE) {
                        return realSum(SqliteSums.Kind.TOTAL, call, arg, scope, filter, over);
                    }
                    return engineRealSum(
                            SqliteSums.Kind.TOTAL, distinct, "CAST(" + arg.sql() + " AS DOUBLE)", filter + over);
                }
                String sum = arg.type() == SqlType.INTEGER
                        ? integerSum(distinct, arg.sql(), filter + over)
                        : "sum(" + distinct + "CAST(" + arg.sql() + " AS DOUBLE))" + filter + over;
                return Typed.of("COALESCE(" + sum + ", 0.0)", SqlType.REAL);
            }
            case "avg": {
                CallArguments.arity(call, args, 1, 1);
                Typed arg = ExpressionTranslator.numeric(args.get(0));
                if (arg.type() == SqlType.REAL) {
                    statement.sumsReals();
                    if (statement.realSums() == RealSums.SQLITE) {
                        return realSum(SqliteSums.Kind.AVG, call, arg, scope, filter, over);
                    }
                    return engineRealSum(
                            SqliteSums.Kind.AVG, distinct, "CAST(" + arg.sql() + " AS DOUBLE)", filter + over);
                }
                if (arg.type() == SqlType.INTEGER) {
                    return Typed.of(
                            "(" + integerSum(distinct, arg.sql(), filter + over) + " / count(" + distinct + arg.sql()
                                    + ")" + filter + over + ")",
                            SqlType.REAL);
                }
                return Typed.of("avg(" + distinct + "CAST(" + arg.sql() + " AS DOUBLE))" + filter + over, SqlType.REAL);
            }
            case "min":
            case "max": {
                Typed arg = args.get(0);
                if (arg.type() == SqlType.MIXED) {
                    throw new Refusal("min/max over a column of several storage classes");
                }
                // Like every function's, its result has no affinity (measured on SQLite 3.54: max(t) < 7 over a
                // TEXT column t compares text with an integer).
                return new Typed(
                        name + "(" + distinct + arg.sql() + ")" + filter + over,
                        arg.type(),
                        SqliteAffinity.NONE,
                        null,
                        null);
            }
            case "group_concat":
            case "string_agg":
                return groupConcat(call, args, scope, filter, over);
            default:
                throw new Refusal("the aggregate " + call.name() + "() has no checked "
                        + statement.dialect().name() + " counterpart");
        }
    }

    /**
     * A sum of integers as total() and avg() take it: added exactly, then made a double once (adding doubles would
     * round each value beyond 2^53). SQLite adds approximately from the first partial sum beyond 64 bits on, so
     * where one could be (the positive or the negative values add up beyond 64 bits, whatever their order) the step
     * is refused as it runs.
     */
    private String integerSum(String distinct, String arg, String suffix) {
        String positive = "sum(CASE WHEN " + arg + " > 0 THEN " + arg + " END)" + suffix;
        String negative = "sum(CASE WHEN " + arg + " < 0 THEN " + arg + " END)" + suffix;
        return "CASE WHEN coalesce(" + positive + ", 0) <= 9223372036854775807 AND coalesce(" + negative
                + ", 0) >= -9223372036854775808 THEN CAST(CAST(sum(" + distinct + arg + ")" + suffix
                + " AS BIGINT) AS DOUBLE) ELSE "
                + statement
                        .dialect()
                        .fail(SqliteToDuckDb.RUN_TIME_REFUSAL
                                + "a sum of integers may pass 2^63, from where SQLite adds them approximately; run this"
                                + " step on sqlite")
                + " END";
    }

    /**
     * A sum, total or average of reals added in the engine's own order: with its compensated aggregate ({@link
     * RealSums#COMPENSATED}, where the dialect has one) or its plain one. Only the order of addition may differ from
     * SQLite's; what does not depend on it is SQLite's: an infinity among finite values stays that infinity (DuckDB's
     * compensated sum makes it NaN, so the plain sum answers then), and a NaN result (infinities of both signs) is
     * NULL, as SQLite makes it.
     */
    private Typed engineRealSum(SqliteSums.Kind kind, String distinct, String value, String suffix) {
        SqlDialect dialect = statement.dialect();
        boolean average = kind == SqliteSums.Kind.AVG;
        String plain = (average ? "avg(" : "sum(") + distinct + value + ")" + suffix;
        String sum = plain;
        if (statement.realSums() == RealSums.COMPENSATED) {
            String compensated =
                    average ? dialect.compensatedAverage(distinct + value) : dialect.compensatedSum(distinct + value);
            sum = compensated + suffix;
        }
        String finite = "CASE WHEN isnan(" + plain + ") THEN NULL ELSE " + plain + " END";
        String result =
                sum.equals(plain) ? finite : "CASE WHEN isnan(" + sum + ") THEN " + finite + " ELSE " + sum + " END";
        if (kind == SqliteSums.Kind.TOTAL) {
            result = "CASE WHEN " + plain + " IS NULL THEN 0.0 ELSE " + result + " END";
        }
        return Typed.of(result, SqlType.REAL);
    }

    /** A sum of reals as SQLite adds them: compensated, in its row order (see {@link SqliteSums}). */
    private Typed realSum(SqliteSums.Kind kind, Expr.Call call, Typed arg, Scope scope, String filter, String over) {
        statement.require(SqlDialect.Feature.ORDERED_REAL_SUMS, "a sum of reals added in SQLite's row order");
        if (!over.isEmpty()) {
            throw new Refusal(call.name() + " of reals as a window function, whose last digits follow SQLite's"
                    + " order of adding");
        }
        if (call.distinct()) {
            throw new Refusal(call.name() + "(DISTINCT ...) of reals, whose last digits follow the order SQLite"
                    + " meets the values in");
        }
        String order = scope.rowOrder(call.name() + " of reals");
        return Typed.of(SqliteSums.sql(kind, arg.sql(), order, filter), SqlType.REAL);
    }

    private Typed groupConcat(Expr.Call call, List<Typed> args, Scope scope, String filter, String over) {
        statement.require(SqlDialect.Feature.ORDERED_STRING_AGGREGATES, call.name() + "() in SQLite's order");
        CallArguments.arity(call, args, 1, 2);
        if (!over.isEmpty()) {
            throw new Refusal("group_concat as a window function");
        }
        if (call.distinct()) {
            return distinctGroupConcat(call, args, scope, filter);
        }
        Typed value = ExpressionTranslator.text(args.get(0), statement.dialect());
        String separator = ",";
        if (args.size() == 2) {
            Typed sep = ExpressionTranslator.text(args.get(1), statement.dialect());
            if (!(sep.constant() instanceof String s)) {
                throw new Refusal("a group_concat separator that is not a constant");
            }
            separator = s;
        } else if (call.name().equalsIgnoreCase("string_agg")) {
            throw new Refusal("string_agg needs a separator");
        }
        String order;
        if (!call.orderBy().isEmpty()) {
            StringJoiner terms = new StringJoiner(", ");
            for (OrderItem item : call.orderBy()) {
                terms.add(statement.orderTerm(
                        item, expressions.value(item.expr(), scope).sql()));
            }
            order = terms.toString();
        } else {
            order = scope.rowOrder("group_concat");
        }
        return Typed.of(
                statement
                                .dialect()
                                .orderedStringAggregate(
                                        value.sql(), statement.dialect().literal(separator), order)
                        + filter,
                SqlType.TEXT);
    }

    /**
     * {@code group_concat(DISTINCT x)}: SQLite keeps each value the first time it meets it, in the order it reads the
     * rows, and joins them with commas (it takes no separator then). The values are gathered with their row order,
     * sorted by value and order so each value's first row leads its run, kept once, and put back in row order. Only
     * integers and text compared as bytes, whose text tells equal values from different ones as SQLite's DISTINCT does
     * (reals render -0.0 and 0.0 apart, which DISTINCT holds equal).
     */
    private Typed distinctGroupConcat(Expr.Call call, List<Typed> args, Scope scope, String filter) {
        statement.require(SqlDialect.Feature.LISTS_IN_ORDER, "group_concat(DISTINCT ...) in SQLite's order");
        Typed arg = args.get(0);
        if (args.size() != 1 || !call.orderBy().isEmpty()) {
            throw new Refusal("group_concat(DISTINCT ...) with a separator or an ORDER BY");
        }
        if (arg.type() != SqlType.TEXT && arg.type() != SqlType.INTEGER
                || arg.collation() != null && !arg.collation().equals("BINARY")) {
            throw new Refusal("group_concat(DISTINCT ...) of values other than integers or text compared as bytes");
        }
        String value = ExpressionTranslator.text(arg, statement.dialect()).sql();
        String rows = "list({'v': " + value + ", 'o': " + scope.rowOrder("group_concat") + "})" + filter;
        String sorted = "list_sort(list_filter(" + rows + ", lambda e: struct_extract(e, 'v') IS NOT NULL))";
        String firsts = "list_filter(s, lambda e, i: i = 1 OR struct_extract(s[i - 1], 'v') <> struct_extract(e, 'v'))";
        String inRowOrder = "list_sort(list_transform(" + firsts
                + ", lambda e: {'o': struct_extract(e, 'o'), 'v': struct_extract(e, 'v')}))";
        String joined = "array_to_string(list_transform(" + inRowOrder + ", lambda e: struct_extract(e, 'v')), ',')";
        return Typed.of(
                statement.dialect().bind(sorted, "s", "CASE WHEN len(s) = 0 THEN NULL ELSE " + joined + " END"),
                SqlType.TEXT);
    }

    /** A call's {@code FILTER (WHERE ...)} clause, or nothing. */
    String filter(Expr.Call call, Scope scope) {
        if (call.filter() == null) {
            return "";
        }
        return " FILTER (WHERE " + expressions.predicate(call.filter(), scope) + ")";
    }
}

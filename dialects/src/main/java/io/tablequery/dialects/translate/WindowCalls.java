package io.tablequery.dialects.translate;

import io.tablequery.dialects.sql.Expr;
import io.tablequery.dialects.sql.SqliteAggregates;
import java.util.List;
import java.util.StringJoiner;

/**
 * Translates SQLite's window functions into the target's SQL with SQLite's results: its ranking, distribution, offset
 * and value functions, and its aggregates over a window ({@link AggregateCalls}).
 */
final class WindowCalls {
    private final ExpressionTranslator expressions;
    private final StatementTranslator statement;
    private final AggregateCalls aggregates;

    WindowCalls(ExpressionTranslator expressions, StatementTranslator statement, AggregateCalls aggregates) {
        this.expressions = expressions;
        this.statement = statement;
        this.aggregates = aggregates;
    }

    Typed call(Expr.Call call, String name, Scope scope) {
        String over = " OVER " + statement.window(call.over(), scope);
        if (SqliteAggregates.names(call)) {
            Aggregation aggregation = scope.aggregation;
            if (aggregation != null) {
                aggregation.shelter++;
            }
            try {
                return aggregates.aggregate(call, name, scope, over);
            } finally {
                if (aggregation != null) {
                    aggregation.shelter--;
                }
            }
        }
        if (call.distinct() || call.star() || !call.orderBy().isEmpty()) {
            throw new Refusal("DISTINCT, * or ORDER BY inside the window function " + call.name() + "()");
        }
        List<Typed> args = CallArguments.values(expressions, call, scope);
        String filter = aggregates.filter(call, scope);
        switch (name) {
            case "row_number":
            case "rank":
            case "dense_rank":
                CallArguments.arity(call, args, 0, 0);
                return Typed.of(name + "()" + filter + over, SqlType.INTEGER);
            case "percent_rank":
            case "cume_dist":
                CallArguments.arity(call, args, 0, 0);
                return Typed.of(name + "()" + filter + over, SqlType.REAL);
            case "ntile":
                CallArguments.arity(call, args, 1, 1);
                return Typed.of(
                        "ntile(" + CallArguments.integer(args.get(0), call).sql() + ")" + filter + over,
                        SqlType.INTEGER);
            case "lag":
            case "lead": {
                CallArguments.arity(call, args, 1, 3);
                Typed value = args.get(0);
                StringJoiner list = new StringJoiner(", ", name + "(", ")");
                list.add(value.sql());
                if (args.size() > 1) {
                    list.add(CallArguments.integer(args.get(1), call).sql());
                }
                if (args.size() > 2) {
                    ExpressionTranslator.unify(List.of(value, args.get(2)), "lag/lead and their default");
                    list.add(args.get(2).sql());
                }
                return Typed.of(list + filter + over, ExpressionTranslator.unify(List.of(value), "lag"));
            }
            case "first_value":
            case "last_value":
                CallArguments.arity(call, args, 1, 1);
                return Typed.of(
                        name + "(" + args.get(0).sql() + ")" + filter + over,
                        args.get(0).type());
            case "nth_value":
                CallArguments.arity(call, args, 2, 2);
                return Typed.of(
                        "nth_value(" + args.get(0).sql() + ", "
                                + CallArguments.integer(args.get(1), call).sql() + ")" + filter + over,
                        args.get(0).type());
            default:
                throw new Refusal("the window function " + call.name() + "()");
        }
    }
}

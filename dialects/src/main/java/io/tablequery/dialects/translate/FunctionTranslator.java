package io.tablequery.dialects.translate;

import io.tablequery.dialects.sql.Expr;
import io.tablequery.dialects.sql.SqliteAggregates;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.StringJoiner;

/**
 * Translates SQLite's built-in functions into the target's SQL with SQLite's results: numeric, conditional and date
 * functions here, text functions in {@link TextFunctions}, aggregates in {@link AggregateCalls}, window functions in {@link WindowCalls}, lineage's row summaries in
 * {@link RowSummaryCalls}.
 */
final class FunctionTranslator {
    private static final Set<String> REFUSED = Set.of(
            "random",
            "randomblob",
            "zeroblob",
            "quote",
            "changes",
            "total_changes",
            "last_insert_rowid",
            "sqlite_version",
            "sqlite_source_id",
            "sqlite_compileoption_used",
            "sqlite_compileoption_get",
            "sqlite_offset",
            "load_extension",
            "soundex",
            "unistr",
            "unistr_quote",
            "timediff",
            "regexp");

    private final ExpressionTranslator expressions;
    private final StatementTranslator statement;
    private final AggregateCalls aggregates;
    private final WindowCalls windows;
    private final RowSummaryCalls rowSummaries;
    private final TextFunctions texts;

    FunctionTranslator(ExpressionTranslator expressions, StatementTranslator statement) {
        this.expressions = expressions;
        this.statement = statement;
        this.aggregates = new AggregateCalls(expressions, statement);
        this.windows = new WindowCalls(expressions, statement, aggregates);
        this.rowSummaries = new RowSummaryCalls(expressions, statement);
        this.texts = new TextFunctions(statement);
    }

    Typed call(Expr.Call call, Scope scope) {
        String name = call.name().toLowerCase(Locale.ROOT);
        if (name.equals(SqlDialect.ROW_SUMMARY)
                || name.equals(SqlDialect.ROW_LIST)
                || name.equals(SqlDialect.ROW_LISTS)) {
            return rowSummaries.call(call, scope);
        }
        SqlDialect dialect = statement.dialect();
        if (REFUSED.contains(name) || name.startsWith("json") || name.startsWith("fts")) {
            throw new Refusal("the function " + call.name() + "() has no exact " + dialect.name() + " counterpart");
        }
        int arguments = call.star() ? 0 : call.args().size();
        if (!dialect.hasFunction(name, arguments)) {
            throw new Refusal("the function " + call.name() + "() with " + arguments
                    + (arguments == 1 ? " argument" : " arguments") + " has no checked " + dialect.name()
                    + " counterpart");
        }
        if (call.over() != null) {
            return windows.call(call, name, scope);
        }
        if (SqliteAggregates.isAggregate(call)) {
            Aggregation aggregation = scope.aggregation;
            if (aggregation == null) {
                throw new Refusal("an aggregate where none is allowed");
            }
            aggregation.shelter++;
            try {
                return aggregates.aggregate(call, name, scope, "");
            } finally {
                aggregation.shelter--;
            }
        }
        if (call.distinct() || call.star() || !call.orderBy().isEmpty() || call.filter() != null) {
            throw new Refusal("DISTINCT, *, ORDER BY or FILTER in the scalar function " + call.name() + "()");
        }
        if (DateTimes.handles(name)) {
            List<Typed> args = CallArguments.values(expressions, call, scope);
            Optional<String> folded = ConstantDates.fold(name, args);
            if (folded.isPresent()) {
                return Typed.text(folded.get(), dialect);
            }
            DateTimeDialect times = dialect.dateTimes()
                    .orElseThrow(() -> new Refusal("SQLite's date function " + call.name()
                            + "() of values that are not constant dates and whole shifts has no exact "
                            + dialect.name() + " counterpart"));
            return new DateTimes(dialect, times).call(name, args);
        }
        return scalar(
                call,
                name,
                name.equals("round")
                        ? CallArguments.numbers(expressions, call, scope)
                        : CallArguments.values(expressions, call, scope));
    }

    private Typed scalar(Expr.Call call, String name, List<Typed> args) {
        switch (name) {
            case "coalesce":
            case "ifnull": {
                CallArguments.arity(call, args, 2, name.equals("ifnull") ? 2 : Integer.MAX_VALUE);
                List<String> conditions = new ArrayList<>();
                for (Typed arg : args.subList(0, args.size() - 1)) {
                    conditions.add(arg.sql() + " IS NOT NULL");
                }
                return expressions.branches(
                        conditions, args.subList(0, args.size() - 1), args.get(args.size() - 1), name + " arguments");
            }
            case "nullif": {
                CallArguments.arity(call, args, 2, 2);
                String equal =
                        expressions.compare(args.get(0), "=", args.get(1)).sql();
                return Typed.of(
                        "CASE WHEN " + equal + " THEN NULL ELSE " + args.get(0).sql() + " END",
                        args.get(0).type());
            }
            case "iif":
            case "if": {
                CallArguments.arity(call, args, 2, Integer.MAX_VALUE);
                List<String> conditions = new ArrayList<>();
                List<Typed> results = new ArrayList<>();
                int i = 0;
                for (; i + 1 < args.size(); i += 2) {
                    conditions.add(expressions.predicate(args.get(i)));
                    results.add(args.get(i + 1));
                }
                Typed otherwise = i < args.size() ? args.get(i) : null;
                return expressions.branches(conditions, results, otherwise, "iif branches");
            }
            case "min":
            case "max": {
                CallArguments.arity(call, args, 2, Integer.MAX_VALUE);
                SqlType type = ExpressionTranslator.unify(args, name + " arguments");
                StringJoiner anyNull = new StringJoiner(" OR ");
                args.forEach(arg -> anyNull.add(arg.sql() + " IS NULL"));
                String function = name.equals("max") ? "greatest" : "least";
                return Typed.of(
                        "CASE WHEN " + anyNull + " THEN NULL ELSE " + CallArguments.join(function, args) + " END",
                        type);
            }
            case "abs": {
                CallArguments.arity(call, args, 1, 1);
                Typed arg = args.get(0);
                if (arg.type() == SqlType.TEXT && arg.isConstant()) {
                    return Typed.constant(Math.abs(
                            SqliteNumbers.prefix((String) arg.constant()).doubleValue()));
                }
                Typed number = ExpressionTranslator.numeric(arg);
                return Typed.of("abs(" + number.sql() + ")", number.type());
            }
            case "sign": {
                CallArguments.arity(call, args, 1, 1);
                Typed arg = args.get(0);
                if (arg.type() == SqlType.TEXT && arg.isConstant()) {
                    Number number = SqliteNumbers.whole((String) arg.constant());
                    return number == null
                            ? Typed.nullValue()
                            : Typed.constant((long) Math.signum(number.doubleValue()));
                }
                return Typed.of(
                        "CAST(sign(" + ExpressionTranslator.numeric(arg).sql() + ") AS BIGINT)", SqlType.INTEGER);
            }
            case "round":
                return round(call, args);
            case "ceil":
            case "ceiling":
            case "floor":
            case "trunc": {
                CallArguments.arity(call, args, 1, 1);
                Typed number = ExpressionTranslator.numeric(args.get(0));
                if (number.type() != SqlType.REAL) {
                    return number;
                }
                String function = name.equals("ceiling") ? "ceil" : name;
                return Typed.of("CAST(" + function + "(" + number.sql() + ") AS DOUBLE)", SqlType.REAL);
            }
            case "sqrt":
                return math(call, args, "sqrt", "%s < 0");
            case "ln":
                return math(call, args, "ln", "%s <= 0");
            case "log10":
                return math(call, args, "log10", "%s <= 0");
            case "log2":
                return math(call, args, "log2", "%s <= 0");
            case "log":
                if (args.size() == 1) {
                    return math(call, args, "log10", "%s <= 0");
                }
                throw new Refusal("log with a base");
            case "exp":
            case "sin":
            case "cos":
            case "tan":
            case "atan":
            case "degrees":
            case "radians":
                return math(call, args, name, null);
            case "asin":
            case "acos":
                return math(call, args, name, "abs(%s) > 1");
            case "pi":
                CallArguments.arity(call, args, 0, 0);
                return Typed.of("pi()", SqlType.REAL);
            case "pow":
            case "power": {
                CallArguments.arity(call, args, 2, 2);
                return Typed.of(
                        "pow(CAST(" + ExpressionTranslator.numeric(args.get(0)).sql() + " AS DOUBLE), CAST("
                                + ExpressionTranslator.numeric(args.get(1)).sql() + " AS DOUBLE))",
                        SqlType.REAL);
            }
            case "likely":
            case "unlikely":
                CallArguments.arity(call, args, 1, 1);
                return args.get(0);
            case "likelihood":
                CallArguments.arity(call, args, 2, 2);
                return args.get(0);
            default:
                return texts.call(call, name, args);
        }
    }

    private Typed round(Expr.Call call, List<Typed> args) {
        statement.require(SqlDialect.Feature.ROUNDING, "round() with SQLite's digits");
        CallArguments.arity(call, args, 1, 2);
        // round() reads an integer as a real: of integers and reals row by row, each row's value as a double.
        Typed value = ExpressionTranslator.isNumberUnion(args.get(0))
                ? args.get(0)
                : ExpressionTranslator.numeric(args.get(0));
        if (value.isNullLiteral()) {
            return Typed.nullValue();
        }
        long digits = 0;
        if (args.size() == 2) {
            if (!(ExpressionTranslator.numeric(args.get(1)).constant() instanceof Number n)) {
                throw new Refusal("round with a number of digits that is not a constant");
            }
            digits = Math.max(0, Math.min(30, n.longValue()));
        }
        return Typed.of(
                SqliteRounding.sql(statement.dialect(), "CAST(" + value.sql() + " AS DOUBLE)", (int) digits),
                SqlType.REAL);
    }

    private Typed math(Expr.Call call, List<Typed> args, String function, String nullWhen) {
        CallArguments.arity(call, args, 1, 1);
        String x = "CAST(" + ExpressionTranslator.numeric(args.get(0)).sql() + " AS DOUBLE)";
        String sql = function + "(" + x + ")";
        if (nullWhen != null) {
            sql = "CASE WHEN " + nullWhen.formatted(x) + " THEN NULL ELSE " + sql + " END";
        }
        return Typed.of(sql, SqlType.REAL);
    }
}

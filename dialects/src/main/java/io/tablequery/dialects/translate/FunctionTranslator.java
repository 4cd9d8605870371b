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
 * Translates SQLite's built-in functions into the target's SQL with SQLite's results: scalar and date functions here,
 * aggregates and window functions in {@link AggregateCalls}.
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

    FunctionTranslator(ExpressionTranslator expressions, StatementTranslator statement) {
        this.expressions = expressions;
        this.statement = statement;
        this.aggregates = new AggregateCalls(expressions, statement);
    }

    Typed call(Expr.Call call, Scope scope) {
        String name = call.name().toLowerCase(Locale.ROOT);
        if (name.equals(SqlDialect.ROW_SUMMARY)
                || name.equals(SqlDialect.ROW_LIST)
                || name.equals(SqlDialect.ROW_LISTS)) {
            return aggregates.rowSummary(call, scope);
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
            return aggregates.window(call, name, scope);
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
                return Typed.of("CASE WHEN " + anyNull + " THEN NULL ELSE " + join(function, args) + " END", type);
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
            case "length": {
                CallArguments.arity(call, args, 1, 1);
                Typed arg = args.get(0);
                if (arg.type() == SqlType.BLOB) {
                    return Typed.of("octet_length(" + arg.sql() + ")", SqlType.INTEGER);
                }
                if (arg.isNullLiteral()) {
                    return Typed.nullValue();
                }
                return Typed.of(
                        "length("
                                + ExpressionTranslator.text(arg, statement.dialect())
                                        .sql() + ")",
                        SqlType.INTEGER);
            }
            case "octet_length": {
                CallArguments.arity(call, args, 1, 1);
                return Typed.of(
                        "octet_length(encode("
                                + ExpressionTranslator.text(args.get(0), statement.dialect())
                                        .sql() + "))",
                        SqlType.INTEGER);
            }
            case "lower":
            case "upper": {
                CallArguments.arity(call, args, 1, 1);
                Typed arg = ExpressionTranslator.text(args.get(0), statement.dialect());
                if (arg.isConstant()) {
                    return Typed.text(
                            ExpressionTranslator.foldAscii((String) arg.constant(), name.equals("lower")),
                            statement.dialect());
                }
                if (arg.isNullLiteral()) {
                    return Typed.nullValue();
                }
                String from = name.equals("lower") ? ExpressionTranslator.UPPER : ExpressionTranslator.LOWER;
                String to = name.equals("lower") ? ExpressionTranslator.LOWER : ExpressionTranslator.UPPER;
                return Typed.of("translate(" + arg.sql() + ", '" + from + "', '" + to + "')", SqlType.TEXT);
            }
            case "substr":
            case "substring": {
                CallArguments.arity(call, args, 2, 3);
                Typed value = args.get(0);
                if (value.type() == SqlType.BLOB) {
                    throw new Refusal("substr of a blob");
                }
                if (!statement.dialect().has(SqlDialect.Feature.SUBSTR_ANY_POSITION)) {
                    substrFromTheFirstCharacter(value, args);
                }
                StringJoiner list = new StringJoiner(", ", "substring(", ")");
                list.add(ExpressionTranslator.text(value, statement.dialect()).sql());
                for (int i = 1; i < args.size(); i++) {
                    list.add(CallArguments.integer(args.get(i), call).sql());
                }
                return Typed.of(list.toString(), SqlType.TEXT);
            }
            case "trim":
            case "ltrim":
            case "rtrim":
            case "replace":
            case "instr": {
                CallArguments.arity(call, args, name.endsWith("trim") ? 1 : 2, name.equals("replace") ? 3 : 2);
                List<Typed> texts = new ArrayList<>();
                for (Typed arg : args) {
                    if (arg.type() == SqlType.BLOB) {
                        throw new Refusal(name + " of a blob");
                    }
                    texts.add(ExpressionTranslator.text(arg, statement.dialect()));
                }
                return Typed.of(join(name, texts), name.equals("instr") ? SqlType.INTEGER : SqlType.TEXT);
            }
            case "concat":
            case "concat_ws": {
                CallArguments.arity(call, args, name.equals("concat") ? 1 : 2, Integer.MAX_VALUE);
                List<Typed> texts = new ArrayList<>();
                for (Typed arg : args) {
                    texts.add(ExpressionTranslator.text(arg, statement.dialect()));
                }
                return Typed.of(join(name, texts), SqlType.TEXT);
            }
            case "char": {
                if (args.isEmpty()) {
                    return Typed.text("", statement.dialect());
                }
                StringJoiner chars = new StringJoiner(" || ", "(", ")");
                for (Typed arg : args) {
                    chars.add("chr(CAST(" + CallArguments.integer(arg, call).sql() + " AS INTEGER))");
                }
                return Typed.of(chars.toString(), SqlType.TEXT);
            }
            case "unicode": {
                CallArguments.arity(call, args, 1, 1);
                Typed arg = ExpressionTranslator.text(args.get(0), statement.dialect());
                return Typed.of(
                        "CASE WHEN " + arg.sql() + " = '' THEN NULL ELSE unicode(" + arg.sql() + ") END",
                        SqlType.INTEGER);
            }
            case "hex": {
                CallArguments.arity(call, args, 1, 1);
                Typed arg = args.get(0);
                if (arg.isNullLiteral()) {
                    return Typed.text("", statement.dialect());
                }
                String bytes = arg.type() == SqlType.BLOB
                        ? arg.sql()
                        : ExpressionTranslator.text(arg, statement.dialect()).sql();
                return Typed.of("COALESCE(upper(hex(" + bytes + ")), '')", SqlType.TEXT);
            }
            case "typeof": {
                CallArguments.arity(call, args, 1, 1);
                Typed arg = args.get(0);
                String type = (arg.type() == SqlType.BOOLEAN ? SqlType.INTEGER : arg.type())
                        .name()
                        .toLowerCase(Locale.ROOT);
                if (arg.isNullLiteral() || arg.isConstant()) {
                    return Typed.text(type, statement.dialect());
                }
                if (arg.type() == SqlType.MIXED) {
                    throw new Refusal("typeof over a column of several storage classes");
                }
                if (arg.type() == SqlType.INTEGER) {
                    // SQLite turns integer arithmetic that overflows into a real; DuckDB raises instead (and auto then
                    // runs SQLite), but only if it computes the value, which "x * y IS NULL" lets it skip.
                    return Typed.of(
                            statement
                                    .dialect()
                                    .bind(arg.sql(), "v", "CASE WHEN v IS NULL THEN 'null' ELSE '" + type + "' END"),
                            SqlType.TEXT);
                }
                return Typed.of(
                        "CASE WHEN " + arg.sql() + " IS NULL THEN 'null' ELSE '" + type + "' END", SqlType.TEXT);
            }
            case "printf":
            case "format":
                statement.require(SqlDialect.Feature.PRINTF, "SQLite's printf()");
                return Printf.call(args, statement.dialect());
            case "like": {
                CallArguments.arity(call, args, 2, 3);
                String sql = ExpressionTranslator.lowerAscii(
                                ExpressionTranslator.text(args.get(1), statement.dialect()), statement.dialect())
                        + " LIKE "
                        + ExpressionTranslator.lowerAscii(
                                ExpressionTranslator.text(args.get(0), statement.dialect()), statement.dialect());
                if (args.size() == 3) {
                    if (!(args.get(2).constant() instanceof String escape)) {
                        throw new Refusal("a LIKE escape that is not a constant");
                    }
                    sql += " ESCAPE " + statement.dialect().literal(escape);
                }
                return Typed.of("(" + sql + ")", SqlType.BOOLEAN);
            }
            case "glob": {
                CallArguments.arity(call, args, 2, 2);
                if (!(args.get(0).constant() instanceof String glob)) {
                    throw new Refusal("a GLOB pattern that is not a constant");
                }
                statement.require(SqlDialect.Feature.GLOB, "GLOB");
                return Typed.of(
                        "("
                                + ExpressionTranslator.text(args.get(1), statement.dialect())
                                        .sql() + " GLOB " + statement.dialect().literal(GlobPatterns.toDuckDb(glob))
                                + ")",
                        SqlType.BOOLEAN);
            }
            case "likely":
            case "unlikely":
                CallArguments.arity(call, args, 1, 1);
                return args.get(0);
            case "likelihood":
                CallArguments.arity(call, args, 2, 2);
                return args.get(0);
            default:
                throw new Refusal("the function " + call.name() + "()");
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

    /**
     * For a target whose {@code substring} agrees with SQLite's only from the first character on: the text must be
     * text, the start a constant integer of at least 1 and the length, if any, a constant integer of at least 0.
     */
    private static void substrFromTheFirstCharacter(Typed value, List<Typed> args) {
        if (value.type() != SqlType.TEXT) {
            throw new Refusal("substr of a value that is not text");
        }
        for (int i = 1; i < args.size(); i++) {
            long least = i == 1 ? 1 : 0;
            if (!(args.get(i).constant() instanceof Long n) || n < least) {
                throw new Refusal("substr with a start that is not a constant of at least 1, or a length that is not a"
                        + " constant of at least 0 (SQLite counts positions before the first character)");
            }
        }
    }

    private static String join(String function, List<Typed> args) {
        StringJoiner list = new StringJoiner(", ", function + "(", ")");
        args.forEach(arg -> list.add(arg.sql()));
        return list.toString();
    }
}

package io.tablequery.dialects.translate;

import io.tablequery.dialects.sql.Expr;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.StringJoiner;

/**
 * Translates SQLite's text functions into the target's SQL with SQLite's results: lengths, case, substrings, trimming,
 * search and replacement, concatenation, characters and their codes, hex, {@code typeof}, {@code like}, {@code glob}
 * and {@code printf}.
 */
final class TextFunctions {
    private final StatementTranslator statement;

    TextFunctions(StatementTranslator statement) {
        this.statement = statement;
    }

    /**
     * Translates a call of a text function.
     *
     * @param call the call
     * @param name its name in lower case
     * @param args its arguments, translated
     * @return the translation
     * @throws Refusal for a function that is none of these
     */
    Typed call(Expr.Call call, String name, List<Typed> args) {
        switch (name) {
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
                return Typed.of(CallArguments.join(name, texts), name.equals("instr") ? SqlType.INTEGER : SqlType.TEXT);
            }
            case "concat":
            case "concat_ws": {
                CallArguments.arity(call, args, name.equals("concat") ? 1 : 2, Integer.MAX_VALUE);
                List<Typed> texts = new ArrayList<>();
                for (Typed arg : args) {
                    texts.add(ExpressionTranslator.text(arg, statement.dialect()));
                }
                return Typed.of(CallArguments.join(name, texts), SqlType.TEXT);
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
            default:
                throw new Refusal("the function " + call.name() + "()");
        }
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
}

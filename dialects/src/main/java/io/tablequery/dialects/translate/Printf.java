package io.tablequery.dialects.translate;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * SQLite's {@code printf} and {@code format}: each argument is coerced as its conversion reads it (NULL as 0 or the
 * empty string), then DuckDB's C-style {@code printf} formats it.
 */
final class Printf {
    private static final Pattern SPEC = Pattern.compile("%([-+ 0#]*)(\\d*)(\\.\\d+)?([a-zA-Z%])");

    private Printf() {}

    static Typed call(List<Typed> args, SqlDialect dialect) {
        if (args.isEmpty()) {
            throw new Refusal("printf without a format");
        }
        if (!(args.get(0).constant() instanceof String format)) {
            throw new Refusal("a printf format that is not a constant");
        }
        StringBuilder duckFormat = new StringBuilder();
        StringBuilder values = new StringBuilder();
        Matcher matcher = SPEC.matcher(format);
        int last = 0;
        int next = 1;
        while (matcher.find()) {
            duckFormat.append(format, last, matcher.start());
            last = matcher.end();
            char conversion = matcher.group(4).charAt(0);
            if (conversion == '%') {
                duckFormat.append("%%");
                continue;
            }
            Typed arg = next < args.size() ? args.get(next) : Typed.nullValue();
            next++;
            String flags = matcher.group(1) + matcher.group(2) + (matcher.group(3) == null ? "" : matcher.group(3));
            String value;
            char duckConversion = conversion;
            switch (conversion) {
                case 'd', 'i', 'x', 'X', 'o' -> {
                    value = integer(arg, dialect);
                    if (conversion == 'i') {
                        duckConversion = 'd';
                    }
                }
                case 'f', 'e', 'E', 'g', 'G' -> value = real(arg, dialect);
                case 's' -> value = text(arg, dialect);
                case 'c' -> {
                    value = "substring(" + text(arg, dialect) + ", 1, 1)";
                    duckConversion = 's';
                }
                default -> throw new Refusal("the printf conversion %" + conversion);
            }
            duckFormat.append('%').append(flags).append(duckConversion);
            values.append(", ").append(value);
        }
        duckFormat.append(format.substring(last));
        return Typed.of("printf(" + dialect.literal(duckFormat.toString()) + values + ")", SqlType.TEXT);
    }

    private static String integer(Typed arg, SqlDialect dialect) {
        switch (arg.type()) {
            case NULL:
                return "CAST(0 AS BIGINT)";
            case INTEGER:
                return "COALESCE(" + arg.sql() + ", 0)";
            case REAL:
                return "COALESCE(CAST(trunc(" + arg.sql() + ") AS BIGINT), 0)";
            case TEXT:
                if (arg.isConstant()) {
                    return Long.toString(
                            (long) SqliteNumbers.prefix((String) arg.constant()).doubleValue());
                }
                return "COALESCE(CAST(trunc(" + ExpressionTranslator.numericText(arg.sql(), dialect)
                        + ") AS BIGINT), 0)";
            default:
                throw new Refusal("a " + arg.type() + " formatted as an integer");
        }
    }

    private static String real(Typed arg, SqlDialect dialect) {
        switch (arg.type()) {
            case NULL:
                return "CAST(0 AS DOUBLE)";
            case INTEGER:
            case REAL:
                return "COALESCE(CAST(" + arg.sql() + " AS DOUBLE), 0.0)";
            case TEXT:
                return "COALESCE(" + ExpressionTranslator.numericText(arg.sql(), dialect) + ", 0.0)";
            default:
                throw new Refusal("a " + arg.type() + " formatted as a real");
        }
    }

    private static String text(Typed arg, SqlDialect dialect) {
        if (arg.isNullLiteral()) {
            return "''";
        }
        return "COALESCE(" + ExpressionTranslator.text(arg, dialect).sql() + ", '')";
    }
}

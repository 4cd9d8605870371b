package io.tablequery.dialects.translate;

import static io.tablequery.dialects.SqlIdentifiers.literal;

import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * SQLite's date and time functions on DuckDB: the time value becomes a TIMESTAMP (NULL when SQLite would not read
 * it), the modifiers become TIMESTAMP arithmetic (month steps overflow into the next month as in SQLite), and the
 * result is text again, as SQLite returns it.
 */
final class DateTimes {
    private static final Set<String> FUNCTIONS = Set.of(
            "date",
            "time",
            "datetime",
            "julianday",
            "unixepoch",
            "strftime",
            "current_date",
            "current_time",
            "current_timestamp");
    private static final Pattern SHIFT =
            Pattern.compile("([+-]?\\d+(?:\\.\\d*)?)\\s+(day|hour|minute|second|month|year)s?");
    private static final String NOW = "(now() AT TIME ZONE 'UTC')";

    static boolean handles(String name) {
        return FUNCTIONS.contains(name);
    }

    Typed call(String name, List<Typed> args, SqlDialect dialect) {
        switch (name) {
            case "current_date":
                return Typed.of("strftime(" + NOW + ", '%Y-%m-%d')", SqlType.TEXT);
            case "current_time":
                return Typed.of("strftime(" + NOW + ", '%H:%M:%S')", SqlType.TEXT);
            case "current_timestamp":
                return Typed.of("strftime(" + NOW + ", '%Y-%m-%d %H:%M:%S')", SqlType.TEXT);
            case "strftime": {
                if (args.isEmpty()) {
                    throw new Refusal("strftime without a format");
                }
                if (!(args.get(0).constant() instanceof String format)) {
                    throw new Refusal("a strftime format that is not a constant");
                }
                String ts = timestamp(args.subList(1, args.size()), dialect);
                return Typed.of(format(format, ts, dialect), SqlType.TEXT);
            }
            default: {
                String ts = timestamp(args, dialect);
                return switch (name) {
                    case "date" -> Typed.of(signedYear(ts, "-%m-%d"), SqlType.TEXT);
                    case "time" -> Typed.of("strftime(" + ts + ", '%H:%M:%S')", SqlType.TEXT);
                    case "datetime" -> Typed.of(signedYear(ts, "-%m-%d %H:%M:%S"), SqlType.TEXT);
                    case "julianday" ->
                        Typed.of(
                                "((epoch_ms(" + ts + ") + " + TimeTexts.JULIAN_EPOCH_MS + ") / 86400000.0)",
                                SqlType.REAL);
                    case "unixepoch" ->
                        Typed.of("CAST(floor(epoch_ms(" + ts + ") / 1000.0) AS BIGINT)", SqlType.INTEGER);
                    default -> throw new AssertionError(name);
                };
            }
        }
    }

    /** The time value and modifiers as a TIMESTAMP expression, NULL where SQLite returns NULL. */
    private static String timestamp(List<Typed> args, SqlDialect dialect) {
        if (args.isEmpty()) {
            return NOW;
        }
        Typed value = args.get(0);
        List<Typed> modifiers = args.subList(1, args.size());
        boolean unixEpoch = !modifiers.isEmpty()
                && modifiers.get(0).constant() instanceof String first
                && first.equalsIgnoreCase("unixepoch");
        String ts;
        switch (value.type()) {
            case NULL:
                return "CAST(NULL AS TIMESTAMP)";
            case TEXT:
                if (unixEpoch) {
                    throw new Refusal("text with the unixepoch modifier");
                }
                if (value.dateValues() != null) {
                    // Each value is the ISO text of its date, of a year from 1 to 9999: inside SQLite's range.
                    ts = "CAST(" + value.dateValues() + " AS TIMESTAMP)";
                } else {
                    ts = TimeTexts.timestamp(value.sql(), modifiers.size() > 0, NOW, dialect);
                }
                break;
            case INTEGER:
            case REAL:
                ts = unixEpoch ? TimeTexts.unixTime(value.sql(), dialect) : TimeTexts.julian(value.sql());
                break;
            default:
                throw new Refusal("a " + value.type().name().toLowerCase(Locale.ROOT) + " as a time value");
        }
        for (int i = unixEpoch ? 1 : 0; i < modifiers.size(); i++) {
            if (!(modifiers.get(i).constant() instanceof String modifier)) {
                throw new Refusal("a date modifier that is not a constant");
            }
            // SQLite reads a modifier as written: a space before it, or after all but a weekday, makes it unknown.
            ts = modify(ts, modifier.toLowerCase(Locale.ROOT));
        }
        if (modifiers.size() > (unixEpoch ? 1 : 0)) {
            // SQLite answers NULL when a modifier leaves its range of Julian days (-4713-11-24 12:00 to 9999-12-31).
            ts = "list_transform([" + ts + "], lambda t: CASE WHEN epoch_ms(t) BETWEEN -" + TimeTexts.JULIAN_EPOCH_MS
                    + " AND 253402300799999 THEN t END)[1]";
        }
        return ts;
    }

    /**
     * A time value as {@code date} and {@code datetime} write it: the year in four digits, after a minus sign before
     * year 0 ({@code -0976-02-29}), where DuckDB's {@code %Y} writes {@code -976}, and the rest in a format.
     */
    private static String signedYear(String ts, String rest) {
        return "list_transform([" + ts + "], lambda t: CASE WHEN year(t) < 0 THEN '-' || lpad(CAST(-year(t) AS"
                + " VARCHAR), 4, '0') || strftime(t, " + literal(rest) + ") ELSE strftime(t, " + literal("%Y" + rest)
                + ") END)[1]";
    }

    private static String modify(String ts, String modifier) {
        switch (modifier) {
            case "start of day":
                return "date_trunc('day', " + ts + ")";
            case "start of month":
                return "date_trunc('month', " + ts + ")";
            case "start of year":
                return "date_trunc('year', " + ts + ")";
            default:
                break;
        }
        if (modifier.startsWith("weekday ")) {
            String day = modifier.substring("weekday ".length()).strip();
            if (!day.matches("[0-6]")) {
                throw new Refusal("the modifier '" + modifier + "'");
            }
            return "(" + ts + " + to_days(CAST((7 + " + day + " - dayofweek(" + ts + ")) % 7 AS INTEGER)))";
        }
        Matcher shift = SHIFT.matcher(modifier);
        if (!shift.matches()) {
            throw new Refusal("the date modifier '" + modifier + "'");
        }
        String amount = shift.group(1);
        String unit = shift.group(2);
        boolean whole = amount.matches("[+-]?\\d+");
        switch (unit) {
            case "month":
            case "year": {
                if (!whole) {
                    throw new Refusal("a fractional " + unit + " modifier");
                }
                long months = Long.parseLong(amount.replace("+", "")) * (unit.equals("year") ? 12 : 1);
                return "(date_trunc('month', " + ts + ") + to_months(" + months + ") + (" + ts
                        + " - date_trunc('month', " + ts + ")))";
            }
            default: {
                long micros =
                        switch (unit) {
                            case "day" -> 86_400_000_000L;
                            case "hour" -> 3_600_000_000L;
                            case "minute" -> 60_000_000L;
                            default -> 1_000_000L;
                        };
                double value = Double.parseDouble(amount);
                long shiftMicros = Math.round(value * micros / 1000.0) * 1000;
                return "(" + ts + " + to_microseconds(" + shiftMicros + "))";
            }
        }
    }

    /**
     * A strftime format as DuckDB strftime pieces of the time value, read once; %s, which DuckDB lacks, as epoch
     * seconds, and %Y in SQLite's {@code %04d}, which writes year -10 as {@code -010} where DuckDB writes {@code -10}.
     */
    private static String format(String format, String ts, SqlDialect dialect) {
        StringBuilder run = new StringBuilder();
        StringBuilder sql = new StringBuilder();
        for (int i = 0; i < format.length(); i++) {
            char c = format.charAt(i);
            if (c != '%') {
                run.append(c);
                continue;
            }
            if (i + 1 >= format.length()) {
                throw new Refusal("a strftime format ending in %");
            }
            char spec = format.charAt(++i);
            switch (spec) {
                case 'd', 'H', 'I', 'j', 'm', 'M', 'p', 'S', 'u', 'w', 'W', 'U', 'V', 'G', '%' ->
                    run.append('%').append(spec);
                case 'e' -> run.append("%-d");
                case 'f' -> run.append("%S.%g");
                case 'Y' -> {
                    flush(run, sql);
                    append(sql, "printf('%04d', year(t))");
                }
                case 'J' -> {
                    flush(run, sql);
                    append(sql, "printf('%.16g', (epoch_ms(t) + " + TimeTexts.JULIAN_EPOCH_MS + ") / 86400000.0)");
                }
                case 's' -> {
                    flush(run, sql);
                    append(sql, "CAST(CAST(floor(epoch_ms(t) / 1000.0) AS BIGINT) AS VARCHAR)");
                }
                default -> throw new Refusal("the strftime conversion %" + spec);
            }
        }
        flush(run, sql);
        return sql.isEmpty() ? "''" : dialect.bind(ts, "t", sql.toString());
    }

    private static void flush(StringBuilder run, StringBuilder sql) {
        if (run.isEmpty()) {
            return;
        }
        append(sql, "strftime(t, " + literal(run.toString()) + ")");
        run.setLength(0);
    }

    private static void append(StringBuilder sql, String piece) {
        if (!sql.isEmpty()) {
            sql.append(" || ");
        }
        sql.append(piece);
    }
}

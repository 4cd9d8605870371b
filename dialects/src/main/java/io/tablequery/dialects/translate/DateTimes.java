package io.tablequery.dialects.translate;

import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * SQLite's date and time functions on a target that spells the time operations of {@link DateTimeDialect}: the time
 * value becomes a TIMESTAMP of whole milliseconds (NULL when SQLite would not read it, {@link TimeTexts}), the
 * modifiers become arithmetic on its microseconds (month steps overflow into the next month as in SQLite), and the
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
    /**
     * A conversion of this class's own, never in SQLite's formats (which it refuses): the year as {@code date} and
     * {@code datetime} write it, four digits after a sign ({@code -0010}), where strftime's {@code %Y} writes
     * {@code -010}.
     */
    private static final String SIGNED_YEAR = "%\0";

    private static final Pattern SHIFT =
            Pattern.compile("([+-]?\\d+(?:\\.\\d*)?)\\s+(day|hour|minute|second|month|year)s?");

    private final SqlDialect dialect;
    private final DateTimeDialect times;

    DateTimes(SqlDialect dialect, DateTimeDialect times) {
        this.dialect = dialect;
        this.times = times;
    }

    static boolean handles(String name) {
        return FUNCTIONS.contains(name);
    }

    Typed call(String name, List<Typed> args) {
        switch (name) {
            case "current_date":
                return Typed.of(format("%Y-%m-%d", times.now()), SqlType.TEXT);
            case "current_time":
                return Typed.of(format("%H:%M:%S", times.now()), SqlType.TEXT);
            case "current_timestamp":
                return Typed.of(format("%Y-%m-%d %H:%M:%S", times.now()), SqlType.TEXT);
            case "strftime": {
                if (args.isEmpty()) {
                    throw new Refusal("strftime without a format");
                }
                if (!(args.get(0).constant() instanceof String format) || format.indexOf('\0') >= 0) {
                    throw new Refusal("a strftime format that is not a constant text");
                }
                return Typed.of(format(format, timestamp(args.subList(1, args.size()))), SqlType.TEXT);
            }
            default: {
                String ts = timestamp(args);
                return switch (name) {
                    case "date" -> Typed.of(format(SIGNED_YEAR + "-%m-%d", ts), SqlType.TEXT);
                    case "time" -> Typed.of(format("%H:%M:%S", ts), SqlType.TEXT);
                    case "datetime" -> Typed.of(format(SIGNED_YEAR + "-%m-%d %H:%M:%S", ts), SqlType.TEXT);
                    case "julianday" ->
                        Typed.of(
                                "(CAST(" + millis(ts) + " + " + TimeTexts.JULIAN_EPOCH_MS + " AS DOUBLE) / 86400000E0)",
                                SqlType.REAL);
                    case "unixepoch" -> Typed.of("CAST(floor(" + millis(ts) + " / 1000E0) AS BIGINT)", SqlType.INTEGER);
                    default -> throw new AssertionError(name);
                };
            }
        }
    }

    /** The milliseconds since 1970 of a time value, which holds whole milliseconds. */
    private String millis(String ts) {
        return dialect.integerDivision(times.micros(ts), "1000");
    }

    /** The time value and modifiers as a TIMESTAMP expression, NULL where SQLite returns NULL. */
    private String timestamp(List<Typed> args) {
        if (args.isEmpty()) {
            return times.now();
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
                // Each value of a column of dates is the ISO text of its date, of a year from 1 to 9999: inside
                // SQLite's range.
                ts = value.dateValues() != null
                        ? "CAST(" + value.dateValues() + " AS TIMESTAMP)"
                        : TimeTexts.timestamp(value.sql(), modifiers.size() > 0, dialect, times);
                break;
            case INTEGER:
            case REAL:
                ts = unixEpoch ? TimeTexts.unixTime(value.sql(), dialect, times) : TimeTexts.julian(value.sql(), times);
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
            ts = dialect.bind(
                    ts,
                    "t",
                    "CASE WHEN " + millis("t") + " BETWEEN -" + TimeTexts.JULIAN_EPOCH_MS
                            + " AND 253402300799999 THEN t END");
        }
        return ts;
    }

    private String modify(String ts, String modifier) {
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
            return dialect.bind(
                    ts,
                    "w",
                    times.fromMicros(times.micros("w") + " + CAST((7 + " + day + " - " + times.weekday("w")
                            + ") % 7 AS BIGINT) * 86400000000"));
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
                // The day and time kept from the month's start, so that a day past the new month's end overflows.
                String start = "date_trunc('month', m)";
                return dialect.bind(
                        ts,
                        "m",
                        times.fromMicros(times.micros(times.plusMonths(start, months)) + " + (" + times.micros("m")
                                + " - " + times.micros(start) + ")"));
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
                return times.fromMicros(times.micros(ts) + " + " + shiftMicros);
            }
        }
    }

    /**
     * A strftime format of a time value read once: runs of what the target's format patterns write as SQLite does, and
     * the rest spelled here: the year as SQLite's {@code %04d} writes it ({@code -010} for year -10), the day of the
     * month padded with a space, the day of the week, the seconds since 1970 and the Julian day.
     */
    private String format(String format, String ts) {
        StringBuilder pattern = new StringBuilder();
        StringBuilder text = new StringBuilder();
        StringBuilder sql = new StringBuilder();
        String textType = dialect.textType();
        for (int i = 0; i < format.length(); i++) {
            char c = format.charAt(i);
            if (c != '%') {
                text.append(c);
                continue;
            }
            if (i + 1 >= format.length()) {
                throw new Refusal("a strftime format ending in %");
            }
            char spec = format.charAt(++i);
            if (spec == '%') {
                text.append('%');
                continue;
            }
            String spelled = times.conversion(spec);
            if (spelled != null) {
                literal(text, pattern);
                pattern.append(spelled);
                continue;
            }
            String piece =
                    switch (spec) {
                        case 'Y' ->
                            "CASE WHEN year(t) < 0 THEN '-' || lpad(CAST(-year(t) AS " + textType + "), CASE WHEN"
                                    + " year(t) <= -1000 THEN 4 ELSE 3 END, '0') ELSE lpad(CAST(year(t) AS " + textType
                                    + "), 4, '0') END";
                        case '\0' ->
                            "CASE WHEN year(t) < 0 THEN '-' ELSE '' END || lpad(CAST(abs(year(t)) AS " + textType
                                    + "), 4, '0')";
                        case 'e' -> "lpad(CAST(day(t) AS " + textType + "), 2, ' ')";
                        case 'w' -> "CAST(" + times.weekday("t") + " AS " + textType + ")";
                        case 'u' ->
                            "CAST(CASE WHEN " + times.weekday("t") + " = 0 THEN 7 ELSE " + times.weekday("t")
                                    + " END AS " + textType + ")";
                        case 's' -> "CAST(CAST(floor(" + millis("t") + " / 1000E0) AS BIGINT) AS " + textType + ")";
                        case 'J' ->
                            times.sixteenDigits("(CAST(" + millis("t") + " + " + TimeTexts.JULIAN_EPOCH_MS
                                    + " AS DOUBLE) / 86400000E0)");
                        default -> throw new Refusal("the strftime conversion %" + spec);
                    };
            run(text, pattern, sql);
            append(sql, piece);
        }
        run(text, pattern, sql);
        return sql.isEmpty() ? "''" : dialect.bind(ts, "t", sql.toString());
    }

    /** Moves the literal text read so far into the pattern. */
    private void literal(StringBuilder text, StringBuilder pattern) {
        if (!text.isEmpty()) {
            pattern.append(times.patternText(text.toString()));
            text.setLength(0);
        }
    }

    /** Ends the run of the target's pattern read so far, as a piece of the result. */
    private void run(StringBuilder text, StringBuilder pattern, StringBuilder sql) {
        literal(text, pattern);
        if (!pattern.isEmpty()) {
            append(sql, times.format("t", pattern.toString()));
            pattern.setLength(0);
        }
    }

    private static void append(StringBuilder sql, String piece) {
        if (!sql.isEmpty()) {
            sql.append(" || ");
        }
        sql.append(piece);
    }
}

package io.tablequery.dialects.translate;

import java.util.ArrayList;
import java.util.List;

/**
 * Text read as a time value the way SQLite's date functions read it, on any target of {@link DateTimeDialect}: a date
 * {@code [-]YYYY-MM-DD} (a day up to 31 in any month, which overflows into the next: {@code 2024-02-30} is March 1st),
 * then any run of spaces and {@code T}s, then {@code HH:MM[:SS[.fraction]]} (hour 24 only as {@code 24:00}, the next
 * midnight), then spaces and a zone {@code Z} or {@code [+-]HH:MM} (the time is moved to UTC), then spaces; or a time
 * alone, on 2000-01-01; or {@code now}; or a number, a Julian day. The value is SQLite's: whole milliseconds counted as
 * SQLite counts them (its own day-number formula; the fraction is capped at .999 and the seconds rounded half up), and
 * NULL outside SQLite's range of days. SQLite keeps a day past its month's end as written while modifiers other than
 * shifts apply ({@code date('2024-02-30', 'start of day')} is {@code 2024-02-30}), and drops the zone of a time alone
 * under most modifiers; such a value under modifiers is refused as the statement runs.
 */
final class TimeTexts {
    /** The characters SQLite's date parser skips as spaces (C's {@code isspace}). */
    private static final String SPACE = "[ \\t\\n\\x0B\\f\\r]";

    /** A date, a date and time, or a time, with its parts as the groups {@link #GROUPS}; in RE2 and Java's syntax. */
    private static final String ISO = "^(?:(-?\\d{4})-(\\d{2})-(\\d{2})[ \\t\\n\\x0B\\f\\rT]*)?(?:(\\d{2}):(\\d{2})"
            + "(?::(\\d{2})(?:\\.(\\d+))?)?" + SPACE + "*(?:([+-]\\d{2}:\\d{2})|[Zz])?" + SPACE + "*)?$";

    /** The form most dates take, which a cast reads as SQLite does whenever it reads it at all. */
    private static final String COMMON =
            "\\d{4}-\\d{2}-\\d{2}(?:[ T](?:[01]\\d|2[0-3]):[0-5]\\d(?::[0-5]\\d(?:\\.\\d{1,3})?)?)?";

    private static final List<String> GROUPS = List.of("y", "mo", "d", "h", "mi", "s", "f", "zone");

    /** Milliseconds from the Julian day epoch to the Unix epoch. */
    static final long JULIAN_EPOCH_MS = 210866760000000L;

    /** The last millisecond of 9999-12-31, as a Julian day in milliseconds: SQLite's largest time value. */
    private static final long LAST_JULIAN_MS = 464269060799999L;

    /** Fraction digits beyond which SQLite's digit-by-digit sum may differ from the fraction read as a number. */
    private static final int FRACTION_DIGITS = 15;

    private TimeTexts() {}

    /**
     * Spells a text's values as SQLite's date functions read them.
     *
     * @param text the text's SQL
     * @param modified whether modifiers follow, so that the forms SQLite reads otherwise under them are refused
     * @param dialect the target, for its failures and bindings
     * @param times the target's time operations
     * @return a TIMESTAMP expression, NULL where SQLite reads no time value
     */
    static String timestamp(String text, boolean modified, SqlDialect dialect, DateTimeDialect times) {
        List<String> groups = new ArrayList<>();
        for (int group = 1; group <= GROUPS.size(); group++) {
            groups.add("coalesce(regexp_extract(v, " + dialect.literal(ISO) + ", " + group + "), '')");
        }
        String number =
                "TRY_CAST(trim(regexp_extract(v, " + dialect.literal(SqliteNumbers.WHOLE_NUMBER) + ", 0)) AS DOUBLE)";
        String body = "CASE WHEN lower(v) = 'now' THEN " + times.now() + " ELSE COALESCE("
                + dialect.bind(times.array(groups), "r", iso(modified, dialect, times)) + ", " + julian(number, times)
                + ") END";
        // The common form first: a valid date and time of it are read alike by every target (a day past the month's
        // end, hour 24, a longer fraction or a zone take the long way).
        return "COALESCE("
                + times.tryTimestamp("CASE WHEN " + dialect.fullMatch(text, COMMON) + " THEN " + text + " END") + ", "
                + dialect.bind(text, "v", body) + ")";
    }

    /** The time value of the groups {@code r}, or NULL when the text is not of the form or out of range. */
    private static String iso(boolean modified, SqlDialect dialect, DateTimeDialect times) {
        Parts r = new Parts(times);
        String dated = r.group("y") + " <> ''";
        String year = r.number("y", 2000);
        String month = r.number("mo", 1);
        String day = r.number("d", 1);
        String hour = r.number("h", 0);
        String minute = r.number("mi", 0);
        String second = r.number("s", 0);
        String fraction = "(CASE WHEN " + r.group("f") + " = '' THEN 0E0 ELSE least(CAST(" + r.group("f")
                + " AS DOUBLE) / CAST('1' || repeat('0', length(" + r.group("f") + ")) AS DOUBLE), 0.999E0) END)";
        // Each part is read only where it is present: a cast of '' fails on a target of ANSI casts.
        String zoneHours = "(CASE WHEN " + r.group("zone") + " = '' THEN 0 ELSE CAST(substr(" + r.group("zone")
                + ", 2, 2) AS BIGINT) END)";
        String zoneMinutes = "(CASE WHEN " + r.group("zone") + " = '' THEN 0 ELSE CAST(substr(" + r.group("zone")
                + ", 5, 2) AS BIGINT) END)";
        String zone = "((CASE WHEN substr(" + r.group("zone") + ", 1, 1) = '-' THEN -1 ELSE 1 END) * (" + zoneHours
                + " * 60 + " + zoneMinutes + "))";
        // SQLite's computeJD: the day number in milliseconds, with C's integer division (its operands are positive
        // for every year SQLite accepts, -4713 on).
        String y = "(" + year + " - CASE WHEN " + month + " <= 2 THEN 1 ELSE 0 END)";
        String m = "(" + month + " + CASE WHEN " + month + " <= 2 THEN 12 ELSE 0 END)";
        String a = dialect.integerDivision("(" + y + " + 4800)", "100");
        String b = "(38 - " + a + " + " + dialect.integerDivision(a, "4") + ")";
        String x1 = dialect.integerDivision("(36525 * (" + y + " + 4716))", "100");
        String x2 = dialect.integerDivision("(306001 * (" + m + " + 1))", "10000");
        String julianMs = "((" + x1 + " + " + x2 + " + " + day + " + " + b + ") * 86400000 - 131716800000 + " + hour
                + " * 3600000 + " + minute + " * 60000 + CAST(floor((CAST(" + second + " AS DOUBLE) + " + fraction
                + ") * 1000E0 + 0.5E0) AS BIGINT) - " + zone + " * 60000)";
        String invalid = "(" + r.group("y") + " = '' AND " + r.group("h") + " = '') OR " + month
                + " NOT BETWEEN 1 AND 12"
                + " OR " + day + " NOT BETWEEN 1 AND 31 OR " + hour + " > 24 OR " + minute + " > 59 OR " + second
                + " > 59 OR " + hour + " = 24 AND (" + minute + " > 0 OR " + second + " > 0 OR " + fraction + " > 0E0)"
                + " OR " + zoneHours + " > 14 OR " + zoneMinutes + " > 59";
        StringBuilder value = new StringBuilder("CASE WHEN ").append(invalid).append(" THEN NULL");
        value.append(" WHEN length(")
                .append(r.group("f"))
                .append(") > ")
                .append(FRACTION_DIGITS)
                .append(" THEN ")
                .append(dialect.fail(SqliteToDuckDb.RUN_TIME_REFUSAL
                        + "a time with more than " + FRACTION_DIGITS
                        + " digits of a second, which SQLite adds up digit by digit; run this step on sqlite"));
        if (modified) {
            value.append(" WHEN ")
                    .append(dated)
                    .append(" AND ")
                    .append(day)
                    .append(" > ")
                    .append(daysInMonth(year, month))
                    .append(" OR NOT ")
                    .append(dated)
                    .append(" AND ")
                    .append(zone)
                    .append(" <> 0 THEN ")
                    .append(dialect.fail(SqliteToDuckDb.RUN_TIME_REFUSAL
                            + "a date whose day is past its month's end, or a time alone with a zone, which SQLite"
                            + " reads otherwise under some modifiers; run this step on sqlite"));
        }
        String inRange = "CASE WHEN ms BETWEEN 0 AND " + LAST_JULIAN_MS + " THEN "
                + times.fromMicros("(ms - " + JULIAN_EPOCH_MS + ") * 1000") + " END";
        value.append(" ELSE ").append(dialect.bind(julianMs, "ms", inRange)).append(" END");
        return value.toString();
    }

    /** The parts of the text, in the list {@code r} of the groups {@link #GROUPS}, each empty when absent. */
    private record Parts(DateTimeDialect times) {
        String group(String name) {
            return times.element("r", GROUPS.indexOf(name) + 1);
        }

        /** A part as a number, or {@code absent} when it is absent. */
        String number(String name, int absent) {
            return "(CASE WHEN " + group(name) + " = '' THEN " + absent + " ELSE CAST(" + group(name)
                    + " AS BIGINT) END)";
        }
    }

    private static String daysInMonth(String year, String month) {
        String leap = "(" + year + " % 4 = 0 AND (" + year + " % 100 <> 0 OR " + year + " % 400 = 0))";
        return "(CASE " + month + " WHEN 2 THEN CASE WHEN " + leap + " THEN 29 ELSE 28 END WHEN 4 THEN 30 WHEN 6 THEN"
                + " 30 WHEN 9 THEN 30 WHEN 11 THEN 30 ELSE 31 END)";
    }

    /**
     * Spells seconds since 1970 as a TIMESTAMP ({@code unixepoch} modifier), in whole milliseconds rounded as SQLite
     * rounds them (half up, counted from the Julian epoch); NULL outside SQLite's range.
     *
     * @param seconds the seconds, an INTEGER or DOUBLE
     * @param dialect the target
     * @param times the target's time operations
     * @return the TIMESTAMP expression
     */
    static String unixTime(String seconds, SqlDialect dialect, DateTimeDialect times) {
        String ms = "CAST(" + seconds + " AS DOUBLE) * 1000E0 + " + JULIAN_EPOCH_MS + "E0";
        return dialect.bind(
                ms,
                "ms",
                "CASE WHEN ms >= 0E0 AND ms < " + (LAST_JULIAN_MS + 1) + "E0 THEN "
                        + times.fromMicros("(CAST(floor(ms + 0.5E0) AS BIGINT) - " + JULIAN_EPOCH_MS + ") * 1000")
                        + " END");
    }

    /**
     * Spells a Julian day number as a TIMESTAMP, in whole milliseconds rounded as SQLite rounds them; NULL outside
     * SQLite's range (years 0000 to 9999).
     *
     * @param day the day number
     * @param times the target's time operations
     * @return the TIMESTAMP expression
     */
    static String julian(String day, DateTimeDialect times) {
        return "CASE WHEN " + day + " >= 0 AND " + day + " < 5373484.5E0 THEN "
                + times.fromMicros(
                        "CAST(floor((" + day + ") * 86400000E0 + 0.5E0) AS BIGINT) * 1000 - " + JULIAN_EPOCH_MS + "000")
                + " END";
    }
}

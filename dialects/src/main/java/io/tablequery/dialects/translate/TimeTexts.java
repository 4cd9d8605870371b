package io.tablequery.dialects.translate;

import static io.tablequery.dialects.SqlIdentifiers.literal;

import java.util.List;
import java.util.StringJoiner;

/**
 * Text read as a time value the way SQLite's date functions read it, on DuckDB: a date {@code [-]YYYY-MM-DD} (a day
 * up to 31 in any month, which overflows into the next: {@code 2024-02-30} is March 1st), then any run of spaces and
 * {@code T}s, then {@code HH:MM[:SS[.fraction]]} (hour 24 only as {@code 24:00}, the next midnight), then spaces and a zone {@code Z} or
 * {@code [+-]HH:MM} (the time is moved to UTC), then spaces; or a time alone, on 2000-01-01; or {@code now}; or a
 * number, a Julian day. The value is SQLite's: whole milliseconds counted as SQLite counts them (its own day-number
 * formula; the fraction is capped at .999 and the seconds rounded half up), and NULL outside SQLite's range of days.
 * SQLite keeps a day past its month's end as written while modifiers other than shifts apply ({@code date('2024-02-30',
 * 'start of day')} is {@code 2024-02-30}), and drops the zone of a time alone under most modifiers; such a value under
 * modifiers is refused as the statement runs.
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
     * Spells a text column's values as SQLite's date functions read them.
     *
     * @param text the text's SQL
     * @param modified whether modifiers follow, so that a day past its month's end is refused
     * @param now the current time as a TIMESTAMP
     * @param dialect the target, for its failures
     * @return a TIMESTAMP expression, NULL where SQLite reads no time value
     */
    static String timestamp(String text, boolean modified, String now, SqlDialect dialect) {
        StringJoiner groups = new StringJoiner(", ", "[", "]");
        for (int group = 1; group <= GROUPS.size(); group++) {
            groups.add("regexp_extract(v, " + literal(ISO) + ", " + group + ")");
        }
        String number = "TRY_CAST(trim(regexp_extract(v, " + literal(SqliteNumbers.WHOLE_NUMBER) + ", 0)) AS DOUBLE)";
        String body = "CASE WHEN lower(v) = 'now' THEN " + now + " ELSE COALESCE("
                + dialect.bind(groups.toString(), "r", iso(modified, dialect)) + ", " + julian(number) + ") END";
        // The common form first: a valid date and time of it are read alike by both engines (a day past the month's
        // end, hour 24, a longer fraction or a zone take the long way).
        return "COALESCE(TRY_CAST(CASE WHEN " + dialect.fullMatch(text, COMMON) + " THEN " + text
                + " END AS TIMESTAMP), " + dialect.bind(text, "v", body) + ")";
    }

    /** The time value of the groups {@code r}, or NULL when the text is not of the form or out of range. */
    private static String iso(boolean modified, SqlDialect dialect) {
        String dated = group("y") + " <> ''";
        String year = number("y", 2000);
        String month = number("mo", 1);
        String day = number("d", 1);
        String hour = number("h", 0);
        String minute = number("mi", 0);
        String second = number("s", 0);
        String fraction = "(CASE WHEN " + group("f") + " = '' THEN 0.0 ELSE least(CAST(" + group("f")
                + " AS DOUBLE) / CAST('1' || repeat('0', length(" + group("f") + ")) AS DOUBLE), 0.999) END)";
        String zoneHours = "CAST(substr(" + group("zone") + ", 2, 2) AS BIGINT)";
        String zoneMinutes = "CAST(substr(" + group("zone") + ", 5, 2) AS BIGINT)";
        String zone = "(CASE WHEN " + group("zone") + " = '' THEN 0 ELSE (CASE WHEN substr(" + group("zone")
                + ", 1, 1) = '-' THEN -1 ELSE 1 END) * (" + zoneHours + " * 60 + " + zoneMinutes + ") END)";
        // SQLite's computeJD: the day number in milliseconds, with C's integer division (its operands are positive
        // for every year SQLite accepts, -4713 on).
        String y = "(" + year + " - CASE WHEN " + month + " <= 2 THEN 1 ELSE 0 END)";
        String m = "(" + month + " + CASE WHEN " + month + " <= 2 THEN 12 ELSE 0 END)";
        String a = "((" + y + " + 4800) // 100)";
        String b = "(38 - " + a + " + " + a + " // 4)";
        String x1 = "(36525 * (" + y + " + 4716) // 100)";
        String x2 = "(306001 * (" + m + " + 1) // 10000)";
        String julianMs = "((" + x1 + " + " + x2 + " + " + day + " + " + b + ") * 86400000 - 131716800000 + " + hour
                + " * 3600000 + " + minute + " * 60000 + CAST(floor((CAST(" + second + " AS DOUBLE) + " + fraction
                + ") * 1000.0 + 0.5) AS BIGINT) - " + zone + " * 60000)";
        String invalid = "(" + group("y") + " = '' AND " + group("h") + " = '') OR " + month + " NOT BETWEEN 1 AND 12"
                + " OR " + day + " NOT BETWEEN 1 AND 31 OR " + hour + " > 24 OR " + minute + " > 59 OR " + second
                + " > 59 OR " + hour + " = 24 AND (" + minute + " > 0 OR " + second + " > 0 OR " + fraction + " > 0)"
                + " OR " + group("zone") + " <> '' AND (" + zoneHours + " > 14 OR " + zoneMinutes + " > 59)";
        StringBuilder value = new StringBuilder("CASE WHEN ").append(invalid).append(" THEN NULL");
        value.append(" WHEN length(")
                .append(group("f"))
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
        String inRange = "CASE WHEN ms BETWEEN 0 AND " + LAST_JULIAN_MS + " THEN make_timestamp((ms - "
                + JULIAN_EPOCH_MS + ") * 1000) END";
        value.append(" ELSE ").append(dialect.bind(julianMs, "ms", inRange)).append(" END");
        return value.toString();
    }

    /** A part of the text, from the list {@code r} of the groups, empty when absent. */
    private static String group(String name) {
        return "r[" + (GROUPS.indexOf(name) + 1) + "]";
    }

    /** A part of the text as a number, or {@code absent} when it is absent. */
    private static String number(String name, int absent) {
        return "(CASE WHEN " + group(name) + " = '' THEN " + absent + " ELSE CAST(" + group(name) + " AS BIGINT) END)";
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
     * @return the TIMESTAMP expression
     */
    static String unixTime(String seconds, SqlDialect dialect) {
        String ms = "CAST(" + seconds + " AS DOUBLE) * 1000.0 + " + JULIAN_EPOCH_MS + ".0";
        return dialect.bind(
                ms,
                "ms",
                "CASE WHEN ms >= 0.0 AND ms < " + (LAST_JULIAN_MS + 1) + ".0 THEN make_timestamp("
                        + "(CAST(floor(ms + 0.5) AS BIGINT) - " + JULIAN_EPOCH_MS + ") * 1000) END");
    }

    /**
     * Spells a Julian day number as a TIMESTAMP, in whole milliseconds rounded as SQLite rounds them; NULL outside
     * SQLite's range (years 0000 to 9999).
     *
     * @param day the day number, a DOUBLE
     * @return the TIMESTAMP expression
     */
    static String julian(String day) {
        return "CASE WHEN " + day + " >= 0 AND " + day + " < 5373484.5 THEN make_timestamp(CAST(floor((" + day
                + ") * 86400000.0 + 0.5) AS BIGINT) * 1000 - " + JULIAN_EPOCH_MS + "000) END";
    }
}

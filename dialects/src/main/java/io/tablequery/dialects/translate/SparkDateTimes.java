package io.tablequery.dialects.translate;

import java.util.List;
import java.util.Map;

/**
 * Spark SQL's time operations, in a session whose time zone is UTC: its TIMESTAMP of microseconds (years 1 to 9999;
 * an earlier time, which SQLite holds from -4713 on, fails as it runs) and {@code date_format}'s patterns.
 */
final class SparkDateTimes implements DateTimeDialect {
    static final SparkDateTimes INSTANCE = new SparkDateTimes();

    /** Microseconds from 1970 back to 0001-01-01 00:00, the first time Spark's calendar holds as SQLite's does. */
    private static final long FIRST_MICROS = -62135596800000000L;

    /** SQLite's conversions as {@code date_format} patterns that write them alike. */
    private static final Map<Character, String> PATTERNS = Map.of(
            'd', "dd", 'H', "HH", 'I', "hh", 'j', "DDD", 'm', "MM", 'M', "mm", 'p', "a", 'S', "ss", 'f', "ss.SSS");

    private SparkDateTimes() {}

    @Override
    public String now() {
        return "current_timestamp()";
    }

    @Override
    public String fromMicros(String micros) {
        return SparkSqlDialect.INSTANCE.bind(
                micros,
                "us",
                "CASE WHEN us < " + FIRST_MICROS + " THEN "
                        + SparkSqlDialect.INSTANCE.fail(SqliteToDuckDb.RUN_TIME_REFUSAL
                                + "a time before year 1, which Spark SQL's calendar does not hold as SQLite does;"
                                + " run this step on sqlite")
                        + " ELSE timestamp_micros(us) END");
    }

    @Override
    public String micros(String timestamp) {
        return "unix_micros(" + timestamp + ")";
    }

    @Override
    public String plusMonths(String monthStart, long months) {
        if (months != (int) months) {
            throw new Refusal("a shift of " + months + " months");
        }
        return "CAST(add_months(CAST(" + monthStart + " AS DATE), " + months + ") AS TIMESTAMP)";
    }

    @Override
    public String weekday(String timestamp) {
        return "(dayofweek(" + timestamp + ") - 1)";
    }

    @Override
    public String array(List<String> items) {
        return "array(" + String.join(", ", items) + ")";
    }

    @Override
    public String element(String array, int position) {
        return array + "[" + (position - 1) + "]";
    }

    /** {@inheritDoc} Spark's calendar holds no year 0, which the pattern lets through: it is read the long way. */
    @Override
    public String tryTimestamp(String text) {
        return "CASE WHEN substr(" + text + ", 1, 4) <> '0000' THEN TRY_CAST(" + text + " AS TIMESTAMP) END";
    }

    @Override
    public String conversion(char conversion) {
        return PATTERNS.get(conversion);
    }

    /** {@inheritDoc} Literal text is quoted, so that no letter of it is read as a field. */
    @Override
    public String patternText(String text) {
        return "'" + text.replace("'", "''") + "'";
    }

    @Override
    public String format(String timestamp, String pattern) {
        return "date_format(" + timestamp + ", " + SparkSqlDialect.INSTANCE.literal(pattern) + ")";
    }

    @Override
    public String sixteenDigits(String real) {
        throw new Refusal("strftime's %J, a real written as C's %.16g, which Spark SQL does not write");
    }
}

package io.tablequery.dialects.translate;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Random time values for the date functions' differential suites: texts near ISO-8601 (the forms SQLite reads and
 * the near misses it does not: zones, fractions of any length, runs of spaces and {@code T}s, hour 24, days past the
 * month's end, negative years, leading spaces) and seconds since 1970, with the calls to ask of them.
 */
public final class TimeTextSamples {
    /**
     * A constant of the translator's, as the date functions are given it: text, or a number.
     *
     * @param value a {@code String}, {@code Long} or {@code Double}
     * @return the constant
     */
    static Typed constant(Object value) {
        return value instanceof String text ? Typed.text(text, DuckDbDialect.INSTANCE) : Typed.constant((Number) value);
    }

    /** Calls of a text column {@code d}. */
    public static final List<String> TEXT_CALLS = List.of(
            "date(d)",
            "time(d)",
            "datetime(d)",
            "julianday(d)",
            "unixepoch(d)",
            "strftime('%Y-%m-%d %H:%M:%f', d)",
            "strftime('%Y|%j|%w|%s|%J|%%', d)",
            "strftime('%Y-%m', d)",
            "strftime('%e|%I|%p|%u|%w|%H:%M:%S', d)",
            "date(d, '+1 month')",
            "datetime(d, 'start of month')",
            "datetime(d, '-1 year', '+3 days')",
            "date(d, 'weekday 0')",
            "datetime(d, '+1.5 hours')",
            "datetime(d, 'start of day')",
            "date(d, 'start of year', '+1 month')",
            "julianday(d, '+1 day')",
            "strftime('%Y-%m', d, 'start of month')");
    /** Calls of a REAL column {@code n}. */
    public static final List<String> NUMBER_CALLS = List.of(
            "datetime(n, 'unixepoch')",
            "strftime('%Y-%m-%d %H:%M:%f', n, 'unixepoch')",
            "date(n)",
            "datetime(n)",
            "julianday(n)");
    /** Modifiers, some of which SQLite does not read (a space before or after). */
    public static final List<String> MODIFIERS = List.of(
            "+1 day",
            " +1 day",
            "+1 day ",
            "+1  days",
            "+1 DAYS",
            "-1 month",
            "START OF MONTH",
            "start of year ",
            "+2 years",
            "+1 hour");

    public static final Pattern LONG_FRACTION = Pattern.compile("\\.\\d{16}");
    public static final Pattern ZONED_TIME = Pattern.compile("\\d{2}:\\d{2}[^+-]*[+-]\\d{2}:\\d{2}.*", Pattern.DOTALL);
    public static final Pattern DATE = Pattern.compile("-?(\\d{4})-(\\d{2})-(\\d{2}).*", Pattern.DOTALL);

    private TimeTextSamples() {}

    /**
     * Returns engines holding {@code t(id, d TEXT)} with the texts and {@code u(id, n REAL)} with the numbers, ids from
     * 1 in list order, copied to DuckDB.
     *
     * @param texts the texts
     * @param numbers the numbers
     * @return the engines, to close
     * @throws SQLException when a table cannot be made
     */
    public static EnginePair holding(List<String> texts, List<Double> numbers) throws SQLException {
        EnginePair engines = EnginePair.holding(List.of(
                "CREATE TABLE t(id INTEGER PRIMARY KEY, d TEXT)", "CREATE TABLE u(id INTEGER PRIMARY KEY, n REAL)"));
        try {
            insert(engines, "t", texts);
            insert(engines, "u", numbers);
            engines.copyTables();
            return engines;
        } catch (SQLException | RuntimeException e) {
            engines.close();
            throw e;
        }
    }

    private static void insert(EnginePair engines, String table, List<?> values) throws SQLException {
        try (PreparedStatement statement = engines.sqlite.prepareStatement("INSERT INTO " + table + " VALUES (?, ?)")) {
            for (int i = 0; i < values.size(); i++) {
                statement.setInt(1, i + 1);
                statement.setObject(2, values.get(i));
                statement.addBatch();
            }
            statement.executeBatch();
        }
    }

    /**
     * Tells whether a target may refuse a text as it runs: SQLite reads it otherwise under modifiers (a day past its
     * month's end, a time alone with a zone), or adds up a fraction of over 15 digits digit by digit.
     *
     * @param text the text
     * @return true when a refusal is allowed
     */
    public static boolean refusable(String text) {
        return pastMonthEnd(text)
                || LONG_FRACTION.matcher(text).find()
                || ZONED_TIME.matcher(text).matches();
    }

    private static boolean pastMonthEnd(String text) {
        Matcher date = DATE.matcher(text);
        if (!date.matches()) {
            return false;
        }
        int year = Integer.parseInt(date.group(1));
        int month = Integer.parseInt(date.group(2));
        int day = Integer.parseInt(date.group(3));
        return month >= 1
                && month <= 12
                && day
                        > java.time.YearMonth.of(text.startsWith("-") ? -year : year, month)
                                .lengthOfMonth();
    }

    /**
     * Returns a text near ISO-8601: mostly forms SQLite reads, with near misses of each part.
     *
     * @param random the source
     * @return the text
     */
    public static String text(Random random) {
        switch (random.nextInt(20)) {
            case 0:
                return pick(random, "2460310.5", " 12 ", "1e3", "-1", "garbage", "", "2024", "5373484.4");
            case 1:
                return time(random) + zone(random) + pick(random, "", " ", "\t");
            default:
                break;
        }
        String year = pick(random, "0000", "0001", "0999", "1900", "1970", "2000", "2024", "2023", "9999")
                .replace("2024", String.valueOf(1000 + random.nextInt(1100)));
        int month = random.nextInt(14) == 0 ? random.nextInt(2) * 13 : 1 + random.nextInt(12);
        int day = random.nextInt(8) == 0
                ? random.nextInt(2) * 32
                : random.nextInt(3) == 0 ? 28 + random.nextInt(4) : 1 + random.nextInt(31);
        String date = (random.nextInt(12) == 0 ? "-" : random.nextInt(30) == 0 ? " " : "") + year + "-"
                + "%02d-%02d".formatted(month, day);
        if (random.nextInt(4) == 0) {
            return date + pick(random, "", " ", "T", " \n", "Z", "x");
        }
        return date
                + pick(random, " ", "T", "", "  ", "TT", " T", "\t", "t")
                + time(random)
                + zone(random)
                + pick(random, "", "", " ", "\n", "x");
    }

    private static String time(Random random) {
        int hour = random.nextInt(12) == 0 ? 24 + random.nextInt(2) : random.nextInt(24);
        int minute = random.nextInt(20) == 0 ? 60 : random.nextInt(60);
        StringBuilder time = new StringBuilder("%02d:%02d".formatted(hour, minute));
        if (random.nextInt(4) > 0) {
            time.append(":%02d".formatted(random.nextInt(20) == 0 ? 60 : random.nextInt(60)));
            if (random.nextBoolean()) {
                time.append('.');
                int digits = random.nextInt(10) == 0 ? 16 + random.nextInt(5) : random.nextInt(10);
                for (int i = 0; i < digits; i++) {
                    time.append(random.nextInt(3) == 0 ? '9' : (char) ('0' + random.nextInt(10)));
                }
            }
        }
        return time.toString();
    }

    private static String zone(Random random) {
        return switch (random.nextInt(8)) {
            case 0 -> pick(random, "Z", "z", " Z", "ZZ");
            case 1 -> "%s%02d:%02d".formatted(random.nextBoolean() ? "+" : "-", random.nextInt(16), random.nextInt(61));
            case 2 -> pick(random, "+5:00", " -05:00", "+0530");
            default -> "";
        };
    }

    /**
     * Returns seconds since 1970: whole, fractional, halves of a millisecond, and beyond SQLite's range.
     *
     * @param random the source
     * @return the seconds
     */
    public static double seconds(Random random) {
        return switch (random.nextInt(6)) {
            case 0 -> random.nextInt(2_000_000_000) - 1_000_000_000;
            case 1 -> (random.nextLong() % 400_000_000_000L) / 1.0;
            case 2 -> Math.round(random.nextDouble() * 1e6) / 1e3 - 500;
            case 3 -> -0.0005 * random.nextInt(5);
            case 4 -> 1e15 * random.nextDouble();
            default -> random.nextDouble() * 3e9;
        };
    }

    private static String pick(Random random, String... choices) {
        return choices[random.nextInt(choices.length)];
    }
}

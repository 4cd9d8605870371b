package io.tablequery.dialects.translate;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * SQLite's date functions of text and number columns, translated to DuckDB, answer as SQLite does on every row, over
 * random texts near ISO-8601 (the forms SQLite reads and the near misses it does not: zones, fractions of any length,
 * runs of spaces and {@code T}s, hour 24, days past the month's end, negative years, leading spaces) and random
 * seconds since 1970; date constants folded at translation time ({@link ConstantDates}) answer as SQLite does too. A
 * statement DuckDB refuses as it runs is then asked row by row, and only a day past its month's end under modifiers
 * may be refused, or a fraction of a second of more than 15 digits.
 */
class TimeTextsTest {
    private static final List<String> TEXT_CALLS = List.of(
            "date(d)",
            "time(d)",
            "datetime(d)",
            "julianday(d)",
            "unixepoch(d)",
            "strftime('%Y-%m-%d %H:%M:%f', d)",
            "strftime('%Y|%j|%w|%s|%J|%%', d)",
            "strftime('%Y-%m', d)",
            "date(d, '+1 month')",
            "datetime(d, 'start of month')",
            "datetime(d, '-1 year', '+3 days')",
            "date(d, 'weekday 0')",
            "datetime(d, '+1.5 hours')",
            "datetime(d, 'start of day')",
            "date(d, 'start of year', '+1 month')",
            "julianday(d, '+1 day')",
            "strftime('%Y-%m', d, 'start of month')");
    private static final List<String> NUMBER_CALLS = List.of(
            "datetime(n, 'unixepoch')",
            "strftime('%Y-%m-%d %H:%M:%f', n, 'unixepoch')",
            "date(n)",
            "datetime(n)",
            "julianday(n)");
    private static final List<String> MODIFIERS = List.of(
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
    private static final Pattern LONG_FRACTION = Pattern.compile("\\.\\d{16}");
    private static final Pattern ZONED_TIME = Pattern.compile("\\d{2}:\\d{2}[^+-]*[+-]\\d{2}:\\d{2}.*", Pattern.DOTALL);
    private static final Pattern DATE = Pattern.compile("-?(\\d{4})-(\\d{2})-(\\d{2}).*", Pattern.DOTALL);

    @Test
    void columnsOfTextAndNumbersAnswerAsSqlite() throws Exception {
        Random random = new Random(20261205);
        List<String> texts = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            texts.add(text(random));
        }
        List<Double> numbers = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            numbers.add(seconds(random));
        }
        int compared = 0;
        int refused = 0;
        try (EnginePair engines = EnginePair.holding(List.of(
                "CREATE TABLE t(id INTEGER PRIMARY KEY, d TEXT)", "CREATE TABLE u(id INTEGER PRIMARY KEY, n REAL)"))) {
            insert(engines, "t", texts);
            insert(engines, "u", numbers);
            engines.copyTables();
            for (String call : TEXT_CALLS) {
                int[] counts = compare(engines, call, "t", texts);
                compared += counts[0];
                refused += counts[1];
            }
            for (String call : NUMBER_CALLS) {
                compared += compare(engines, call, "u", numbers)[0];
            }
        }
        assertThat(compared).isGreaterThan(5_000);
        assertThat(refused).isLessThan(compared / 20);
    }

    @Test
    void constantsFoldedAtTranslationAnswerAsSqlite() throws Exception {
        Random random = new Random(20261206);
        int folded = 0;
        try (EnginePair engines = new EnginePair()) {
            for (int i = 0; i < 3000; i++) {
                String function = random.nextBoolean() ? "date" : "datetime";
                List<Object> args = new ArrayList<>();
                args.add(text(random));
                for (int m = random.nextInt(3); m > 0; m--) {
                    args.add(MODIFIERS.get(random.nextInt(MODIFIERS.size())));
                }
                Optional<String> ours = ConstantDates.fold(
                        function, args.stream().map(Typed::constant).toList());
                if (ours.isEmpty()) {
                    continue;
                }
                folded++;
                StringBuilder sql = new StringBuilder("SELECT " + function + "(?");
                args.stream().skip(1).forEach(a -> sql.append(", ?"));
                try (PreparedStatement statement = engines.sqlite.prepareStatement(sql + ")")) {
                    for (int a = 0; a < args.size(); a++) {
                        statement.setObject(a + 1, args.get(a));
                    }
                    try (var rs = statement.executeQuery()) {
                        rs.next();
                        assertThat(ours.get()).as("%s%s", function, args).isEqualTo(rs.getString(1));
                    }
                }
            }
        }
        assertThat(folded).isGreaterThan(150);
    }

    @Test
    void constantsTranslatedAnswerAsSqlite() throws Exception {
        Random random = new Random(20261207);
        int compared = 0;
        try (EnginePair engines = EnginePair.holding(List.of("CREATE TABLE t(id INTEGER PRIMARY KEY, d TEXT)"))) {
            for (int i = 0; i < 150; i++) {
                String text = text(random);
                String call = TEXT_CALLS.get(random.nextInt(TEXT_CALLS.size()));
                String sql = "SELECT " + call.replace("(d", "('" + text + "'").replace(", d", ", '" + text + "'");
                try {
                    String difference = EnginePair.query(engines.sqlite, sql)
                            .difference(EnginePair.query(engines.duckdb, translated(engines, sql)));
                    assertThat(difference).as(sql).isNull();
                    compared++;
                } catch (SQLException e) {
                    assertThat(e.getMessage()).as(sql).contains(SqliteToDuckDb.RUN_TIME_REFUSAL);
                    assertThat(refusable(text)).as(sql).isTrue();
                }
            }
        }
        assertThat(compared).isGreaterThan(120);
    }

    /**
     * Compares a call over a whole table but the rows DuckDB may refuse, which it must not refuse; then those rows one
     * by one, each refused or answered as SQLite answers.
     */
    private static int[] compare(EnginePair engines, String call, String table, List<?> values) throws SQLException {
        List<Integer> refusable = new ArrayList<>();
        for (int id = 1; id <= values.size(); id++) {
            if (refusable(String.valueOf(values.get(id - 1)))) {
                refusable.add(id);
            }
        }
        String others = refusable.isEmpty()
                ? ""
                : " WHERE id NOT IN ("
                        + String.join(
                                ", ", refusable.stream().map(String::valueOf).toList()) + ")";
        String sql = "SELECT id, " + call + " AS v FROM " + table + others + " ORDER BY id";
        String translated = translated(engines, sql);
        String difference =
                EnginePair.query(engines.sqlite, sql).difference(EnginePair.query(engines.duckdb, translated));
        assertThat(difference).as("%s%n  DuckDB SQL: %s", sql, translated).isNull();
        int compared = values.size() - refusable.size();
        int refused = 0;
        for (int id : refusable) {
            String one = "SELECT id, " + call + " AS v FROM " + table + " WHERE id = " + id;
            try {
                difference = EnginePair.query(engines.sqlite, one)
                        .difference(EnginePair.query(engines.duckdb, translated(engines, one)));
                assertThat(difference).as("%s on %s", call, values.get(id - 1)).isNull();
                compared++;
            } catch (SQLException e) {
                assertThat(e.getMessage()).contains(SqliteToDuckDb.RUN_TIME_REFUSAL);
                refused++;
            }
        }
        return new int[] {compared, refused};
    }

    /** Tells whether DuckDB may refuse a value as it runs: SQLite reads it otherwise under modifiers, or adds up a long fraction digit by digit. */
    private static boolean refusable(String text) {
        return pastMonthEnd(text)
                || LONG_FRACTION.matcher(text).find()
                || ZONED_TIME.matcher(text).matches();
    }

    private static String translated(EnginePair engines, String sql) {
        Translation translation = SqliteToDuckDb.translate(sql, engines.schema());
        assertThat(translation).as(sql).isInstanceOf(Translation.Translated.class);
        return ((Translation.Translated) translation).sql();
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

    /** A text near ISO-8601: mostly forms SQLite reads, with near misses of each part. */
    private static String text(Random random) {
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

    private static double seconds(Random random) {
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

package io.tablequery.dialects.translate;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
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
    @Test
    void columnsOfTextAndNumbersAnswerAsSqlite() throws Exception {
        Random random = new Random(20261205);
        List<String> texts = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            texts.add(TimeTextSamples.text(random));
        }
        List<Double> numbers = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            numbers.add(TimeTextSamples.seconds(random));
        }
        int compared = 0;
        int refused = 0;
        try (EnginePair engines = TimeTextSamples.holding(texts, numbers)) {
            for (String call : TimeTextSamples.TEXT_CALLS) {
                int[] counts = compare(engines, call, "t", texts);
                compared += counts[0];
                refused += counts[1];
            }
            for (String call : TimeTextSamples.NUMBER_CALLS) {
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
                args.add(TimeTextSamples.text(random));
                for (int m = random.nextInt(3); m > 0; m--) {
                    args.add(TimeTextSamples.MODIFIERS.get(random.nextInt(TimeTextSamples.MODIFIERS.size())));
                }
                Optional<String> ours = ConstantDates.fold(
                        function, args.stream().map(TimeTextSamples::constant).toList());
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
                String text = TimeTextSamples.text(random);
                String call = TimeTextSamples.TEXT_CALLS.get(random.nextInt(TimeTextSamples.TEXT_CALLS.size()));
                String sql = "SELECT " + call.replace("(d", "('" + text + "'").replace(", d", ", '" + text + "'");
                try {
                    String difference = EnginePair.query(engines.sqlite, sql)
                            .difference(EnginePair.query(engines.duckdb, translated(engines, sql)));
                    assertThat(difference).as(sql).isNull();
                    compared++;
                } catch (SQLException e) {
                    assertThat(e.getMessage()).as(sql).contains(SqliteToDuckDb.RUN_TIME_REFUSAL);
                    assertThat(TimeTextSamples.refusable(text)).as(sql).isTrue();
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
            if (TimeTextSamples.refusable(String.valueOf(values.get(id - 1)))) {
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

    private static String translated(EnginePair engines, String sql) {
        Translation translation = SqliteToDuckDb.translate(sql, engines.schema());
        assertThat(translation).as(sql).isInstanceOf(Translation.Translated.class);
        return ((Translation.Translated) translation).sql();
    }
}

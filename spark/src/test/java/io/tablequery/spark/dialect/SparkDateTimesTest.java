package io.tablequery.spark.dialect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablequery.dialects.translate.EnginePair;
import io.tablequery.dialects.translate.SqliteToDuckDb;
import io.tablequery.dialects.translate.TimeTextSamples;
import io.tablequery.dialects.translate.Translation;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SQLite's date functions of columns on a real Spark Connect server answer as SQLite does, over the random texts near
 * ISO-8601 and seconds of {@link TimeTextSamples} (the DuckDB suite's), each call over a whole column. Only
 * {@code %J} (a real as C's {@code %.16g} writes it) may be refused; the values a target may refuse as it runs are
 * left to the DuckDB suite, which asks them row by row, and so are times before year 1, which Spark refuses as it
 * runs (checked once).
 */
class SparkDateTimesTest {
    /** A Julian day early in year 3, beyond which no modifier of the samples moves a time before year 1. */
    private static final int YEAR_3 = 1_722_200;

    @TempDir
    Path dir;

    @Test
    void dateFunctionsOfColumnsAnswerAsSqlite() throws Exception {
        Random random = new Random(20261205);
        List<String> texts = new ArrayList<>();
        List<String> refusable = new ArrayList<>();
        for (int i = 1; i <= 200; i++) {
            String text = TimeTextSamples.text(random);
            texts.add(text);
            if (TimeTextSamples.refusable(text)) {
                refusable.add(String.valueOf(i));
            }
        }
        List<Double> numbers = new ArrayList<>();
        for (int i = 0; i < 80; i++) {
            numbers.add(TimeTextSamples.seconds(random));
        }
        int compared = 0;
        List<String> refused = new ArrayList<>();
        try (EnginePair engines = TimeTextSamples.holding(texts, numbers);
                SparkTarget spark = new SparkTarget(dir)) {
            spark.load(engines);
            // Spark's calendar starts at year 1: earlier times fail as they run (checked below), and are left out.
            List<String> early = ids(engines, "SELECT id FROM t WHERE julianday(d) < " + YEAR_3);
            refusable.addAll(early);
            List<String> earlyNumbers = ids(
                    engines,
                    "SELECT id FROM u WHERE julianday(n) < " + YEAR_3 + " OR julianday(n, 'unixepoch') < " + YEAR_3);
            assertThat(early).isNotEmpty();
            String before = "SELECT date(d) FROM t WHERE id = " + early.get(0);
            assertThatThrownBy(() -> spark.query(((Translation.Translated) spark.translate(before)).sql()))
                    .hasMessageContaining(SqliteToDuckDb.RUN_TIME_REFUSAL);
            List<String> queries = new ArrayList<>();
            for (String call : TimeTextSamples.TEXT_CALLS) {
                queries.add("SELECT id, " + call + " AS v FROM t WHERE id NOT IN (" + String.join(", ", refusable)
                        + ") ORDER BY id");
            }
            for (String call : TimeTextSamples.NUMBER_CALLS) {
                queries.add("SELECT id, " + call + " AS v FROM u WHERE id NOT IN (" + String.join(", ", earlyNumbers)
                        + ") ORDER BY id");
            }
            for (String sql : queries) {
                Translation translation = spark.translate(sql);
                if (translation instanceof Translation.Untranslatable no) {
                    refused.add(sql + ": " + no.reason());
                    continue;
                }
                String sparkSql = ((Translation.Translated) translation).sql();
                EnginePair.Rows expected = EnginePair.query(engines.sqlite, sql);
                EnginePair.Rows actual;
                try {
                    actual = spark.query(sparkSql);
                } catch (Exception e) {
                    throw new AssertionError(sql + "\n  Spark SQL: " + sparkSql, e);
                }
                assertThat(expected.difference(actual))
                        .as("%s%n  Spark SQL: %s", sql, sparkSql)
                        .isNull();
                compared += expected.rows().size();
            }
        }
        assertThat(refused).allMatch(line -> line.contains("%J"));
        assertThat(compared).isGreaterThan(2_500);
    }

    private static List<String> ids(EnginePair engines, String sql) throws Exception {
        List<String> ids = new ArrayList<>();
        for (List<Object> row : EnginePair.query(engines.sqlite, sql).rows()) {
            ids.add(String.valueOf(row.get(0)));
        }
        return ids;
    }
}

package io.tablequery.spark.dialect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablequery.dialects.translate.EnginePair;
import io.tablequery.dialects.translate.RoundingSamples;
import io.tablequery.dialects.translate.SqliteToDuckDb;
import io.tablequery.dialects.translate.Translation;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code round(x, n)} and {@code group_concat} on a real Spark Connect server answer as SQLite does: rounding on the
 * DuckDB suite's values ({@link RoundingSamples}) from 2^-16 on, and a smaller one, whose exact digits Spark cannot
 * make, fails as it runs rather than answer otherwise; {@code group_concat} in row order and in a given order, with a
 * separator, a FILTER and NULLs.
 */
class SparkRoundingTest {
    @TempDir
    Path dir;

    @Test
    void roundsAsSqliteDoes() throws Exception {
        try (EnginePair engines = new EnginePair();
                SparkTarget spark = new SparkTarget(dir)) {
            List<Double> all = RoundingSamples.values(RoundingSamples.LEAST_EXACT_PRODUCT);
            // Every value of the ends and every 8th of the rest: Spark's answer costs about 0.1 ms a rounding here.
            List<Double> values = new ArrayList<>(all.subList(0, RoundingSamples.ENDS));
            for (int i = RoundingSamples.ENDS; i < all.size(); i += 8) {
                values.add(all.get(i));
            }
            RoundingSamples.load(engines, values);
            spark.load(engines);
            String sql = RoundingSamples.query();
            assertThat(RoundingSamples.differences(
                            EnginePair.query(engines.sqlite, sql), spark.query(sparkSql(spark, sql))))
                    .isEmpty();
            String tiny = "SELECT round(v, 5) FROM r WHERE v > 0 AND v < 1e-5";
            assertThat(EnginePair.query(engines.sqlite, tiny).rows()).isEmpty();
            engines.sqliteScript(List.of("INSERT INTO r VALUES (0.0000023)"));
            spark.load(engines);
            assertThatThrownBy(() -> spark.query(sparkSql(spark, tiny)))
                    .hasMessageContaining(SqliteToDuckDb.RUN_TIME_REFUSAL);
            String cut = "SELECT round(v, 3) FROM r WHERE v > 0 AND v < 1e-5";
            assertThat(spark.differenceFromSqlite(cut)).isNull();
        }
    }

    @Test
    void concatenatesGroupsAsSqliteDoes() throws Exception {
        try (EnginePair engines = EnginePair.holding(List.of(
                        "CREATE TABLE s(g TEXT, name TEXT, n INTEGER)",
                        "INSERT INTO s VALUES ('a', 'pear', 3), ('b', 'fig', 1), ('a', NULL, 2), ('a', 'apple', NULL),"
                                + " ('b', 'kiwi', 1), ('c', NULL, 5), ('a', 'plum', 1)"));
                SparkTarget spark = new SparkTarget(dir)) {
            spark.load(engines);
            for (String sql : List.of(
                    "SELECT g, group_concat(name) FROM s GROUP BY g ORDER BY g",
                    "SELECT g, group_concat(name, ' | ') FROM s GROUP BY g ORDER BY g",
                    "SELECT g, group_concat(name ORDER BY n DESC, name) FROM s GROUP BY g ORDER BY g",
                    "SELECT g, string_agg(name, ';' ORDER BY n) FROM s GROUP BY g ORDER BY g",
                    "SELECT g, group_concat(n) FILTER (WHERE n > 1) FROM s GROUP BY g ORDER BY g",
                    "SELECT group_concat(name || ':' || n, '; ') FROM s")) {
                assertThat(spark.differenceFromSqlite(sql)).isNull();
            }
            assertThat(spark.translate("SELECT group_concat(DISTINCT name) FROM s"))
                    .isInstanceOf(Translation.Untranslatable.class);
        }
    }

    private static String sparkSql(SparkTarget spark, String sql) {
        Translation translation = spark.translate(sql);
        assertThat(translation).as(sql).isInstanceOf(Translation.Translated.class);
        return ((Translation.Translated) translation).sql();
    }
}

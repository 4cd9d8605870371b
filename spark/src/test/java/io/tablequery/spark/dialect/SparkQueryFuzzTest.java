package io.tablequery.spark.dialect;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablequery.dialects.translate.fuzz.TargetFuzz;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fuzzer's generated databases and queries, each query run on SQLite as written and on a real Spark Connect server
 * as translated to Spark SQL (the DuckDB suite's differential oracle, {@link TargetFuzz}). A sample here (Spark answers
 * a generated query in about 0.3 s); more with {@code -Dtq.spark.fuzz.queries=N}. The report goes to
 * {@code target/spark-query-fuzz-report.md}. The goal: no wrong answer, and no answer where SQLite has none.
 */
class SparkQueryFuzzTest {
    private static final long QUERIES = Long.getLong("tq.spark.fuzz.queries", 50L);

    @TempDir
    Path dir;

    @Test
    void translatedQueriesAnswerAsSqliteDoes() throws Exception {
        TargetFuzz.Outcome outcome;
        try (SparkTarget spark = new SparkTarget(dir)) {
            outcome = TargetFuzz.run(spark, Long.getLong("tq.spark.fuzz.seed", 1L), QUERIES, 50);
        }
        Path out = Path.of("target", "spark-query-fuzz-report.md");
        Files.writeString(out, outcome.report());
        assertThat(outcome.failures()).as(outcome.report()).isZero();
        // A floor that a harness refusing everything would not pass; the first database mixes storage classes, which
        // Spark refuses for 31 of its 50 queries.
        assertThat(outcome.equal()).as(outcome.report()).isGreaterThan(outcome.queries() / 10);
    }
}

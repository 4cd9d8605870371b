package io.tablequery.spark.dialect;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablequery.dialects.testing.CorpusSuite;
import io.tablequery.dialects.translate.SqlLogicSuite;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SQLite's sqllogictest suite ({@code select1-4.test} and {@code evidence/*.test} from ../shared/corpora), every 400th
 * query (or every {@code -Dtq.spark.sqllogictest.every=N}th) translated to Spark SQL and run on a real Spark Connect
 * server against the results SQLite recorded. {@code select5.test}, joins of up to eight tables written as comma
 * joins, is left out: Spark plans each of them for seconds on {@code local[2]}. Writes the shares to
 * {@code target/spark-sqllogictest-report.txt}. The goal, as for DuckDB: every translated query equal.
 */
@CorpusSuite
class SparkSqlLogicTest {
    /** Every how many queries one runs; Spark answers a tiny query in a few hundred milliseconds. */
    private static final int EVERY = Integer.getInteger("tq.spark.sqllogictest.every", 400);

    @TempDir
    Path dir;

    @Test
    void translatedQueriesReturnSqlitesResults() throws Exception {
        SqlLogicSuite suite = SqlLogicSuite.run(
                "Spark SQL, every " + EVERY + "th query",
                SqlLogicSuite.files(4),
                file -> new SparkTarget(dir.resolve(file.getFileName().toString())),
                EVERY,
                Path.of("target", "spark-sqllogictest-report.txt"));
        assertThat(suite.queries()).isGreaterThan(5_000 / EVERY);
        assertThat(suite.mismatches()).as(suite.report()).isEmpty();
    }
}

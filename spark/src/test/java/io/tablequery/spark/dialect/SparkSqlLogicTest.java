package io.tablequery.spark.dialect;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablequery.dialects.testing.Corpora;
import io.tablequery.dialects.testing.CorpusSuite;
import io.tablequery.dialects.translate.SqlLogicTestFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SQLite's sqllogictest suite ({@code select1-4.test} and {@code evidence/*.test} from ../shared/corpora), every 25th
 * query (or every {@code -Dtq.spark.sqllogictest.every=N}th) translated to Spark SQL and run on a real Spark Connect
 * server against the results SQLite recorded. {@code select5.test}, joins of up to eight tables written as comma
 * joins, is left out: Spark plans each of them for seconds on {@code local[2]}. Writes the shares to
 * {@code target/spark-sqllogictest-report.txt}. The goal, as for DuckDB: every translated query equal.
 */
@CorpusSuite
class SparkSqlLogicTest {
    /** Every how many queries one runs; Spark answers a tiny query in a few hundred milliseconds. */
    private static final int EVERY = Integer.getInteger("tq.spark.sqllogictest.every", 25);

    @TempDir
    Path dir;

    @Test
    void translatedQueriesReturnSqlitesResults() throws Exception {
        Path suite = Corpora.resolve("sqllogictest/test");
        List<Path> files = new ArrayList<>();
        for (int i = 1; i <= 4; i++) {
            files.add(suite.resolve("select" + i + ".test"));
        }
        try (Stream<Path> evidence = Files.list(suite.resolve("evidence"))) {
            evidence.filter(path -> path.toString().endsWith(".test")).sorted().forEach(files::add);
        }
        int queries = 0;
        int translated = 0;
        int equal = 0;
        Map<String, Integer> refusals = new TreeMap<>();
        List<String> mismatches = new ArrayList<>();
        StringBuilder report = new StringBuilder("Spark SQL, every " + EVERY + "th query\n");
        for (Path file : files) {
            SqlLogicTestFile.Outcome outcome;
            try (SparkTarget spark =
                    new SparkTarget(dir.resolve(file.getFileName().toString()))) {
                outcome = new SqlLogicTestFile(file, spark, EVERY).run();
            }
            queries += outcome.queries();
            translated += outcome.translated();
            equal += outcome.equal();
            outcome.refusals().forEach((reason, count) -> refusals.merge(reason, count, Integer::sum));
            mismatches.addAll(outcome.mismatches());
            report.append("%-32s queries %5d  translated %5d  equal %5d%n"
                    .formatted(file.getFileName(), outcome.queries(), outcome.translated(), outcome.equal()));
        }
        report.append("%-32s queries %5d  translated %5d (%.2f%%)  equal %5d (%.2f%% of translated)%n"
                .formatted(
                        "total",
                        queries,
                        translated,
                        100.0 * translated / queries,
                        equal,
                        100.0 * equal / Math.max(1, translated)));
        report.append("\nRefusals:\n");
        refusals.forEach((reason, count) -> report.append("%6d  %s%n".formatted(count, reason)));
        report.append("\nMismatches:\n");
        mismatches.forEach(mismatch -> report.append(mismatch).append("\n"));
        Path out = Path.of("target", "spark-sqllogictest-report.txt");
        Files.createDirectories(out.getParent());
        Files.writeString(out, report);
        assertThat(queries).isGreaterThan(5_000 / EVERY);
        assertThat(mismatches).as(report.toString()).isEmpty();
    }
}

package io.tablequery.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablequery.dialects.testing.CorpusSuite;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The lineage benchmark at sf0.01 with one repetition: the 22 TPC-H queries run with row and with sheet citations on
 * both engines, and every query DuckDB runs cites the same rows as SQLite, row for row, within the output budget.
 */
@CorpusSuite
class LineageBenchmarkTest {
    @TempDir
    Path dir;

    @Test
    void citesTheSameRowsOnBothEnginesForEveryTpchQuery() throws Exception {
        Path home = Path.of(System.getProperty("tq.repository", ".."));
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        List<LineageBenchmark.Row> rows = LineageBenchmark.run(
                new LineageBenchmark.Settings(0.01, 1, home, dir, dir.resolve("results"), List.of(), true, 7),
                new PrintStream(log, true, StandardCharsets.UTF_8));

        assertThat(rows).hasSize(TpchQueries.COUNT);
        assertThat(rows).allSatisfy(row -> {
            assertThat(row.sqliteRows()).as(row.name()).isNotNull();
            assertThat(row.sqliteSheets()).as(row.name()).isNotNull();
            assertThat(row.outputChars()).as(row.name()).isLessThanOrEqualTo(row.budget());
            if (row.name().equals("q02")) {
                assertThat(row.failures()).as(row.name()).containsOnlyKeys("duckdb sheets", "duckdb rows");
                return;
            }
            assertThat(row.failures()).as(row.name()).isEmpty();
            assertThat(row.sameCitations()).as(row.name()).isTrue();
        });
        assertThat(log.toString(StandardCharsets.UTF_8))
                .contains("| q01 |", "Geometric mean of the ratios")
                .as("a few warm-up runs first: q01 three ways, q02 refused twice on duckdb, q02 on auto")
                .contains("JIT warm-up: 7 plan runs on TPC-H sf0.01 (2 refused)")
                .contains("Before anything was timed, 7 plan runs on a TPC-H sf0.01 workspace warmed the JVM");
    }
}

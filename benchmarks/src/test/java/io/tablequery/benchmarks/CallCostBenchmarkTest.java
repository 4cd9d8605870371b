package io.tablequery.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A short run of the call-cost benchmark, so that the harness cannot rot; the full run is {@code tq bench calls}. */
class CallCostBenchmarkTest {
    @TempDir
    Path dir;

    @Test
    void measuresEverySmallCallAndTheEngineWorkBehindIt() throws Exception {
        assumeTrue(WrkLoad.find().isPresent(), "wrk is not installed");
        Path home = Path.of(System.getProperty("tq.repository", ".."));
        CallCostBenchmark.Result result = CallCostBenchmark.run(
                new CallCostBenchmark.Settings(2, 1, 1, home, dir, dir),
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        assertThat(result.costs())
                .extracting(CallCostBenchmark.Cost::call)
                .containsExactly(
                        "search-tables",
                        "get-schemas",
                        "run-sql (samples)",
                        "run-sql duckdb (samples)",
                        "queryDuckDB (samples)");
        assertThat(result.costs()).allSatisfy(cost -> {
            assertThat(cost.requestsPerSecond()).as(cost.call()).isPositive();
            assertThat(cost.serverCpuMillis()).as(cost.call()).isPositive();
        });
        assertThat(result.costs().subList(2, 5))
                .allSatisfy(
                        cost -> assertThat(cost.rawCpuMillis()).as(cost.call()).isPositive());
        assertThat(dir.resolve("calls-" + java.time.LocalDate.now() + ".md")).exists();
    }
}

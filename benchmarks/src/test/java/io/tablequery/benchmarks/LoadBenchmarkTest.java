package io.tablequery.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A short run of the load benchmark, so that the harness cannot rot; the full run is {@code tq bench load}. */
class LoadBenchmarkTest {
    @TempDir
    Path dir;

    @Test
    void drivesTheMixWithoutErrors() throws Exception {
        Path home = Path.of(System.getProperty("tq.repository", ".."));
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        LoadBenchmark.Result result = LoadBenchmark.run(
                new LoadBenchmark.Settings(8, 4, 5_000, home, dir, null),
                new PrintStream(log, true, StandardCharsets.UTF_8));
        assertThat(result.requestsPerSecond()).isPositive();
        assertThat(result.calls()).hasSize(LoadBenchmark.calls().size());
        assertThat(result.calls())
                .allSatisfy(call -> assertThat(call.errors()).as(call.name()).isZero());
        assertThat(result.calls().get(0).requests()).isPositive();
        assertThat(log.toString(StandardCharsets.UTF_8)).contains("requests per second");
    }
}

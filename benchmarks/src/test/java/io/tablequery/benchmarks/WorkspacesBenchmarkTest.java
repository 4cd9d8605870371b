package io.tablequery.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The workspaces benchmark once, small, through this checkout's launcher, so that it cannot rot: servers start over
 * a few workspaces, every kind of request answers closed and open, and both mixes run within their budget. The full
 * run is {@code tq bench workspaces}.
 */
class WorkspacesBenchmarkTest {
    @TempDir
    Path dir;

    @Test
    void startsAsksAndMixesOverAFewWorkspaces() throws Exception {
        Path home = Path.of(System.getProperty("tq.repository", ".."))
                .toAbsolutePath()
                .normalize();
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        WorkspacesBenchmark.Result result = WorkspacesBenchmark.run(
                new WorkspacesBenchmark.Settings(
                        List.of(3, 6), 1, 1000, 2, 2, 8, 2, 2, home, null, dir, dir.resolve("results")),
                new PrintStream(log, true, StandardCharsets.UTF_8));

        assertThat(result.starts()).hasSize(2).allSatisfy(row -> {
            assertThat(row.note()).as("%s workspaces", row.workspaces()).isNull();
            assertThat(row.startMillis()).isPositive();
            assertThat(row.residentMb()).isPositive();
        });
        assertThat(result.latencies())
                .extracting(WorkspacesBenchmark.LatencyRow::request)
                .containsExactly("files", "search-tables", "run-sql", "queryDuckDB");
        assertThat(result.latencies())
                .allSatisfy(row -> assertThat(row.closedP50()).as(row.request()).isPositive());
        assertThat(result.mixes()).hasSize(2).allSatisfy(row -> {
            assertThat(row.requests()).as(row.mix()).isPositive();
            assertThat(row.failed()).as(row.mix()).isZero();
            assertThat(row.mostOpen())
                    .as("%s stays within a budget of two", row.mix())
                    .isBetween(1L, 2L);
        });
        assertThat(dir.resolve("workspaces").resolve("root"))
                .as("the copies are removed")
                .doesNotExist();
        try (var reports = Files.list(dir.resolve("results"))) {
            Path markdown = reports.filter(file -> file.toString().endsWith(".md"))
                    .findFirst()
                    .orElseThrow();
            assertThat(Files.readString(markdown)).contains("| hot: 9 in 10 to");
        }
    }
}

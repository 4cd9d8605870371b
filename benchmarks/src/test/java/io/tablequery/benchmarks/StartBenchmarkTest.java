package io.tablequery.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The start benchmark once through this checkout's launcher, so that it cannot rot: a command run in a JVM and the MCP
 * server, cold runs only, answer embedded, beside a running server and through the resident server it starts, which it
 * stops. The full run is {@code tq bench start}, every command with warm runs.
 */
class StartBenchmarkTest {
    @TempDir
    Path dir;

    @Test
    void asksOnlyForTheCommandsItHasCasesOf() {
        assertThat(StartBenchmark.cases(dir.resolve("plan.json")))
                .extracting(StartBenchmark.Case::command)
                .containsExactlyElementsOf(StartBenchmark.COMMANDS);
        assertThatThrownBy(
                        () -> new StartBenchmark.Settings(0, false, dir, null, dir, null, List.of("run-sql", "search")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("search");
    }

    @Test
    void timesTheCommandsAskedForOnTheDirectoryBesideAServerAndThroughTheResidentOne() throws Exception {
        Path home = Path.of(System.getProperty("tq.repository", ".."))
                .toAbsolutePath()
                .normalize();
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        StartBenchmark.Result result = StartBenchmark.run(
                new StartBenchmark.Settings(
                        0, false, home, null, dir, dir.resolve("results"), List.of("run-sql", "mcp")),
                new PrintStream(log, true, StandardCharsets.UTF_8));

        assertThat(result.rows()).hasSize(7).allSatisfy(row -> {
            assertThat(row.failure()).as(row.command() + " " + row.where()).isNull();
            assertThat(row.coldMillis()).isPositive();
            assertThat(row.warmMillis()).as("no warm runs were asked for").isNaN();
        });
        assertThat(result.rows())
                .extracting(StartBenchmark.Row::where)
                .containsOnly(
                        StartBenchmark.EMBEDDED,
                        StartBenchmark.BESIDE_SERVER,
                        StartBenchmark.RESIDENT,
                        StartBenchmark.RESIDENT_JVM);
        assertThat(dir.resolve("start").resolve("resident").resolve(".tq-served.json"))
                .as("the resident server the benchmark started is stopped, and its note gone with it")
                .doesNotExist();
        try (var reports = Files.list(dir.resolve("results"))) {
            Path markdown = reports.filter(file -> file.toString().endsWith(".md"))
                    .findFirst()
                    .orElseThrow();
            assertThat(Files.readString(markdown))
                    .contains("| tq mcp, to its first answer | beside server |")
                    .contains("| tq run-sql | resident server, JVM client |")
                    .doesNotContain("tq get-schemas");
        }
    }
}

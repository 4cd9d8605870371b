package io.tablequery.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The MCP transports benchmark with a few calls, so that it cannot rot; the full run is {@code tq bench mcp}. */
class McpBenchmarkTest {
    @TempDir
    Path dir;

    @Test
    void timesEveryToolOnEveryTransport() throws Exception {
        Path home = Path.of(System.getProperty("tq.repository", ".."));
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        McpBenchmark.Result result = McpBenchmark.run(
                new McpBenchmark.Settings(5, home, dir, dir.resolve("results")),
                new PrintStream(log, true, StandardCharsets.UTF_8));

        assertThat(result.rows()).hasSize(12);
        assertThat(result.rows())
                .extracting(McpBenchmark.Row::transport)
                .containsOnly("HTTP API", "MCP HTTP", "MCP stdio");
        assertThat(result.rows()).allSatisfy(row -> assertThat(row.p50Millis()).isPositive());
        assertThat(result.rows())
                .filteredOn(row -> row.transport().equals("HTTP API"))
                .allSatisfy(row -> assertThat(row.ratio()).isEqualTo(1.0));
        assertThat(Files.list(dir.resolve("results"))
                        .map(path -> path.getFileName().toString()))
                .anyMatch(name -> name.startsWith("mcp-") && name.endsWith(".md"));
    }
}

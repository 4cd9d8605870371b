package io.tablequery.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every benchmark's figure is drawn from the reports the repository keeps (so a report's shape and its figure cannot
 * drift apart), and a report written by a run shows its figure.
 */
class FiguresTest {
    private static final byte[] PNG = {(byte) 0x89, 'P', 'N', 'G'};

    @TempDir
    Path dir;

    @Test
    void drawsTheLatestReportOfEveryBenchmarkThatHasAFigure() throws Exception {
        Path results = Path.of(System.getProperty("tq.repository", ".."), "benchmarks", "results");
        try (Stream<Path> files = Files.list(results)) {
            for (Path json : files.filter(f -> f.toString().endsWith(".json")).toList()) {
                Files.copy(json, dir.resolve(json.getFileName()));
            }
        }
        List<String> drawn = Figures.drawLatest(dir);

        for (String name : Figures.names()) {
            assertThat(drawn).as(name).anyMatch(png -> png.startsWith(name + "-"));
        }
        assertThat(drawn).noneMatch(png -> png.startsWith("tpch-"));
        for (String png : drawn) {
            byte[] bytes = Files.readAllBytes(dir.resolve(png));
            assertThat(bytes).as(png).startsWith(PNG);
            assertThat(bytes.length).as(png).isGreaterThan(10_000);
        }
    }

    @Test
    void aReportShowsItsFigureAndABenchmarkWithoutOneWritesNone() throws Exception {
        Reports.write(
                dir,
                "mcp",
                "# MCP\n",
                Map.of("rows", List.of(Map.of("tool", "search-tables", "transport", "MCP stdio", "p50Millis", 4.7))));
        Reports.write(dir, "tpch-sf0.01", "# TPC-H\n", Map.of("rows", List.of()));

        String stem = Files.list(dir)
                .map(path -> path.getFileName().toString())
                .filter(name -> name.startsWith("mcp-") && name.endsWith(".md"))
                .findFirst()
                .orElseThrow()
                .replace(".md", "");
        assertThat(Files.readString(dir.resolve(stem + ".md"))).isEqualTo("# MCP\n\n![mcp](" + stem + ".png)\n");
        assertThat(Files.readAllBytes(dir.resolve(stem + ".png"))).startsWith(PNG);
        assertThat(Files.list(dir).map(path -> path.getFileName().toString()))
                .noneMatch(name -> name.startsWith("tpch-") && name.endsWith(".png"));
    }

    @Test
    void aValueNotMeasuredIsLeftOutOfTheFigure() throws Exception {
        Reports.write(
                dir,
                "mcp",
                "# MCP\n",
                Map.of(
                        "rows",
                        List.of(
                                Map.of("tool", "search-tables", "transport", "MCP stdio", "p50Millis", 4.7),
                                Map.of("tool", "run-sql", "transport", "MCP stdio", "p50Millis", Double.NaN))));
        Reports.write(
                dir,
                "start",
                "# Start\n",
                Map.of(
                        "rows",
                        List.of(Map.of("command", "tq run-sql", "where", "embedded", "warmMillis", Double.NaN))));

        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(path -> path.getFileName().toString()))
                    .as("the figure of the measured value, and none of a report that measured none")
                    .anyMatch(name -> name.startsWith("mcp-") && name.endsWith(".png"))
                    .noneMatch(name -> name.startsWith("start-") && name.endsWith(".png"));
        }
    }
}

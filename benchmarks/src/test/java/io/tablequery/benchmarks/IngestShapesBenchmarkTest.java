package io.tablequery.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A smoke run of the ingest-shapes benchmark at a tiny size, so the harness cannot rot; the real run is a command. */
class IngestShapesBenchmarkTest {
    @TempDir
    Path dir;

    @Test
    void measuresEveryShapeAndBothWorkspaces() throws Exception {
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        IngestShapesBenchmark.Result result = IngestShapesBenchmark.run(
                new IngestShapesBenchmark.Settings(1, 12, dir.resolve("data"), dir.resolve("results")),
                new PrintStream(log, true, StandardCharsets.UTF_8));
        assertThat(result.figures())
                .extracting(IngestShapesBenchmark.Figure::contender)
                .containsExactly(
                        "300 columns x 2 rows",
                        "2 columns x 300 rows",
                        "2,000 columns x 100 rows",
                        "xlsx 300 columns x 2 rows",
                        "xlsx 2 columns x 300 rows",
                        "DuckDB read_csv alone, 300 columns x 2 rows",
                        "DuckDB read_csv alone, 2 columns x 300 rows",
                        "one 50-row CSV into 10 tables",
                        "one 50-row CSV into 12 tables");
        assertThat(result.figures())
                .allSatisfy(figure -> assertThat(figure.medianMillis()).isPositive());
        try (var reports = Files.list(dir.resolve("results"))) {
            assertThat(reports.map(p -> p.getFileName().toString())).anyMatch(name -> name.endsWith(".md"));
        }
    }
}

package io.tablequery.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A smoke run of the ingest benchmark at a tiny size, so the harness cannot rot; the real run is a command. */
class IngestBenchmarkTest {
    @TempDir
    Path dir;

    @Test
    void runsEveryContenderAndWritesTheReport() throws Exception {
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        IngestBenchmark.Result result = IngestBenchmark.run(
                new IngestBenchmark.Settings(500, 2000, 1, 2, "256m", dir.resolve("data"), dir.resolve("results")),
                new PrintStream(log, true, StandardCharsets.UTF_8));
        assertThat(result.measurements()).hasSize(6);
        assertThat(result.summaries().get("POI_EVENT_API").rows()).isEqualTo(500);
        assertThat(result.summaries().get("TABLEQUERY_XLSX").rows()).isEqualTo(500);
        assertThat(result.summaries().get("DUCKDB_READ_CSV").rows()).isEqualTo(2000);
        assertThat(result.summaries().get("TABLEQUERY_CSV").rows()).isEqualTo(2000);
        assertThat(result.summaries().get("TABLEQUERY_CSV_DUCKDB_READY").rows()).isEqualTo(2000);
        assertThat(result.summaries().get("TABLEQUERY_CSV").warmMillis()).isNotNegative();
        assertThat(result.ratios()).hasSize(7).allSatisfy((name, value) -> assertThat(value)
                .isNotNegative());
        assertThat(result.ratios().get("CSV time, upload to answer over SQLITE_JDBC_BATCH, warm"))
                .as("the goal's ratio: the upload answering against the SQLite-only load")
                .isEqualTo((double) result.summaries().get("TABLEQUERY_CSV").warmMillis()
                        / result.summaries().get("SQLITE_JDBC_BATCH").warmMillis());
        assertThat(result.ratios().get("CSV time, both copies current over the slower single-engine load, warm"))
                .as("the goal's ratio: both copies current against the slower of read_csv and the SQLite-only load")
                .isEqualTo((double) result.summaries()
                                .get("TABLEQUERY_CSV_DUCKDB_READY")
                                .warmMillis()
                        / Math.max(
                                result.summaries().get("SQLITE_JDBC_BATCH").warmMillis(),
                                result.summaries().get("DUCKDB_READ_CSV").warmMillis()));
        try (var reports = Files.list(dir.resolve("results"))) {
            assertThat(reports.map(p -> p.getFileName().toString()))
                    .anyMatch(name -> name.endsWith(".md"))
                    .anyMatch(name -> name.endsWith(".json"));
        }
        try (var reports = Files.list(dir.resolve("results"))) {
            Path json = reports.filter(p -> p.toString().endsWith(".json"))
                    .findFirst()
                    .orElseThrow();
            assertThat(Files.readString(json))
                    .as("the committed report must not name this machine's paths")
                    .contains("\"xlsxRows\" : 500")
                    .doesNotContain(dir.toString());
        }
        assertThat(log.toString(StandardCharsets.UTF_8)).contains("| TABLEQUERY_CSV | 2,000 |");
    }
}

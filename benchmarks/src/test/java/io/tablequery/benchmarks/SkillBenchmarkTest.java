package io.tablequery.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A smoke run of the skill benchmark at a tiny size, so the harness cannot rot; the real run is a command. */
class SkillBenchmarkTest {
    @TempDir
    Path dir;

    @Test
    void measuresSearchAndRunSqlAndWritesTheReport() throws Exception {
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        SkillBenchmark.Result result = SkillBenchmark.run(
                new SkillBenchmark.Settings(
                        300, 30, false, 200, 120_000, 2, dir.resolve("data"), dir.resolve("results")),
                new PrintStream(log, true, StandardCharsets.UTF_8));
        assertThat(result.search().tables()).isEqualTo(300);
        assertThat(result.meaning().tables()).isEqualTo(30);
        assertThat(result.meaning().p99Micros())
                .isGreaterThanOrEqualTo(result.meaning().p50Micros());
        assertThat(result.search().p99Micros())
                .isGreaterThanOrEqualTo(result.search().p50Micros());
        assertThat(result.runSql()).hasSize(5);
        assertThat(result.runSql().get("small (10 rows)").rows()).isEqualTo(10);
        assertThat(result.runSql().get("2-row table").rows()).isEqualTo(2);
        assertThat(result.runSql().get("2-row table, 300 more tables").rows()).isEqualTo(2);
        assertThat(result.runSql().get("100k rows, --max-rows 100").rows()).isEqualTo(100_000);
        assertThat(log.toString(StandardCharsets.UTF_8)).contains("| p50 | p99 | max |");
        try (var reports = Files.list(dir.resolve("results"))) {
            assertThat(reports.map(p -> p.getFileName().toString()))
                    .anyMatch(name -> name.startsWith("skill-") && name.endsWith(".md"));
        }
    }
}

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

/** A smoke run of the auto-threshold benchmark at tiny sizes, so the harness cannot rot; the real run is a command. */
class AutoCrossoverBenchmarkTest {
    @TempDir
    Path dir;

    @Test
    void timesEveryShapeAtEverySizeOnBothEngines() throws Exception {
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        AutoCrossoverBenchmark.Result result = AutoCrossoverBenchmark.run(
                new AutoCrossoverBenchmark.Settings(List.of(50, 200), 1, dir.resolve("data"), dir.resolve("results")),
                new PrintStream(log, true, StandardCharsets.UTF_8));
        assertThat(result.points()).hasSize(10);
        assertThat(result.points()).allSatisfy(point -> {
            assertThat(point.sqliteMs()).isPositive();
            assertThat(point.duckdbMs()).isPositive();
        });
        assertThat(result.crossover()).containsOnlyKeys("filter", "group", "real sums", "join", "distinct");
        try (var reports = Files.list(dir.resolve("results"))) {
            assertThat(reports.map(p -> p.getFileName().toString()))
                    .anyMatch(name -> name.startsWith("auto-crossover"));
        }
    }
}

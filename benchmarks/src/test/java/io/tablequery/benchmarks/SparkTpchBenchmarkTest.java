package io.tablequery.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The Spark TPC-H report: what it says of a query DuckDB could not finish under a lowered memory limit. */
class SparkTpchBenchmarkTest {
    @Test
    void reportsFailuresSpillsAndWhatCompleted() {
        SparkTpchBenchmark.Settings settings =
                new SparkTpchBenchmark.Settings(1, 3, null, Path.of("."), Path.of("."), null, List.of(), "200MB");
        List<SparkTpchBenchmark.Row> rows = List.of(
                new SparkTpchBenchmark.Row("q01", null, 1200.0, 1000.0, 300.0, 250_000_000, true, Map.of()),
                new SparkTpchBenchmark.Row(
                        "q09",
                        "strftime of a column",
                        null,
                        null,
                        null,
                        0,
                        null,
                        Map.of("duckdb", "Out of Memory Error: failed to allocate | pinned\nmore")));

        String markdown = SparkTpchBenchmark.markdown(settings, rows);

        assertThat(markdown)
                .contains("DuckDB under a 200MB memory limit")
                .contains("Spark: a Spark Connect server on `local[*]`, started by the benchmark.")
                .contains("--duckdb-memory 200MB")
                .contains("| q01 | 1200.0 ms | 1000.0 ms | 1.20× | 300.0 ms | 250 MB | 4.00× | true |  |")
                .contains("| q09 | - | - |  | - | 0 |  |  | strftime of a column; duckdb: Out of Memory Error:"
                        + " failed to allocate \\| pinned more |")
                .contains("Completed: spark 1 of 2, duckdb 1 of 2.");
    }

    @Test
    void saysWhichSparkItRanOn() {
        SparkTpchBenchmark.Settings settings = new SparkTpchBenchmark.Settings(
                1, 2, "sc://127.0.0.1:15300", Path.of("."), Path.of("."), null, List.of("q06"), null);
        assertThat(SparkTpchBenchmark.markdown(settings, List.of()))
                .contains("Spark: the Spark Connect server at `sc://127.0.0.1:15300`.")
                .contains("--queries q06 --spark-connect sc://127.0.0.1:15300`.");
    }
}

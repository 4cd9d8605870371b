package io.tablequery.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablequery.dialects.testing.CorpusSuite;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The TPC-H harness at sf0.01 with one repetition, so that it cannot rot: every query runs on every contender, and
 * every full result agrees with the corpora's answer and with the other engine. The full run is {@code tq bench
 * tpch}.
 */
@CorpusSuite
class TpchBenchmarkTest {
    /** The query whose ORDER BY ... LIMIT reads a join, which the translation refuses. */
    private static final String ORDERED_JOIN_LIMIT = "q02";

    @TempDir
    Path dir;

    @Test
    void answersAllTwentyTwoQueriesCorrectlyThroughEveryContender() throws Exception {
        Path home = Path.of(System.getProperty("tq.repository", ".."));
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        TpchBenchmark.Result result = TpchBenchmark.run(
                new TpchBenchmark.Settings(0.01, 1, home, dir, dir.resolve("results")),
                new PrintStream(log, true, StandardCharsets.UTF_8));

        assertThat(result.uploads()).extracting(TpchBenchmark.Upload::file).contains("tpch.xlsx", "tpch_lineitem.csv");
        assertThat(result.uploads().stream()
                        .mapToLong(TpchBenchmark.Upload::rows)
                        .sum())
                .as("sf0.01 holds 86,805 rows")
                .isEqualTo(86_805);
        assertThat(result.queries()).hasSize(TpchQueries.COUNT);
        assertThat(result.queries()).allSatisfy(query -> {
            assertThat(query.failures()).as(query.name()).isEmpty();
            if (query.name().equals(ORDERED_JOIN_LIMIT)) {
                // ORDER BY ... LIMIT over a join keeps rows that tie as SQLite's plan picks: it stays on SQLite.
                assertThat(query.untranslated()).as(query.name()).startsWith("LIMIT over a join");
                assertThat(List.of(query.sqlite(), query.auto(), query.queryDuckDb()))
                        .as(query.name())
                        .doesNotContainNull();
                assertThat(query.answers()).as(query.name()).isEqualTo(Map.of("sqlite", "ok", "queryDuckDB", "ok"));
                return;
            }
            assertThat(query.untranslated()).as(query.name()).isNull();
            assertThat(List.of(query.sqlite(), query.duckdb(), query.auto(), query.raw(), query.queryDuckDb()))
                    .as(query.name())
                    .doesNotContainNull();
            assertThat(query.enginesEqual()).as(query.name()).isTrue();
            assertThat(query.asWritten() != null || query.notAsWritten() != null)
                    .as("%s: the SQLite text as written is timed or says why not", query.name())
                    .isTrue();
            Map<String, String> expected = TpchAnswers.NOT_COMPARABLE.containsKey(query.name())
                    ? Map.of("answer", "not comparable: " + TpchAnswers.NOT_COMPARABLE.get(query.name()))
                    : Map.of("sqlite", "ok", "duckdb", "ok", "queryDuckDB", "ok");
            assertThat(query.answers()).as(query.name()).isEqualTo(expected);
        });
        assertThat(result.queries().get(0).rows()).as("q01 has four groups").isEqualTo(4);
        assertThat(result.queries().get(20).asWritten())
                .as("q21's SQLite text runs unchanged on DuckDB with the translation's answer")
                .isNotNull();

        Path report = dir.resolve("results")
                .resolve(Files.list(dir.resolve("results"))
                        .filter(file -> file.toString().endsWith(".md"))
                        .findFirst()
                        .orElseThrow());
        String markdown = Files.readString(report);
        assertThat(markdown)
                .contains("| q22 |", "run-sql's rows equal on both engines: 21 of the 21 queries that translate");
        Path chart = dir.resolve("results").resolve(result.chart());
        byte[] png = Files.readAllBytes(chart);
        assertThat(png).startsWith((byte) 0x89, (byte) 'P', (byte) 'N', (byte) 'G');
        assertThat(markdown).contains("](" + result.chart() + ")");
    }

    @Test
    void prefixesTableNamesButNotColumnAliasesSpelledTheSame() {
        assertThat(TpchQueries.prefixTables("SELECT nation, o_year FROM (SELECT n_name AS nation FROM part, nation n1"
                        + " JOIN region ON n1.n_regionkey = r_regionkey WHERE x IN (SELECT 1 FROM orders)) AS p"
                        + " GROUP BY nation ORDER BY nation"))
                .isEqualTo("SELECT nation, o_year FROM (SELECT n_name AS nation FROM tpch_part, tpch_nation n1"
                        + " JOIN tpch_region ON n1.n_regionkey = r_regionkey WHERE x IN (SELECT 1 FROM tpch_orders))"
                        + " AS p GROUP BY nation ORDER BY nation");
    }
}

package io.tablequery.dialects.translate.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * Generated schemas, data and queries, each query run on SQLite as written and on DuckDB as translated, plus ternary
 * logic partitioning and NoREC on the translated side. Bounded here; a long run is the same test with
 * {@code -Dtq.fuzz.queries=N -Dtq.fuzz.threads=T} (and {@code -Dtq.fuzz.seed=S} for other databases). The report,
 * with a shrunk reproduction per failure, goes to {@code target/query-fuzz-report.md}.
 */
class QueryFuzzTest {
    @Test
    void translatedQueriesAnswerAsSqliteDoes() throws Exception {
        QueryFuzzer.Settings settings = new QueryFuzzer.Settings(
                Long.getLong("tq.fuzz.seed", 1L),
                Long.getLong("tq.fuzz.queries", 4_000L),
                Integer.getInteger("tq.fuzz.per-database", 100),
                Integer.getInteger("tq.fuzz.threads", 1),
                20);
        Instant start = Instant.now();
        Tally tally = QueryFuzzer.run(settings);
        String report = QueryFuzzer.report(settings, tally, Duration.between(start, Instant.now()));
        Path out = Path.of("target", "query-fuzz-report.md");
        Files.createDirectories(out.getParent());
        Files.writeString(out, report);
        assertThat(tally.failures()).as(report).isZero();
        assertThat(tally.count(tally.differential, Oracles.Verdict.EQUAL))
                .as(report)
                .isGreaterThan(tally.queries() / 2);
    }
}

package io.tablequery.dialects.translate;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablequery.dialects.testing.Corpora;
import io.tablequery.dialects.testing.CorpusSuite;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * SQLite's sqllogictest suite ({@code select1-5.test} and {@code evidence/*.test} from ../shared/corpora): every
 * query translated and run on DuckDB against the results SQLite recorded. Writes the shares to
 * {@code target/sqllogictest-report.txt}.
 */
@CorpusSuite
class SqlLogicTest {
    @Test
    void translatedQueriesReturnSqlitesResults() throws Exception {
        Path suite = Corpora.resolve("sqllogictest/test");
        List<Path> files = new ArrayList<>();
        for (int i = 1; i <= 5; i++) {
            files.add(suite.resolve("select" + i + ".test"));
        }
        try (Stream<Path> evidence = Files.list(suite.resolve("evidence"))) {
            evidence.filter(path -> path.toString().endsWith(".test")).sorted().forEach(files::add);
        }
        int queries = 0;
        int translated = 0;
        int equal = 0;
        Map<String, Integer> refusals = new TreeMap<>();
        List<String> mismatches = new ArrayList<>();
        StringBuilder report = new StringBuilder();
        for (Path file : files) {
            SqlLogicTestFile.Outcome outcome = new SqlLogicTestFile(file, new DuckDbTarget(), 1).run();
            queries += outcome.queries();
            translated += outcome.translated();
            equal += outcome.equal();
            outcome.refusals().forEach((reason, count) -> refusals.merge(reason, count, Integer::sum));
            mismatches.addAll(outcome.mismatches());
            report.append("%-32s queries %5d  translated %5d  equal %5d%n"
                    .formatted(file.getFileName(), outcome.queries(), outcome.translated(), outcome.equal()));
        }
        report.append("%-32s queries %5d  translated %5d (%.2f%%)  equal %5d (%.2f%% of translated)%n"
                .formatted(
                        "total", queries, translated, 100.0 * translated / queries, equal, 100.0 * equal / translated));
        report.append("\nRefusals:\n");
        refusals.forEach((reason, count) -> report.append("%6d  %s%n".formatted(count, reason)));
        report.append("\nMismatches:\n");
        mismatches.forEach(mismatch -> report.append(mismatch).append("\n"));
        Path out = Path.of("target", "sqllogictest-report.txt");
        Files.createDirectories(out.getParent());
        Files.writeString(out, report);
        assertThat(queries).isGreaterThan(9000);
        assertThat(mismatches).as(report.toString()).isEmpty();
        assertThat((double) translated / queries).as(report.toString()).isGreaterThanOrEqualTo(0.99);
    }
}

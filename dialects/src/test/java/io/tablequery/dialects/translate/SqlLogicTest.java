package io.tablequery.dialects.translate;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablequery.dialects.testing.CorpusSuite;
import java.nio.file.Path;
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
        SqlLogicSuite suite = SqlLogicSuite.run(
                "DuckDB, every query",
                SqlLogicSuite.files(5),
                file -> new DuckDbTarget(),
                1,
                Path.of("target", "sqllogictest-report.txt"));
        assertThat(suite.queries()).isGreaterThan(9000);
        assertThat(suite.mismatches()).as(suite.report()).isEmpty();
        assertThat((double) suite.translated() / suite.queries())
                .as(suite.report())
                .isGreaterThanOrEqualTo(0.99);
    }
}

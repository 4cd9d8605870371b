package io.tablequery.dialects.translate;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablequery.dialects.testing.CorpusSuite;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * SQLite's sqllogictest suite ({@code select1-5.test} and {@code evidence/*.test} from ../shared/corpora): every
 * third query (the build's sample; {@code -Dtq.sqllogictest.every=1} for all) translated and run on DuckDB against
 * the results SQLite recorded. Writes the shares to {@code target/sqllogictest-report.txt}.
 */
@CorpusSuite
class SqlLogicTest {
    private static final int EVERY = Integer.getInteger("tq.sqllogictest.every", 3);

    @Test
    void translatedQueriesReturnSqlitesResults() throws Exception {
        SqlLogicSuite suite = SqlLogicSuite.run(
                EVERY == 1 ? "DuckDB, every query" : "DuckDB, one query in " + EVERY,
                SqlLogicSuite.files(5),
                file -> new DuckDbTarget(),
                EVERY,
                Path.of("target", "sqllogictest-report.txt"));
        assertThat(suite.queries()).isGreaterThan(9000 / EVERY);
        assertThat(suite.mismatches()).as(suite.report()).isEmpty();
        assertThat((double) suite.translated() / suite.queries())
                .as(suite.report())
                .isGreaterThanOrEqualTo(0.99);
    }
}

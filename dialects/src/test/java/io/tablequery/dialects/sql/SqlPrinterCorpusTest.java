package io.tablequery.dialects.sql;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablequery.dialects.testing.CorpusSuite;
import io.tablequery.dialects.testing.SpiderGold;
import io.tablequery.dialects.translate.ColumnSchema;
import io.tablequery.dialects.translate.EnginePair;
import io.tablequery.dialects.translate.QueryTarget;
import io.tablequery.dialects.translate.SqlLogicSuite;
import io.tablequery.dialects.translate.Translation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The printer's identity on real statements: every query of SQLite's sqllogictest suite and every Spider gold query
 * the parser reads prints to text that parses back to the same tree and runs on SQLite with the same answer (for
 * sqllogictest, SQLite's recorded results; for Spider, the rows and column names of the query as written, on its
 * database). The build prints every second sqllogictest query ({@code -Dtq.printer.every=1} for all). Writes {@code
 * target/printer-sqllogictest-report.txt} and {@code target/printer-spider-report.txt}.
 */
@CorpusSuite
class SqlPrinterCorpusTest {
    private static final int EVERY = Integer.getInteger("tq.printer.every", 2);

    @Test
    void sqllogictestQueriesAnswerAsRecordedWhenPrinted() throws Exception {
        SqlLogicSuite suite = SqlLogicSuite.run(
                EVERY == 1 ? "SQLite, every query as printed" : "SQLite, one query in " + EVERY + " as printed",
                SqlLogicSuite.files(5),
                file -> new Printed(),
                EVERY,
                Path.of("target", "printer-sqllogictest-report.txt"));
        assertThat(suite.queries()).isGreaterThan(9000 / EVERY);
        assertThat(suite.mismatches()).as(suite.report()).isEmpty();
        assertThat(suite.equal()).as(suite.report()).isEqualTo(suite.translated());
        assertThat((double) suite.translated() / suite.queries())
                .as(suite.report())
                .isGreaterThanOrEqualTo(0.99);
    }

    @Test
    void spiderGoldQueriesAnswerAsWrittenWhenPrinted() throws Exception {
        Map<String, List<String>> gold = SpiderGold.byDatabase();
        int queries = 0;
        int parsed = 0;
        int failing = 0;
        List<String> differences = new ArrayList<>();
        for (Map.Entry<String, List<String>> database : gold.entrySet()) {
            Path file = SpiderGold.database(database.getKey());
            if (!Files.isRegularFile(file)) {
                continue;
            }
            try (Connection connection = DriverManager.getConnection("jdbc:sqlite:file:" + file + "?mode=ro")) {
                for (String sql : database.getValue()) {
                    queries++;
                    if (!(SqliteStatement.of(sql).parse() instanceof SqliteStatement.Tree tree)) {
                        continue;
                    }
                    parsed++;
                    SqlPrinterTest.checkRoundTrip(sql);
                    String printed = SqlPrinter.sqlite(tree.statement(), sql);
                    EnginePair.Rows written;
                    try {
                        written = EnginePair.query(connection, sql);
                    } catch (SQLException e) {
                        failing++;
                        continue;
                    }
                    String difference;
                    try {
                        difference = EnginePair.query(connection, printed).difference(written);
                    } catch (SQLException e) {
                        difference = "fails: " + e.getMessage();
                    }
                    if (difference != null) {
                        differences.add(sql + "\n  printed: " + printed + "\n  " + difference);
                    }
                }
            }
        }
        String report = "Spider gold queries %d, parsed %d, failing on SQLite as written %d, printed differently %d%n"
                .formatted(queries, parsed, failing, differences.size());
        Files.writeString(Path.of("target", "printer-spider-report.txt"), report + String.join("\n", differences));
        assertThat(parsed).as(report).isGreaterThan(8000);
        assertThat(differences).as(report).isEmpty();
    }

    /** SQLite itself, running each statement as the printer prints it. */
    private static final class Printed implements QueryTarget {
        private EnginePair engines;

        @Override
        public String name() {
            return "SQLite as printed";
        }

        @Override
        public void load(EnginePair pair) {
            this.engines = pair;
        }

        @Override
        public Translation translate(String sql) {
            if (!(SqliteStatement.of(sql).parse() instanceof SqliteStatement.Tree tree)) {
                return new Translation.Untranslatable("outside the parser's subset");
            }
            SqlPrinterTest.checkRoundTrip(sql);
            return new Translation.Translated(SqlPrinter.sqlite(tree.statement(), sql), List.of());
        }

        @Override
        public EnginePair.Rows query(String sql) throws SQLException {
            return EnginePair.query(engines.sqlite, sql);
        }

        @Override
        public void created(String table, List<ColumnSchema> columns) {}
    }
}

package io.tablequery.dialects.translate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablequery.dialects.SqliteAffinity;
import java.io.IOException;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The 68 differential pairs of the dialect catalog (section 4), each run on SQLite as written and on DuckDB as
 * translated, over the catalog's fixture, compared by label, value and storage class (reals within 1e-12).
 */
class CatalogPairsTest {
    private static final List<String> FIXTURE = CatalogPairs.FIXTURE;

    static Stream<Arguments> pairs() throws IOException {
        return CatalogPairs.load().stream().map(pair -> Arguments.of(pair.id(), pair.expected(), pair.sql()));
    }

    /**
     * A CASE mixing an integer and reals is refused (SQLite keeps each row's class, so {@code sum} over only the
     * integer branch is the integer 0), and the reason names the mix rather than the text rendering it fails over.
     */
    @Test
    void namesTheMixWhenCaseBranchesMixIntegersAndReals() throws SQLException {
        try (EnginePair engines = new EnginePair()) {
            engines.sqliteScript(FIXTURE);
            engines.copyTables();
            Translation translation = SqliteToDuckDb.translate(
                    "SELECT sum(CASE WHEN g = 'a' THEN r ELSE 0 END) FROM s", engines.schema());
            assertThat(translation).isInstanceOf(Translation.Untranslatable.class);
            assertThat(((Translation.Untranslatable) translation).reason())
                    .isEqualTo(ExpressionTranslator.MIXED_NUMBERS);
            assertThat(SqliteToDuckDb.translate(
                            "SELECT sum(CASE WHEN g = 'a' THEN r ELSE 0.0 END) FROM s", engines.schema()))
                    .isInstanceOf(Translation.Translated.class);
        }
    }

    /**
     * Pair 68: over 300,000 rows, {@code group_concat} per group must list ids in the same order on both engines;
     * DuckDB with several threads does not keep it unless the translation orders by rowid.
     */
    @Test
    void groupConcatKeepsSqlitesOrderOverManyRowsAndThreads() throws SQLException {
        try (EnginePair engines = new EnginePair()) {
            engines.sqliteScript(List.of(
                    "CREATE TABLE t(id INTEGER, g INTEGER, v INTEGER)",
                    "INSERT INTO t WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r WHERE i < 300000)"
                            + " SELECT (i * 7919) % 300007, (i * 31) % 97, (i * 104729) % 11 FROM r"));
            EnginePair.query(
                    engines.duckdb,
                    "CREATE TABLE t AS SELECT (i * 7919) % 300007 AS id, (i * 31) % 97 AS g,"
                            + " (i * 104729) % 11 AS v, i AS rowid FROM range(1, 300001) AS r(i)");
            engines.addTable(TableSchema.stored(
                    "t",
                    "\"t\"",
                    List.of(
                            new ColumnSchema("id", SqlType.INTEGER, SqliteAffinity.INTEGER),
                            new ColumnSchema("g", SqlType.INTEGER, SqliteAffinity.INTEGER),
                            new ColumnSchema("v", SqlType.INTEGER, SqliteAffinity.INTEGER)),
                    EnginePair.ROWID));
            String sql = "SELECT g, group_concat(id) FROM t WHERE v = 7 GROUP BY g ORDER BY g";
            Translation translation = SqliteToDuckDb.translate(sql, engines.schema());
            String duckSql = ((Translation.Translated) translation).sql();
            EnginePair.Rows sqlite = EnginePair.query(engines.sqlite, sql);
            assertThat(sqlite.rows()).hasSize(97);
            assertThat(sqlite.difference(EnginePair.query(engines.duckdb, duckSql)))
                    .isNull();
        }
    }

    @ParameterizedTest(name = "pair {0}: {1}")
    @MethodSource("pairs")
    void pair(String id, String expected, String sql) throws SQLException {
        List<String> statements =
                Arrays.stream(sql.split(";")).map(String::strip).toList();
        try (EnginePair engines = new EnginePair()) {
            engines.sqliteScript(FIXTURE);
            engines.copyTables();
            List<Translation> translations = new ArrayList<>();
            for (String statement : statements) {
                Translation translation = SqliteToDuckDb.translate(statement, engines.schema());
                translations.add(translation);
                if (translation instanceof Translation.Untranslatable) {
                    break;
                }
                EnginePair.query(engines.sqlite, statement);
                Translation.Translated translated = (Translation.Translated) translation;
                if (statement.regionMatches(true, 0, "CREATE", 0, 6)) {
                    EnginePair.query(engines.duckdb, translated.sql());
                    String table = statement.split("\\s+")[3];
                    engines.addTempTable(table, translated.columns());
                }
            }
            Translation last = translations.get(translations.size() - 1);
            if (expected.equals("REFUSED")) {
                assertThat(last).as("pair %s", id).isInstanceOf(Translation.Untranslatable.class);
                assertThat(((Translation.Untranslatable) last).reason()).isNotBlank();
                return;
            }
            assertThat(last).as("pair %s translates", id).isInstanceOf(Translation.Translated.class);
            String duckSql = ((Translation.Translated) last).sql();
            String finalSql = statements.get(statements.size() - 1);
            if (expected.equals("DUCKDB_ERROR")) {
                assertThatThrownBy(() -> EnginePair.query(engines.duckdb, duckSql))
                        .isInstanceOf(SQLException.class);
                return;
            }
            EnginePair.Rows sqlite = EnginePair.query(engines.sqlite, finalSql);
            EnginePair.Rows duckdb = EnginePair.query(engines.duckdb, duckSql);
            String difference = sqlite.difference(duckdb);
            if (expected.equals("DIFFERS")) {
                assertThat(difference).as("pair %s is a known divergence", id).isNotNull();
            } else {
                assertThat(difference)
                        .as("pair %s: %s%n  DuckDB: %s", id, finalSql, duckSql)
                        .isNull();
            }
        }
    }
}

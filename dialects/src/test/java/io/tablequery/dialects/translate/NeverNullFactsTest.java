package io.tablequery.dialects.translate;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The fact that a column holds no NULL ({@link ColumnSchema#neverNull}) spells {@code NOT IN} as {@code NOT EXISTS},
 * which differs exactly when a NULL meets it: each query runs on SQLite as written and on DuckDB translated with the
 * facts and without, over tables where the facts hold and where they stop holding (the side of an outer join with no
 * row, an aggregate's row made from none, the rows a recursive table adds, a union with a column of NULLs).
 */
class NeverNullFactsTest {
    private static final List<String> TABLES = List.of(
            "CREATE TABLE t(k INTEGER, v TEXT, n INTEGER)",
            "INSERT INTO t VALUES (1, 'a', 1), (2, 'B', NULL), (3, 'c', 3), (4, 'D', NULL), (5, 'e', 5)",
            "CREATE TABLE u(k INTEGER, w INTEGER, s TEXT)",
            "INSERT INTO u VALUES (1, 10, 'A'), (3, 2, 'b'), (3, 30, 'C'), (6, 4, 'd')",
            "CREATE TABLE e(k INTEGER)");

    static List<Arguments> queries() {
        return List.of(
                Arguments.of("SELECT k FROM t WHERE k NOT IN (SELECT k FROM u) ORDER BY k", true),
                Arguments.of("SELECT k, k NOT IN (SELECT k FROM u) AS x FROM t ORDER BY k", true),
                Arguments.of("SELECT k FROM t WHERE k IN (SELECT k FROM u) ORDER BY k", false),
                Arguments.of("SELECT k FROM t WHERE k NOT IN (SELECT k FROM e) ORDER BY k", true),
                Arguments.of("SELECT k FROM t WHERE k NOT IN (SELECT u.k FROM u WHERE u.w > t.k) ORDER BY k", true),
                Arguments.of(
                        "SELECT k FROM t WHERE k NOT IN (SELECT d.k FROM (SELECT k FROM u) AS d) ORDER BY k", true),
                Arguments.of(
                        "WITH c(z) AS (SELECT k FROM u WHERE w > 3) SELECT k FROM t WHERE k NOT IN (SELECT z FROM c)"
                                + " ORDER BY k",
                        true),
                Arguments.of(
                        "SELECT k FROM t WHERE k NOT IN (SELECT k FROM u WHERE k NOT IN (SELECT n FROM t WHERE n > 2)"
                                + " AND w NOT IN (SELECT k FROM e)) ORDER BY k",
                        true),
                Arguments.of("SELECT k FROM t WHERE k NOT IN (SELECT n FROM t) ORDER BY k", false),
                Arguments.of("SELECT k FROM t WHERE n NOT IN (SELECT k FROM u) ORDER BY k", false),
                Arguments.of(
                        "SELECT t.k FROM t WHERE t.k NOT IN (SELECT u2.w FROM t AS t2 LEFT JOIN u AS u2 ON u2.k = t2.k)"
                                + " ORDER BY t.k",
                        false),
                Arguments.of(
                        "SELECT t2.k, u2.w FROM t AS t2 LEFT JOIN u AS u2 ON u2.k = t2.k"
                                + " WHERE u2.w NOT IN (SELECT n FROM t WHERE n > 0) ORDER BY t2.k, u2.w",
                        false),
                Arguments.of(
                        "SELECT t2.k, u2.w FROM t AS t2 LEFT JOIN u AS u2 ON u2.k = t2.k"
                                + " AND u2.w NOT IN (SELECT k FROM t) ORDER BY t2.k, u2.w",
                        true),
                Arguments.of(
                        "SELECT t.k FROM t WHERE t.k NOT IN (SELECT t2.k FROM t AS t2 RIGHT JOIN u AS u2 ON"
                                + " u2.k = t2.k) ORDER BY t.k",
                        false),
                Arguments.of(
                        "SELECT t.k FROM t WHERE t.k NOT IN (SELECT u2.k FROM t AS t2 FULL JOIN u AS u2 ON"
                                + " u2.k = t2.k) ORDER BY t.k",
                        false),
                Arguments.of(
                        "SELECT t.k FROM t WHERE t.k NOT IN (SELECT t2.k FROM t AS t2 JOIN u AS u2 ON u2.k = t2.k)"
                                + " ORDER BY t.k",
                        true),
                Arguments.of(
                        "SELECT k FROM t WHERE 1 NOT IN (SELECT d.k FROM (SELECT k, max(k) AS m FROM e) AS d) ORDER BY k",
                        false),
                Arguments.of(
                        "SELECT k FROM t WHERE k NOT IN (SELECT k FROM u GROUP BY k HAVING count(*) > 1) ORDER BY k",
                        true),
                Arguments.of(
                        "WITH RECURSIVE r(x) AS (SELECT k FROM u UNION ALL SELECT CASE WHEN x = 3 THEN NULL END FROM r"
                                + " WHERE x = 3) SELECT k FROM t WHERE k NOT IN (SELECT x FROM r) ORDER BY k",
                        false),
                Arguments.of(
                        "SELECT k FROM t WHERE k NOT IN (SELECT k FROM u UNION SELECT n FROM t) ORDER BY k", false),
                Arguments.of("SELECT k FROM t WHERE (SELECT k FROM e) NOT IN (SELECT k FROM u) ORDER BY k", false),
                Arguments.of("SELECT k FROM t WHERE v NOT IN (SELECT s FROM u) ORDER BY k", true));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("queries")
    void notInAnswersAsSqliteWithTheFactsAndWithout(String sql, boolean exists) throws SQLException {
        for (boolean facts : List.of(true, false)) {
            try (EnginePair engines = new EnginePair(facts)) {
                engines.sqliteScript(TABLES);
                engines.copyTables();
                Translation translation = SqliteToDuckDb.translate(sql, engines.schema());
                assertThat(translation).as("facts %s", facts).isInstanceOf(Translation.Translated.class);
                String duckSql = ((Translation.Translated) translation).sql();
                EnginePair.Rows sqlite = EnginePair.query(engines.sqlite, sql);
                assertThat(sqlite.difference(EnginePair.query(engines.duckdb, duckSql)))
                        .as("facts %s: %s", facts, duckSql)
                        .isNull();
                assertThat(duckSql.contains("EXISTS"))
                        .as("facts %s: %s", facts, duckSql)
                        .isEqualTo(facts && exists);
            }
        }
    }
}

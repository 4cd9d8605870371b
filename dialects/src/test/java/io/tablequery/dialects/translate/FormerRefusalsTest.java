package io.tablequery.dialects.translate;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Forms that were refused though SQLite's answer can be given, found on held-out queries, and now translated with
 * SQLite's answers: a {@code *} before other result columns (run-sql adds its provenance column after the user's
 * {@code *}), result-column numbers that fall in a {@code *}, an {@code INTEGER PRIMARY KEY} (never NULL and unique,
 * so rows never tie on it), {@code group_concat(DISTINCT x)}, and arithmetic and sums over values that are integers
 * on some rows and reals on others ({@code coalesce(price, 0) * qty}). Forms whose answer still cannot be given stay
 * refused.
 */
class FormerRefusalsTest {
    private static final List<String> TABLES = List.of(
            "CREATE TABLE k(pk INTEGER PRIMARY KEY, g INTEGER, v TEXT)",
            "CREATE INDEX k_v ON k(v)",
            "INSERT INTO k VALUES (5, 1, 'b'), (-2, 2, 'a'), (0, 1, NULL), (9, 2, 'b'), (3, 1, 'a'), (7, 3, 'c'),"
                    + " (1, 1, 'b')",
            "CREATE TABLE m(id INTEGER, g INTEGER, x REAL, q INTEGER)",
            "INSERT INTO m VALUES (1, 1, 2.5, 3), (2, 1, NULL, 4), (3, 2, NULL, 1), (4, 2, NULL, 7),"
                    + " (5, 3, 0.1, 2), (6, 3, 0.2, 5), (7, 3, NULL, 1), (8, 4, NULL, NULL)");

    static List<String> exact() {
        return List.of(
                "SELECT *, rowid AS r FROM k",
                "SELECT *, k.rowid AS r FROM k WHERE g = 1 ORDER BY r DESC",
                "SELECT * FROM k ORDER BY 2 DESC, 1",
                "SELECT k.*, v AS w FROM k ORDER BY w, pk",
                "SELECT *, g * 2 AS h FROM k ORDER BY 4 DESC, 1 LIMIT 3",
                "SELECT * FROM k GROUP BY 2 ORDER BY 2",
                "SELECT pk, v FROM k ORDER BY pk DESC LIMIT 3",
                "SELECT pk FROM k WHERE v > 'a' ORDER BY pk DESC",
                "SELECT g, group_concat(DISTINCT v) AS vs FROM k GROUP BY g ORDER BY g",
                "SELECT group_concat(DISTINCT g) AS gs, group_concat(DISTINCT v) AS vs FROM k",
                "SELECT group_concat(DISTINCT v) AS vs FROM k WHERE g > 5",
                "SELECT g, group_concat(DISTINCT upper(v)) AS vs FROM k GROUP BY g ORDER BY g",
                "SELECT id, coalesce(x, 0) * q AS p, coalesce(x, 0) + 1 AS y, coalesce(x, 0) / 2 AS z,"
                        + " q - coalesce(x, 0) AS w, coalesce(x, 0) * coalesce(x, 1) AS v FROM m ORDER BY id");
    }

    static List<String> engineSums() {
        return List.of(
                "SELECT g, sum(coalesce(x, 0) * q) AS s, avg(coalesce(x, 0)) AS a, total(coalesce(x, 0)) AS t"
                        + " FROM m GROUP BY g ORDER BY g",
                "SELECT g, sum(CASE WHEN q > 2 THEN x ELSE 0 END) AS s FROM m GROUP BY g ORDER BY g",
                "SELECT round(sum(coalesce(x, 0) * q), 2) AS r, sum(coalesce(x, 0)) / count(*) AS mean FROM m",
                "SELECT sum(iif(x IS NULL, q, x)) AS s FROM m WHERE g = 2",
                "SELECT g, sum(coalesce(x, 0)) FILTER (WHERE q > 1) AS s FROM m GROUP BY g ORDER BY g");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("exact")
    void translatesWithSqlitesAnswer(String sql) throws SQLException {
        try (EnginePair engines = EnginePair.holding(TABLES)) {
            assertThat(engines.translatedDifference(sql)).isNull();
        }
    }

    /** With the engine's own sums (run-sql's DuckDB), equal to SQLite's but for a real's last digits. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("engineSums")
    void sumsOfIntegersAndRealsTranslateWithTheEnginesSums(String sql) throws SQLException {
        try (EnginePair engines = EnginePair.holding(TABLES)) {
            Translation translation = SqliteToDuckDb.translate(sql, engines.schema(), RealSums.COMPENSATED);
            assertThat(translation).isInstanceOf(Translation.Translated.class);
            String duckSql = ((Translation.Translated) translation).sql();
            EnginePair.Rows expected = EnginePair.query(engines.sqlite, sql);
            assertThat(expected.differenceBeyondLastDigits(EnginePair.query(engines.duckdb, duckSql)))
                    .as(duckSql)
                    .isNull();
            // SQLite's exact digits of such a sum are not given: tq translate, which prints them, refuses it.
            assertThat(SqliteToDuckDb.translate(sql, engines.schema())).isInstanceOf(Translation.Untranslatable.class);
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(
            strings = {
                "SELECT group_concat(DISTINCT x) AS xs FROM m",
                "SELECT group_concat(DISTINCT v, ';') AS vs FROM k",
                "SELECT group_concat(DISTINCT v COLLATE NOCASE) AS vs FROM k",
                "SELECT sum(DISTINCT coalesce(x, 0)) AS s FROM m"
            })
    void whatCannotBeGivenStaysRefused(String sql) throws SQLException {
        try (EnginePair engines = EnginePair.holding(TABLES)) {
            assertThat(SqliteToDuckDb.translate(sql, engines.schema(), RealSums.COMPENSATED))
                    .isInstanceOf(Translation.Untranslatable.class);
        }
    }
}

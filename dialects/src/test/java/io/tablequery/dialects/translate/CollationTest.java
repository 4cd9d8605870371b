package io.tablequery.dialects.translate;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A COLLATE is translated where the translation applies it as SQLite does (a comparison's operands, an IN list's
 * value, CASE, BETWEEN, ORDER BY terms, LIKE, which ignores it) and refused wherever SQLite carries it further: it
 * groups DISTINCT and GROUP BY, compares IN subqueries, orders min and max, and stays on a subquery's column.
 */
class CollationTest {
    private static final List<String> TABLES = List.of(
            "CREATE TABLE t(k INTEGER, v TEXT)",
            "INSERT INTO t VALUES (1, 'a'), (2, 'B'), (3, 'c'), (4, 'a '), (5, NULL)",
            "CREATE TABLE u(s TEXT)",
            "INSERT INTO u VALUES ('A'), ('b'), ('a'), ('C ')");

    static List<Arguments> translated() {
        return List.of(
                Arguments.of("SELECT k FROM t WHERE v = 'A' COLLATE NOCASE ORDER BY k"),
                Arguments.of("SELECT k FROM t WHERE v COLLATE NOCASE = 'A' ORDER BY k"),
                Arguments.of("SELECT k FROM t WHERE (+v COLLATE NOCASE) <> 'b' ORDER BY k"),
                Arguments.of("SELECT k FROM t WHERE v COLLATE RTRIM = 'a' ORDER BY k"),
                Arguments.of("SELECT k FROM t WHERE v COLLATE NOCASE IS 'A' ORDER BY k"),
                Arguments.of("SELECT k FROM t WHERE v COLLATE NOCASE IN ('A', 'C') ORDER BY k"),
                Arguments.of("SELECT k FROM t WHERE v BETWEEN 'A' COLLATE NOCASE AND 'b' ORDER BY k"),
                Arguments.of("SELECT k, CASE v COLLATE NOCASE WHEN 'A' THEN 1 ELSE 0 END AS x FROM t ORDER BY k"),
                Arguments.of("SELECT k FROM t WHERE v COLLATE NOCASE LIKE 'A%' ORDER BY k"),
                Arguments.of("SELECT v FROM t ORDER BY v COLLATE NOCASE, k"),
                Arguments.of("SELECT DISTINCT v FROM t ORDER BY v COLLATE NOCASE"),
                Arguments.of("SELECT DISTINCT v FROM t ORDER BY v COLLATE NOCASE DESC, v"),
                Arguments.of("SELECT DISTINCT s FROM u ORDER BY s COLLATE RTRIM"),
                Arguments.of("SELECT k FROM t WHERE v COLLATE BINARY IN (SELECT s FROM u) ORDER BY k"));
    }

    static List<Arguments> refused() {
        return List.of(
                Arguments.of("SELECT DISTINCT s COLLATE NOCASE FROM u ORDER BY 1"),
                Arguments.of("SELECT s COLLATE NOCASE, count(*) FROM u GROUP BY 1 ORDER BY 1"),
                Arguments.of("SELECT count(*) FROM u GROUP BY s COLLATE NOCASE"),
                Arguments.of("SELECT c FROM (SELECT s COLLATE NOCASE AS c FROM u) WHERE c = 'a'"),
                Arguments.of("WITH w AS (SELECT s COLLATE NOCASE AS c FROM u) SELECT c FROM w WHERE c = 'a'"),
                Arguments.of("SELECT k FROM t WHERE v IN (SELECT s COLLATE NOCASE FROM u) ORDER BY k"),
                Arguments.of("SELECT k FROM t WHERE v COLLATE NOCASE IN (SELECT s FROM u) ORDER BY k"),
                Arguments.of("SELECT k FROM t WHERE v IN ('A' COLLATE NOCASE) ORDER BY k"),
                Arguments.of("SELECT k FROM t WHERE upper(v COLLATE NOCASE) = 'A' ORDER BY k"),
                Arguments.of("SELECT k FROM t WHERE coalesce(v COLLATE NOCASE, 'x') = 'A' ORDER BY k"),
                Arguments.of("SELECT max(s COLLATE NOCASE) FROM u"),
                Arguments.of("SELECT s COLLATE NOCASE AS c FROM u ORDER BY c"),
                Arguments.of("SELECT s FROM u UNION SELECT v COLLATE NOCASE FROM t"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("translated")
    void answersAsSqliteWhereTheCollationIsApplied(String sql) throws SQLException {
        try (EnginePair engines = EnginePair.holding(TABLES)) {
            assertThat(engines.translatedDifference(sql)).isNull();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("refused")
    void refusesWhereSqliteCarriesTheCollationOn(String sql) throws SQLException {
        try (EnginePair engines = EnginePair.holding(TABLES)) {
            Translation translation = SqliteToDuckDb.translate(sql, engines.schema());
            assertThat(translation).isInstanceOf(Translation.Untranslatable.class);
            assertThat(((Translation.Untranslatable) translation).reason()).contains("COLLATE NOCASE");
        }
    }
}

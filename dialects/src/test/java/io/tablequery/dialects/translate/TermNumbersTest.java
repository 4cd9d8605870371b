package io.tablequery.dialects.translate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What SQLite reads as a result column's number in ORDER BY and GROUP BY, and what it refuses there and in HAVING,
 * the translation reads and refuses alike: a number is an integer literal, decimal or hexadecimal, under unary signs
 * and parentheses ({@code 0x2}, {@code +2}, {@code - -2}); a number out of range ({@code -1}, {@code -(1)}, {@code
 * -0}) is an error on SQLite, and so are HAVING on a query that neither groups nor aggregates in its result columns
 * and an aggregate in GROUP BY, written there or named by number or alias (a translation could fold {@code min(NULL)}
 * to NULL and group by a constant).
 * Before, such terms were read as constants: {@code ORDER BY 0x2} left the rows in another order, and {@code GROUP BY
 * -3} answered where SQLite refuses.
 */
class TermNumbersTest {
    private static final List<String> TABLES =
            List.of("CREATE TABLE e(k INTEGER, v TEXT)", "INSERT INTO e VALUES (1, 'a'), (2, 'B'), (3, 'b'), (4, 'a')");

    static List<String> numbered() {
        return List.of(
                "SELECT k, v FROM e ORDER BY 0x2, k",
                "SELECT k, v FROM e ORDER BY +2, 1 DESC",
                "SELECT k, v FROM e ORDER BY - -2, -(-(1)) DESC",
                "SELECT k, v FROM e ORDER BY +(+2) DESC, 1",
                "SELECT v, count(*) AS n FROM e GROUP BY +1 ORDER BY 0x1",
                "SELECT v FROM e UNION SELECT 'c' ORDER BY +1",
                "SELECT k FROM e ORDER BY -k",
                "SELECT k FROM e ORDER BY 1 - 2, k",
                "SELECT count(*) AS n FROM e HAVING count(*) > 1");
    }

    static List<String> refusedBySqlite() {
        return List.of(
                "SELECT k, v FROM e ORDER BY -1",
                "SELECT k, v FROM e ORDER BY -(1)",
                "SELECT k, v FROM e ORDER BY (-1)",
                "SELECT k FROM e ORDER BY -0",
                "SELECT k FROM e ORDER BY 0x0",
                "SELECT k FROM e ORDER BY 0x3",
                "SELECT count(*) FROM e GROUP BY -3",
                "SELECT k FROM e GROUP BY -1",
                "SELECT v FROM e UNION SELECT 'c' ORDER BY -1",
                "SELECT k FROM e HAVING count(*) > 0",
                "SELECT k FROM e HAVING k > 1",
                "SELECT 2 AS g, min(NULL) AS m FROM e GROUP BY 2",
                "SELECT 5, (count(0.1) + NULL) AS n FROM e GROUP BY 2",
                "SELECT k, count(*) AS n FROM e GROUP BY n",
                "SELECT count(*) FROM e GROUP BY count(*) + NULL");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("numbered")
    void readsTermNumbersAsSqliteDoes(String sql) throws SQLException {
        try (EnginePair engines = EnginePair.holding(TABLES)) {
            assertThat(engines.translatedDifference(sql)).isNull();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("refusedBySqlite")
    void refusesWhatSqliteRefuses(String sql) throws SQLException {
        try (EnginePair engines = EnginePair.holding(TABLES)) {
            assertThatThrownBy(() -> EnginePair.query(engines.sqlite, sql)).isInstanceOf(SQLException.class);
            assertThat(SqliteToDuckDb.translate(sql, engines.schema())).isInstanceOf(Translation.Untranslatable.class);
        }
    }
}

package io.tablequery.dialects.translate;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A text column whose values hold ASCII letters of one case ({@link ColumnFacts#letters}) matches {@code LIKE} with
 * the pattern folded to that case and its values unfolded; every column and pattern answers on DuckDB as on SQLite,
 * with the facts and without.
 */
class LetterFactsTest {
    private static final List<String> TABLES = List.of(
            "CREATE TABLE t(k INTEGER, lower_only TEXT, upper_only TEXT, no_letters TEXT, mixed TEXT,"
                    + " accents TEXT)",
            "INSERT INTO t VALUES (1, 'abc', 'ABC', '12-3', 'aBc', 'éa'), (2, 'b_c', 'B_C', '%_', 'Abc', 'Éa'),"
                    + " (3, NULL, NULL, NULL, NULL, NULL), (4, 'xa%', 'XA%', '', 'xA%', 'ÉÉ'),"
                    + " (5, '', '', '007', 'B', 'aé'), (6, 'zzb', 'ZZB', ' 1', 'zzB', 'été')");

    private static final List<String> COLUMNS = List.of("lower_only", "upper_only", "no_letters", "mixed", "accents");
    private static final List<String> PATTERNS = List.of(
            "'a%'",
            "'A%'", "'%B%'", "'_b%'", "'ABC'", "'%'", "''", "'É%'", "'é%'", "'%_'", "'%A'", "'1%'", "'%É'", "NULL");

    @Test
    void likeOverColumnsOfOneCaseAnswersAsSqlite() throws SQLException {
        List<String> queries = new ArrayList<>();
        for (String column : COLUMNS) {
            for (String pattern : PATTERNS) {
                queries.add("SELECT k FROM t WHERE " + column + " LIKE " + pattern + " ORDER BY k");
                queries.add("SELECT k, " + column + " NOT LIKE " + pattern + " AS x FROM t ORDER BY k");
            }
            queries.add("SELECT k FROM t WHERE " + column + " LIKE 'a!%' ESCAPE '!' ORDER BY k");
            queries.add("SELECT k FROM t WHERE " + column + " LIKE lower_only ORDER BY k");
        }
        int plain = 0;
        for (boolean facts : List.of(true, false)) {
            try (EnginePair engines = new EnginePair(facts)) {
                engines.sqliteScript(TABLES);
                engines.copyTables();
                for (String sql : queries) {
                    Translation translation = SqliteToDuckDb.translate(sql, engines.schema());
                    assertThat(translation).as(sql).isInstanceOf(Translation.Translated.class);
                    String duckSql = ((Translation.Translated) translation).sql();
                    assertThat(EnginePair.query(engines.sqlite, sql)
                                    .difference(EnginePair.query(engines.duckdb, duckSql)))
                            .as("facts %s: %s", facts, duckSql)
                            .isNull();
                    if (!sql.contains("LIKE NULL") && !duckSql.contains("lower(") && !duckSql.contains("translate(")) {
                        plain++;
                        assertThat(facts)
                                .as("plain LIKE without the facts: " + duckSql)
                                .isTrue();
                        assertThat(sql).doesNotContain("mixed").doesNotContain("ESCAPE");
                    }
                }
            }
        }
        assertThat(plain).as("one-case columns against constant patterns").isEqualTo(4 * (PATTERNS.size() - 1) * 2);
    }
}

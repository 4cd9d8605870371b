package io.tablequery.dialects.translate;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablequery.dialects.sql.SqliteStatement;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Lineage's row summary and row list aggregates: DuckDB spells them in one pass, Spark refuses them, and beside one
 * {@code max} the summary leaves SQLite's bare-column reading of the query as it was.
 */
class RowSummaryTest {
    @Test
    void duckDbSummarizesAGroupsRowsAndSparkRefuses() throws SQLException {
        try (EnginePair engines = new EnginePair()) {
            engines.sqliteScript(List.of(
                    "CREATE TABLE t(k TEXT, v INTEGER)",
                    "INSERT INTO t VALUES ('a', 1), ('b', 2), ('a', 3), ('a', 4), ('b', 5), ('a', 9)",
                    "CREATE TABLE u(x INTEGER)",
                    "INSERT INTO u VALUES (0), (1), (0), (0)"));
            engines.copyTables();
            String sql = "SELECT k, __tq_row_summary(t.rowid, 2) AS s FROM t GROUP BY k ORDER BY k";
            Translation.Translated translated =
                    (Translation.Translated) SqliteToDuckDb.translate(sql, engines.schema());
            assertThat(EnginePair.query(engines.duckdb, summaries(translated.sql(), "k"))
                            .rows())
                    .as("a list of integers: the count, the largest, the smallest")
                    .containsExactlyInAnyOrder(List.of("a", "4,6,1,3"), List.of("b", "2,5,2,5"));
            assertThat(SqliteTranslator.translate(
                            SqliteStatement.of(sql), engines.schema(), RealSums.SQLITE, SparkSqlDialect.INSTANCE))
                    .isInstanceOf(Translation.Untranslatable.class);

            String bare = "SELECT k, max(v) AS m FROM t";
            String plain = ((Translation.Translated) SqliteToDuckDb.translate(bare, engines.schema())).sql();
            String summarized = ((Translation.Translated) SqliteToDuckDb.translate(
                            "SELECT k, max(v) AS m, __tq_row_summary(t.rowid, 2) AS s FROM t", engines.schema()))
                    .sql();
            assertThat(EnginePair.query(engines.duckdb, summaries(summarized, "k, m"))
                            .rows())
                    .containsExactly(List.of("a", 9L, "6,6,1,2"));
            assertThat(EnginePair.query(engines.duckdb, plain).rows()).containsExactly(List.of("a", 9L));
            String repeated = ((Translation.Translated) SqliteToDuckDb.translate(
                            "SELECT __tq_row_summary(DISTINCT u.x, 3) AS s FROM u", engines.schema()))
                    .sql();
            assertThat(EnginePair.query(engines.duckdb, summaries(repeated, "")).rows())
                    .as("distinct values counted, repeats kept among the smallest")
                    .containsExactly(List.of("2,1,0,0,0"));
            String none = ((Translation.Translated) SqliteToDuckDb.translate(
                            "SELECT __tq_row_summary(t.rowid, 2) AS s FROM t WHERE t.v > 100", engines.schema()))
                    .sql();
            assertThat(EnginePair.query(
                                    engines.duckdb,
                                    "SELECT s[1] AS n, s[2] AS hi, len(s) AS l FROM (" + none + ") AS x")
                            .rows())
                    .as("a group without values")
                    .containsExactly(Arrays.asList(0L, null, 2L));
            assertThat(SqliteToDuckDb.translate(
                            "SELECT __tq_row_summary(t.rowid, 99999999999999999999) AS s FROM t", engines.schema()))
                    .isInstanceOf(Translation.Untranslatable.class);
            assertThat(SqliteToDuckDb.translate("SELECT __tq_row_summary(t.rowid, 'x') AS s FROM t", engines.schema()))
                    .isInstanceOf(Translation.Untranslatable.class);
        }
    }

    @Test
    void distinctRowsOfAKnownRangeAreCountedAsBitsWhereTheGroupsStringsAreSmall() throws SQLException {
        try (EnginePair engines = new EnginePair()) {
            engines.sqliteScript(List.of(
                    "CREATE TABLE t(k TEXT, v INTEGER)",
                    "INSERT INTO t(rowid, k, v) VALUES (-5, 'a', 1), (0, 'b', 2), (3, 'a', 3), (7, 'c', 4)",
                    "CREATE TABLE u(k TEXT)",
                    "INSERT INTO u VALUES ('a'), ('a'), ('b')"));
            engines.copyTables();
            ValueRange range = new ValueRange(-5, 7);
            SchemaLookup ranged = (schema, name) -> engines.schema()
                    .table(schema, name)
                    .map(table -> table.name().equals("t") ? table.withRowids(range) : table);
            String sql = "SELECT t.k, __tq_row_summary(DISTINCT t.rowid, 4, %d) AS s FROM t LEFT JOIN u ON u.k = t.k"
                    + " WHERE t.k <> 'c' OR t.v > 9 GROUP BY t.k ORDER BY t.k";
            String bits = ((Translation.Translated) SqliteToDuckDb.translate(sql.formatted(3), ranged)).sql();
            assertThat(bits).contains("bitstring_agg(").doesNotContain("DISTINCT");
            String hashed =
                    ((Translation.Translated) SqliteToDuckDb.translate(sql.formatted(3), engines.schema())).sql();
            assertThat(hashed).as("no range known").contains("count(DISTINCT");
            assertThat(((Translation.Translated) SqliteToDuckDb.translate(
                                    sql.formatted(DuckDbDialect.DISTINCT_BITS / range.width() + 1), ranged))
                            .sql())
                    .as("more groups than the strings' bits allow")
                    .contains("count(DISTINCT");
            List<List<Object>> expected = List.of(List.of("a", "2,3,-5,-5,3,3"), List.of("b", "1,0,0"));
            assertThat(EnginePair.query(engines.duckdb, summaries(bits, "k")).rows())
                    .as("rows a join repeats counted once, rowids 0 and negative included")
                    .isEqualTo(expected);
            assertThat(EnginePair.query(engines.duckdb, summaries(hashed, "k")).rows())
                    .isEqualTo(expected);
            String none = ((Translation.Translated) SqliteToDuckDb.translate(
                            "SELECT __tq_row_summary(DISTINCT t.rowid, 2, 1) AS s FROM t WHERE t.v > 100", ranged))
                    .sql();
            assertThat(EnginePair.query(engines.duckdb, "SELECT s[1] AS n, len(s) AS l FROM (" + none + ") AS x")
                            .rows())
                    .as("a group without values counts 0")
                    .containsExactly(List.of(0L, 2L));
            assertThat(SqliteToDuckDb.translate(
                            "SELECT __tq_row_summary(DISTINCT t.rowid, 2, 'x') AS s FROM t", engines.schema()))
                    .isInstanceOf(Translation.Untranslatable.class);
        }
    }

    /** A summary column {@code s} of a translated query, as its values joined by commas, after the given columns. */
    private static String summaries(String translated, String columns) {
        return "SELECT " + columns + (columns.isEmpty() ? "" : ", ") + "array_to_string(s, ',') AS s FROM ("
                + translated + ") AS x";
    }

    @Test
    void duckDbListsAGroupsRowsWhichUnnestOneRowEachAndSparkRefuses() throws SQLException {
        try (EnginePair engines = new EnginePair()) {
            engines.sqliteScript(List.of(
                    "CREATE TABLE t(k TEXT, v INTEGER)",
                    "INSERT INTO t VALUES ('a', 1), ('b', 2), ('a', 3), ('a', NULL), ('b', 5), ('a', 9)"));
            engines.copyTables();
            String sql = "SELECT k, max(v) AS m, __tq_row_list(t.v) AS l FROM t GROUP BY k";
            Translation.Translated translated =
                    (Translation.Translated) SqliteToDuckDb.translate(sql, engines.schema());
            assertThat(translated.sql()).contains("list(");
            String listed = "SELECT k, " + DuckDbDialect.INSTANCE.listedValues("l") + " AS r FROM (" + translated.sql()
                    + ") AS g ORDER BY k, r NULLS FIRST";
            assertThat(EnginePair.query(engines.duckdb, listed).rows())
                    .as("every value, NULL kept")
                    .containsExactly(
                            Arrays.asList("a", null),
                            List.of("a", 1L),
                            List.of("a", 3L),
                            List.of("a", 9L),
                            List.of("b", 2L),
                            List.of("b", 5L));
            assertThat(SqliteTranslator.translate(
                            SqliteStatement.of(sql), engines.schema(), RealSums.SQLITE, SparkSqlDialect.INSTANCE))
                    .isInstanceOf(Translation.Untranslatable.class);
            assertThat(SqliteToDuckDb.translate("SELECT __tq_row_list(t.v, 2) AS l FROM t", engines.schema()))
                    .isInstanceOf(Translation.Untranslatable.class);
            assertThat(SqliteToDuckDb.translate("SELECT __tq_row_list(DISTINCT t.v) AS l FROM t", engines.schema()))
                    .isInstanceOf(Translation.Untranslatable.class);
            assertThat(SqliteToDuckDb.translate("SELECT __tq_row_list(t.k) AS l FROM t", engines.schema()))
                    .as("only integers")
                    .isInstanceOf(Translation.Untranslatable.class);
            String merged = ((Translation.Translated) SqliteToDuckDb.translate(
                            "SELECT g.k = 'a' AS big, __tq_row_lists(DISTINCT g.l) AS l FROM (SELECT k,"
                                    + " __tq_row_list(t.v) AS l"
                                    + " FROM t GROUP BY k UNION ALL SELECT k, __tq_row_list(t.v) AS l FROM t WHERE"
                                    + " k = 'b' GROUP BY k) AS g GROUP BY 1",
                            engines.schema()))
                    .sql();
            assertThat(EnginePair.query(
                                    engines.duckdb,
                                    "SELECT big, " + DuckDbDialect.INSTANCE.listedValues("l") + " AS r FROM (" + merged
                                            + ") AS m ORDER BY big, r NULLS FIRST")
                            .rows())
                    .as("the lists of a group merged, a list its rows repeat kept once")
                    .containsExactly(
                            List.of(0L, 2L),
                            List.of(0L, 5L),
                            Arrays.asList(1L, null),
                            List.of(1L, 1L),
                            List.of(1L, 3L),
                            List.of(1L, 9L));
            String asTheyCome = ((Translation.Translated) SqliteToDuckDb.translate(
                            "SELECT g.k = 'a' AS big, __tq_row_lists(g.l) AS l FROM (SELECT k, __tq_row_list(t.v) AS l"
                                    + " FROM t WHERE k = 'b' GROUP BY k UNION ALL SELECT k, __tq_row_list(t.v) AS l"
                                    + " FROM t WHERE k = 'b' GROUP BY k) AS g GROUP BY 1",
                            engines.schema()))
                    .sql();
            assertThat(EnginePair.query(
                                    engines.duckdb,
                                    "SELECT big, " + DuckDbDialect.INSTANCE.listedValues("l") + " AS r FROM ("
                                            + asTheyCome + ") AS m ORDER BY big, r NULLS FIRST")
                            .rows())
                    .as("without DISTINCT, every list as it comes")
                    .containsExactly(List.of(0L, 2L), List.of(0L, 2L), List.of(0L, 5L), List.of(0L, 5L));
            assertThat(SqliteToDuckDb.translate("SELECT __tq_row_lists(t.v) AS l FROM t", engines.schema()))
                    .as("only lists")
                    .isInstanceOf(Translation.Untranslatable.class);
        }
    }
}

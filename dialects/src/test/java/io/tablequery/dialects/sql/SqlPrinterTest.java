package io.tablequery.dialects.sql;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablequery.dialects.translate.EnginePair;
import io.tablequery.dialects.translate.SqliteToDuckDb;
import io.tablequery.dialects.translate.Translation;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SqlPrinterTest {
    /**
     * Checks the printer's contract on one statement: the text parses back to the same tree, prints the same again,
     * and runs on SQLite with the same column names and rows as the statement as written.
     *
     * @return the printed text
     */
    static String checkRoundTrip(String sql) {
        Statement tree = SqliteParser.parse(sql);
        String printed = SqlPrinter.sqlite(tree);
        Statement again = SqliteParser.parse(printed);
        assertThat(Trees.withoutSpans(again)).as(printed).isEqualTo(Trees.withoutSpans(tree));
        assertThat(SqlPrinter.sqlite(again)).isEqualTo(printed);
        return printed;
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            select a,b from t where a=1 and not b                   | SELECT a, b FROM "t" WHERE a = 1 AND NOT b
            SELECT "x y", [z], `w`, t.a FROM t                       | SELECT "x y", [z], `w`, "t".a FROM "t"
            SELECT a FROM t NATURAL LEFT OUTER JOIN u                | SELECT a FROM "t" NATURAL LEFT JOIN "u"
            SELECT 1 FROM a JOIN (b JOIN c ON b.x=c.x) ON a.y=b.y    | SELECT 1 FROM "a" JOIN ("b" JOIN "c" ON "b".x = "c".x) ON "a".y = "b".y
            SELECT x ISNULL, y NOT NULL, z IS NOT DISTINCT FROM 1    | SELECT x IS NULL, y IS NOT NULL, z IS 1
            SELECT * FROM t LIMIT 5, 10                              | SELECT * FROM "t" LIMIT 10 OFFSET 5
            SELECT x IN t1, y NOT IN (), TRUE, CURRENT_DATE          | SELECT x IN (SELECT * FROM "t1"), y NOT IN (), 1, CURRENT_DATE
            SELECT - -1, -(-1), ~+2                                  | SELECT - -1, -(-1), ~+2
            SELECT 'it''s', x'0aff', 0x1F, 1.5e3, NULL               | SELECT 'it''s', X'0aff', 0x1F, 1.5e3, NULL
            SELECT a COLLATE nocase = b, c LIKE 'x%' ESCAPE '!'      | SELECT a COLLATE "nocase" = b, c LIKE 'x%' ESCAPE '!'
            SELECT CAST(a AS decimal(10, 2)), CAST(b AS)             | SELECT CAST(a AS decimal(10,2)), CAST(b AS )
            SELECT CASE a WHEN 1 THEN 'x' ELSE 'y' END FROM t        | SELECT CASE a WHEN 1 THEN 'x' ELSE 'y' END FROM "t"
            SELECT count(DISTINCT a), group_concat(b, ';' ORDER BY c DESC NULLS LAST) FILTER (WHERE d > 0) FROM t | SELECT count(DISTINCT a), group_concat(b, ';' ORDER BY c DESC NULLS LAST) FILTER (WHERE d > 0) FROM "t"
            SELECT sum(a) OVER (PARTITION BY b ORDER BY c ROWS BETWEEN 1 PRECEDING AND CURRENT ROW EXCLUDE TIES) FROM t | SELECT sum(a) OVER (PARTITION BY b ORDER BY c ROWS BETWEEN 1 PRECEDING AND CURRENT ROW EXCLUDE TIES) FROM "t"
            SELECT rank() OVER w, sum(a) OVER (w ROWS UNBOUNDED PRECEDING) FROM t WINDOW w AS (ORDER BY a) | SELECT rank() OVER "w", sum(a) OVER ("w" ROWS UNBOUNDED PRECEDING) FROM "t" WINDOW "w" AS (ORDER BY a)
            WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n+1 FROM c WHERE n<3) SELECT n FROM c | WITH RECURSIVE "c"("n") AS (SELECT 1 UNION ALL SELECT n + 1 FROM "c" WHERE n < 3) SELECT n FROM "c"
            CREATE TEMP TABLE IF NOT EXISTS temp.s AS VALUES (1, 2), (3, 4) | CREATE TEMP TABLE "s" AS VALUES (1, 2), (3, 4)
            SELECT a FROM t EXCEPT SELECT b FROM u ORDER BY 1 DESC   | SELECT a FROM "t" EXCEPT SELECT b FROM "u" ORDER BY 1 DESC
            SELECT (a + b) * c, a - (b - c), (a, b) = (1, 2)          | SELECT (a + b) * c, a - (b - c), (a, b) = (1, 2)
            SELECT x FROM (SELECT 1 AS x) AS s WHERE EXISTS (SELECT 1) AND x = (SELECT 1) | SELECT x FROM (SELECT 1 AS "x") AS "s" WHERE EXISTS (SELECT 1) AND x = (SELECT 1)
            SELECT a 'b', c AS "d" FROM main.t AS u INDEXED BY i     | SELECT a AS "b", c AS "d" FROM "main"."t" AS "u" INDEXED BY "i"
            SELECT group_concat(x) FROM t NOT INDEXED                | SELECT group_concat(x) FROM "t" NOT INDEXED
            """)
    void printsInOneLayoutThatParsesBackToTheSameTree(String sql, String expected) {
        assertThat(checkRoundTrip(sql)).isEqualTo(expected);
    }

    @Test
    void aRewrittenTreeGetsTheParenthesesItsPrecedenceNeeds() {
        Span at = new Span(0, 0);
        Expr a = new Expr.ColumnRef(at, null, null, "a", Expr.Quoting.BARE);
        Expr b = new Expr.ColumnRef(at, null, null, "b", Expr.Quoting.BARE);
        Expr one = new Expr.Literal(at, Expr.LiteralKind.INTEGER, "1");
        assertThat(SqlPrinter.sqlite(new Expr.Binary(at, "*", new Expr.Binary(at, "+", a, b), one)))
                .isEqualTo("(a + b) * 1");
        assertThat(SqlPrinter.sqlite(new Expr.Binary(at, "-", a, new Expr.Binary(at, "-", b, one))))
                .isEqualTo("a - (b - 1)");
        assertThat(SqlPrinter.sqlite(new Expr.Binary(at, "=", a, new Expr.Unary(at, "NOT", b))))
                .isEqualTo("a = (NOT b)");
        assertThat(SqlPrinter.sqlite(new Expr.Unary(at, "-", new Expr.Unary(at, "-", one))))
                .isEqualTo("- -1");
        assertThat(SqlPrinter.sqlite(new Expr.Collate(at, new Expr.Binary(at, "||", a, b), "nocase")))
                .isEqualTo("(a || b) COLLATE \"nocase\"");
        assertThat(SqlPrinter.sqlite(new Expr.Like(
                        at, "LIKE", true, new Expr.Binary(at, "AND", a, b), new Expr.Is(at, a, false, b), null)))
                .isEqualTo("(a AND b) NOT LIKE (a IS b)");
        assertThat(SqlPrinter.sqlite(new Expr.Binary(at, "OR", new Expr.Binary(at, "AND", a, b), a)))
                .isEqualTo("a AND b OR a");
    }

    @Test
    void resultColumnsKeepTheNamesSqliteGaveThemAsWritten() throws SQLException {
        String sql = "SELECT COUNT( * ), a, (a), TRUE, a+1, a+1 AS \"x\", current_date IS NOT NULL FROM t";
        Statement tree = SqliteParser.parse(sql);
        assertThat(SqlPrinter.sqlite(tree, sql))
                .isEqualTo("SELECT COUNT(*) AS \"COUNT( * )\", a, (a), 1 AS \"TRUE\", a + 1 AS \"a+1\", a + 1 AS \"x\","
                        + " CURRENT_DATE IS NOT NULL AS \"current_date IS NOT NULL\" FROM \"t\"");
        try (EnginePair engines = new EnginePair()) {
            engines.sqliteScript(List.of("CREATE TABLE t(a INTEGER)", "INSERT INTO t VALUES (1), (2)"));
            EnginePair.Rows written = EnginePair.query(engines.sqlite, sql);
            EnginePair.Rows printed = EnginePair.query(engines.sqlite, SqlPrinter.sqlite(tree, sql));
            assertThat(printed.difference(written)).isNull();
        }
    }

    @Test
    void aSubqueryReadsTheNamesOfItsOwnSubqueriesAsWritten() throws SQLException {
        String sql = "SELECT a FROM t WHERE a IN (SELECT \"MAX( a )\" FROM (SELECT MAX( a ) FROM t))";
        Statement tree = SqliteParser.parse(sql);
        String printed = SqlPrinter.sqlite(tree, sql);
        assertThat(printed).contains("MAX(a) AS \"MAX( a )\"");
        try (EnginePair engines = new EnginePair()) {
            engines.sqliteScript(List.of("CREATE TABLE t(a INTEGER)", "INSERT INTO t VALUES (1), (2)"));
            EnginePair.Rows written = EnginePair.query(engines.sqlite, sql);
            assertThat(written.rows()).hasSize(1);
            assertThat(EnginePair.query(engines.sqlite, printed).difference(written))
                    .isNull();
        }
        Statement named = ResultNames.explicit(tree, sql);
        assertThat(ResultNames.explicit(named, sql)).isEqualTo(named);
        assertThat(SqlPrinter.sqlite(named)).isEqualTo(printed);
    }

    @Test
    void anAliasThatWouldChangeWhatANameMeansIsNeverAdded() throws SQLException {
        String captures = "SELECT a+1 FROM t ORDER BY \"a+1\", a";
        assertThat(ResultNames.capturesAName(SqliteParser.parse(captures), captures))
                .isTrue();
        assertThat(SqliteToDuckDb.translate(captures, (schema, name) -> Optional.empty()))
                .isInstanceOf(Translation.Untranslatable.class);
        for (String safe : List.of(
                "SELECT a+1 FROM t ORDER BY 1",
                "SELECT a + 1 FROM t ORDER BY \"a + 1\"",
                "SELECT \"MAX( a )\" FROM (SELECT MAX( a ) FROM t)")) {
            assertThat(ResultNames.capturesAName(SqliteParser.parse(safe), safe))
                    .as(safe)
                    .isFalse();
        }
        try (EnginePair engines = new EnginePair()) {
            engines.sqliteScript(List.of("CREATE TABLE t(a INTEGER)", "INSERT INTO t VALUES (2), (1)"));
            assertThat(EnginePair.query(engines.sqlite, captures).rows())
                    .as("SQLite reads the unresolved name as a string, so the rows keep their order by a")
                    .containsExactly(List.of(2L), List.of(3L));
        }
    }

    /** The wrong answers pinned for the translator are hard cases for the printer too: each runs as printed. */
    @Test
    void everyPinnedRegressionRunsOnSqliteAsPrinted() throws IOException, SQLException {
        List<String> lines =
                Files.readAllLines(Path.of("src", "test", "resources", "regressions.txt"), StandardCharsets.UTF_8);
        List<String> differences = new ArrayList<>();
        String setup = null;
        int checked = 0;
        for (String line : lines) {
            if (line.startsWith("setup: ")) {
                setup = line.substring(7);
            } else if (line.startsWith("sqlite: ")) {
                String sql = line.substring(8);
                String printed = checkRoundTrip(sql);
                Statement tree = SqliteParser.parse(sql);
                String difference =
                        run(setup, SqlPrinter.sqlite(tree, sql), tree).difference(run(setup, sql, tree));
                if (difference != null) {
                    differences.add(sql + "\n  printed: " + printed + "\n  " + difference);
                }
                checked++;
            }
        }
        assertThat(checked).isGreaterThan(60);
        assertThat(differences).isEmpty();
    }

    /**
     * The rows a statement returns on a new SQLite database, or those of the table it creates; the random suffix
     * SQLite gives the sixth and later repeats of a column name is left out.
     */
    private static EnginePair.Rows run(String setup, String sql, Statement tree) throws SQLException {
        try (EnginePair engines = new EnginePair()) {
            engines.sqliteScript(
                    Arrays.stream(setup.split(";")).map(String::strip).toList());
            EnginePair.Rows rows = EnginePair.query(engines.sqlite, sql);
            if (tree instanceof Statement.CreateTempTable create) {
                rows = EnginePair.query(engines.sqlite, "SELECT * FROM temp.\"" + create.table() + "\"");
            }
            return new EnginePair.Rows(
                    rows.names().stream()
                            .map(name -> name.replaceAll(":[0-9]{6,}$", ":random"))
                            .toList(),
                    rows.rows());
        }
    }
}

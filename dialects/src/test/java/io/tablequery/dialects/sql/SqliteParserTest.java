package io.tablequery.dialects.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class SqliteParserTest {
    private static Expr item(String sql) {
        Query.Select select = (Query.Select) SqliteParser.parse(sql).query().body();
        return ((Query.Item) select.items().get(0)).expr();
    }

    @Test
    void concatenationBindsTighterThanMultiplication() {
        Expr.Binary times = (Expr.Binary) item("SELECT 2*3 || 4");
        assertThat(times.operator()).isEqualTo("*");
        assertThat(((Expr.Binary) times.right()).operator()).isEqualTo("||");
        Expr.Binary plus = (Expr.Binary) item("SELECT 1 + 2 || 3");
        assertThat(plus.operator()).isEqualTo("+");
        assertThat(((Expr.Binary) plus.right()).operator()).isEqualTo("||");
    }

    @Test
    void readsSqliteOnlySyntax() {
        assertThat(item("SELECT a IS NOT b")).isInstanceOf(Expr.Is.class);
        assertThat(((Expr.Is) item("SELECT a NOT NULL")).negated()).isTrue();
        assertThat(((Expr.Like) item("SELECT a NOT GLOB 'x*'")).operator()).isEqualTo("GLOB");
        assertThat(((Expr.Binary) item("SELECT a == b")).operator()).isEqualTo("=");
        assertThat(((Expr.ColumnRef) item("SELECT [x y]")).quoting()).isEqualTo(Expr.Quoting.BRACKETS);
        assertThat(((Expr.Literal) item("SELECT 0x1F")).kind()).isEqualTo(Expr.LiteralKind.HEX_INTEGER);
        Query limited = SqliteParser.parse("SELECT 1 LIMIT 5, 10").query();
        assertThat(((Expr.Literal) limited.offset()).text()).isEqualTo("5");
        assertThat(((Expr.Literal) limited.limit()).text()).isEqualTo("10");
        assertThat(SqliteParser.parse("CREATE TEMP TABLE \"t\" AS WITH c AS (SELECT 1) SELECT * FROM c"))
                .isInstanceOf(Statement.CreateTempTable.class);
        assertThat(item("SELECT x IN t1")).isInstanceOf(Expr.InQuery.class);
        assertThat(item("SELECT (a)")).isInstanceOf(Expr.Grouping.class);
    }

    @Test
    void refusesTextOutsideTheSubsetAndDeepNestingWithAMessage() {
        assertThatThrownBy(() -> SqliteParser.parse("DELETE FROM t"))
                .isInstanceOf(SqlSyntaxException.class)
                .hasMessageContaining("expected SELECT");
        assertThatThrownBy(() -> SqliteParser.parse("SELECT 1; SELECT 2")).hasMessageContaining("the end");
        assertThatThrownBy(() -> SqliteParser.parse("SELECT " + "(".repeat(100_000) + "1" + ")".repeat(100_000)))
                .isInstanceOf(SqlSyntaxException.class)
                .hasMessageContaining("nests more than 200 levels");
        assertThatThrownBy(() -> SqliteParser.parse("SELECT " + "- ".repeat(100_000) + "1"))
                .isInstanceOf(SqlSyntaxException.class);
        assertThatThrownBy(() -> SqliteParser.parse("SELECT " + "NOT ".repeat(100_000) + "1"))
                .isInstanceOf(SqlSyntaxException.class);
    }
}

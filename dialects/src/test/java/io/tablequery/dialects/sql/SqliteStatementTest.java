package io.tablequery.dialects.sql;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SqliteStatementTest {
    @Test
    void parsesOnceAndHandsEveryCallerTheSameTree() {
        SqliteStatement statement = SqliteStatement.of("SELECT a FROM t ORDER BY a");
        SqliteStatement.Parse first = statement.parse();
        assertThat(first).isInstanceOf(SqliteStatement.Tree.class);
        assertThat(statement.parse()).isSameAs(first);
        assertThat(((SqliteStatement.Tree) first).statement()).isEqualTo(SqliteParser.parse(statement.sql()));
        assertThat(statement.ordered()).isTrue();
    }

    @Test
    void aStatementOutsideTheSubsetIsAnOutcomeNotAnException() {
        SqliteStatement statement = SqliteStatement.of("SELECT a FROM t WHERE");
        assertThat(statement.parse())
                .isInstanceOfSatisfying(SqliteStatement.OutsideSubset.class, outside -> assertThat(outside.reason())
                        .isNotBlank());
        assertThat(statement.ordered()).isFalse();
    }

    @Test
    void anUnorderedStatementIsNotOrderedAndStatementsAreTheirText() {
        assertThat(SqliteStatement.of("SELECT a FROM t").ordered()).isFalse();
        assertThat(SqliteStatement.of("SELECT 1")).isEqualTo(SqliteStatement.of("SELECT 1"));
        assertThat(SqliteStatement.of("SELECT 1")).hasSameHashCodeAs(SqliteStatement.of("SELECT 1"));
    }
}

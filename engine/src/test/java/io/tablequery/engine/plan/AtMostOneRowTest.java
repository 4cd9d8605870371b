package io.tablequery.engine.plan;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablequery.dialects.sql.SqliteStatement;
import io.tablequery.engine.provenance.SheetProvenance;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * A step's table has at most one row by its shape only when its SELECT aggregates without GROUP BY: an engine reads
 * such a table by a reader for few rows, so a shape that can give many rows must not pass.
 */
class AtMostOneRowTest {
    private static boolean oneRow(String select) {
        String sql = "CREATE TEMP TABLE \"t\" AS " + select;
        PlanStep step = new PlanStep(1, sql, List.of("x"), "t", StepType.FINAL, "d");
        return new ValidatedStep(
                        step, SqliteStatement.of(sql), new SheetProvenance(new TreeSet<>(), ""), List.of(), null)
                .atMostOneRow();
    }

    @Test
    void anAggregateWithoutGroupByHasOneRow() {
        assertThat(oneRow("SELECT count(*) FROM x")).isTrue();
        assertThat(oneRow("SELECT sum(a) * 2 AS s FROM x WHERE b > 1 HAVING sum(a) > 0"))
                .isTrue();
        assertThat(oneRow("WITH y AS (SELECT a FROM x GROUP BY a) SELECT max(a) FROM y"))
                .isTrue();
        assertThat(oneRow("SELECT 1 FROM x ORDER BY count(*)")).isTrue();
    }

    @Test
    void shapesThatCanGiveManyRowsDoNotPass() {
        assertThat(oneRow("SELECT a, count(*) FROM x GROUP BY a")).isFalse();
        assertThat(oneRow("SELECT a FROM x")).isFalse();
        assertThat(oneRow("SELECT (SELECT max(a) FROM x) AS m, b FROM x")).isFalse();
        assertThat(oneRow("SELECT count(*) OVER () AS n FROM x")).isFalse();
        assertThat(oneRow("SELECT max(a, b) FROM x")).isFalse();
        assertThat(oneRow("SELECT count(*) FROM x UNION ALL SELECT count(*) FROM x"))
                .isFalse();
        assertThat(oneRow("SELECT a FROM x WHERE a > (SELECT avg(a) FROM x)")).isFalse();
        assertThat(oneRow("SELEC nonsense")).isFalse();
    }
}

package io.tablequery.engine.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class StepSqlAnalyzerTest {
    private static StepSql analyze(String body) {
        return StepSqlAnalyzer.analyze(
                new PlanStep(1, "CREATE TEMP TABLE \"t1\" AS " + body, List.of(), "t1", StepType.FINAL, "d"));
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "SELECT * FROM \"orders\"|\"orders\"",
                "select a from orders x where a in (select max(a) from orders group by b)|orders x",
                "SELECT * FROM \"orders\" o LEFT JOIN \"stock\" s USING (id) ORDER BY 1|\"orders\" o LEFT JOIN"
                        + " \"stock\" s USING (id)",
                "SELECT \"a\", sum(\"b\") FROM \"orders\" GROUP BY \"a\" HAVING count(*) > 1|\"orders\"",
                "SELECT \"a\" FROM \"orders\" UNION SELECT \"a\" FROM \"stock\"|\"orders\"",
                "SELECT (SELECT max(q) FROM stock) AS m FROM orders, (SELECT 1 WHERE 1) LIMIT 3|orders, (SELECT 1 WHERE"
                        + " 1)",
                "SELECT [a] FROM [orders] NOT INDEXED WHERE a LIKE '%x%'|[orders] NOT INDEXED"
            })
    void findsTheTopLevelFromClause(String body, String from) {
        StepSql sql = analyze(body);
        assertThat(sql.layout()).as(body).isPresent();
        assertThat(sql.layout().get().from(sql.sql()).strip()).isEqualTo(from);
        assertThat(sql.sql().substring(sql.layout().get().selectListEnd()).strip())
                .startsWithIgnoringCase("FROM ");
    }

    @ParameterizedTest
    @ValueSource(strings = {"WITH x AS (SELECT * FROM \"orders\") SELECT * FROM x", "SELECT 1 AS one"})
    void hasNoLayoutWithoutATopLevelSelectFrom(String body) {
        assertThat(analyze(body).layout()).as(body).isEmpty();
    }
}

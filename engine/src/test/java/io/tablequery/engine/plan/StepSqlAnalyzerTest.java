package io.tablequery.engine.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class StepSqlAnalyzerTest {
    private static StepSql analyze(String body) {
        return StepSqlAnalyzer.analyze(
                new PlanStep(1, "CREATE TEMP TABLE \"t1\" AS " + body, List.of(), "t1", StepType.FINAL, "d"));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "SELECT * FROM \"orders\"",
                "SELECT ALL \"a\", \"b\" * 2 AS c FROM \"orders\" WHERE \"a\" > 1 ORDER BY \"b\" LIMIT 5",
                "SELECT o.\"a\" FROM main.\"orders\" AS o",
                "select a from orders x where a in (select max(a) from orders group by b)",
                "SELECT max(\"a\", \"b\"), min(1, 2) FROM \"orders\"",
                "SELECT \"a\" FROM \"orders\" WHERE EXISTS (SELECT 1 FROM other JOIN more ON 1)",
                "SELECT [a], `b` FROM [orders] NOT INDEXED WHERE a LIKE '%x%'",
                "SELECT upper(\"a\") || '-' || \"b\" AS label FROM \"orders\" ORDER BY count"
            })
    void recognisesSimpleSingleTableSelects(String body) {
        assertThat(analyze(body).simpleSelect()).as(body).isPresent();
        assertThat(analyze(body).simpleSelect().get().tableKey()).isEqualTo("orders");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "SELECT DISTINCT \"a\" FROM \"orders\"",
                "SELECT count(*) FROM \"orders\"",
                "SELECT \"a\", sum(\"b\") FROM \"orders\" GROUP BY \"a\"",
                "SELECT \"a\" FROM \"orders\" ORDER BY max(\"b\")",
                "SELECT * FROM \"orders\" JOIN \"stock\" ON 1",
                "SELECT * FROM \"orders\", \"stock\"",
                "SELECT * FROM \"orders\" o LEFT JOIN \"stock\" s USING (id)",
                "SELECT \"a\" FROM \"orders\" UNION SELECT \"a\" FROM \"stock\"",
                "SELECT \"a\", row_number() OVER (ORDER BY \"a\") FROM \"orders\"",
                "SELECT (SELECT max(\"q\") FROM \"stock\") AS m, \"a\" FROM \"orders\"",
                "SELECT * FROM (SELECT * FROM \"orders\")",
                "SELECT * FROM pragma_table_info('orders')",
                "WITH x AS (SELECT * FROM \"orders\") SELECT * FROM x",
                "SELECT 1 AS one",
                "SELECT group_concat(\"a\") FROM \"orders\"",
                "SELECT \"a\" FROM \"orders\" GROUP BY \"a\" HAVING count(*) > 1",
                "SELECT count(*) FILTER (WHERE 1) FROM \"orders\""
            })
    void leavesOtherQueriesToSheetCitations(String body) {
        assertThat(analyze(body).simpleSelect()).as(body).isEmpty();
    }
}

package io.tablequery.engine.plan;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablequery.dialects.sql.Span;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class SelectLayoutTest {
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
                "SELECT [a] FROM [orders] NOT INDEXED WHERE a LIKE '%x%'|[orders] NOT INDEXED",
                "WITH x AS (SELECT a FROM b WHERE c), y AS (SELECT 1 FROM x) SELECT * FROM x JOIN y ON 1 ORDER BY 1|x JOIN"
                        + " y ON 1"
            })
    void findsTheTopLevelFromClause(String body, String from) {
        String sql = "CREATE TEMP TABLE t1 AS " + body;
        Optional<SelectLayout> layout = SelectLayout.of(sql, new Span(sql.indexOf(body), sql.length()));
        assertThat(layout).as(body).isPresent();
        assertThat(sql.substring(layout.get().fromStart(), layout.get().fromEnd())
                        .strip())
                .isEqualTo(from);
        assertThat(sql.substring(layout.get().selectListEnd()).strip()).startsWithIgnoringCase("FROM ");
        assertThat(sql.substring(layout.get().bodyStart())).startsWithIgnoringCase("SELECT ");
    }

    @ParameterizedTest
    @ValueSource(strings = {"SELECT 1 AS one", "VALUES (1)", "WITH x AS (SELECT 1) VALUES (2)"})
    void hasNoLayoutWithoutASelectFrom(String body) {
        assertThat(SelectLayout.of(body, new Span(0, body.length()))).as(body).isEmpty();
    }
}

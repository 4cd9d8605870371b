package io.tablequery.engine.duck;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.tablequery.engine.json.JsonCodec;
import io.tablequery.engine.workspace.Workspace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class DuckDbToolsTest {
    @TempDir
    static Path dir;

    static Workspace workspace;
    static DuckDbTools tools;

    @BeforeAll
    static void setUp() throws IOException {
        workspace = Workspace.open(dir.resolve("ws"));
        tools = new DuckDbTools(workspace, DuckToolSettings.DEFAULTS);
        StringBuilder csv = new StringBuilder("id,city,amount,booked,note\n");
        for (int i = 1; i <= 25; i++) {
            csv.append(i)
                    .append(',')
                    .append(i % 2 == 0 ? "Paris" : "上海")
                    .append(',')
                    .append(i * 1.5)
                    .append(",2025-01-")
                    .append(String.format("%02d", i))
                    .append(',')
                    .append(i == 1 ? "x".repeat(2500) : "n" + i)
                    .append('\n');
        }
        Files.writeString(dir.resolve("sales.csv"), csv);
        workspace.ingest(dir.resolve("sales.csv"));
    }

    @AfterAll
    static void tearDown() {
        workspace.close();
    }

    static JsonNode json(DuckToolResult result) {
        return JsonCodec.mapper().valueToTree(result);
    }

    @Test
    void answersQueriesInTheSeedsShape() {
        JsonNode result =
                json(tools.queryDuckDB("SELECT id, city, amount, booked FROM sales WHERE id <= 2 ORDER BY id"));
        assertThat(result.toString())
                .isEqualTo("{\"success\":true,\"columns\":[{\"name\":\"id\",\"type\":\"BIGINT\"},"
                        + "{\"name\":\"city\",\"type\":\"VARCHAR\"},{\"name\":\"amount\",\"type\":\"DOUBLE\"},"
                        + "{\"name\":\"booked\",\"type\":\"DATE\"}],\"rows\":[{\"id\":1,\"city\":\"上海\",\"amount\":1.5,"
                        + "\"booked\":\"2025-01-01\"},{\"id\":2,\"city\":\"Paris\",\"amount\":3.0,\"booked\":\"2025-01-02\"}],"
                        + "\"rowCount\":2,\"columnCount\":4}");
    }

    @Test
    void keepsTenRowsCountsAllAndCutsLongStrings() {
        JsonNode result = json(tools.queryDuckDB("FROM sales ORDER BY id"));
        assertThat(result.at("/rows").size()).isEqualTo(10);
        assertThat(result.at("/rowCount").asLong()).isEqualTo(25);
        assertThat(result.at("/_truncatedRows").asBoolean()).isTrue();
        assertThat(result.at("/rows/0/note").asText()).hasSize(2000);
        assertThat(json(tools.queryDuckDB("SELECT * FROM sales LIMIT 10")).has("_truncatedRows"))
                .isFalse();
    }

    @Test
    void describesSamplesAndListsTables() {
        JsonNode schema = json(tools.getTableSchema("sales"));
        assertThat(schema.at("/tableName").asText()).isEqualTo("sales");
        assertThat(schema.at("/columns/3").toString())
                .isEqualTo("{\"column_name\":\"booked\",\"column_type\":\"DATE\"}");
        assertThat(schema.at("/rows/0/null").asText()).isEqualTo("YES");
        JsonNode sample = json(tools.getSampleRows("SALES", null));
        assertThat(sample.at("/rowCount").asLong()).isEqualTo(10);
        assertThat(json(tools.getSampleRows("sales", 3)).at("/rows").size()).isEqualTo(3);
        assertThat(json(tools.getSampleRows("sales", 500)).at("/rows").size()).isEqualTo(25);
        assertThat(json(tools.getSampleRows("sales", 0)).at("/code").asText()).isEqualTo("INVALID_ARGUMENT");
        JsonNode list = json(tools.getTableList());
        assertThat(list.at("/tables/0/name").asText()).isEqualTo("sales");
        assertThat(list.at("/tables/0/rowCount").asLong()).isEqualTo(25);
        assertThat(list.at("/tables/0/file").asText()).isEqualTo("F1");
    }

    @Test
    void explainsTheUsualMistakes() {
        JsonNode unknown = json(tools.queryDuckDB("SELECT * FROM unknown_table"));
        assertThat(unknown.at("/success").asBoolean()).isFalse();
        assertThat(unknown.at("/error").asText()).startsWith("Table 'unknown_table' not found. Use getTableList");
        assertThat(unknown.at("/code").asText()).isEqualTo("TABLE_NOT_FOUND");
        assertThat(json(tools.queryDuckDB("SELCT 1")).at("/error").asText())
                .startsWith("Parser Error: syntax error at or near \"SELCT\"");
        assertThat(json(tools.queryDuckDB("SELECT * FROM sales WHERE id = 'abc'"))
                        .at("/error")
                        .asText())
                .contains("Cast types with CAST(x AS type) or x::type.");
        assertThat(json(tools.getTableSchema("sale")).at("/error").asText())
                .isEqualTo("Table 'sale' not found. Did you mean \"sales\"? Use getTableList to see the tables.");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "SELECT * FROM read_csv('/etc/passwd')",
                "COPY sales TO '/tmp/tq-leak.csv'",
                "ATTACH '/tmp/tq-other.duckdb' AS other",
                "INSTALL httpfs",
                "LOAD httpfs",
                "SET enable_external_access = true",
                "SET lock_configuration = false",
                "PRAGMA database_list",
                "CREATE TABLE t AS SELECT 1",
                "SELECT 1; DROP TABLE tq_store.f1_s1",
                "SELECT 1; SELECT 2",
                "WITH x AS (DELETE FROM sales RETURNING *) SELECT * FROM x",
                "DELETE FROM tq_store.f1_s1",
                "UPDATE tq_store.f1_s1 SET c1 = 0",
                "DROP VIEW sales",
                "SELECT * FROM glob('/etc/*')",
                "SELECT * FROM read_text('/etc/passwd')",
                "SELECT * FROM read_blob('/etc/passwd')",
                "SELECT * FROM read_parquet('/etc/passwd')",
                "EXPLAIN DROP TABLE tq_store.f1_s1",
                "PIVOT sales ON city USING count(*)); DROP TABLE tq_store.f1_s1; SELECT (1"
            })
    void refusesHostileQueriesAndChangesNothing(String query) {
        JsonNode result = json(tools.queryDuckDB(query));
        assertThat(result.at("/success").asBoolean()).as(query).isFalse();
        assertThat(result.at("/error").asText()).isNotBlank();
        JsonNode count = json(tools.queryDuckDB("SELECT count(*) AS n, sum(id) AS s FROM sales"));
        assertThat(count.at("/rows/0/n").asLong()).isEqualTo(25);
        assertThat(count.at("/rows/0/s").asLong()).isEqualTo(325);
        assertThat(Files.exists(Path.of("/tmp/tq-leak.csv"))).isFalse();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "DESCRIBE sales",
                "SUMMARIZE sales",
                "SHOW TABLES",
                "VALUES (1, 'a')",
                "FROM sales SELECT city, count(*) GROUP BY city",
                "PIVOT sales ON city IN ('Paris', '上海') USING count(*)",
                "EXPLAIN SELECT * FROM sales",
                "WITH x AS (SELECT 1 AS a) SELECT * FROM x"
            })
    void runsEveryReadingKind(String query) {
        assertThat(json(tools.queryDuckDB(query)).at("/success").asBoolean())
                .as(query)
                .isTrue();
    }

    @Test
    void asksForThePivotValues() {
        assertThat(json(tools.queryDuckDB("PIVOT sales ON city USING count(*)"))
                        .at("/error")
                        .asText())
                .startsWith("a PIVOT must list the values it turns into columns");
    }

    @Test
    void cancelsAQueryPastItsTime() {
        DuckDbTools impatient =
                new DuckDbTools(workspace, new DuckToolSettings(10, 2000, 10, 100, Duration.ofMillis(300)));
        JsonNode result = json(impatient.queryDuckDB(
                "SELECT count(*) FROM range(100000000000) a, range(1000) b WHERE a.range * b.range = -1"));
        assertThat(result.at("/code").asText()).isEqualTo("QUERY_TIMEOUT");
    }
}

package io.tablequery.engine.duck;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.tablequery.engine.json.JsonCodec;
import io.tablequery.engine.workspace.Workspace;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
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
        StringBuilder quality = new StringBuilder("code,amount,empty,price\n");
        for (int i = 1; i <= 20; i++) {
            quality.append(i == 7 ? "seven" : Integer.toString(100 + i))
                    .append(',')
                    .append(i == 20 ? 100_000 : 10 + i % 5)
                    .append(",,\"$")
                    .append(i)
                    .append(".00\"\n");
        }
        quality.append("105,10,,$5.00\n");
        Files.writeString(dir.resolve("quality.csv"), quality);
        workspace.ingest(dir.resolve("quality.csv"));
        Files.writeString(dir.resolve("stock_v1.csv"), "id,name,qty\n1,a,1\n2,b,2\n3,c,3\n");
        Files.writeString(dir.resolve("stock_v2.csv"), "id,name,qty,extra\n1,a,1.0,x\n2,B,2.5,y\n4,d,4,z\n");
        workspace.ingest(dir.resolve("stock_v1.csv"));
        workspace.ingest(dir.resolve("stock_v2.csv"));
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
    void rendersEachDuckDbTypeFromItsArrowBatch() {
        JsonNode result = json(tools.queryDuckDB("SELECT TIMESTAMP '2025-01-02 10:00:00' ts,"
                + " TIMESTAMP '2025-01-02 10:00:00.123' ts_ms, TIMESTAMPTZ '2025-01-02 10:00:00+00' tz,"
                + " TIME '10:11:12.5' t, INTERVAL 3 DAY iv, '\\xFFa\\x00'::BLOB b, [1, NULL] l,"
                + " {'a': 1, 'b': 'x'} s, MAP {'k': 1} m, 'y'::ENUM('x', 'y') e,"
                + " 12345678901234567890::HUGEINT h, 18446744073709551615::UBIGINT ub, 4294967295::UINTEGER ui,"
                + " 1.50::DECIMAL(10, 2) d, true bo, 2.5::FLOAT f, 'inf'::DOUBLE inf, DATE '2025-01-02' dt,"
                + " NULL::INT n"));
        assertThat(result.at("/rows/0").toString())
                .isEqualTo("{\"ts\":\"2025-01-02 10:00:00\",\"ts_ms\":\"2025-01-02 10:00:00.123\","
                        + "\"tz\":\"2025-01-02 10:00:00+00\",\"t\":\"10:11:12.5\",\"iv\":\"P3D\","
                        + "\"b\":\"\\\\xFFa\\\\x00\",\"l\":[1,null],\"s\":{\"a\":1,\"b\":\"x\"},"
                        + "\"m\":{\"k\":1},\"e\":\"y\",\"h\":12345678901234567890,"
                        + "\"ub\":18446744073709551615,\"ui\":4294967295,\"d\":1.5,\"bo\":true,\"f\":2.5,"
                        + "\"inf\":\"Infinity\",\"dt\":\"2025-01-02\",\"n\":null}");
        assertThat(result.at("/columns/0/type").asText()).isEqualTo("TIMESTAMP");
    }

    @Test
    void countsEveryBatchButConvertsOnlyTheRowsShown() {
        JsonNode result = json(tools.queryDuckDB("SELECT range AS n FROM range(5000)"));
        assertThat(result.at("/rowCount").asLong()).isEqualTo(5000);
        assertThat(result.at("/rows").size()).isEqualTo(10);
        assertThat(result.at("/rows/9/n").asLong()).isEqualTo(9);
    }

    @Test
    void streamsTheWholeResultAsArrowIpcEqualToTheJsonRows() throws IOException {
        String query = "SELECT id, city, amount FROM sales WHERE id <= 8 ORDER BY id";
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ArrowExport export = tools.exportArrow(query, 1_000, out);
        assertThat(export.failure()).isNull();
        assertThat(export.rows()).isEqualTo(8);
        assertThat(export.truncated()).isFalse();
        List<Map<String, Object>> json = tools.queryDuckDB(query).rows();
        List<List<String>> fromArrow = new ArrayList<>();
        try (RootAllocator allocator = new RootAllocator();
                ArrowStreamReader reader =
                        new ArrowStreamReader(new ByteArrayInputStream(out.toByteArray()), allocator)) {
            VectorSchemaRoot root = reader.getVectorSchemaRoot();
            assertThat(root.getSchema().getFields())
                    .extracting(field -> field.getName())
                    .containsExactly("id", "city", "amount");
            while (reader.loadNextBatch()) {
                for (int row = 0; row < root.getRowCount(); row++) {
                    List<String> values = new ArrayList<>();
                    for (FieldVector vector : root.getFieldVectors()) {
                        values.add(String.valueOf(vector.getObject(row)));
                    }
                    fromArrow.add(values);
                }
            }
        }
        assertThat(fromArrow)
                .isEqualTo(json.stream()
                        .map(row -> row.values().stream().map(String::valueOf).toList())
                        .toList());

        ByteArrayOutputStream capped = new ByteArrayOutputStream();
        ArrowExport cut = tools.exportArrow("SELECT * FROM range(200000)", 150_000, capped);
        assertThat(cut.rows()).isEqualTo(150_000);
        assertThat(cut.truncated()).isTrue();
        assertThat(tools.exportArrow("COPY sales TO 'x.csv'", 10, new ByteArrayOutputStream())
                        .failure()
                        .code())
                .isEqualTo("QUERY_REFUSED");
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
        assertThat(json(tools.getSampleRows("sales", 500)).has("_truncatedRows"))
                .as("every row came back")
                .isFalse();
        DuckDbTools few = new DuckDbTools(workspace, new DuckToolSettings(10, 2000, 10, 12, Duration.ofSeconds(30)));
        JsonNode lowered = json(few.getSampleRows("sales", 500));
        assertThat(lowered.at("/rows").size()).isEqualTo(12);
        assertThat(lowered.at("/_truncatedRows").asBoolean())
                .as("asked above the maximum: says rows were left out")
                .isTrue();
        assertThat(json(few.getSampleRows("sales", 5)).has("_truncatedRows")).isFalse();
        assertThat(json(tools.getSampleRows("sales", 0)).at("/code").asText()).isEqualTo("INVALID_ARGUMENT");
        JsonNode list = json(tools.getTableList());
        assertThat(list.at("/tables/0/name").asText()).isEqualTo("sales");
        assertThat(list.at("/tables/0/rowCount").asLong()).isEqualTo(25);
        assertThat(list.at("/tables/0/file").asText()).isEqualTo("F1");
        assertThat(list.at("/tables").size()).isEqualTo(4);
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
                "COPY sales TO '{dir}/leak.csv'",
                "ATTACH '{dir}/other.duckdb' AS other",
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
    void refusesHostileQueriesAndChangesNothing(String hostile) {
        String query = hostile.replace("{dir}", dir.toString());
        JsonNode result = json(tools.queryDuckDB(query));
        assertThat(result.at("/success").asBoolean()).as(query).isFalse();
        assertThat(result.at("/error").asText()).isNotBlank();
        assertThat(json(tools.queryDuckDB(query)))
                .as("asked again, the kept verdict answers the same")
                .isEqualTo(result);
        String padded = query + " /* " + "x".repeat(DuckQueryGuard.CACHED_TEXT_MAX) + " */";
        assertThat(json(tools.queryDuckDB(padded)).at("/success").asBoolean())
                .as("a text too long to keep a verdict for is judged each time")
                .isFalse();
        JsonNode count = json(tools.queryDuckDB("SELECT count(*) AS n, sum(id) AS s FROM sales"));
        assertThat(count.at("/rows/0/n").asLong()).isEqualTo(25);
        assertThat(count.at("/rows/0/s").asLong()).isEqualTo(325);
        assertThat(Files.exists(dir.resolve("leak.csv"))).isFalse();
        assertThat(Files.exists(dir.resolve("other.duckdb"))).isFalse();
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
    void analyzesDataQualityWithDuckDbAggregates() {
        JsonNode result = JsonCodec.mapper().valueToTree(tools.analyzeDataQuality("quality"));
        assertThat(result.at("/success").asBoolean()).isTrue();
        assertThat(result.at("/rowCount").asLong()).isEqualTo(21);
        assertThat(result.at("/duplicateRows").asLong()).isEqualTo(1);
        assertThat(result.at("/columns/0/type").asText()).isEqualTo("VARCHAR");
        assertThat(result.at("/columns/0/textAsNumbers").asLong()).isEqualTo(20);
        assertThat(result.at("/columns/1/outliers/count").asLong()).isEqualTo(1);
        assertThat(result.at("/columns/1/mean").asDouble()).isGreaterThan(4000);
        assertThat(result.at("/columns/2/nullShare").asDouble()).isEqualTo(1.0);
        assertThat(result.at("/coercions/0/kind").asText()).isEqualTo("CURRENCY_TEXT_TO_NUMBER");
        StringBuilder findings = new StringBuilder();
        result.at("/findings")
                .forEach(finding -> findings.append(finding.asText()).append('\n'));
        assertThat(findings.toString())
                .contains("\"code\" is text, but 20 of its 21 values read as numbers")
                .contains("\"amount\" has 1 outliers")
                .contains("\"empty\" is empty")
                .contains("1 rows repeat an earlier row in every column")
                .contains("ingest changed 21 cells of \"price\"");
        assertThat(JsonCodec.mapper()
                        .valueToTree(tools.analyzeDataQuality("nope"))
                        .at("/code")
                        .asText())
                .isEqualTo("TABLE_NOT_FOUND");
    }

    @Test
    void comparesSchemasAndDataByKeyOrWholeRows() {
        JsonNode byKey = JsonCodec.mapper().valueToTree(tools.compareTables("stock_v1", "stock_v2", "id"));
        assertThat(byKey.at("/schema/added").toString()).isEqualTo("[{\"name\":\"extra\",\"type\":\"VARCHAR\"}]");
        assertThat(byKey.at("/schema/retyped/0/name").asText()).isEqualTo("qty");
        assertThat(byKey.at("/schema/retyped/0/typeB").asText()).isEqualTo("DOUBLE");
        assertThat(byKey.at("/onlyInA/count").asLong()).isEqualTo(1);
        assertThat(byKey.at("/onlyInA/sample/0/id").asLong()).isEqualTo(3);
        assertThat(byKey.at("/onlyInB/sample/0/id").asLong()).isEqualTo(4);
        assertThat(byKey.at("/changed/count").asLong())
                .as("1 and 1.0 are equal numbers")
                .isEqualTo(1);
        assertThat(byKey.at("/changed/sample/0/changes").toString())
                .isEqualTo("{\"name\":{\"a\":\"b\",\"b\":\"B\"},\"qty\":{\"a\":\"2.0\",\"b\":\"2.5\"}}");
        JsonNode whole = JsonCodec.mapper().valueToTree(tools.compareTables("stock_v1", "stock_v2", null));
        assertThat(whole.at("/onlyInA/count").asLong()).isEqualTo(2);
        assertThat(whole.at("/onlyInB/count").asLong()).isEqualTo(2);
        assertThat(whole.has("changed")).isFalse();
        JsonNode badKey = JsonCodec.mapper().valueToTree(tools.compareTables("stock_v1", "stock_v2", "extra"));
        assertThat(badKey.at("/code").asText()).isEqualTo("INVALID_ARGUMENT");
        JsonNode viaCall = JsonCodec.mapper()
                .valueToTree(tools.call(
                        "compareTables",
                        JsonCodec.mapper()
                                .createObjectNode()
                                .put("tableA", "stock_v1")
                                .put("tableB", "nope")));
        assertThat(viaCall.at("/code").asText()).isEqualTo("TABLE_NOT_FOUND");
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

    @Test
    void holdsAnalysisAndComparisonToTheTimeLimit() {
        DuckDbTools hurried = new DuckDbTools(workspace, new DuckToolSettings(10, 2000, 10, 100, Duration.ofNanos(1)));
        assertThat(JsonCodec.mapper()
                        .valueToTree(hurried.analyzeDataQuality("quality"))
                        .at("/code")
                        .asText())
                .isEqualTo("QUERY_TIMEOUT");
        assertThat(JsonCodec.mapper()
                        .valueToTree(hurried.compareTables("stock_v1", "stock_v2", "id"))
                        .at("/code")
                        .asText())
                .isEqualTo("QUERY_TIMEOUT");
        assertThat(JsonCodec.mapper()
                        .valueToTree(tools.compareTables("stock_v1", "stock_v2", "id"))
                        .at("/success")
                        .asBoolean())
                .isTrue();
    }
}

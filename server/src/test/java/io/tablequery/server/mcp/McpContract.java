package io.tablequery.server.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.ImageContent;
import io.modelcontextprotocol.spec.McpSchema.TextContent;
import io.modelcontextprotocol.spec.McpSchema.Tool;
import io.tablequery.engine.json.JsonCodec;
import io.tablequery.engine.workspace.Workspace;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

/**
 * What an MCP client sees over either transport: the tools, a call of each, errors with the HTTP API's codes,
 * run_sql's truncation, and a runaway query cut at the time limit. A subclass connects a real client from the MCP SDK
 * to a workspace filled by {@link #fill(Workspace, Path)}, served with a query time limit of {@link #QUERY_TIMEOUT}.
 */
abstract class McpContract {
    /** The query time limit the server under test runs with. */
    static final Duration QUERY_TIMEOUT = Duration.ofSeconds(2);

    static final String RUNAWAY =
            "SELECT count(*) FROM range(100000000000) a, range(1000) b WHERE a.range * b.range = -1";

    /** 30 to the 6th rows to count: SQLite needs minutes, DuckDB seconds. */
    static final String RUNAWAY_PLAN = "SELECT count(*) AS n FROM \"sales\" a, \"sales\" b, \"sales\" c,"
            + " \"sales\" d, \"sales\" e, \"sales\" f WHERE (a.\"id\" * 7 + b.\"id\" * 13 + c.\"id\" + d.\"id\""
            + " + e.\"id\" * f.\"id\") % 1000003 = 17";

    /** The client, connected and initialized. */
    abstract McpSyncClient client();

    /** Uploads two small sales tables: {@code sales} (30 rows) and {@code sales_2024} (with a changed row). */
    static void fill(Workspace workspace, Path dir) throws IOException {
        StringBuilder sales = new StringBuilder("id,city,amount\n");
        StringBuilder older = new StringBuilder("id,city,amount\n");
        for (int i = 1; i <= 30; i++) {
            String city = i % 3 == 0 ? "Paris" : i % 3 == 1 ? "Lyon" : "Nice";
            sales.append(i).append(',').append(city).append(',').append(i * 10).append('\n');
            older.append(i)
                    .append(',')
                    .append(city)
                    .append(',')
                    .append(i == 7 ? 1 : i * 10)
                    .append('\n');
        }
        Path salesCsv = dir.resolve("sales.csv");
        Path olderCsv = dir.resolve("sales_2024.csv");
        Files.writeString(salesCsv, sales);
        Files.writeString(olderCsv, older);
        workspace.ingest(salesCsv);
        workspace.ingest(olderCsv);
    }

    @Test
    void listsBothFamiliesWithSchemasAndTellsTheWorkflow() {
        List<Tool> tools = client().listTools().tools();
        assertThat(tools)
                .extracting(Tool::name)
                .containsExactly(
                        "search_tables",
                        "get_schemas",
                        "run_sql",
                        "queryDuckDB",
                        "getTableSchema",
                        "getSampleRows",
                        "getTableList",
                        "analyzeDataQuality",
                        "compareTables",
                        "chart",
                        "getSourceCells");
        Tool runSql = tools.get(2);
        assertThat(schema(runSql).path("properties").properties())
                .extracting(Map.Entry::getKey)
                .containsExactly("plan", "max_rows", "cell_max", "cite_ranges", "citations", "engine");
        assertThat(schema(runSql).path("required").toString()).isEqualTo("[\"plan\"]");
        assertThat(runSql.description())
                .contains("CREATE TEMP TABLE")
                .contains("__src")
                .contains("keep max_rows small")
                .doesNotContain("maxRows");
        assertThat(schema(tools.get(0)).path("properties").properties())
                .extracting(Map.Entry::getKey)
                .containsExactly("query", "top_k");
        assertThat(tools).allSatisfy(tool -> assertThat(tool.annotations().readOnlyHint())
                .isTrue());
        assertThat(client().getServerInstructions())
                .contains("search_tables")
                .contains("at most once per question")
                .contains("queryDuckDB");
    }

    @Test
    void answersEveryToolInItsFamilysShape() throws IOException {
        CallToolResult search = call("search_tables", Map.of("query", "sales amount by city", "top_k", 5));
        assertThat(text(search))
                .contains("sales")
                .as("the hint names the MCP tool")
                .contains("get_schemas shows their columns")
                .doesNotContain("get-schemas");

        CallToolResult schemas = call("get_schemas", Map.of("tables", List.of("sales")));
        assertThat(text(schemas))
                .contains("Table \"sales\"")
                .contains("CREATE TABLE")
                .contains("Sample rows")
                .contains("amount");

        CallToolResult runSql = call(
                "run_sql",
                Map.of(
                        "plan",
                        plan("SELECT \"city\", \"amount\" FROM \"sales\""
                                + " WHERE \"city\" = 'Paris' ORDER BY \"amount\"")));
        assertThat(text(runSql))
                .contains("file_ref_table")
                .contains("__src")
                .contains("Paris,30")
                .contains("Paris,300");

        JsonNode query = json(call("queryDuckDB", Map.of("query", "SELECT sum(amount) AS total FROM sales")));
        assertThat(query.path("success").asBoolean()).isTrue();
        assertThat(query.path("rows").get(0).path("total").asDouble()).isEqualTo(4650.0);

        assertThat(json(call("getTableSchema", Map.of("tableName", "sales")))
                        .path("columns")
                        .toString())
                .contains("amount");
        assertThat(json(call("getSampleRows", Map.of("tableName", "sales", "limit", 3)))
                        .path("rows")
                        .size())
                .isEqualTo(3);
        assertThat(json(call("getTableList", Map.of())).path("tables").toString())
                .contains("sales_2024");
        assertThat(json(call("analyzeDataQuality", Map.of("tableName", "sales")))
                        .path("success")
                        .asBoolean())
                .isTrue();
        JsonNode compare = json(call("compareTables", Map.of("tableA", "sales_2024", "tableB", "sales", "key", "id")));
        assertThat(compare.toString()).contains("\"changed\"");

        CallToolResult chart =
                call("chart", Map.of("tableName", "sales", "kind", "bar", "x", "city", "y", "amount", "png", true));
        assertThat(json(chart).path("spec").path("mark").toString()).contains("bar");
        assertThat(json(chart).has("png")).isFalse();
        ImageContent image = (ImageContent) chart.content().get(1);
        assertThat(image.mimeType()).isEqualTo("image/png");
        BufferedImage png =
                ImageIO.read(new ByteArrayInputStream(Base64.getDecoder().decode(image.data())));
        assertThat(png.getWidth()).isPositive();

        JsonNode cells = json(call("getSourceCells", Map.of("citation", "F1S1R8", "around", 1)));
        assertThat(cells.path("sheets").get(0).path("fileName").asText()).isEqualTo("sales.csv");
        assertThat(cells.path("sheets").get(0).path("rows").toString())
                .contains("\"row\":7", "\"row\":8", "\"row\":9", "\"text\":\"Paris\"", "\"text\":\"70\"");
        CallToolResult notACitation =
                client().callTool(new CallToolRequest("getSourceCells", Map.of("citation", "row 8")));
        assertThat(notACitation.isError()).isTrue();
        assertThat(((TextContent) notACitation.content().get(0)).text()).contains("INVALID_RANGE");
    }

    @Test
    void failsAsToolErrorsWithTheApisCodes() {
        CallToolResult noSuchTable = client().callTool(
                        new CallToolRequest("run_sql", Map.of("plan", plan("SELECT * FROM \"no_such_table\""))));
        assertThat(noSuchTable.isError()).isTrue();
        assertThat(text(noSuchTable)).startsWith("error [").contains("no_such_table");

        CallToolResult noPlan = client().callTool(new CallToolRequest("run_sql", Map.of("max_rows", 5)));
        assertThat(noPlan.isError()).isTrue();
        assertThat(text(noPlan)).startsWith("error [BAD_REQUEST]: \"plan\" is missing");

        CallToolResult noTables = client().callTool(new CallToolRequest("get_schemas", Map.of("tables", List.of("x"))));
        assertThat(noTables.isError()).isTrue();
        assertThat(text(noTables)).startsWith("error [TABLE_NOT_FOUND]").contains("Find tables with search_tables.");

        CallToolResult badTopK =
                client().callTool(new CallToolRequest("search_tables", Map.of("query", "sales", "top_k", 100_000)));
        assertThat(text(badTopK)).startsWith("error [INVALID_ARGUMENT]: top_k must be 1 to ");

        CallToolResult copy = client().callTool(
                        new CallToolRequest("queryDuckDB", Map.of("query", "COPY sales TO '/tmp/stolen.csv'")));
        assertThat(copy.isError()).isTrue();
        JsonNode refused = JsonCodec.read(text(copy), JsonNode.class);
        assertThat(refused.path("success").asBoolean()).isFalse();
        assertThat(refused.path("code").asText()).isEqualTo("QUERY_REFUSED");
    }

    @Test
    void cutsRunSqlAtMaxRowsAndSaysSo() {
        String text = text(
                call("run_sql", Map.of("plan", plan("SELECT \"id\" FROM \"sales\" ORDER BY \"id\""), "max_rows", 4)));
        assertThat(text)
                .contains("Only the first 4 rows are shown; the remaining 26 rows were omitted (30 rows in total)")
                .as("the hint names the MCP argument")
                .contains("re-run with a higher max_rows")
                .doesNotContain("--max-rows");
        assertThat(text).contains("\n4,").doesNotContain("\n5,");
    }

    @Test
    void cancelsARunawayQueryAtTheTimeLimitAndAnswersTheNext() {
        long start = System.nanoTime();
        CallToolResult runaway = client().callTool(new CallToolRequest("queryDuckDB", Map.of("query", RUNAWAY)));
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(QUERY_TIMEOUT.plusSeconds(3));
        assertThat(runaway.isError()).isTrue();
        assertThat(JsonCodec.read(text(runaway), JsonNode.class).path("code").asText())
                .isEqualTo("QUERY_TIMEOUT");

        CallToolResult sqlite = client().callTool(
                        new CallToolRequest("run_sql", Map.of("plan", plan(RUNAWAY_PLAN), "engine", "sqlite")));
        assertThat(sqlite.isError()).isTrue();
        assertThat(text(sqlite)).startsWith("error [QUERY_TIMEOUT]");

        assertThat(json(call("queryDuckDB", Map.of("query", "SELECT count(*) AS n FROM sales")))
                        .path("rows")
                        .get(0)
                        .path("n")
                        .asInt())
                .isEqualTo(30);
    }

    static JsonNode schema(Tool tool) {
        return JsonCodec.mapper().valueToTree(tool.inputSchema());
    }

    /** A one-step plan of a final table. */
    static Map<String, Object> plan(String select) {
        return Map.of(
                "queries",
                List.of(Map.of(
                        "step",
                        1,
                        "sql",
                        "CREATE TEMP TABLE \"final_table_step1\" AS " + select,
                        "source_table_names",
                        List.of("sales"),
                        "destine_table_name",
                        "final_table_step1",
                        "destine_table_type",
                        "final",
                        "destine_table_description",
                        "test result")));
    }

    CallToolResult call(String tool, Map<String, Object> arguments) {
        CallToolResult result = client().callTool(new CallToolRequest(tool, arguments));
        assertThat(result.isError()).as("%s: %s", tool, result.content()).isFalse();
        return result;
    }

    static String text(CallToolResult result) {
        return ((TextContent) result.content().get(0)).text();
    }

    static JsonNode json(CallToolResult result) {
        return JsonCodec.read(text(result), JsonNode.class);
    }

    /** A client of a {@code tq ...} child over stdio, initialized, whose standard error lines go to {@code stderr}. */
    static McpSyncClient stdioClient(Queue<String> stderr, String... args) {
        StdioClientTransport transport = new StdioClientTransport(
                ServerParameters.builder(java()).args(tq(args)).build(), new JacksonMcpJsonMapper(JsonCodec.mapper()));
        transport.setStdErrorHandler(stderr::add);
        McpSyncClient client =
                McpClient.sync(transport).requestTimeout(Duration.ofSeconds(60)).build();
        client.initialize();
        return client;
    }

    static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** The arguments after {@code java} that run {@code tq} on the test class path. */
    static List<String> tq(String... args) {
        List<String> command = new ArrayList<>(List.of(
                "--add-opens=java.base/java.nio=ALL-UNNAMED",
                "-Dorg.slf4j.simpleLogger.log.tq.request=info",
                "-cp",
                System.getProperty("java.class.path"),
                "io.tablequery.server.cli.TqMain"));
        command.addAll(List.of(args));
        return command;
    }
}

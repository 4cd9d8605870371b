package io.tablequery.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.tablequery.engine.json.JsonCodec;
import io.tablequery.engine.plan.PlanParser;
import io.tablequery.engine.plan.SkillNames;
import io.tablequery.engine.skill.PlanEngine;
import io.tablequery.engine.skill.RunSqlRequest;
import io.tablequery.engine.skill.RunSqlText;
import io.tablequery.engine.skill.SchemaText;
import io.tablequery.engine.skill.SearchText;
import io.tablequery.engine.skill.SkillSettings;
import io.tablequery.engine.skill.TableQuerySkill;
import io.tablequery.engine.workspace.Workspace;
import io.tablequery.server.cli.TqMain;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** search-tables, get-schemas and run-sql over a real server, and the CLI's {@code --server} mode against it. */
class SkillHttpTest {
    private static final String PLAN = """
            {"queries":[{"step":1,"sql":"CREATE TEMP TABLE \\"final_table_step1\\" AS SELECT \\"city\\", \\"amount\\" \
            FROM \\"sales\\" WHERE \\"amount\\" > 15","source_table_names":["sales"],\
            "destine_table_name":"final_table_step1","destine_table_type":"final",\
            "destine_table_description":"Big sales"}]}""";

    @TempDir
    Path dir;

    private TqServer server;
    private Workspace workspace;
    private final HttpClient client = HttpClient.newHttpClient();

    @BeforeEach
    void start() throws Exception {
        workspace = Workspace.open(dir.resolve("data/shop"));
        Path csv = dir.resolve("sales.csv");
        Files.writeString(csv, "city,amount\nShanghai,10\n上海,20\nParis,30\n");
        workspace.ingest(csv);
        server = TestServers.serve(workspace, dir);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void searchesOverHttpWithTheAgentTextBeside() throws Exception {
        HttpResponse<String> response = post("search-tables", Map.of("query", "上海 amount", "topK", 5));
        assertThat(response.statusCode()).isEqualTo(200);
        JsonNode body = JsonCodec.mapper().readTree(response.body());
        assertThat(body.at("/tables/0/name").asText()).isEqualTo("sales");
        assertThat(body.at("/tables/0/file").asText()).isEqualTo("F1");
        assertThat(body.at("/tables/0/matched/0/term").asText()).isEqualTo("上海");
        assertThat(body.at("/text").asText())
                .isEqualTo(SearchText.format(skill().searchTables("上海 amount", 5), SkillNames.CLI));
    }

    @Test
    void describesAndRunsOverHttp() throws Exception {
        JsonNode schemas = JsonCodec.mapper()
                .readTree(post("get-schemas", Map.of("tables", "sales")).body());
        assertThat(schemas.at("/tables/0/createTable").asText()).startsWith("CREATE TABLE \"sales\" (");
        assertThat(schemas.at("/tables/0/columns/1/profile/max").asText()).isEqualTo("30");
        assertThat(schemas.at("/tables/0/sampleRows/0/row").asLong()).isEqualTo(2);
        assertThat(schemas.at("/text").asText()).isEqualTo(SchemaText.format(skill().getSchemas(List.of("sales"))));

        HttpResponse<String> run =
                post("run-sql", Map.of("plan", JsonCodec.mapper().readTree(PLAN), "maxRows", 1, "cellMax", 100));
        assertThat(run.statusCode()).isEqualTo(200);
        JsonNode body = JsonCodec.mapper().readTree(run.body());
        assertThat(body.at("/results/0/columns").toString()).isEqualTo("[\"city\",\"amount\",\"__src\"]");
        assertThat(body.at("/results/0/rows").toString()).isEqualTo("[[\"上海\",\"20\",\"F1S1R3\"]]");
        assertThat(body.at("/results/0/totalRows").asLong()).isEqualTo(2);
        assertThat(body.at("/results/0/truncation").asText()).isEqualTo("MAX_ROWS");
        assertThat(body.at("/fileRefTable/0/fileName").asText()).isEqualTo("sales.csv");
        assertThat(body.at("/text").asText())
                .isEqualTo(RunSqlText.format(
                        skill().runSql(new RunSqlRequest(PlanParser.parse(PLAN), 1, 100, PlanEngine.SQLITE)),
                        SkillNames.CLI));
    }

    @Test
    void translatesAndRunsOnEitherEngineOverHttp() throws Exception {
        JsonNode translated = JsonCodec.mapper()
                .readTree(
                        post("translate", Map.of("sql", "SELECT city, amount / 4 AS q FROM sales WHERE city LIKE 'p%'"))
                                .body());
        assertThat(translated.at("/translated").asBoolean()).isTrue();
        assertThat(translated.at("/sql").asText())
                .contains("\"tq_sqlite\".\"sales\"")
                .contains("// NULLIF(")
                .contains("LIKE 'p%'");
        assertThat(translated.at("/columns").toString())
                .isEqualTo("[{\"name\":\"city\",\"type\":\"text\"},{\"name\":\"q\",\"type\":\"integer\"}]");
        JsonNode refused = JsonCodec.mapper()
                .readTree(post("translate", Map.of("sql", "SELECT random()")).body());
        assertThat(refused.at("/translated").asBoolean()).isFalse();
        assertThat(refused.at("/text").asText()).startsWith("untranslatable: the function random()");
        assertError(post("translate", Map.of("sql", 5)), 400, "BAD_REQUEST");

        JsonNode both = JsonCodec.mapper()
                .readTree(post("run-sql", Map.of("plan", JsonCodec.mapper().readTree(PLAN), "engine", "both"))
                        .body());
        assertThat(both.at("/engine").asText()).isEqualTo("both");
        assertThat(both.at("/comparison/tables/0/table").asText()).isEqualTo("final_table_step1");
        assertThat(both.at("/comparison/tables/0/difference").isNull()).isTrue();
        assertThat(both.at("/comparison/tables/0/comparedRows").asLong()).isEqualTo(2);
        assertThat(both.at("/comparison/engines").toString()).isEqualTo("[\"sqlite\",\"duckdb\"]");
        assertThat(both.at("/comparison/tables/0/firstRows").asLong()).isEqualTo(2);
        JsonNode duck = JsonCodec.mapper()
                .readTree(post("run-sql", Map.of("plan", JsonCodec.mapper().readTree(PLAN), "engine", "duckdb"))
                        .body());
        assertThat(duck.at("/engine").asText()).isEqualTo("duckdb");
        assertThat(duck.at("/results/0/rows").toString())
                .isEqualTo("[[\"上海\",\"20\",\"F1S1R3\"],[\"Paris\",\"30\",\"F1S1R4\"]]");
    }

    @Test
    void downloadsAWholeQueryResultAsAnArrowStream() throws Exception {
        HttpResponse<byte[]> response = postForBytes(
                "tools/queryDuckDB/arrow",
                JsonCodec.write(Map.of("query", "SELECT city, amount FROM sales ORDER BY amount")));
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type")).hasValue("application/vnd.apache.arrow.stream");
        assertThat(response.headers().firstValue("X-Tq-Row-Count")).hasValue("3");
        assertThat(response.headers().firstValue("X-Tq-Truncated")).hasValue("false");
        List<String> rows = arrowRows(response.body(), "city", "amount");
        assertThat(rows).containsExactly("Shanghai|10", "上海|20", "Paris|30");

        HttpResponse<String> refused =
                post("tools/queryDuckDB/arrow", Map.of("query", "SELECT * FROM read_text('/etc/passwd')"));
        assertThat(refused.statusCode()).isEqualTo(400);
        assertThat(JsonCodec.mapper().readTree(refused.body()).at("/success").asBoolean())
                .isFalse();
        try (Stream<Path> spooled = Files.list(dir)) {
            assertThat(spooled.filter(path -> path.getFileName().toString().startsWith("tq-arrow-")))
                    .isEmpty();
        }
    }

    @Test
    void drawsChartsAsSpecsAndPngsOverHttpAndTheCli() throws Exception {
        Map<String, Object> args = Map.of("tableName", "sales", "kind", "bar", "x", "city", "y", "amount");
        JsonNode spec = JsonCodec.mapper().readTree(post("tools/chart", args).body());
        assertThat(spec.at("/success").asBoolean()).as(spec.toString()).isTrue();
        assertThat(spec.at("/spec/mark/type").asText()).isEqualTo("bar");
        assertThat(spec.at("/spec/data/values").toString())
                .isEqualTo("[{\"city\":\"Shanghai\",\"amount\":10},{\"city\":\"上海\",\"amount\":20},"
                        + "{\"city\":\"Paris\",\"amount\":30}]");
        HttpResponse<byte[]> png = postForBytes("tools/chart/png", JsonCodec.write(args));
        assertThat(png.statusCode()).isEqualTo(200);
        assertThat(png.headers().firstValue("Content-Type")).hasValue("image/png");
        BufferedImage image = ImageIO.read(new ByteArrayInputStream(png.body()));
        assertThat(image.getWidth()).isEqualTo(800);
        assertError(
                post("tools/chart/png", Map.of("tableName", "sales", "kind", "bar", "x", "town")),
                400,
                "INVALID_ARGUMENT");

        Path file = dir.resolve("chart.png");
        StringWriter out = new StringWriter();
        CommandLine cli = TqMain.commandLine();
        cli.setOut(new PrintWriter(out));
        assertThat(cli.execute(
                        "duck",
                        "chart",
                        "--table-name",
                        "sales",
                        "--kind",
                        "pie",
                        "--x",
                        "city",
                        "--y",
                        "amount",
                        "--png",
                        file.toString(),
                        "--workspace",
                        dir.resolve("data/shop").toString(),
                        "--server",
                        base()))
                .isZero();
        JsonNode printed = JsonCodec.mapper().readTree(out.toString());
        assertThat(printed.at("/pngFile").asText()).isEqualTo(file.toString());
        assertThat(printed.has("png")).isFalse();
        assertThat(printed.at("/spec/mark/type").asText()).isEqualTo("arc");
        assertThat(ImageIO.read(file.toFile()).getHeight()).isEqualTo(500);
    }

    @Test
    void downloadsAWholeRunSqlTableWithItsCitationsAsAnArrowStream() throws Exception {
        HttpResponse<byte[]> response =
                postForBytes("run-sql/arrow", "{\"plan\":" + PLAN + ",\"maxRows\":1,\"engine\":\"duckdb\"}");
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type")).hasValue("application/vnd.apache.arrow.stream");
        assertThat(response.headers().firstValue("X-Tq-Row-Count")).hasValue("1");
        assertThat(response.headers().firstValue("X-Tq-Truncated")).hasValue("true");
        List<String> rows = arrowRows(response.body(), "city", "amount", "__src");
        assertThat(rows).containsExactly("上海|20|F1S1R3");

        HttpResponse<String> refused =
                post("run-sql/arrow", Map.of("plan", Map.of("queries", List.of()), "engine", "sqlite"));
        assertThat(refused.statusCode()).isEqualTo(400);
        assertThat(JsonCodec.mapper().readTree(refused.body()).at("/code").asText())
                .isNotBlank();
        try (Stream<Path> spooled = Files.list(dir)) {
            assertThat(spooled.filter(path -> path.getFileName().toString().startsWith("tq-arrow-")))
                    .isEmpty();
        }
    }

    @Test
    void citesGroupsByTheirRowsAndDownloadsTheirLineage() throws Exception {
        String plan = """
                {"queries":[{"step":1,"sql":"CREATE TEMP TABLE \\"t\\" AS SELECT count(*) AS n, sum(\\"amount\\") AS s \
                FROM \\"sales\\" WHERE \\"amount\\" >= 20","source_table_names":["sales"],\
                "destine_table_name":"t","destine_table_type":"final","destine_table_description":"Big"}]}""";
        JsonNode rows = JsonCodec.mapper()
                .readTree(post(
                                "run-sql",
                                Map.of("plan", JsonCodec.mapper().readTree(plan), "engine", "duckdb", "citeRanges", 1))
                        .body());
        assertThat(rows.at("/results/0/rows/0").toString()).isEqualTo("[\"2\",\"50\",\"F1S1R3-R4\"]");
        JsonNode sheets = JsonCodec.mapper()
                .readTree(post("run-sql", Map.of("plan", JsonCodec.mapper().readTree(plan), "citations", "sheets"))
                        .body());
        assertThat(sheets.at("/results/0/rows/0").toString()).isEqualTo("[\"2\",\"50\",\"F1S1\"]");

        HttpResponse<byte[]> lineage =
                postForBytes("run-sql/arrow", "{\"plan\":" + plan + ",\"engine\":\"duckdb\",\"form\":\"lineage\"}");
        assertThat(lineage.statusCode()).isEqualTo(200);
        assertThat(arrowRows(lineage.body(), "row", "citation", "source_row"))
                .containsExactly("1|F1S1R3|3", "1|F1S1R4|4");
        HttpResponse<String> csv = post(
                "run-sql/csv",
                Map.of("plan", JsonCodec.mapper().readTree(plan), "engine", "duckdb", "form", "lineage"));
        assertThat(csv.statusCode()).isEqualTo(200);
        assertThat(csv.headers().firstValue("Content-Type"))
                .hasValueSatisfying(type -> assertThat(type).startsWith("text/csv"));
        assertThat(csv.body().lines())
                .containsExactly("row,citation,file,sheet,source_row", "1,F1S1R3,1,1,3", "1,F1S1R4,1,1,4");
        assertThat(post("run-sql/csv", Map.of("plan", JsonCodec.mapper().readTree(plan)))
                        .body()
                        .lines())
                .containsExactly("n,s,__src", "2,50,F1S1R3-R4");
        assertError(
                post("run-sql/csv", Map.of("plan", JsonCodec.mapper().readTree(plan), "form", "tree")),
                400,
                "BAD_REQUEST");
        assertError(
                post("run-sql/arrow", Map.of("plan", JsonCodec.mapper().readTree(plan), "form", "tree")),
                400,
                "BAD_REQUEST");
        assertError(
                post("run-sql", Map.of("plan", JsonCodec.mapper().readTree(plan), "citations", "cells")),
                400,
                "BAD_REQUEST");
    }

    @Test
    void answersBadRequestsWithStableCodes() throws Exception {
        assertError(post("run-sql", Map.of("plan", Map.of("queries", List.of()))), 400, "INVALID_PLAN");
        assertError(post("run-sql", Map.of("maxRows", 5)), 400, "BAD_REQUEST");
        assertError(
                post("run-sql", Map.of("plan", JsonCodec.mapper().readTree(PLAN), "engine", "spark")),
                400,
                "ENGINE_NOT_AVAILABLE");
        assertError(post("get-schemas", Map.of("tables", List.of("sale"))), 404, "TABLE_NOT_FOUND");
        assertError(post("search-tables", Map.of("query", 5)), 400, "BAD_REQUEST");
        assertError(post("search-tables", Map.of("query", "x", "topK", 0)), 400, "INVALID_ARGUMENT");
        HttpResponse<String> noWorkspace = client.send(
                HttpRequest.newBuilder(URI.create(base() + "/v1/workspaces/nope/search-tables"))
                        .POST(HttpRequest.BodyPublishers.ofString("{\"query\":\"x\"}"))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertError(noWorkspace, 404, "WORKSPACE_NOT_FOUND");
    }

    @Test
    void theCliPrintsTheSameThroughTheServer() throws Exception {
        String workspaceDir = dir.resolve("data/shop").toString();
        Path plan = dir.resolve("plan.json");
        Files.writeString(plan, PLAN);
        String[][] commands = {
            {"search-tables", "--query", "Shanghai sales"},
            {"get-schemas", "--tables", "sales"},
            {"run-sql", "--plan-file", plan.toString(), "--max-rows", "1"}
        };
        String[] embedded = {
            SearchText.format(skill().searchTables("Shanghai sales", 20), SkillNames.CLI),
            SchemaText.format(skill().getSchemas(List.of("sales"))),
            RunSqlText.format(
                    skill().runSql(new RunSqlRequest(PlanParser.parse(PLAN), 1, null, PlanEngine.SQLITE)),
                    SkillNames.CLI)
        };
        for (int i = 0; i < commands.length; i++) {
            StringWriter out = new StringWriter();
            CommandLine cli = TqMain.commandLine();
            cli.setOut(new PrintWriter(out));
            String[] args = concat(commands[i], "--workspace", workspaceDir, "--server", base());
            assertThat(cli.execute(args)).isZero();
            assertThat(out.toString()).isEqualTo(embedded[i]);
        }
        StringWriter translated = new StringWriter();
        CommandLine translate = TqMain.commandLine();
        translate.setOut(new PrintWriter(translated));
        assertThat(translate.execute(
                        "translate", "--sql", "SELECT zeroblob(4)", "--workspace", workspaceDir, "--server", base()))
                .isEqualTo(1);
        assertThat(translated.toString())
                .isEqualTo("untranslatable: the function zeroblob() has no exact DuckDB counterpart\n");
        StringWriter err = new StringWriter();
        CommandLine cli = TqMain.commandLine();
        cli.setErr(new PrintWriter(err));
        assertThat(cli.execute("get-schemas", "--tables", "sale", "--workspace", workspaceDir, "--server", base()))
                .isEqualTo(1);
        assertThat(err.toString())
                .isEqualTo("error [TABLE_NOT_FOUND]: no table \"sale\" in this workspace. Did you mean \"sales\"?\n");
    }

    @Test
    void servesTheDuckDbToolsWithTheSeedsArguments() throws Exception {
        JsonNode query = JsonCodec.mapper()
                .readTree(post("tools/queryDuckDB", Map.of("query", "SELECT city, amount FROM sales ORDER BY amount"))
                        .body());
        assertThat(query.toString())
                .isEqualTo("{\"success\":true,\"columns\":[{\"name\":\"city\",\"type\":\"VARCHAR\"},"
                        + "{\"name\":\"amount\",\"type\":\"BIGINT\"}],\"rows\":[{\"city\":\"Shanghai\","
                        + "\"amount\":10},{\"city\":\"上海\",\"amount\":20},{\"city\":\"Paris\",\"amount\":30}],"
                        + "\"rowCount\":3,\"columnCount\":2}");
        JsonNode schema = JsonCodec.mapper()
                .readTree(post("tools/getTableSchema", Map.of("tableName", "sales"))
                        .body());
        assertThat(schema.at("/columns/1/column_type").asText()).isEqualTo("BIGINT");
        JsonNode sample = JsonCodec.mapper()
                .readTree(post("tools/getSampleRows", Map.of("tableName", "sales", "limit", 2))
                        .body());
        assertThat(sample.at("/rowCount").asLong()).isEqualTo(2);
        JsonNode list =
                JsonCodec.mapper().readTree(post("tools/getTableList", Map.of()).body());
        assertThat(list.at("/tables/0/fileName").asText()).isEqualTo("sales.csv");
        HttpResponse<String> refused =
                post("tools/queryDuckDB", Map.of("query", "COPY sales TO '" + dir.resolve("x.csv") + "'"));
        assertThat(refused.statusCode()).isEqualTo(200);
        assertThat(JsonCodec.mapper().readTree(refused.body()).at("/code").asText())
                .isEqualTo("QUERY_REFUSED");
        assertThat(JsonCodec.mapper()
                        .readTree(post("tools/chartMagic", Map.of()).body())
                        .at("/error")
                        .asText())
                .startsWith("no tool 'chartMagic'");

        StringWriter out = new StringWriter();
        CommandLine cli = TqMain.commandLine();
        cli.setOut(new PrintWriter(out));
        String workspaceDir = dir.resolve("data/shop").toString();
        assertThat(cli.execute(
                        "duck",
                        "queryDuckDB",
                        "--query",
                        "SELECT city, amount FROM sales ORDER BY amount",
                        "--workspace",
                        workspaceDir,
                        "--server",
                        base()))
                .isZero();
        assertThat(JsonCodec.mapper().readTree(out.toString())).isEqualTo(query);
    }

    private TableQuerySkill skill() {
        return new TableQuerySkill(workspace, SkillSettings.DEFAULTS);
    }

    private static String[] concat(String[] first, String... more) {
        String[] all = new String[first.length + more.length];
        System.arraycopy(first, 0, all, 0, first.length);
        System.arraycopy(more, 0, all, first.length, more.length);
        return all;
    }

    private static void assertError(HttpResponse<String> response, int status, String code) throws Exception {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
        assertThat(JsonCodec.mapper().readTree(response.body()).at("/code").asText())
                .isEqualTo(code);
    }

    private String base() {
        return "http://127.0.0.1:" + server.port();
    }

    private HttpResponse<String> post(String route, Object body) throws Exception {
        return client.send(
                HttpRequest.newBuilder(URI.create(base() + "/v1/workspaces/shop/" + route))
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(JsonCodec.write(body)))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<byte[]> postForBytes(String route, String json) throws Exception {
        return client.send(
                HttpRequest.newBuilder(URI.create(base() + "/v1/workspaces/shop/" + route))
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(json))
                        .build(),
                HttpResponse.BodyHandlers.ofByteArray());
    }

    /** Reads an Arrow IPC stream back with Arrow's reader: each row's named columns, joined by |. */
    private static List<String> arrowRows(byte[] stream, String... columns) throws IOException {
        List<String> rows = new ArrayList<>();
        try (RootAllocator allocator = new RootAllocator();
                ArrowStreamReader reader = new ArrowStreamReader(new ByteArrayInputStream(stream), allocator)) {
            VectorSchemaRoot root = reader.getVectorSchemaRoot();
            while (reader.loadNextBatch()) {
                for (int i = 0; i < root.getRowCount(); i++) {
                    StringJoiner row = new StringJoiner("|");
                    for (String column : columns) {
                        row.add(String.valueOf(root.getVector(column).getObject(i)));
                    }
                    rows.add(row.toString());
                }
            }
        }
        return rows;
    }
}

package io.tablequery.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.tablequery.engine.json.JsonCodec;
import io.tablequery.engine.workspace.Workspace;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The routes the page uses beyond the tools, and the page itself, over a real server. */
class BrowseHttpTest {
    @TempDir
    Path dir;

    private TqServer server;
    private final HttpClient client = HttpClient.newHttpClient();

    @BeforeEach
    void start() throws Exception {
        Workspace workspace = Workspace.open(dir.resolve("data/shop"));
        Path csv = dir.resolve("sales.csv");
        Files.writeString(csv, "city,amount\nShanghai,10\n上海,20\nParis,\"3,000\"\n");
        workspace.ingest(csv);
        server = TestServers.serve(workspace, dir);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void servesThePageWithItsPolicyCompressedAndTheAssetsForGood() throws Exception {
        HttpResponse<byte[]> page = client.send(
                HttpRequest.newBuilder(uri("/"))
                        .header("Accept-Encoding", "gzip")
                        .build(),
                HttpResponse.BodyHandlers.ofByteArray());
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.headers().firstValue("Content-Security-Policy").orElseThrow())
                .contains("script-src 'self'")
                .contains("frame-ancestors 'none'")
                .doesNotContain("unsafe-eval");
        assertThat(page.headers().firstValue("Content-Encoding")).contains("gzip");
        String html = new String(
                new GZIPInputStream(new ByteArrayInputStream(page.body())).readAllBytes(), StandardCharsets.UTF_8);
        assertThat(html)
                .contains("<main id=\"view\"")
                .doesNotContain("https://")
                .doesNotContain("<script>");
        String script = html.replaceAll("(?s).*src=\"(/assets/app-[^\"]+\\.js)\".*", "$1");
        HttpResponse<String> asset =
                client.send(HttpRequest.newBuilder(uri(script)).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(asset.statusCode()).isEqualTo(200);
        assertThat(asset.headers().firstValue("Cache-Control")).contains("public, max-age=31536000, immutable");
        assertThat(asset.headers().firstValue("Content-Type").orElseThrow()).startsWith("text/javascript");
        assertThat(get("/assets/..%2Findex.html").statusCode()).isEqualTo(404);
        assertThat(get("/assets/nothing.js").statusCode()).isEqualTo(404);
        assertThat(get("/v1/workspaces/shop/files").headers().firstValue("X-Content-Type-Options"))
                .contains("nosniff");
    }

    @Test
    void aSessionWithoutKeysOpensEveryWorkspace() throws Exception {
        JsonNode session = json(get("/v1/session"));
        assertThat(session.path("keys").asBoolean()).isFalse();
        assertThat(session.path("workspaces").toString()).isEqualTo("[\"shop\"]");
        assertThat(session.path("engines").toString()).isEqualTo("[\"sqlite\",\"duckdb\"]");
    }

    @Test
    void pagesATableAndShowsTheCellsOfItsFile() throws Exception {
        JsonNode page = json(get("/v1/workspaces/shop/tables/sales/rows?limit=2"));
        assertThat(page.path("rows").get(0).path("citation").asText()).isEqualTo("F1S1R2");
        assertThat(page.path("rows").get(1).path("values").toString()).isEqualTo("[\"上海\",20]");
        assertThat(page.path("hasAfter").asBoolean()).isTrue();
        JsonNode after = json(get("/v1/workspaces/shop/tables/sales/rows?after=3"));
        assertThat(after.path("rows").get(0).path("values").toString()).isEqualTo("[\"Paris\",3000]");
        JsonNode cells = json(get("/v1/workspaces/shop/files/F1/sheets/S1/cells?rows=1,4"));
        assertThat(cells.path("rows").get(1).path("cells").get(1).path("text").asText())
                .isEqualTo("3,000");
        JsonNode cited =
                json(post("/v1/workspaces/shop/source-cells", "{\"citation\": \"F1S1R3;F1S1\", \"around\": 0}"));
        assertThat(cited.path("success").asBoolean()).isTrue();
        assertThat(cited.path("sheets").get(0).path("rows").toString()).contains("\"row\":1", "\"row\":3", "上海");
        assertThat(post("/v1/workspaces/shop/source-cells", "{\"citation\": \"row 3\"}")
                        .statusCode())
                .isEqualTo(400);
        HttpResponse<String> bad = get("/v1/workspaces/shop/tables/sales/rows?after=1&before=3");
        assertThat(bad.statusCode()).isEqualTo(400);
        assertThat(json(bad).path("code").asText()).isEqualTo("INVALID_RANGE");
        HttpResponse<String> missing = get("/v1/workspaces/shop/files/F1/sheets/2/cells?rows=1");
        assertThat(missing.statusCode()).isEqualTo(404);
        assertThat(json(missing).path("code").asText()).isEqualTo("SHEET_NOT_FOUND");
    }

    @Test
    void downloadsAWholeQueryAsCsvAndSaysWhichStepFailed() throws Exception {
        HttpResponse<String> csv = post(
                "/v1/workspaces/shop/tools/queryDuckDB/csv",
                "{\"query\": \"SELECT city, amount FROM sales ORDER BY amount\"}");
        assertThat(csv.statusCode()).isEqualTo(200);
        assertThat(csv.headers().firstValue("Content-Type").orElseThrow()).startsWith("text/csv");
        assertThat(csv.body()).isEqualTo("city,amount\r\nShanghai,10\r\n上海,20\r\nParis,3000\r\n");
        HttpResponse<String> refused =
                post("/v1/workspaces/shop/tools/queryDuckDB/csv", "{\"query\": \"DROP TABLE sales\"}");
        assertThat(refused.statusCode()).isEqualTo(400);
        HttpResponse<String> failed = post("/v1/workspaces/shop/run-sql", """
                {"plan": {"queries": [{"step": 1, "sql": "CREATE TEMP TABLE \\"t\\" AS SELECT \\"nope\\" FROM \\"sales\\"",
                "source_table_names": ["sales"], "destine_table_name": "t", "destine_table_type": "final",
                "destine_table_description": "x"}]}}""");
        assertThat(failed.statusCode()).isEqualTo(400);
        assertThat(json(failed).path("code").asText()).isEqualTo("STEP_FAILED");
        assertThat(json(failed).path("details").path("step").asInt()).isEqualTo(1);
        HttpResponse<String> other = post("/v1/workspaces/shop/search-tables", "{\"query\": \"\"}");
        assertThat(json(other).has("details")).isFalse();
    }

    private URI uri(String path) {
        return URI.create("http://127.0.0.1:" + server.port() + path);
    }

    private HttpResponse<String> get(String path) throws Exception {
        return client.send(HttpRequest.newBuilder(uri(path)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> post(String path, String body) throws Exception {
        return client.send(
                HttpRequest.newBuilder(uri(path))
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(body))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static JsonNode json(HttpResponse<String> response) throws Exception {
        return JsonCodec.mapper().readTree(response.body());
    }
}

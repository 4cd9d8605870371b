package io.tablequery.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import io.tablequery.engine.json.JsonCodec;
import io.tablequery.engine.workspace.Workspace;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** /openapi.json lists every route the server answers; /v1/tools gives valid JSON Schemas for both tool families. */
class ApiDescriptionTest {
    @TempDir
    Path dir;

    private TqServer server;
    private final HttpClient client = HttpClient.newHttpClient();

    @BeforeEach
    void start() {
        server = TestServers.serve(Workspace.open(dir.resolve("data/shop")), dir);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void describesEveryRouteTheServerAnswers() throws Exception {
        JsonNode api = JsonCodec.mapper().readTree(get("/openapi.json").body());
        assertThat(api.path("openapi").asText()).isEqualTo("3.1.0");
        List<String> operations = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> paths = api.get("paths").fields(); paths.hasNext(); ) {
            Map.Entry<String, JsonNode> path = paths.next();
            for (Iterator<String> methods = path.getValue().fieldNames(); methods.hasNext(); ) {
                String method = methods.next();
                operations.add(method.toUpperCase() + " " + path.getKey());
                String concrete = path.getKey()
                        .replace("{ws}", "shop")
                        .replace("{toolName}", "getTableList")
                        .replace("{ref}", "F9")
                        .replace("{table}", "nope")
                        .replace("{sheet}", "1")
                        .replace("{id}", "nope");
                if (concrete.equals("/v1/admin/workspaces/shop") && method.equals("delete")) {
                    continue;
                }
                HttpResponse<String> response = client.send(
                        HttpRequest.newBuilder(URI.create(base() + concrete))
                                .header("Content-Type", "application/json")
                                .method(
                                        method.toUpperCase(),
                                        method.equals("post")
                                                ? HttpRequest.BodyPublishers.ofString("{}")
                                                : HttpRequest.BodyPublishers.noBody())
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
                assertThat(response.body())
                        .as("%s %s is served", method, concrete)
                        .doesNotContain("ROUTE_NOT_FOUND")
                        .doesNotContain("METHOD_NOT_ALLOWED");
                JsonNode operation = path.getValue().get(method);
                JsonNode success = operation.path("responses").path(Integer.toString(response.statusCode()));
                if (response.statusCode() < 300 && success.has("content")) {
                    String declared = success.path("content").fieldNames().next();
                    assertThat(response.headers().firstValue("Content-Type").orElse(""))
                            .as("%s %s answers the media type its description declares", method, concrete)
                            .startsWith(declared);
                }
                assertThat(operation.path("summary").asText()).isNotBlank();
                assertThat(operation.path("responses").has("default")).isTrue();
            }
        }
        assertThat(operations)
                .hasSize(38)
                .contains(
                        "GET /v1/session",
                        "GET /v1/workspaces/{ws}/tables/{table}/rows",
                        "GET /v1/workspaces/{ws}/files/{ref}/sheets/{sheet}/cells",
                        "POST /v1/workspaces/{ws}/tools/queryDuckDB/csv",
                        "POST /v1/workspaces/{ws}/run-sql/csv",
                        "POST /v1/admin/workspaces/{ws}/export",
                        "GET /v1/workspaces/{ws}/files/{ref}",
                        "GET /v1/workspaces/{ws}/files/{ref}/content",
                        "POST /v1/workspaces/{ws}/run-sql",
                        "POST /v1/workspaces/{ws}/tools/{toolName}",
                        "POST /v1/admin/workspaces/{ws}/keys",
                        "GET /openapi.json",
                        "GET /v1/tools",
                        "GET /metrics",
                        "POST /v1/workspaces/{ws}/mcp",
                        "DELETE /mcp");
        assertThat(api.at("/paths/~1v1~1workspaces~1{ws}~1run-sql/post/requestBody/content/application~1json/schema"
                                + "/properties/engine/enum")
                        .toString())
                .isEqualTo("[\"sqlite\",\"duckdb\",\"auto\",\"both\"]");
    }

    @Test
    void definesBothToolFamiliesWithSchemasThatCheckArguments() throws Exception {
        JsonNode tools = JsonCodec.mapper().readTree(get("/v1/tools").body());
        List<String> names = new ArrayList<>();
        tools.forEach(tool -> names.add(tool.get("name").asText()));
        assertThat(names)
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
        SchemaRegistry schemas = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);
        Schema metaSchema = schemas.getSchema(
                com.networknt.schema.SchemaLocation.of("https://json-schema.org/draft/2020-12/schema"));
        for (JsonNode tool : tools) {
            assertThat(metaSchema.validate(tool.get("parameters")))
                    .as("%s's parameters are a JSON Schema", tool.get("name"))
                    .isEmpty();
            assertThat(tool.get("description").asText()).hasSizeGreaterThan(40);
        }
        Schema runSql = schemas.getSchema(tools.get(2).get("parameters"));
        JsonNode plan = JsonCodec.mapper()
                .readTree("{\"plan\":{\"queries\":[{\"step\":1,\"sql\":\"CREATE TEMP TABLE \\\"t\\\" AS SELECT 1\","
                        + "\"source_table_names\":[],\"destine_table_name\":\"t\",\"destine_table_type\":\"final\","
                        + "\"destine_table_description\":\"t\"}]},\"engine\":\"duckdb\"}");
        assertThat(runSql.validate(plan)).isEmpty();
        assertThat(runSql.validate(JsonCodec.mapper().readTree("{\"plan\":{\"queries\":[]},\"engine\":\"oracle\"}")))
                .hasSizeGreaterThanOrEqualTo(2);
        Schema sample = schemas.getSchema(tools.get(5).get("parameters"));
        assertThat(sample.validate(JsonCodec.mapper().readTree("{\"tableName\":\"t\",\"limit\":101}")))
                .hasSize(1);
    }

    private String base() {
        return "http://127.0.0.1:" + server.port();
    }

    private HttpResponse<String> get(String path) throws Exception {
        return client.send(
                HttpRequest.newBuilder(URI.create(base() + path)).build(), HttpResponse.BodyHandlers.ofString());
    }
}

package io.tablequery.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.tablequery.engine.json.JsonCodec;
import io.tablequery.engine.workspace.Workspace;
import io.tablequery.engine.workspace.WorkspaceOptions;
import io.tablequery.server.audit.AuditFiles;
import io.tablequery.server.audit.AuditLog;
import io.tablequery.server.audit.AuditSettings;
import io.tablequery.server.auth.AdminKey;
import io.tablequery.server.auth.AuthMode;
import io.tablequery.server.auth.KeyStore;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The audit log of a real server behind keys: a line per HTTP call and MCP tool call in the workspace's audit
 * directory, with the key's id (never the key), the plan's text and hash, the engine, rows and outcome; the lines of
 * calls that name no served workspace in the server's directory; text kept out on request.
 */
class AuditHttpTest {
    private static final String PLAN =
            "{\"queries\":[{\"step\":1,\"sql\":\"CREATE TEMP TABLE final_table_step1 AS SELECT \\\"id\\\" FROM \\\"orders\\\" WHERE \\\"id\\\" > 1\","
                    + "\"source_table_names\":[\"orders\"],\"destine_table_name\":\"final_table_step1\","
                    + "\"destine_table_type\":\"final\",\"destine_table_description\":\"ids\"}]}";

    @TempDir
    Path dir;

    private final HttpClient client = HttpClient.newHttpClient();

    @Test
    void everyCallLeavesOneLineInItsWorkspacesLog() throws Exception {
        Path root = dir.resolve("data");
        KeyStore keys = KeyStore.open(root.resolve("keys.json"));
        String admin = AdminKey.ensure(keys, null).orElseThrow();
        KeyStore.IssuedKey key = keys.issue("shop");
        Path serverLines = root.resolve(AuditFiles.SERVER_DIRECTORY);
        try (TqServer server = start(root, keys, AuditSettings.DEFAULTS, serverLines)) {
            assertThat(post(server, "/v1/workspaces/shop/run-sql", key.key(), "{\"plan\":" + PLAN + "}")
                            .statusCode())
                    .isEqualTo(200);
            assertThat(post(server, "/v1/workspaces/shop/run-sql", key.key(), "{\"plan\":{\"queries\":[]}}")
                            .statusCode())
                    .isEqualTo(400);
            assertThat(post(server, "/v1/workspaces/shop/tools/queryDuckDB", key.key(), "{\"sql\":\"SELECT 42\"}")
                            .statusCode())
                    .isEqualTo(200);
            assertThat(post(server, "/v1/workspaces/shop/run-sql", "tq_wrong", "{}")
                            .statusCode())
                    .isEqualTo(401);
            assertThat(post(server, "/v1/admin/workspaces/shop/keys", admin, "").statusCode())
                    .isEqualTo(201);
            assertThat(post(server, "/v1/admin/workspaces", admin, "{\"name\":\"new\"}")
                            .statusCode())
                    .isEqualTo(201);
            try (McpSyncClient mcp = McpClient.sync(
                            HttpClientStreamableHttpTransport.builder("http://127.0.0.1:" + server.port())
                                    .endpoint("/mcp")
                                    .httpRequestCustomizer((builder, method, uri, body, context) ->
                                            builder.header("Authorization", "Bearer " + key.key()))
                                    .build())
                    .requestTimeout(Duration.ofSeconds(60))
                    .build()) {
                mcp.initialize();
                mcp.callTool(new CallToolRequest("run_sql", Map.of("plan", PLAN)));
            }
            HttpResponse<String> scrape = client.send(
                    HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + "/metrics"))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(scrape.body()).contains("tq_audit_lines_written_total").contains("tq_audit_lines_dropped_total");
        }
        List<JsonNode> lines = lines(root.resolve("shop").resolve(AuditFiles.DIRECTORY));
        assertThat(lines)
                .extracting(line -> line.path("route").asText())
                .containsExactly(
                        "POST run-sql",
                        "POST run-sql",
                        "POST tools/queryDuckDB",
                        "POST run-sql",
                        "POST /v1/admin/workspaces/{ws}/keys",
                        "mcp/run_sql");
        JsonNode ran = lines.get(0);
        assertThat(ran.path("transport").asText()).isEqualTo("http");
        assertThat(ran.path("key").asText()).isEqualTo(key.id());
        assertThat(ran.toString()).doesNotContain(key.key());
        assertThat(ran.path("text").asText()).contains("AS SELECT \\\"id\\\" FROM \\\"orders\\\"");
        assertThat(ran.path("hash").asText()).hasSize(16);
        assertThat(ran.path("engine").asText()).isEqualTo("sqlite");
        assertThat(ran.path("rowsRead").asLong()).isEqualTo(3);
        assertThat(ran.path("rowsReturned").asLong()).isEqualTo(2);
        assertThat(ran.path("status").asInt()).isEqualTo(200);
        assertThat(ran.path("outcome").asText()).isEqualTo("ok");
        assertThat(ran.has("code")).isFalse();
        JsonNode refused = lines.get(1);
        assertThat(refused.path("outcome").asText()).isEqualTo("client_error");
        assertThat(refused.path("code").asText()).isEqualTo("INVALID_PLAN");
        assertThat(lines.get(2).path("text").asText()).isEqualTo("SELECT 42");
        JsonNode denied = lines.get(3);
        assertThat(denied.path("outcome").asText()).isEqualTo("denied");
        assertThat(denied.path("code").asText()).isEqualTo("UNAUTHENTICATED");
        assertThat(denied.has("key")).isFalse();
        assertThat(lines.get(4).path("key").asText())
                .as("the admin key's id")
                .isEqualTo(keys.list(KeyStore.ADMIN).get(0).id());
        JsonNode mcp = lines.get(5);
        assertThat(mcp.path("transport").asText()).isEqualTo("mcp");
        assertThat(mcp.path("key").asText()).isEqualTo(key.id());
        assertThat(mcp.path("hash").asText())
                .as("the same plan has the same hash over HTTP and MCP")
                .isEqualTo(ran.path("hash").asText());
        assertThat(mcp.path("rowsReturned").asLong()).isEqualTo(2);
        List<JsonNode> onServer = lines(serverLines);
        assertThat(onServer).singleElement().satisfies(line -> {
            assertThat(line.path("route").asText()).isEqualTo("POST /v1/admin/workspaces");
            assertThat(line.has("workspace")).isFalse();
            assertThat(line.path("text").asText()).isEqualTo("{\"name\":\"new\"}");
            assertThat(line.path("status").asInt()).isEqualTo(201);
        });
    }

    @Test
    void withoutTextALineKeepsOnlyTheHash() throws Exception {
        Path root = dir.resolve("data");
        KeyStore keys = KeyStore.inMemory();
        String key = keys.issue("shop").key();
        try (TqServer server = start(root, keys, AuditSettings.DEFAULTS.withoutText(), dir.resolve("server"))) {
            assertThat(post(server, "/v1/workspaces/shop/run-sql", key, "{\"plan\":" + PLAN + "}")
                            .statusCode())
                    .isEqualTo(200);
        }
        JsonNode line =
                lines(root.resolve("shop").resolve(AuditFiles.DIRECTORY)).get(0);
        assertThat(line.has("text")).isFalse();
        assertThat(line.path("hash").asText()).hasSize(16);
    }

    private TqServer start(Path root, KeyStore keys, AuditSettings settings, Path serverLines) throws Exception {
        WorkspaceRegistry registry = new WorkspaceRegistry(root, WorkspaceOptions.DEFAULTS);
        Workspace workspace = Workspace.open(root.resolve("shop"));
        Path csv = dir.resolve("orders.csv");
        Files.writeString(csv, "id,amount\n1,2.5\n2,3.5\n3,4.5\n");
        workspace.ingest(csv);
        registry.add(workspace);
        AuditLog audit = new AuditLog(settings, AuditFiles.directories(serverLines, registry::directory));
        return TqServer.start(registry, TestServers.SETTINGS, dir, keys, AuthMode.KEYS, Optional.empty(), audit);
    }

    private HttpResponse<String> post(TqServer server, String path, String key, String body) throws Exception {
        return client.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path))
                        .header("Authorization", "Bearer " + key)
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(body))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static List<JsonNode> lines(Path directory) throws Exception {
        List<JsonNode> lines = new ArrayList<>();
        for (Path file : AuditFiles.list(directory)) {
            for (String line : Files.readAllLines(file)) {
                lines.add(JsonCodec.mapper().readTree(line));
            }
        }
        return lines;
    }
}

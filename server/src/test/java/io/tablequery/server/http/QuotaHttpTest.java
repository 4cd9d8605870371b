package io.tablequery.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.tablequery.engine.json.JsonCodec;
import io.tablequery.engine.skill.SkillSettings;
import io.tablequery.engine.workspace.Workspace;
import io.tablequery.engine.workspace.WorkspaceOptions;
import io.tablequery.server.auth.AdminKey;
import io.tablequery.server.auth.AuthMode;
import io.tablequery.server.auth.KeyStore;
import io.tablequery.server.auth.Quota;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Quotas per key on a real server: a key's own quota set as it is issued, the server's default, 429 and its metric. */
class QuotaHttpTest {
    @TempDir
    Path dir;

    private final HttpClient client = HttpClient.newHttpClient();
    private TqServer server;
    private KeyStore keys;
    private String admin;

    @BeforeEach
    void start() throws Exception {
        Path root = dir.resolve("data");
        WorkspaceRegistry registry = new WorkspaceRegistry(root, WorkspaceOptions.DEFAULTS);
        Workspace workspace = Workspace.open(root.resolve("shop"));
        Path csv = dir.resolve("orders.csv");
        Files.writeString(csv, "id,amount\n1,2.5\n2,3.5\n");
        workspace.ingest(csv);
        registry.add(workspace);
        keys = KeyStore.open(root.resolve("keys.json"));
        admin = AdminKey.ensure(keys, null).orElseThrow();
        ServerSettings settings = new ServerSettings(
                "127.0.0.1",
                0,
                1 << 20,
                1 << 20,
                SkillSettings.DEFAULTS,
                ServerLimits.DEFAULTS.withKeyQuota(new Quota(0, 1)));
        server = TqServer.start(registry, settings, dir, keys, AuthMode.KEYS);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void aKeyOverItsQuotaIsRefusedAndTheOthersAreNot() throws Exception {
        HttpResponse<String> issued =
                send("POST", "/v1/admin/workspaces/shop/keys", admin, "{\"requestsPerMinute\": 20}");
        assertThat(issued.statusCode()).as(issued.body()).isEqualTo(201);
        JsonNode key = JsonCodec.mapper().readTree(issued.body());
        assertThat(key.path("quota").path("requestsPerMinute").asInt()).isEqualTo(20);
        String limited = key.path("key").asText();
        String other = keys.issue("shop").key();

        assertThat(send("GET", "/v1/workspaces/shop/tables", limited, null).statusCode())
                .isEqualTo(200);
        assertThat(send("GET", "/v1/workspaces/shop/tables", limited, null).statusCode())
                .isEqualTo(200);
        HttpResponse<String> refused = send("GET", "/v1/workspaces/shop/tables", limited, null);
        assertThat(refused.statusCode()).isEqualTo(429);
        assertThat(refused.headers().firstValue("Retry-After"))
                .as("two requests at once (six seconds' worth), then one each 3 s")
                .hasValue("3");
        assertThat(JsonCodec.mapper().readTree(refused.body()).path("code").asText())
                .isEqualTo("KEY_QUOTA_EXCEEDED");
        assertThat(send("GET", "/v1/workspaces/shop/tables", other, null).statusCode())
                .as("another key of the same workspace")
                .isEqualTo(200);
        assertThat(send("GET", "/v1/admin/workspaces/shop/keys", admin, null).body())
                .contains("\"requestsPerMinute\":20");
        assertThat(send("GET", "/metrics", null, null).body())
                .contains("tq_key_refusals_total{key=\"%s\",reason=\"rate\"} 1.0"
                        .formatted(key.path("id").asText()));
        assertThat(send("POST", "/v1/admin/workspaces/shop/keys", admin, "{\"concurrentCalls\": -1}")
                        .statusCode())
                .isEqualTo(400);
    }

    /** The server's default of one call at once: each call gives its slot back, answered or failed, HTTP or MCP. */
    @Test
    void aCallGivesItsSlotBackWhenItEnds() throws Exception {
        String key = keys.issue("shop").key();
        for (int i = 0; i < 3; i++) {
            assertThat(send("POST", "/v1/workspaces/shop/run-sql", key, "{\"plan\":{\"queries\":[]}}")
                            .statusCode())
                    .isEqualTo(400);
            assertThat(send("GET", "/v1/workspaces/shop/tables", key, null).statusCode())
                    .isEqualTo(200);
            assertThat(send("GET", "/v1/workspaces/nowhere/tables", key, null).statusCode())
                    .isEqualTo(403);
        }
        try (McpSyncClient mcp = mcp(key)) {
            mcp.initialize();
            for (int i = 0; i < 3; i++) {
                assertThat(mcp.callTool(new CallToolRequest("getTableList", Map.of()))
                                .isError())
                        .isNotEqualTo(Boolean.TRUE);
            }
        }
        assertThat(send("GET", "/v1/workspaces/shop/tables", key, null).statusCode())
                .isEqualTo(200);
    }

    /**
     * A key of one call at once may send its next call the moment its last is answered: an MCP call's slot is given
     * back before its answer goes out, so that a client that reads the answer never finds the slot still held.
     */
    @Test
    void theNextCallMayFollowTheAnswerAtOnce() throws Exception {
        String key = keys.issue("shop").key();
        try (McpSyncClient mcp = mcp(key)) {
            mcp.initialize();
            for (int i = 0; i < 200; i++) {
                assertThat(mcp.callTool(new CallToolRequest("getTableList", Map.of()))
                                .isError())
                        .as("call %d", i)
                        .isNotEqualTo(Boolean.TRUE);
                assertThat(send("GET", "/v1/workspaces/shop/tables", key, null).statusCode())
                        .as("call %d", i)
                        .isEqualTo(200);
            }
        }
    }

    /** An MCP client of the server's {@code /mcp} endpoint, presenting the key. */
    private McpSyncClient mcp(String key) {
        return McpClient.sync(HttpClientStreamableHttpTransport.builder("http://127.0.0.1:" + server.port())
                        .endpoint("/mcp")
                        .httpRequestCustomizer((builder, method, uri, body, context) ->
                                builder.header("Authorization", "Bearer " + key))
                        .build())
                .requestTimeout(Duration.ofSeconds(60))
                .build();
    }

    private HttpResponse<String> send(String method, String path, String key, String body) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path))
                .method(
                        method,
                        body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (key != null) {
            request.header("Authorization", "Bearer " + key);
        }
        if (body != null) {
            request.header("Content-Type", "application/json");
        }
        return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }
}

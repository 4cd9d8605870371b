package io.tablequery.server.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelcontextprotocol.client.McpAsyncClient;
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
import io.tablequery.server.http.ServerSettings;
import io.tablequery.server.http.TqServer;
import io.tablequery.server.http.WorkspaceRegistry;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The MCP server at {@code /mcp} of a running server with API keys, driven by the MCP SDK's Streamable HTTP client: the
 * contract, the keys, cancellation when a client deletes its session, and a clean stop.
 */
class McpHttpTest extends McpContract {
    @TempDir
    Path dir;

    private final Deque<AutoCloseable> opened = new ArrayDeque<>();
    private final HttpClient http = HttpClient.newHttpClient();
    private TqServer server;
    private String adminKey;
    private String keyA;
    private String keyB;
    private McpSyncClient client;

    @BeforeEach
    void start() throws IOException {
        server = start(QUERY_TIMEOUT);
        client = connect(server, "/v1/workspaces/a/mcp", keyA);
    }

    @AfterEach
    void stop() throws Exception {
        for (AutoCloseable closeable : opened) {
            closeable.close();
        }
    }

    @Override
    McpSyncClient client() {
        return client;
    }

    private TqServer start(Duration queryTimeout) throws IOException {
        Path root = dir.resolve("data-" + opened.size());
        WorkspaceRegistry registry = new WorkspaceRegistry(root, WorkspaceOptions.DEFAULTS);
        Workspace a = Workspace.open(root.resolve("a"));
        fill(a, Files.createDirectories(dir.resolve("files")));
        registry.add(a);
        Workspace b = Workspace.open(root.resolve("b"));
        Path secret = dir.resolve("b_secrets.csv");
        Files.writeString(secret, "id,secret\n1,only-b\n");
        b.ingest(secret);
        registry.add(b);
        KeyStore keys = KeyStore.open(root.resolve("keys.json"));
        adminKey = AdminKey.ensure(keys, null).orElseThrow();
        keyA = keys.issue("a").key();
        keyB = keys.issue("b").key();
        TqServer started = TqServer.start(
                registry,
                new ServerSettings(
                        "127.0.0.1", 0, 1 << 20, 1 << 20, SkillSettings.DEFAULTS.withQueryTimeout(queryTimeout)),
                dir,
                keys,
                AuthMode.KEYS);
        opened.push(started);
        return started;
    }

    private HttpClientStreamableHttpTransport transport(TqServer on, String path, String key) {
        return HttpClientStreamableHttpTransport.builder("http://127.0.0.1:" + on.port())
                .endpoint(path)
                .httpRequestCustomizer((builder, method, uri, body, context) -> {
                    if (key != null) {
                        builder.header("Authorization", "Bearer " + key);
                    }
                })
                .build();
    }

    private McpSyncClient connect(TqServer on, String path, String key) {
        McpSyncClient connected = McpClient.sync(transport(on, path, key))
                .requestTimeout(Duration.ofSeconds(60))
                .build();
        opened.push(connected);
        connected.initialize();
        return connected;
    }

    @Test
    void opensOnlyTheWorkspaceItsKeyOpens() throws Exception {
        McpSyncClient byKey = connect(server, "/mcp", keyB);
        JsonNode tables = json(byKey.callTool(new CallToolRequest("getTableList", Map.of())));
        assertThat(tables.toString()).contains("b_secrets").doesNotContain("\"sales\"");
        assertThat(json(client.callTool(new CallToolRequest("getTableList", Map.of())))
                        .toString())
                .contains("sales")
                .doesNotContain("b_secrets");

        assertThat(refusal("/v1/workspaces/a/mcp", keyB)).isEqualTo("403 FORBIDDEN");
        assertThat(refusal("/v1/workspaces/a/mcp", null)).isEqualTo("401 UNAUTHENTICATED");
        assertThat(refusal("/mcp", "not-a-key")).isEqualTo("401 UNAUTHENTICATED");
        assertThat(refusal("/mcp", adminKey)).isEqualTo("400 BAD_REQUEST");
        assertThat(refusal("/v1/workspaces/zz/mcp", adminKey)).isEqualTo("404 WORKSPACE_NOT_FOUND");
        assertThat(refusal("/mcp", keyA, "http://evil.example")).isEqualTo("403 FORBIDDEN");
        assertThat(refusal("/mcp", keyA, "http://localhost:5173")).startsWith("200");
        assertThatThrownBy(() -> connect(server, "/v1/workspaces/b/mcp", keyA)).isInstanceOf(RuntimeException.class);
    }

    @Test
    void failsWithTheCodeTheHttpApiGivesTheSameRequest() throws Exception {
        Map<String, Object> arguments = Map.of("plan", plan("SELECT \"nope\" FROM \"sales\""));
        HttpResponse<String> api = http.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + "/v1/workspaces/a/run-sql"))
                        .header("Authorization", "Bearer " + keyA)
                        .POST(HttpRequest.BodyPublishers.ofString(JsonCodec.write(arguments)))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        String code = JsonCodec.read(api.body(), JsonNode.class).path("code").asText();
        assertThat(code).isNotBlank();
        assertThat(text(client.callTool(new CallToolRequest("run_sql", arguments))))
                .startsWith("error [" + code + "]: ");
    }

    /** The status and code a raw MCP initialize request gets. */
    private String refusal(String path, String key) throws IOException, InterruptedException {
        return refusal(path, key, null);
    }

    private String refusal(String path, String key, String origin) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path))
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\","
                        + "\"params\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
                        + "\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}"));
        if (key != null) {
            request.header("Authorization", "Bearer " + key);
        }
        if (origin != null) {
            request.header("Origin", origin);
        }
        HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        return response.statusCode() + " "
                + JsonCodec.read(response.body(), JsonNode.class).path("code").asText();
    }

    @Test
    void deletingTheSessionCancelsItsRunningCall() throws Exception {
        TqServer patient = start(Duration.ofMinutes(5));
        McpAsyncClient leaving = McpClient.async(transport(patient, "/mcp", keyA))
                .requestTimeout(Duration.ofMinutes(5))
                .build();
        leaving.initialize().block(Duration.ofSeconds(30));
        leaving.callTool(new CallToolRequest("queryDuckDB", Map.of("query", RUNAWAY)))
                .subscribe(result -> {}, error -> {});
        assertThat(metricsWithin(patient, Duration.ofSeconds(1))).doesNotContain("tool=\"mcp/queryDuckDB\"");
        long closed = System.nanoTime();
        leaving.closeGracefully().block(Duration.ofSeconds(30));
        assertThat(metricsWithin(patient, Duration.ofSeconds(15)))
                .as("the call ended once its session was deleted")
                .contains("tool=\"mcp/queryDuckDB\"");
        assertThat(Duration.ofNanos(System.nanoTime() - closed)).isLessThan(Duration.ofSeconds(15));
    }

    /** The metrics once a queryDuckDB call over MCP was recorded, or when the time is up. */
    private String metricsWithin(TqServer on, Duration wait) throws Exception {
        long deadline = System.nanoTime() + wait.toNanos();
        String metrics;
        do {
            Thread.sleep(100);
            metrics = http.send(
                            HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + on.port() + "/metrics"))
                                    .build(),
                            HttpResponse.BodyHandlers.ofString())
                    .body();
        } while (!metrics.contains("tool=\"mcp/queryDuckDB\"") && System.nanoTime() < deadline);
        return metrics;
    }

    @Test
    void stopsCleanlyWithSessionsOpen() throws Exception {
        Set<String> before = nonDaemonThreads();
        TqServer stopping = start(QUERY_TIMEOUT);
        McpSyncClient open = connect(stopping, "/mcp", keyA);
        assertThat(json(open.callTool(new CallToolRequest("getTableList", Map.of())))
                        .path("success")
                        .asBoolean())
                .isTrue();
        stopping.close();
        // Javalin's own start-up thread lives 5 s; a session sweeper would live for ever.
        long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        Set<String> left = nonDaemonThreads();
        while (!before.containsAll(left) && System.nanoTime() < deadline) {
            Thread.sleep(100);
            left = nonDaemonThreads();
        }
        left.removeAll(before);
        assertThat(left).as("threads that would keep the JVM alive").isEmpty();
    }

    private static Set<String> nonDaemonThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(thread -> thread.isAlive() && !thread.isDaemon())
                .map(Thread::getName)
                .collect(Collectors.toSet());
    }
}

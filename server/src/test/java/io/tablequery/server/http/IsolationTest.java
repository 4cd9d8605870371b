package io.tablequery.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.tablequery.engine.json.JsonCodec;
import io.tablequery.engine.workspace.Workspace;
import io.tablequery.engine.workspace.WorkspaceOptions;
import io.tablequery.server.auth.AdminKey;
import io.tablequery.server.auth.AuthMode;
import io.tablequery.server.auth.KeyStore;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Two workspaces behind keys: no key, a wrong key or the other workspace's key opens nothing, by route or by SQL. */
class IsolationTest {
    /** Every workspace route, as method and path under {@code /v1/workspaces/{ws}/}. */
    private static final List<String[]> ROUTES = List.of(
            new String[] {"POST", "files"},
            new String[] {"GET", "files"},
            new String[] {"DELETE", "files/F99"},
            new String[] {"GET", "files/F1/report"},
            new String[] {"GET", "tables"},
            new String[] {"POST", "search-tables"},
            new String[] {"POST", "get-schemas"},
            new String[] {"POST", "run-sql"},
            new String[] {"POST", "run-sql/arrow"},
            new String[] {"POST", "run-sql/csv"},
            new String[] {"POST", "translate"},
            new String[] {"POST", "tools/getTableList"},
            new String[] {"POST", "tools/queryDuckDB/arrow"},
            new String[] {"POST", "tools/chart/png"});

    @TempDir
    Path dir;

    private TqServer server;
    private KeyStore keys;
    private String adminKey;
    private String keyA;
    private String keyB;
    private final HttpClient client = HttpClient.newHttpClient();

    @BeforeEach
    void start() throws Exception {
        Path root = dir.resolve("data");
        WorkspaceRegistry registry = new WorkspaceRegistry(root, WorkspaceOptions.DEFAULTS);
        for (String name : List.of("a", "b")) {
            Workspace workspace = Workspace.open(root.resolve(name));
            Path csv = dir.resolve(name + ".csv");
            Files.writeString(csv, "id,secret\n1," + name + "-secret\n");
            workspace.ingest(csv);
            registry.add(workspace);
        }
        keys = KeyStore.open(root.resolve("keys.json"));
        adminKey = AdminKey.ensure(keys, null).orElseThrow();
        keyA = keys.issue("a").key();
        keyB = keys.issue("b").key();
        server = TqServer.start(registry, TestServers.SETTINGS, dir, keys, AuthMode.KEYS);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void everyWorkspaceRouteNeedsThatWorkspacesKey() throws Exception {
        for (String[] route : ROUTES) {
            String path = "/v1/workspaces/b/" + route[1];
            assertError(send(route[0], path, null, "{}"), 401, "UNAUTHENTICATED");
            assertError(send(route[0], path, "tq_not-a-key", "{}"), 401, "UNAUTHENTICATED");
            assertError(send(route[0], path, keyA, "{}"), 403, "FORBIDDEN");
            assertError(send(route[0], "/v1/workspaces/nowhere/" + route[1], keyA, "{}"), 403, "FORBIDDEN");
            HttpResponse<String> own = send(route[0], path, keyB, "{}");
            assertThat(own.statusCode())
                    .as("%s %s with its own key", route[0], path)
                    .isNotIn(401, 403);
            HttpResponse<String> admin = send(route[0], path, adminKey, "{}");
            assertThat(admin.statusCode())
                    .as("%s %s with the admin key", route[0], path)
                    .isNotIn(401, 403);
        }
        HttpResponse<String> listed = send("GET", "/v1/workspaces/a/tables", keyA, null);
        assertThat(listed.statusCode()).isEqualTo(200);
        assertThat(listed.body()).contains("secret").doesNotContain("b-secret");
        assertThat(send("GET", "/health", null, null).body()).isEqualTo("{\"status\":\"ok\"}");
    }

    @Test
    void noSqlPathReachesAnotherWorkspacesFiles() throws Exception {
        Path b = dir.resolve("data/b").toAbsolutePath();
        List<String> duckQueries = List.of(
                "SELECT * FROM read_csv('" + b.resolve("files/F1") + "')",
                "SELECT * FROM '" + b.resolve("files/F1") + "'",
                "ATTACH '" + b.resolve("tables.duckdb") + "' AS other (READ_ONLY)",
                "SELECT * FROM read_text('" + b.resolve("tables.sqlite") + "')",
                "SELECT * FROM read_blob('" + b.resolve("tables.duckdb") + "')",
                "SELECT * FROM glob('" + b + "/*')",
                "SELECT * FROM sqlite_scan('" + b.resolve("tables.sqlite") + "', 'b')",
                "SELECT * FROM read_text('" + dir.resolve("data/keys.json").toAbsolutePath() + "')");
        for (String query : duckQueries) {
            for (String route : List.of("tools/queryDuckDB", "tools/queryDuckDB/arrow")) {
                HttpResponse<String> response =
                        send("POST", "/v1/workspaces/a/" + route, keyA, JsonCodec.write(Map.of("query", query)));
                JsonNode body = JsonCodec.mapper().readTree(response.body());
                assertThat(body.path("success").asBoolean(true))
                        .as("%s: %s", route, query)
                        .isFalse();
                assertThat(response.body()).doesNotContain("b-secret");
            }
        }
        List<String> sqliteSteps = List.of(
                "ATTACH DATABASE '" + b.resolve("tables.sqlite") + "' AS other",
                "CREATE TEMP TABLE \"t\" AS SELECT * FROM other.\"b\"",
                "CREATE TEMP TABLE \"t\" AS SELECT readfile('" + b.resolve("files/F1") + "') AS x",
                "CREATE TEMP TABLE \"t\" AS SELECT load_extension('" + b.resolve("x") + "') AS x");
        for (String sql : sqliteSteps) {
            for (String engine : List.of("sqlite", "duckdb")) {
                HttpResponse<String> response = send(
                        "POST",
                        "/v1/workspaces/a/run-sql",
                        keyA,
                        JsonCodec.write(HttpCalls.runSql(sql, "t", "a", engine)));
                assertThat(response.statusCode()).as("%s on %s", sql, engine).isEqualTo(400);
                assertThat(response.body()).doesNotContain("b-secret");
            }
        }
    }

    @Test
    void theAdminCreatesWorkspacesIssuesAndRevokesKeys() throws Exception {
        assertError(send("POST", "/v1/admin/workspaces", keyA, "{\"name\":\"c\"}"), 403, "FORBIDDEN");
        assertError(send("POST", "/v1/admin/workspaces", null, "{\"name\":\"c\"}"), 401, "UNAUTHENTICATED");
        assertThat(send("POST", "/v1/admin/workspaces", adminKey, "{\"name\":\"c\"}")
                        .statusCode())
                .isEqualTo(201);
        assertError(send("POST", "/v1/admin/workspaces", adminKey, "{\"name\":\"c\"}"), 409, "WORKSPACE_EXISTS");
        assertError(send("POST", "/v1/admin/workspaces", adminKey, "{\"name\":\"../x\"}"), 400, "BAD_REQUEST");
        JsonNode issued = JsonCodec.mapper()
                .readTree(send("POST", "/v1/admin/workspaces/c/keys", adminKey, "{}")
                        .body());
        String keyC = issued.get("key").asText();
        assertThat(keyC).startsWith("tq_");
        assertThat(send("GET", "/v1/workspaces/c/tables", keyC, null).statusCode())
                .isEqualTo(200);
        assertError(send("GET", "/v1/workspaces/a/tables", keyC, null), 403, "FORBIDDEN");
        JsonNode listed = JsonCodec.mapper()
                .readTree(send("GET", "/v1/admin/workspaces/c/keys", adminKey, null)
                        .body());
        assertThat(listed.at("/keys/0/id").asText()).isEqualTo(issued.get("id").asText());
        assertThat(listed.toString()).doesNotContain(keyC);
        assertThat(Files.readString(dir.resolve("data/keys.json")))
                .as("the store holds hashes, not keys")
                .doesNotContain(keyC)
                .doesNotContain(keyA)
                .doesNotContain(adminKey);

        assertThat(send("DELETE", "/v1/admin/keys/" + issued.get("id").asText(), adminKey, null)
                        .statusCode())
                .isEqualTo(200);
        assertError(send("GET", "/v1/workspaces/c/tables", keyC, null), 401, "UNAUTHENTICATED");
        String again = JsonCodec.mapper()
                .readTree(send("POST", "/v1/admin/workspaces/c/keys", adminKey, "{}")
                        .body())
                .get("key")
                .asText();
        assertThat(send("DELETE", "/v1/admin/workspaces/c", adminKey, null).statusCode())
                .isEqualTo(200);
        assertThat(dir.resolve("data/c")).doesNotExist();
        assertError(send("GET", "/v1/workspaces/c/tables", again, null), 401, "UNAUTHENTICATED");
        assertThat(KeyStore.open(dir.resolve("data/keys.json")).workspaceOf(keyA))
                .hasValue("a");
    }

    private HttpResponse<String> send(String method, String path, String key, String body) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path))
                .header("Content-Type", "application/json")
                .method(
                        method,
                        body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (key != null) {
            request.header("Authorization", "Bearer " + key);
        }
        return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static void assertError(HttpResponse<String> response, int status, String code) throws Exception {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
        assertThat(JsonCodec.mapper().readTree(response.body()).path("code").asText())
                .isEqualTo(code);
    }
}

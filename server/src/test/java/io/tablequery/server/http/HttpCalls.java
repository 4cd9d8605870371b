package io.tablequery.server.http;

import io.tablequery.engine.json.JsonCodec;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;

/** Calls a test server's routes over loopback, and builds run-sql bodies of one step. */
final class HttpCalls {
    private final HttpClient client = HttpClient.newHttpClient();
    private final String base;
    private final String workspace;

    /**
     * Calls one workspace of a server.
     *
     * @param server the running server
     * @param workspace the workspace its routes are under
     */
    HttpCalls(TqServer server, String workspace) {
        this.base = "http://127.0.0.1:" + server.port();
        this.workspace = workspace;
    }

    /** {@code POST /v1/workspaces/{ws}/<route>} with a JSON body. */
    HttpResponse<String> post(String route, Object body) throws IOException, InterruptedException {
        return client.send(
                HttpRequest.newBuilder(URI.create(base + "/v1/workspaces/" + workspace + "/" + route))
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(JsonCodec.write(body)))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    /** {@code GET <path>}, the path from the server's root. */
    HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return client.send(
                HttpRequest.newBuilder(URI.create(base + path)).build(), HttpResponse.BodyHandlers.ofString());
    }

    /**
     * The run-sql body of a one-step plan whose step is final.
     *
     * @param sql the step's SQL, {@code CREATE TEMP TABLE "<destine>" AS ...} or anything to be refused
     * @param destine the step's table
     * @param source the workspace table it reads
     * @param engine sqlite, duckdb, auto or both
     * @return the body
     */
    static Map<String, Object> runSql(String sql, String destine, String source, String engine) {
        Map<String, Object> step = Map.of(
                "step",
                1,
                "sql",
                sql,
                "source_table_names",
                List.of(source),
                "destine_table_name",
                destine,
                "destine_table_type",
                "final",
                "destine_table_description",
                destine);
        return Map.of("plan", Map.of("queries", List.of(step)), "engine", engine);
    }
}

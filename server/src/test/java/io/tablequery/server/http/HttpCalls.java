package io.tablequery.server.http;

import io.tablequery.engine.json.JsonCodec;
import java.io.IOException;
import java.lang.management.LockInfo;
import java.lang.management.ManagementFactory;
import java.lang.management.MonitorInfo;
import java.lang.management.ThreadInfo;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Calls a test server's routes over loopback, and builds run-sql bodies of one step. A call that gets no answer within
 * {@link #ANSWER_TIME} fails naming the call, with the stacks of this JVM's threads (the server runs in it), so that a
 * hang says where it hangs instead of running into the test's time limit.
 */
final class HttpCalls {
    /** Far above any call of the tests, far below their classes' time limits. */
    static final Duration ANSWER_TIME = Duration.ofMinutes(2);

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
        String json = JsonCodec.write(body);
        return send(
                HttpRequest.newBuilder(URI.create(base + "/v1/workspaces/" + workspace + "/" + route))
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(json)),
                "POST " + route + " " + json);
    }

    /** {@code GET <path>}, the path from the server's root. */
    HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(URI.create(base + path)), "GET " + path);
    }

    private HttpResponse<String> send(HttpRequest.Builder request, String call)
            throws IOException, InterruptedException {
        try {
            return client.send(request.timeout(ANSWER_TIME).build(), HttpResponse.BodyHandlers.ofString());
        } catch (HttpTimeoutException e) {
            String stacks = threadStacks();
            System.err.println(stacks);
            throw new AssertionError("no answer within " + ANSWER_TIME + " to " + call + "\n" + stacks, e);
        }
    }

    /** Every thread's whole stack, with the lock it waits for and the locks it holds. */
    static String threadStacks() {
        StringBuilder out = new StringBuilder();
        for (ThreadInfo thread : ManagementFactory.getThreadMXBean().dumpAllThreads(true, true)) {
            out.append('"').append(thread.getThreadName()).append("\" ").append(thread.getThreadState());
            if (thread.getLockName() != null) {
                out.append(" waiting for ").append(thread.getLockName());
            }
            if (thread.getLockOwnerName() != null) {
                out.append(" held by \"").append(thread.getLockOwnerName()).append('"');
            }
            out.append('\n');
            for (StackTraceElement frame : thread.getStackTrace()) {
                out.append("\tat ").append(frame).append('\n');
            }
            for (LockInfo held : thread.getLockedSynchronizers()) {
                out.append("\tholds ").append(held).append('\n');
            }
            for (MonitorInfo held : thread.getLockedMonitors()) {
                out.append("\tholds ")
                        .append(held)
                        .append(" at ")
                        .append(held.getLockedStackFrame())
                        .append('\n');
            }
        }
        return out.toString();
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

package io.tablequery.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.tablequery.engine.json.JsonCodec;
import io.tablequery.engine.skill.SkillSettings;
import io.tablequery.engine.workspace.Workspace;
import io.tablequery.engine.workspace.WorkspaceOptions;
import io.tablequery.server.http.ServerLimits;
import io.tablequery.server.http.ServerSettings;
import io.tablequery.server.http.TqServer;
import io.tablequery.server.http.WorkspaceRegistry;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What the MCP transports cost a call: one client calls search-tables, get-schemas, run-sql and queryDuckDB on the
 * sample files through the HTTP API, through MCP over Streamable HTTP (the same server) and through MCP over stdio (a
 * {@code tq mcp} child on a copy of the workspace), one call of each transport in turn, and reports each call's p50
 * and p99 and the p50's ratio to the HTTP API's.
 */
final class McpBenchmark {
    /**
     * What to run.
     *
     * @param calls measured calls per tool and transport, after a tenth as many for warm-up (at least 20)
     * @param home the repository, for the sample files
     * @param data where the workspaces are made
     * @param results where the report goes, or null
     */
    record Settings(int calls, Path home, Path data, Path results) {
        static Settings defaults(Path home, Path data, Path results) {
            return new Settings(500, home, data, results);
        }
    }

    /**
     * One tool's numbers on one transport.
     *
     * @param tool the call
     * @param transport HTTP API, MCP HTTP or MCP stdio
     * @param p50Millis median latency
     * @param p99Millis 99th-percentile latency
     * @param ratio the p50 over the HTTP API's p50 for the same call
     */
    record Row(String tool, String transport, double p50Millis, double p99Millis, double ratio) {}

    /**
     * The outcome.
     *
     * @param machine where it ran
     * @param calls measured calls per tool and transport
     * @param rows every tool on every transport
     */
    record Result(Map<String, String> machine, int calls, List<Row> rows) {}

    /** One tool, as the HTTP API and the MCP server name it and take it. */
    private record Tool(String name, String route, String httpBody, String mcpName, Map<String, Object> mcpArguments) {}

    private static final List<String> TRANSPORTS = List.of("HTTP API", "MCP HTTP", "MCP stdio");

    private McpBenchmark() {}

    static Result run(Settings settings, PrintStream log) throws Exception {
        System.setProperty("org.slf4j.simpleLogger.log.tq.request", "warn");
        Path served = workspace(settings.home(), settings.data().resolve("mcp/served"));
        Path copy = workspace(settings.home(), settings.data().resolve("mcp/stdio"));
        List<Tool> tools = tools();
        WorkspaceRegistry registry = new WorkspaceRegistry();
        Workspace workspace = Workspace.open(served, WorkspaceOptions.SERVED);
        // A server reads its tables' meaning in the background; the calls are measured once that is done.
        workspace.awaitMeanings(Duration.ofMinutes(10));
        registry.add(workspace);
        HttpClient http =
                HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        try (TqServer server = TqServer.start(
                        registry,
                        new ServerSettings(
                                "127.0.0.1", 0, 1 << 20, 1 << 20, SkillSettings.DEFAULTS, ServerLimits.DEFAULTS),
                        settings.data());
                McpSyncClient overHttp = McpClient.sync(
                                HttpClientStreamableHttpTransport.builder("http://127.0.0.1:" + server.port())
                                        .endpoint("/mcp")
                                        .build())
                        .requestTimeout(Duration.ofMinutes(1))
                        .build();
                McpSyncClient overStdio = McpClient.sync(new StdioClientTransport(
                                stdioServer(copy), new JacksonMcpJsonMapper(JsonCodec.mapper())))
                        .requestTimeout(Duration.ofMinutes(1))
                        .build()) {
            overHttp.initialize();
            overStdio.initialize();
            URI base = URI.create("http://127.0.0.1:" + server.port() + "/v1/workspaces/served/");
            List<Caller> callers = List.of(
                    tool -> post(http, base.resolve(tool.route()), tool.httpBody()),
                    tool -> call(overHttp, tool),
                    tool -> call(overStdio, tool));
            int warmUp = Math.max(20, settings.calls() / 10);
            log.printf(Locale.ROOT, "warm-up: %d calls of each tool on each transport%n", warmUp);
            measure(tools, callers, warmUp);
            log.printf(Locale.ROOT, "measuring: %d calls of each tool on each transport%n", settings.calls());
            long[][][] nanos = measure(tools, callers, settings.calls());
            List<Row> rows = new ArrayList<>();
            for (int t = 0; t < tools.size(); t++) {
                double apiP50 = Percentiles.millis(nanos[t][0], 0.50);
                for (int c = 0; c < callers.size(); c++) {
                    double p50 = Percentiles.millis(nanos[t][c], 0.50);
                    rows.add(new Row(
                            tools.get(t).name(),
                            TRANSPORTS.get(c),
                            p50,
                            Percentiles.millis(nanos[t][c], 0.99),
                            p50 / apiP50));
                }
            }
            Result result = new Result(Machine.describe(), settings.calls(), rows);
            String markdown = markdown(result);
            if (settings.results() != null) {
                Reports.write(settings.results(), "mcp", markdown, result);
            }
            log.print(markdown);
            return result;
        }
    }

    /** Calls one tool one way; fails when the call fails. */
    @FunctionalInterface
    private interface Caller {
        void call(Tool tool) throws Exception;
    }

    /** Each tool's latencies per transport, calling every transport once in turn so that all see the same machine. */
    private static long[][][] measure(List<Tool> tools, List<Caller> callers, int calls) throws Exception {
        long[][][] nanos = new long[tools.size()][callers.size()][calls];
        for (int i = 0; i < calls; i++) {
            for (int t = 0; t < tools.size(); t++) {
                for (int c = 0; c < callers.size(); c++) {
                    long start = System.nanoTime();
                    callers.get(c).call(tools.get(t));
                    nanos[t][c][i] = System.nanoTime() - start;
                }
            }
        }
        return nanos;
    }

    private static List<Tool> tools() {
        String select = "SELECT \"city\", count(*) AS n, round(sum(\"total\"), 2) AS revenue FROM \"orders\""
                + " GROUP BY \"city\"";
        Map<String, Object> plan = Map.of(
                "queries",
                List.of(Map.of(
                        "step",
                        1,
                        "sql",
                        "CREATE TEMP TABLE \"r\" AS " + select,
                        "source_table_names",
                        List.of("orders"),
                        "destine_table_name",
                        "r",
                        "destine_table_type",
                        "final",
                        "destine_table_description",
                        "r")));
        String query = "SELECT status, count(*) AS n FROM orders GROUP BY status ORDER BY n DESC";
        return List.of(
                new Tool(
                        "search-tables",
                        "search-tables",
                        "{\"query\":\"orders revenue by city\",\"topK\":5}",
                        "search_tables",
                        Map.of("query", "orders revenue by city", "top_k", 5)),
                new Tool(
                        "get-schemas",
                        "get-schemas",
                        "{\"tables\":[\"orders\"]}",
                        "get_schemas",
                        Map.of("tables", List.of("orders"))),
                new Tool("run-sql", "run-sql", JsonCodec.write(Map.of("plan", plan)), "run_sql", Map.of("plan", plan)),
                new Tool(
                        "queryDuckDB",
                        "tools/queryDuckDB",
                        JsonCodec.write(Map.of("query", query)),
                        "queryDuckDB",
                        Map.of("query", query)));
    }

    private static void post(HttpClient http, URI uri, String body) throws IOException, InterruptedException {
        HttpResponse<String> response = http.send(
                HttpRequest.newBuilder(uri)
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(body))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        JsonNode answer = JsonCodec.read(response.body(), JsonNode.class);
        if (response.statusCode() != 200 || !answer.path("success").asBoolean(true)) {
            throw new IllegalStateException(uri + " answered " + response.statusCode() + ": " + response.body());
        }
    }

    private static void call(McpSyncClient client, Tool tool) {
        CallToolResult result = client.callTool(new CallToolRequest(tool.mcpName(), tool.mcpArguments()));
        if (Boolean.TRUE.equals(result.isError())) {
            throw new IllegalStateException(tool.mcpName() + " failed: " + result.content());
        }
    }

    /** {@code tq mcp} on the workspace, run from this JVM's class path (the bench jar holds the server). */
    private static ServerParameters stdioServer(Path workspace) {
        return ServerParameters.builder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString())
                .args(
                        "--add-opens=java.base/java.nio=ALL-UNNAMED",
                        "-Dorg.slf4j.simpleLogger.log.tq.request=warn",
                        "-cp",
                        System.getProperty("java.class.path"),
                        "io.tablequery.server.cli.TqMain",
                        "mcp",
                        "--workspace",
                        workspace.toString())
                .build();
    }

    /** A workspace of the sample files, made on first use. */
    private static Path workspace(Path home, Path directory) throws IOException {
        if (Files.exists(directory)) {
            return directory;
        }
        try (Workspace workspace = Workspace.open(directory)) {
            BenchData.uploadSamples(workspace, home);
        }
        return directory;
    }

    static String markdown(Result result) {
        StringBuilder out = new StringBuilder();
        out.append("# MCP transports benchmark, ").append(LocalDate.now()).append("\n\n");
        out.append("Machine: ").append(result.machine()).append("\n\n");
        out.append("Reproduce: `./tq bench mcp --calls ").append(result.calls()).append("`\n\n");
        out.append(
                        "One client, one call at a time, on the sample files: the HTTP API and MCP over Streamable HTTP on one"
                                + " server in this JVM (no keys, default limits), MCP over stdio on a `tq mcp` child with a copy of the"
                                + " workspace. Each round calls every tool once on every transport, so the three share the machine's"
                                + " state; ")
                .append(result.calls())
                .append(" rounds after a warm-up. Ratio: the p50 over the HTTP API's p50 for the same call.\n\n");
        out.append("| call | transport | p50 ms | p99 ms | p50 ratio to HTTP API |\n|---|---|---:|---:|---:|\n");
        for (Row row : result.rows()) {
            out.append(String.format(
                    Locale.ROOT,
                    "| %s | %s | %.2f | %.2f | %.2f |%n",
                    row.tool(),
                    row.transport(),
                    row.p50Millis(),
                    row.p99Millis(),
                    row.ratio()));
        }
        return out.toString();
    }
}

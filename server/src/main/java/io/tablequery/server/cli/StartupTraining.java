package io.tablequery.server.cli;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.server.McpSyncServer;
import io.tablequery.engine.duck.DuckToolSettings;
import io.tablequery.engine.skill.SkillSettings;
import io.tablequery.engine.workspace.Workspace;
import io.tablequery.server.http.ServerSettings;
import io.tablequery.server.http.TqServer;
import io.tablequery.server.http.WorkspaceRegistry;
import io.tablequery.server.mcp.CallObserver;
import io.tablequery.server.mcp.McpServers;
import io.tablequery.server.mcp.McpToolCalls;
import io.tablequery.server.mcp.RunningCalls;
import io.tablequery.server.mcp.WorkspaceAccess;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;
import java.util.stream.Stream;
import org.apache.commons.io.file.PathUtils;
import picocli.CommandLine;

/**
 * The training run of {@code tq.jar}'s class-data archive: the {@code tq} launcher runs this once per build under
 * {@code -XX:ArchiveClassesAtExit}, so that later starts map the classes the commands load instead of loading them
 * from the jar. It runs the commands an agent and a user run, embedded and through a server, on a scratch copy of
 * the sample files, and prints nothing.
 */
public final class StartupTraining {
    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final String MCP_SESSION = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
            + "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"training\","
            + "\"version\":\"1\"}}}\n{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n"
            + "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"search_tables\","
            + "\"arguments\":{\"query\":\"orders by city\"}}}\n";

    private StartupTraining() {}

    /**
     * Runs the training.
     *
     * @param args unused
     * @throws IOException when the scratch directory cannot be made or removed
     */
    public static void main(String[] args) throws IOException {
        PrintStream quiet = new PrintStream(OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8);
        PrintStream out = System.out;
        PrintStream err = System.err;
        System.setOut(quiet);
        System.setErr(quiet);
        Path scratch = Files.createTempDirectory("tq-training");
        try {
            train(scratch);
        } finally {
            System.setOut(out);
            System.setErr(err);
            PathUtils.deleteDirectory(scratch);
        }
    }

    private static void train(Path scratch) throws IOException {
        Path workspace = scratch.resolve("workspace");
        Path plan = scratch.resolve("plan.json");
        Files.writeString(
                plan,
                "{\"queries\":[{\"step\":1,\"sql\":\"CREATE TEMP TABLE \\\"final_table_step1\\\" AS SELECT"
                        + " \\\"city\\\", SUM(\\\"total\\\") AS \\\"total\\\" FROM \\\"orders\\\" GROUP BY"
                        + " \\\"city\\\"\",\"source_table_names\":[\"orders\"],\"destine_table_name\":"
                        + "\"final_table_step1\",\"destine_table_type\":\"final\",\"destine_table_description\":"
                        + "\"Totals by city\"}]}");
        // In this process: a resident server would outlive the training, on a directory it deletes.
        List<String> ingest = new ArrayList<>(List.of("ingest", "--no-daemon", "--workspace", workspace.toString()));
        Path samples = ServeCommand.samplesDirectory();
        if (Files.isDirectory(samples)) {
            try (Stream<Path> files = Files.list(samples)) {
                files.filter(Files::isRegularFile).sorted().forEach(file -> ingest.add(file.toString()));
            }
        }
        run(ingest.toArray(String[]::new));
        List<String> ws = List.of("--no-daemon", "--workspace", workspace.toString());
        for (List<String> command : List.of(
                List.of("files"),
                List.of("tables"),
                List.of("report", "F1"),
                List.of("search-tables", "--query", "orders by city", "--top-k", "5"),
                List.of("get-schemas", "--tables", "orders"),
                List.of("run-sql", "--plan-file", plan.toString()),
                List.of("run-sql", "--engine", "duckdb", "--plan-file", plan.toString()),
                List.of("translate", "--sql", "SELECT city FROM orders"),
                List.of("duck", "queryDuckDB", "--query", "SELECT count(*) FROM orders"))) {
            List<String> arguments = new ArrayList<>(command);
            arguments.addAll(ws);
            run(arguments.toArray(String[]::new));
        }
        run("search-tables", "--help");
        try (Workspace open = Workspace.open(workspace)) {
            McpToolCalls calls = new McpToolCalls(
                    WorkspaceAccess.of(open),
                    SkillSettings.DEFAULTS,
                    DuckToolSettings.DEFAULTS,
                    new RunningCalls(),
                    CallObserver.NONE);
            mcp((in, out) -> McpServers.stdio(calls, in, out));
        }
        throughServer(workspace, plan);
    }

    /** One MCP session over a pipe: initialize, then a call of search_tables, answered before the pipe closes. */
    private static void mcp(BiFunction<InputStream, OutputStream, McpSyncServer> start) throws IOException {
        PipedOutputStream client = new PipedOutputStream();
        PipedInputStream in = new PipedInputStream(client, 1 << 16);
        ByteArrayOutputStream answers = new ByteArrayOutputStream();
        OutputStream out = new OutputStream() {
            @Override
            public synchronized void write(int b) {
                answers.write(b);
            }

            @Override
            public synchronized void write(byte[] bytes, int offset, int length) {
                answers.write(bytes, offset, length);
            }
        };
        McpSyncServer server = start.apply(in, out);
        client.write(MCP_SESSION.getBytes(StandardCharsets.UTF_8));
        client.flush();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!answered(out, answers) && System.nanoTime() < deadline) {
            sleep();
        }
        client.close();
        server.close();
    }

    private static boolean answered(Object lock, ByteArrayOutputStream answers) {
        synchronized (lock) {
            return answers.toString(StandardCharsets.UTF_8).contains("\"id\":2");
        }
    }

    private static void sleep() {
        try {
            Thread.sleep(20);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The same commands once more, through a server that holds the workspace. */
    private static void throughServer(Path workspace, Path plan) {
        WorkspaceRegistry registry = new WorkspaceRegistry();
        registry.add(Workspace.open(workspace));
        try (TqServer server =
                TqServer.start(registry, ServerSettings.DEFAULTS.withPort(0), workspace.resolve("tmp"))) {
            registry.announce(ServeCommand.localUrl("127.0.0.1", server.port()));
            String ws = workspace.toString();
            run("files", "--workspace", ws);
            run("search-tables", "--query", "orders by city", "--workspace", ws);
            run("get-schemas", "--tables", "orders", "--workspace", ws);
            run("run-sql", "--plan-file", plan.toString(), "--workspace", ws);
            McpSyncClient remote =
                    McpServers.client(URI.create("http://127.0.0.1:" + server.port()), "workspace", null, TIMEOUT);
            try {
                mcp((in, out) -> McpServers.proxy(remote, in, out));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } finally {
                remote.close();
            }
        }
    }

    private static void run(String... args) {
        CommandLine commandLine = TqMain.commandLine();
        StringWriter sink = new StringWriter();
        commandLine.setOut(new PrintWriter(sink));
        commandLine.setErr(new PrintWriter(sink));
        commandLine.execute(args);
    }
}

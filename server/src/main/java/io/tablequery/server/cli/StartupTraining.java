package io.tablequery.server.cli;

import io.tablequery.engine.workspace.Workspace;
import io.tablequery.server.http.ServerSettings;
import io.tablequery.server.http.TqServer;
import io.tablequery.server.http.WorkspaceRegistry;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import picocli.CommandLine;

/**
 * The training run of {@code tq.jar}'s class-data archive: the {@code tq} launcher runs this once per build under
 * {@code -XX:ArchiveClassesAtExit}, so that later starts map the classes the commands load instead of loading them
 * from the jar. It runs the commands an agent and a user run, embedded and through a server, on a scratch copy of
 * the sample files, and prints nothing.
 */
public final class StartupTraining {
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
            delete(scratch);
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
        List<String> ingest = new ArrayList<>(List.of("ingest", "--workspace", workspace.toString()));
        Path samples = ServeCommand.samplesDirectory();
        if (Files.isDirectory(samples)) {
            try (Stream<Path> files = Files.list(samples)) {
                files.filter(Files::isRegularFile).sorted().forEach(file -> ingest.add(file.toString()));
            }
        }
        run(ingest.toArray(String[]::new));
        List<String> ws = List.of("--workspace", workspace.toString());
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
        throughServer(workspace, plan);
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
        }
    }

    private static void delete(Path directory) throws IOException {
        try (Stream<Path> paths = Files.walk(directory)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
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

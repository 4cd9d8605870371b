package io.tablequery.server.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablequery.engine.catalog.CatalogErrorCode;
import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.workspace.Workspace;
import io.tablequery.engine.workspace.WorkspaceHolder;
import io.tablequery.engine.workspace.WorkspaceOptions;
import io.tablequery.server.auth.AuthMode;
import io.tablequery.server.auth.KeyStore;
import io.tablequery.server.http.ServerSettings;
import io.tablequery.server.http.TqServer;
import io.tablequery.server.http.WorkspaceRegistry;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The command line beside a running server: a command on a workspace directory that a server holds goes through that
 * server, found from the directory's holder note, and prints exactly what it prints on the directory itself.
 */
class CliBesideServerTest {
    private static final Path SAMPLES = Path.of(System.getProperty("tq.repository", ".."))
            .resolve("samples")
            .resolve("files");

    @TempDir
    Path dir;

    /** One command's whole outcome. */
    private record Outcome(int exit, String out, String err) {}

    @Test
    void everyReadingCommandPrintsTheSameThroughTheServer() throws IOException {
        Path workspace = dir.resolve("shop");
        ingestSamples(workspace);
        Path plan = Files.writeString(dir.resolve("plan.json"), PLAN);
        List<List<String>> commands = List.of(
                List.of("files"),
                List.of("files", "--json"),
                List.of("tables"),
                List.of("tables", "--json"),
                List.of("report", "F1"),
                List.of("report", "F2", "--json"),
                List.of("report", "F9"),
                List.of("search-tables", "--query", "orders by city", "--top-k", "3"),
                List.of("search-tables", "--query", "库存", "--json"),
                List.of("get-schemas", "--tables", "orders,sales_2025_q1"),
                List.of("get-schemas", "--tables", "ordrs"),
                List.of("run-sql", "--plan-file", plan.toString()),
                List.of("run-sql", "--engine", "duckdb", "--plan-file", plan.toString(), "--max-rows", "2"),
                List.of("translate", "--sql", "SELECT \"city\", count(*) FROM \"orders\" GROUP BY 1"),
                List.of("duck", "queryDuckDB", "--query", "SELECT count(*) AS n FROM orders"),
                List.of("duck", "getTableList"),
                List.of("source-cells", "--citation", "F2S1R3", "--around", "1"),
                List.of("source-cells", "--citation", "F9S1R2"));
        List<Outcome> embedded = new ArrayList<>();
        for (List<String> command : commands) {
            embedded.add(run(workspace, command));
        }
        assertThat(embedded)
                .allSatisfy(outcome -> assertThat(outcome.out() + outcome.err()).isNotBlank());

        try (Served served = Served.start(workspace)) {
            assertThat(WorkspaceHolder.read(workspace))
                    .hasValueSatisfying(holder -> assertThat(holder.server()).isEqualTo(served.url()));
            for (int i = 0; i < commands.size(); i++) {
                assertThat(run(workspace, commands.get(i)))
                        .as("tq %s beside the server", String.join(" ", commands.get(i)))
                        .isEqualTo(embedded.get(i));
            }
            assertThatThrownBy(() -> Workspace.open(workspace))
                    .as("the lock stays a lock for whatever cannot go through the server")
                    .isInstanceOf(EngineException.class)
                    .extracting(e -> ((EngineException) e).getErrorCode())
                    .isEqualTo(CatalogErrorCode.WORKSPACE_LOCKED.toErrorCode());
        }
        assertThat(workspace.resolve(".holder.json"))
                .as("the server's note goes with it")
                .doesNotExist();
        assertThat(run(workspace, List.of("files"))).isEqualTo(embedded.get(0));
    }

    @Test
    void aWorkspaceTheServerHasNotOpenedStillGoesThroughIt() throws IOException {
        Path root = dir.resolve("root");
        Path workspace = root.resolve("shop");
        ingestSamples(workspace);
        Outcome embedded = run(workspace, List.of("tables"));
        WorkspaceRegistry registry = new WorkspaceRegistry(root, WorkspaceOptions.SERVED);
        registry.serve(workspace);
        try (TqServer server = TqServer.start(registry, ServerSettings.DEFAULTS.withPort(0), root)) {
            java.net.URI url = ServeCommand.localUrl("127.0.0.1", server.port());
            registry.announce(url);
            ServedNote.write(root, url, true, false, 0, null);
            assertThat(registry.openNames()).as("served, not opened").isEmpty();
            assertThat(run(workspace, List.of("tables"))).isEqualTo(embedded);
            assertThat(registry.openNames())
                    .as("the command went through the server, which opened the workspace")
                    .containsExactly("shop");
            Path later = root.resolve("later");
            Outcome made =
                    run(later, List.of("ingest", SAMPLES.resolve("orders.csv").toString()));
            assertThat(made.exit())
                    .as("a directory the server does not serve is used directly: %s", made.err())
                    .isZero();
            assertThat(registry.names()).containsExactly("shop");
            Outcome listed = run(later, List.of("files"));
            assertThat(listed.exit()).as(listed.err()).isZero();
            assertThat(registry.openNames())
                    .as("the next command goes through the server, which finds the new workspace")
                    .containsExactlyInAnyOrder("shop", "later");
        } finally {
            ServedNote.remove(root);
        }
        assertThat(root.resolve(ServedNote.FILE)).doesNotExist();
        assertThat(run(workspace, List.of("tables"))).isEqualTo(embedded);
    }

    @Test
    void uploadsAndRemovalsGoThroughTheServerAndItSeesThem() throws IOException {
        Path alone = dir.resolve("alone");
        Path served = dir.resolve("served");
        ingestSamples(alone);
        ingestSamples(served);
        Path orders = SAMPLES.resolve("orders.csv");
        Path missing = dir.resolve("missing.csv");
        List<List<String>> commands = List.of(
                List.of("ingest", orders.toString()),
                List.of("ingest", missing.toString(), orders.toString()),
                List.of("rm", "F2"),
                List.of("rm", "F2"),
                List.of("ingest", "--json", SAMPLES.resolve("sales_2025.xlsx").toString()));
        List<Outcome> embedded = new ArrayList<>();
        for (List<String> command : commands) {
            embedded.add(run(alone, command));
        }
        assertThat(embedded.get(0).out()).startsWith("F4 orders.csv: 1 table (replaces F1)");
        assertThat(embedded.get(1).err()).startsWith("error [SOURCE_NOT_READABLE]: cannot read ");
        assertThat(embedded.get(3).err()).startsWith("error [FILE_NOT_FOUND]");

        try (Served server = Served.start(served)) {
            for (int i = 0; i < commands.size(); i++) {
                Outcome through = run(served, commands.get(i));
                assertThat(masked(through))
                        .as("tq %s beside the server", String.join(" ", commands.get(i)))
                        .isEqualTo(masked(embedded.get(i)));
            }
            assertThat(server.registry().get("served").catalog().files())
                    .extracting(file -> file.ref())
                    .containsExactly("F3", "F5", "F6");
        }
    }

    @Test
    void exportsTheSameCopyBesideTheServer() throws IOException, SQLException {
        Path workspace = dir.resolve("exported");
        ingestSamples(workspace);
        Path alone = dir.resolve("copy-alone");
        Outcome embedded = run(workspace, List.of("export", "--to", alone.toString()));
        assertThat(embedded.exit()).as(embedded.err()).isZero();
        Path through = dir.resolve("copy-through");
        try (Served server = Served.start(workspace)) {
            Outcome served = run(workspace, List.of("export", "--to", through.toString()));
            assertThat(served.out().replace(through.toString(), "DIR"))
                    .isEqualTo(embedded.out().replace(alone.toString(), "DIR"))
                    .contains("10 tables as Parquet");
            Outcome again = run(workspace, List.of("export", "--to", through.toString()));
            assertThat(again.exit()).isEqualTo(1);
            assertThat(again.err()).startsWith("error [EXPORT_TARGET_EXISTS]");
            try (Stream<Path> scratch = Files.list(workspace.resolve("tmp"))) {
                assertThat(scratch).as("the server's copy is removed once sent").isEmpty();
            }
            try (Stream<Path> beside = Files.list(dir)) {
                assertThat(beside.map(path -> path.getFileName().toString()))
                        .as("nothing a server of the data root would take for a workspace")
                        .containsExactlyInAnyOrder("exported", "copy-alone", "copy-through");
            }
        }
        for (Path copy : List.of(alone, through)) {
            try (Connection sqlite = DriverManager.getConnection("jdbc:sqlite:" + copy.resolve("tables.sqlite"));
                    Statement statement = sqlite.createStatement();
                    ResultSet rs = statement.executeQuery("SELECT count(*) FROM orders")) {
                assertThat(rs.getLong(1)).isEqualTo(200);
            }
            try (Connection duckDb = DriverManager.getConnection("jdbc:duckdb:");
                    Statement statement = duckDb.createStatement();
                    ResultSet rs = statement.executeQuery("SELECT count(*), min(__src) FROM read_parquet('"
                            + copy.resolve("parquet/orders.parquet") + "')")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getLong(1)).isEqualTo(200);
                assertThat(rs.getString(2)).startsWith("F1S1R");
            }
        }
    }

    @Test
    void waitsForAnotherCommandThatHoldsTheWorkspace() throws Exception {
        Path workspace = dir.resolve("busy");
        ingestSamples(workspace);
        Outcome alone = run(workspace, List.of("tables"));
        Workspace held = Workspace.open(workspace);
        CompletableFuture<Void> released = CompletableFuture.runAsync(() -> {
            sleep(1500);
            held.close();
        });
        long started = System.nanoTime();
        Outcome waited = run(workspace, List.of("tables"));
        assertThat(waited).isEqualTo(alone);
        assertThat(System.nanoTime() - started).isGreaterThan(TimeUnit.MILLISECONDS.toNanos(1000));
        released.get(10, TimeUnit.SECONDS);
    }

    @Test
    void aServerThatAsksForKeysIsToldTheKeyIsMissing() throws IOException {
        Path workspace = dir.resolve("locked");
        ingestSamples(workspace);
        WorkspaceRegistry registry = new WorkspaceRegistry();
        registry.add(Workspace.open(workspace));
        try (TqServer server = TqServer.start(
                registry,
                ServerSettings.DEFAULTS.withPort(0),
                Files.createDirectories(dir.resolve("uploads")),
                KeyStore.inMemory(),
                AuthMode.KEYS)) {
            registry.announce(ServeCommand.localUrl("127.0.0.1", server.port()));
            Outcome outcome = run(workspace, List.of("files"));
            assertThat(outcome.exit()).isEqualTo(1);
            assertThat(outcome.err())
                    .startsWith("error [UNAUTHENTICATED]")
                    .contains("set TQ_API_KEY to a key of workspace 'locked'");
        }
    }

    /** The F-number and timestamps of an upload differ between the twins only in time. */
    private static Outcome masked(Outcome outcome) {
        return new Outcome(
                outcome.exit(),
                outcome.out().replaceAll("\"uploadedAt\" : \"[^\"]+\"", "\"uploadedAt\" : \"-\""),
                outcome.err().replaceAll("/[^ ]*/(alone|served)/", "/WS/"));
    }

    private void ingestSamples(Path workspace) throws IOException {
        List<String> ingest = new ArrayList<>(List.of("ingest"));
        try (Stream<Path> files = Files.list(SAMPLES)) {
            files.sorted().forEach(file -> ingest.add(file.toString()));
        }
        assertThat(run(workspace, ingest).exit()).isZero();
    }

    private static Outcome run(Path workspace, List<String> command) {
        List<String> args = new ArrayList<>(command);
        args.add("--workspace");
        args.add(workspace.toString());
        CommandLine commandLine = TqMain.commandLine();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        commandLine.setOut(new PrintWriter(out));
        commandLine.setErr(new PrintWriter(err));
        int exit = commandLine.execute(args.toArray(String[]::new));
        return new Outcome(exit, out.toString(), err.toString());
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** A server of one workspace under a data root, announced in its holder note as {@code tq serve} does. */
    private record Served(TqServer server, WorkspaceRegistry registry, java.net.URI url) implements AutoCloseable {
        static Served start(Path workspace) throws IOException {
            WorkspaceRegistry registry = new WorkspaceRegistry();
            // As tq serve does, it searches by meaning; once the tables are read it ranks as a command run here does.
            Workspace open = Workspace.open(workspace, WorkspaceOptions.SERVED);
            awaitMeanings(open);
            registry.add(open);
            // As tq serve --data ROOT does: the data root is the upload cache.
            TqServer server = TqServer.start(registry, ServerSettings.DEFAULTS.withPort(0), workspace.getParent());
            java.net.URI url = ServeCommand.localUrl("127.0.0.1", server.port());
            registry.announce(url);
            return new Served(server, registry, url);
        }

        private static void awaitMeanings(Workspace workspace) {
            try {
                assertThat(workspace.awaitMeanings(Duration.ofMinutes(2))).isTrue();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }

        @Override
        public void close() {
            server.close();
        }
    }

    private static final String PLAN = "{\"queries\":[{\"step\":1,\"sql\":\"CREATE TEMP TABLE \\\"final_table_step1\\\""
            + " AS SELECT \\\"city\\\", SUM(\\\"total\\\") AS \\\"total\\\" FROM \\\"orders\\\" GROUP BY \\\"city\\\""
            + " ORDER BY 2 DESC\",\"source_table_names\":[\"orders\"],\"destine_table_name\":\"final_table_step1\","
            + "\"destine_table_type\":\"final\",\"destine_table_description\":\"Order totals by city\"}]}";
}

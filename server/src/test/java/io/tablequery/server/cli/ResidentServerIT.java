package io.tablequery.server.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The resident server, with the jar as a user runs it: a command on a workspace no server holds starts one for its data
 * root (one, however many commands race to), later commands go through it and print byte for byte what they print in
 * their own process, {@code tq daemon} shows and stops it, a {@code tq serve} takes over from it, and it stops by
 * itself when idle. Every test stops what it
 * started, so a test run leaves no server behind.
 */
class ResidentServerIT {
    private static final Path JAR = Path.of("target", "tq.jar");
    private static final Path SAMPLES = Path.of(System.getProperty("tq.repository", ".."))
            .resolve("samples")
            .resolve("files");

    @TempDir
    Path dir;

    private Path data;
    private Path workspace;

    /** One command's outcome. */
    private record Ran(int exit, String out, String err) {}

    @AfterEach
    void stopWhatWasStarted() throws Exception {
        for (ProcessHandle server : residentServers()) {
            server.destroy();
            server.onExit().get(60, TimeUnit.SECONDS);
        }
    }

    @Test
    void commandsStartOneServerAndPrintWhatTheyPrintAlone() throws Exception {
        ingestSamples();
        Path plan = Files.writeString(dir.resolve("plan.json"), PLAN);
        List<List<String>> commands = List.of(
                List.of("files"),
                List.of("tables", "--json"),
                List.of("report", "F1"),
                List.of("search-tables", "--query", "orders by city", "--top-k", "3"),
                List.of("get-schemas", "--tables", "orders"),
                List.of("get-schemas", "--tables", "ordrs,sales_q1"),
                List.of("run-sql", "--plan-file", plan.toString()),
                List.of("duck", "queryDuckDB", "--query", "SELECT count(*) AS n FROM orders"),
                List.of("source-cells", "--citation", "F1S1R3"));
        List<Ran> alone = new ArrayList<>();
        for (List<String> command : commands) {
            List<String> args = new ArrayList<>(command);
            args.add("--no-daemon");
            alone.add(tq(args, Map.of()));
        }
        assertThat(data.resolve(ServedNote.FILE))
                .as("--no-daemon starts no server")
                .doesNotExist();

        CompletableFuture<Ran> first = CompletableFuture.supplyAsync(() -> tqUnchecked(List.of("files")));
        CompletableFuture<Ran> second = CompletableFuture.supplyAsync(() -> tqUnchecked(List.of("tables")));
        assertThat(first.get().exit()).as(first.get().err()).isZero();
        assertThat(second.get().exit()).as(second.get().err()).isZero();
        assertThat(residentServers()).as("two commands racing start one server").hasSize(1);
        long pid = residentServers().get(0).pid();
        assertThat(Files.readString(data.resolve(ServedNote.FILE))).contains("\"pid\":" + pid, "\"resident\":true");

        for (int i = 0; i < commands.size(); i++) {
            Ran through = tq(commands.get(i), Map.of());
            assertThat(through.exit())
                    .as("tq %s through the resident server: %s", commands.get(i), through.err())
                    .isEqualTo(alone.get(i).exit());
            assertThat(through.out())
                    .as("tq %s through the resident server", commands.get(i))
                    .isEqualTo(alone.get(i).out());
        }
        assertThat(residentServers()).extracting(ProcessHandle::pid).containsExactly(pid);
        assertThat(Files.readString(data.resolve(ResidentServer.LOG)))
                .as("the server's log, in the data root")
                .contains("tablequery serves [shop]", "tool=run-sql");

        Ran status = tq(List.of("daemon", "status", "--data", data.toString()), Map.of());
        assertThat(status.exit()).isZero();
        assertThat(status.out()).contains("a resident server serves", "process " + pid, "stops after 900 s");
        Ran stop = tq(List.of("daemon", "stop", "--workspace", workspace.toString()), Map.of());
        assertThat(stop.exit()).as(stop.err()).isZero();
        assertThat(stop.out()).contains("stopped the resident server", "process " + pid);
        assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive)).isNotEqualTo(Optional.of(true));
        assertThat(data.resolve(ServedNote.FILE))
                .as("the stopped server's note goes")
                .doesNotExist();
        Ran none = tq(List.of("daemon", "status", "--data", data.toString()), Map.of());
        assertThat(none.exit()).isEqualTo(DaemonCommand.NOT_RUNNING);
        assertThat(none.out()).startsWith("no server serves");

        Ran off = tq(List.of("files"), Map.of(ResidentServer.OFF_VARIABLE, "1"));
        assertThat(off.out()).isEqualTo(alone.get(0).out());
        assertThat(residentServers()).as("TQ_NO_DAEMON=1 starts no server").isEmpty();
    }

    @Test
    void tqServeTakesOverFromTheResidentServer() throws Exception {
        ingestSamples();
        Ran files = tq(List.of("files"), Map.of());
        assertThat(files.exit()).as(files.err()).isZero();
        assertThat(residentServers()).hasSize(1);
        long resident = residentServers().get(0).pid();
        int port = JarServers.freePort();
        Process serve = JarServers.start(dir, data, port);
        try {
            assertThat(ProcessHandle.of(resident).map(ProcessHandle::isAlive)).isNotEqualTo(Optional.of(true));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (!Files.readString(data.resolve(ServedNote.FILE)).contains("\"pid\":" + serve.pid())
                    && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertThat(Files.readString(data.resolve(ServedNote.FILE)))
                    .contains("\"pid\":" + serve.pid(), "\"resident\":false");
            Ran through = tq(List.of("files"), Map.of());
            assertThat(through.out()).isEqualTo(files.out());
            assertThat(residentServers())
                    .as("commands go through tq serve and start no resident server")
                    .isEmpty();
            assertThat(Files.readString(dir.resolve("server-" + port + ".log")))
                    .contains("stopped the resident server that commands had started");
        } finally {
            serve.destroy();
            serve.waitFor(60, TimeUnit.SECONDS);
        }
    }

    @Test
    void aSecondResidentServerGivesWayToTheOneThatHoldsTheRoot() throws Exception {
        ingestSamples();
        Ran files = tq(List.of("files"), Map.of());
        assertThat(files.exit()).as(files.err()).isZero();
        long holder = residentServers().get(0).pid();
        String note = Files.readString(data.resolve(ServedNote.FILE));

        Ran second = tq(List.of("serve", "--resident", "--data", data.toString()), Map.of());

        assertThat(second.exit())
                .as("started by a launcher and a JVM at once, the one not holding the root stops: %s", second.err())
                .isZero();
        assertThat(second.err()).contains("process " + holder + " serves " + data, "which stops");
        assertThat(residentServers()).extracting(ProcessHandle::pid).containsExactly(holder);
        assertThat(Files.readString(data.resolve(ServedNote.FILE)))
                .as("the holder's note stays")
                .isEqualTo(note);
        assertThat(tq(List.of("files"), Map.of())).isEqualTo(files);
    }

    @Test
    void anIdleServerStops() throws Exception {
        ingestSamples();
        Ran files = tq(List.of("files"), Map.of(ResidentServer.IDLE_VARIABLE, "2"));
        assertThat(files.exit()).as(files.err()).isZero();
        List<ProcessHandle> servers = residentServers();
        assertThat(servers).hasSize(1);
        servers.get(0).onExit().get(60, TimeUnit.SECONDS);
        assertThat(data.resolve(ServedNote.FILE)).as("it removes its note").doesNotExist();
        assertThat(Files.readString(data.resolve(ResidentServer.LOG))).contains("no request for 2 s: the server stops");
    }

    @Test
    void aServerWhoseJarChangesStops() throws Exception {
        ingestSamples();
        Path copy = Files.createDirectories(dir.resolve("jar"));
        try (Stream<Path> built = Files.list(JAR.toAbsolutePath().getParent())) {
            for (Path file : built.filter(Files::isRegularFile).toList()) {
                String name = file.getFileName().toString();
                if (name.equals("tq.jar") || name.startsWith("libduckdb_java.so_")) {
                    Files.copy(file, copy.resolve(name));
                }
            }
        }
        Ran files = tq(copy.resolve("tq.jar"), List.of("files"), Map.of());
        assertThat(files.exit()).as(files.err()).isZero();
        List<ProcessHandle> servers = residentServers();
        assertThat(servers).hasSize(1);
        Files.setLastModifiedTime(
                copy.resolve("tq.jar"), FileTime.from(Instant.now().plusSeconds(60)));
        servers.get(0).onExit().get(60, TimeUnit.SECONDS);
        assertThat(data.resolve(ServedNote.FILE)).as("it removes its note").doesNotExist();
        assertThat(Files.readString(data.resolve(ResidentServer.LOG))).contains("changed: the server stops");
        Ran again = tq(copy.resolve("tq.jar"), List.of("files"), Map.of());
        assertThat(again)
                .as("the next command starts a server from the jar as it is now")
                .isEqualTo(files);
    }

    /** The resident servers of this test's data root. */
    private List<ProcessHandle> residentServers() {
        String root = dir.resolve("data").toString();
        return ProcessHandle.allProcesses()
                .filter(ProcessHandle::isAlive)
                .filter(process -> process.info()
                        .arguments()
                        .map(args -> List.of(args).contains("--resident")
                                && List.of(args).contains(root))
                        .orElse(false))
                .toList();
    }

    private void ingestSamples() throws Exception {
        data = dir.resolve("data");
        workspace = data.resolve("shop");
        List<String> ingest = new ArrayList<>(List.of("ingest", "--no-daemon", "--no-progress"));
        try (Stream<Path> files = Files.list(SAMPLES)) {
            files.sorted().map(Path::toString).forEach(ingest::add);
        }
        Ran made = tq(ingest, Map.of());
        assertThat(made.exit()).as(made.err()).isZero();
    }

    private Ran tqUnchecked(List<String> args) {
        try {
            return tq(args, Map.of());
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** Runs the jar with the workspace, where the environment lets it start a resident server unless it says not. */
    private Ran tq(List<String> args, Map<String, String> environment) throws Exception {
        return tq(JAR, args, environment);
    }

    /** Runs a jar as {@link #tq(List, Map)} runs the build's. */
    private Ran tq(Path jar, List<String> args, Map<String, String> environment) throws Exception {
        Path tmp = Files.createDirectories(dir.resolve("tmp"));
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djava.io.tmpdir=" + tmp,
                "-Dtq.home=" + SAMPLES.getParent().getParent(),
                "-jar",
                jar.toAbsolutePath().toString()));
        command.addAll(args);
        if (!args.get(0).equals("daemon") && !args.get(0).equals("serve")) {
            command.addAll(List.of("--workspace", workspace.toString()));
        }
        Path out = Files.createTempFile(tmp, "out", ".txt");
        Path err = Files.createTempFile(tmp, "err", ".txt");
        ProcessBuilder builder =
                new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
        builder.environment().remove(ResidentServer.OFF_VARIABLE);
        builder.environment().putAll(environment);
        Process process = builder.start();
        process.getOutputStream().close();
        if (!process.waitFor(180, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
            throw new AssertionError("tq " + args + " did not end: " + Files.readString(err));
        }
        return new Ran(process.exitValue(), Files.readString(out), Files.readString(err));
    }

    private static final String PLAN = "{\"queries\":[{\"step\":1,\"sql\":\"CREATE TEMP TABLE \\\"final_table_step1\\\""
            + " AS SELECT \\\"city\\\", SUM(\\\"total\\\") AS \\\"total\\\" FROM \\\"orders\\\" GROUP BY \\\"city\\\"\","
            + "\"source_table_names\":[\"orders\"],\"destine_table_name\":\"final_table_step1\","
            + "\"destine_table_type\":\"final\",\"destine_table_description\":\"Order totals by city\"}]}";
}

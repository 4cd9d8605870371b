package io.tablequery.server.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.HttpURLConnection;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code tq} launcher beside a running server sends the skill's three commands to it with curl instead of starting
 * a JVM, and prints byte for byte what the JVM prints: standard output, standard error and exit code, for answers,
 * errors, usage errors, plans on standard input and in files named relative to the caller's directory. A command
 * sent this way is told apart from one run in a JVM by a JVM option that makes every JVM fail to start
 * ({@code TQ_JAVA_OPTS}): it still answers. What needs a process of its own (an engine's options, another server) is
 * handed back, and the launcher runs the JVM. The route takes only the secret of the server's note, which only its
 * owner can read.
 */
class LauncherThroughServerIT {
    private static final Path REPOSITORY = Path.of("").toAbsolutePath().getParent();
    private static final Pattern URL = Pattern.compile("\"server\":\"([^\"]+)\"");
    private static final Pattern TOKEN = Pattern.compile("\"commandToken\":\"([0-9a-f]+)\"");
    private static final String NO_JVM = "-XX:+ThisOptionDoesNotExist";

    private static final String PLAN = "{\"queries\":[{\"step\":1,\"sql\":\"CREATE TEMP TABLE \\\"final_table_step1\\\""
            + " AS SELECT \\\"city\\\", SUM(\\\"total\\\") AS \\\"total\\\" FROM \\\"orders\\\" GROUP BY \\\"city\\\""
            + " ORDER BY \\\"city\\\"\",\"source_table_names\":[\"orders\"],\"destine_table_name\":"
            + "\"final_table_step1\",\"destine_table_type\":\"final\",\"destine_table_description\":\"Totals\"}]}";

    @TempDir
    static Path dir;

    private static Path checkout;
    private static Path root;
    private static Process server;

    private record Run(int exit, String out, String err) {}

    @BeforeAll
    static void serveASampleWorkspace() throws Exception {
        checkout = FreshCheckout.withBuiltJars(REPOSITORY, dir.resolve("checkout"));
        root = Files.createDirectories(dir.resolve("root"));
        List<String> ingest = new ArrayList<>(
                List.of("ingest", "--workspace", root.resolve("ws").toString()));
        try (Stream<Path> files = Files.list(checkout.resolve("samples/files"))) {
            files.sorted().forEach(file -> ingest.add(file.toString()));
        }
        Run made = tq(checkout, Map.of(), null, ingest.toArray(String[]::new));
        assertThat(made.exit()).as(made.err()).isZero();
        server = LauncherServe.start(
                checkout,
                root.resolve(".tq-served.json"),
                dir.resolve("serve.log"),
                "--data",
                root.toString(),
                "--port",
                "0",
                "--search",
                "lexical");
    }

    @AfterAll
    static void stopTheServer() throws InterruptedException {
        if (server != null) {
            server.destroy();
            assertThat(server.waitFor(60, TimeUnit.SECONDS)).isTrue();
        }
    }

    @Test
    void theSkillsCommandsPrintWhatTheJvmPrintsWithoutStartingOne() throws Exception {
        Path caller = Files.createDirectories(dir.resolve("caller"));
        Files.writeString(caller.resolve("plan.json"), PLAN);
        Files.writeString(caller.resolve("bad.json"), PLAN.replace("SUM(", "NOSUCH("));
        List<List<String>> commands = List.of(
                List.of("search-tables", "--workspace", root.resolve("ws").toString(), "--query", "orders by city"),
                List.of("search-tables", "--workspace=" + root.resolve("ws"), "--query", "库存 仓库", "--json"),
                List.of("search-tables", "--workspace", root.resolve("ws").toString(), "--query", "a+b & c=d\n100% @x"),
                List.of("search-tables", "--workspace", root.resolve("ws").toString(), "--query", ""),
                List.of("get-schemas", "--workspace", root.resolve("ws").toString(), "--tables", "orders,库存_库存表"),
                List.of("get-schemas", "--workspace", root.resolve("ws").toString(), "--tables", "ordrs"),
                List.of("get-schemas", "--workspace", root.resolve("ws").toString()),
                List.of("run-sql", "--workspace", root.resolve("ws").toString(), "--plan-file", "plan.json"),
                List.of("run-sql", "--workspace", root.resolve("ws").toString(), "--plan-file", "bad.json"),
                List.of("run-sql", "--workspace", root.resolve("ws").toString(), "--plan-file", "nothing.json"),
                List.of("run-sql", "--workspace", root.resolve("ws").toString(), "--plan-file", "plan.json", "--json"),
                List.of(
                        "run-sql",
                        "--workspace",
                        root.resolve("ws").toString(),
                        "--plan-file",
                        caller.resolve("plan.json").toString(),
                        "--engine",
                        "both"),
                List.of("run-sql", "--workspace", root.resolve("ws").toString(), "--help"));
        for (List<String> command : commands) {
            String[] args = command.toArray(String[]::new);
            Run jvm = tq(caller, Map.of("TQ_THROUGH_SERVER", "0"), null, args);
            Run sent = tq(caller, Map.of("TQ_JAVA_OPTS", NO_JVM), null, args);
            assertThat(sent).as("%s", command).isEqualTo(jvm);
        }
        String[] chinese = {"get-schemas", "--workspace", root.resolve("ws").toString(), "--tables", "库存_库存表"};
        Run cLocale = tq(caller, Map.of("TQ_THROUGH_SERVER", "0", "LC_ALL", "C"), null, chinese);
        assertThat(cLocale.exit())
                .as("under the C locale the JVM reads a Chinese argument (the launcher gives it C.UTF-8): %s", cLocale)
                .isZero();
        assertThat(cLocale.out()).contains("CREATE TABLE \"库存_库存表\"");
        assertThat(tq(caller, Map.of("TQ_JAVA_OPTS", NO_JVM, "LC_ALL", "C"), null, chinese))
                .isEqualTo(cLocale);
        Run jvm = tq(root, Map.of("TQ_THROUGH_SERVER", "0"), PLAN, "run-sql", "--workspace", "ws");
        Run sent = tq(root, Map.of("TQ_JAVA_OPTS", NO_JVM), PLAN, "run-sql", "--workspace", "ws");
        assertThat(jvm.exit()).as(jvm.err()).isZero();
        assertThat(jvm.out()).contains("__src");
        assertThat(sent)
                .as("a plan on standard input, the workspace relative to the caller")
                .isEqualTo(jvm);
    }

    @Test
    void whatNeedsItsOwnProcessRunsInAJvmWithTheSamePlanOnStandardInput() throws Exception {
        String[] spark = {
            "run-sql", "--workspace", root.resolve("ws").toString(), "--spark-connect", "sc://127.0.0.1:1",
        };
        Run noJvm = tq(checkout, Map.of("TQ_JAVA_OPTS", NO_JVM), PLAN, spark);
        assertThat(noJvm.exit())
                .as("handed back to a JVM, which cannot start here")
                .isNotZero();
        assertThat(noJvm.err()).contains("ThisOptionDoesNotExist");
        Run handedBack = tq(checkout, Map.of(), PLAN, spark);
        Run jvm = tq(checkout, Map.of("TQ_THROUGH_SERVER", "0"), PLAN, spark);
        assertThat(handedBack).isEqualTo(jvm);

        Run otherServer = tq(
                checkout,
                Map.of("TQ_JAVA_OPTS", NO_JVM),
                null,
                "get-schemas",
                "--workspace",
                root.resolve("ws").toString(),
                "--tables",
                "orders",
                "--server",
                "http://127.0.0.1:1");
        assertThat(otherServer.err()).as("--server is the JVM's").contains("ThisOptionDoesNotExist");
    }

    @Test
    void theRouteTakesOnlyTheSecretOfTheNoteThatOnlyItsOwnerReads() throws Exception {
        Path note = root.resolve(".tq-served.json");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(note)))
                .isEqualTo("rw-------");
        String json = Files.readString(note);
        Matcher url = URL.matcher(json);
        Matcher token = TOKEN.matcher(json);
        assertThat(url.find()).isTrue();
        assertThat(token.find()).isTrue();
        String args = "&cwd=" + encode(dir.toString()) + "&arg=get-schemas&arg=--workspace&arg="
                + encode(root.resolve("ws").toString()) + "&arg=--tables&arg=orders";
        assertThat(post(url.group(1), "token=" + "0".repeat(64) + args)).isEqualTo(403);
        assertThat(post(url.group(1), args.substring(1))).isEqualTo(403);
        assertThat(post(url.group(1), "token=" + token.group(1) + args)).isEqualTo(200);
        assertThat(post(
                        url.group(1),
                        "token=" + token.group(1) + "&cwd=" + encode(dir.toString()) + "&arg=rm&arg=--workspace&arg="
                                + encode(root.resolve("ws").toString())))
                .as("only the skill's commands")
                .isEqualTo(400);
        assertThat(root.resolve("ws")).isDirectory();
    }

    @Test
    void theSecretIsNeverOnACommandLine() throws Exception {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path arguments = dir.resolve("curl-arguments.txt");
        String curl = new ProcessBuilder("bash", "-c", "command -v curl")
                .start()
                .inputReader()
                .readLine();
        Path spy = Files.writeString(
                bin.resolve("curl"),
                "#!/usr/bin/env bash\nprintf '%s\\n' \"$@\" >> '" + arguments + "'\nexec '" + curl + "' \"$@\"\n");
        Files.setPosixFilePermissions(spy, PosixFilePermissions.fromString("rwxr-xr-x"));
        Run sent = tq(
                checkout,
                Map.of("TQ_JAVA_OPTS", NO_JVM, "PATH", bin + ":" + System.getenv("PATH")),
                null,
                "get-schemas",
                "--workspace",
                root.resolve("ws").toString(),
                "--tables",
                "orders");
        assertThat(sent.exit()).as(sent.err()).isZero();
        Matcher token = TOKEN.matcher(Files.readString(root.resolve(".tq-served.json")));
        assertThat(token.find()).isTrue();
        assertThat(Files.readString(arguments))
                .as("curl ran, and was not given the secret among its arguments, which every user can read")
                .contains("/v1/commands")
                .doesNotContain(token.group(1));
    }

    @Test
    void withNoServerTheLauncherStartsOneAndGoesThroughItWithoutAJvmOfItsOwn() throws Exception {
        Path other = Files.createDirectories(dir.resolve("unserved"));
        Path workspace = other.resolve("ws");
        Run made = tq(
                checkout,
                Map.of(),
                null,
                "ingest",
                "--workspace",
                workspace.toString(),
                checkout.resolve("samples/files/orders.csv").toString());
        assertThat(made.exit()).as(made.err()).isZero();
        String[] schemas = {"get-schemas", "--workspace", workspace.toString(), "--tables", "orders"};
        String[] search = {"search-tables", "--workspace", workspace.toString(), "--query", "orders by city"};
        Run schemasAlone = tq(checkout, Map.of("TQ_THROUGH_SERVER", "0"), null, schemas);
        Run searchAlone = tq(checkout, Map.of("TQ_THROUGH_SERVER", "0"), null, search);
        assertThat(other.resolve(".tq-served.json")).as("run alone: no server").doesNotExist();

        Path bin = Files.createDirectories(dir.resolve("java-spy"));
        Path started = dir.resolve("java-starts.txt");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Path spy = Files.writeString(
                bin.resolve("java"),
                "#!/usr/bin/env bash\necho \"$*\" >> '" + started + "'\nexec '" + java + "' \"$@\"\n");
        Files.setPosixFilePermissions(spy, PosixFilePermissions.fromString("rwxr-xr-x"));
        Map<String, String> daemon = Map.of("TQ_NO_DAEMON", "0", "PATH", bin + ":" + System.getenv("PATH"));
        // The launcher keeps a class-data archive per java command, which this one gets now, not in the race below.
        assertThat(tq(checkout, daemon, null, "--version").exit()).isZero();
        Files.delete(started);
        try {
            CompletableFuture<Run> first = CompletableFuture.supplyAsync(() -> unchecked(daemon, schemas));
            CompletableFuture<Run> second = CompletableFuture.supplyAsync(() -> unchecked(daemon, search));
            assertThat(first.get())
                    .as("get-schemas through the server it started")
                    .isEqualTo(schemasAlone);
            assertThat(second.get()).as("search-tables, racing it").isEqualTo(searchAlone);
            List<String> jvms = Files.readAllLines(started);
            assertThat(jvms)
                    .as("one JVM started, the server's, for two commands racing: neither ran one of its own")
                    .hasSize(1);
            assertThat(jvms.get(0)).contains("serve --resident --data " + other);
            assertThat(Files.readString(other.resolve(".tq-served.json"))).contains("\"resident\":true");
            assertThat(tq(checkout, daemon, null, schemas)).isEqualTo(schemasAlone);
            assertThat(Files.readAllLines(started)).hasSize(1);
        } finally {
            Run stopped = tq(checkout, Map.of(), null, "daemon", "stop", "--data", other.toString());
            assertThat(stopped.exit()).as(stopped.err()).isZero();
        }

        Process own = LauncherServe.start(
                checkout,
                workspace.resolve(".tq-served.json"),
                dir.resolve("serve-one.log"),
                "--workspace",
                workspace.toString(),
                "--port",
                "0",
                "--search",
                "lexical");
        try {
            Files.deleteIfExists(started);
            assertThat(tq(checkout, daemon, null, schemas))
                    .as("through the server of the workspace itself")
                    .isEqualTo(schemasAlone);
            assertThat(Files.readAllLines(started))
                    .as("a workspace its own server holds: the launcher starts no server for its root")
                    .noneMatch(line -> line.contains("--resident"));
            assertThat(other.resolve(".tq-served.json")).doesNotExist();
        } finally {
            own.destroy();
            assertThat(own.waitFor(60, TimeUnit.SECONDS)).isTrue();
        }

        Process keyed = LauncherServe.start(
                checkout,
                other.resolve(".tq-served.json"),
                dir.resolve("serve-keyed.log"),
                "--data",
                other.toString(),
                "--port",
                "0",
                "--auth",
                "keys",
                "--search",
                "lexical");
        try {
            Files.deleteIfExists(started);
            tq(checkout, daemon, null, schemas);
            assertThat(Files.readAllLines(started))
                    .as("a root a server with keys holds: the command's own JVM asks it, no resident server starts")
                    .hasSize(1)
                    .noneMatch(line -> line.contains("--resident"));
        } finally {
            keyed.destroy();
            assertThat(keyed.waitFor(60, TimeUnit.SECONDS)).isTrue();
        }
    }

    private static Run unchecked(Map<String, String> environment, String... args) {
        try {
            return tq(checkout, environment, null, args);
        } catch (IOException | InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    private static int post(String server, String form) throws IOException {
        HttpURLConnection connection =
                (HttpURLConnection) URI.create(server + "/v1/commands").toURL().openConnection();
        connection.setRequestMethod("POST");
        connection.setDoOutput(true);
        connection.setRequestProperty("Content-Type", "application/x-www-form-urlencoded");
        connection.getOutputStream().write(form.getBytes(StandardCharsets.UTF_8));
        int status = connection.getResponseCode();
        connection.disconnect();
        return status;
    }

    private static String encode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8);
    }

    private static Run tq(Path directory, Map<String, String> environment, String stdin, String... args)
            throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(
                        Stream.concat(Stream.of(checkout.resolve("tq").toString()), Stream.of(args))
                                .toList())
                .directory(directory.toFile());
        builder.environment().putAll(environment);
        Path out = Files.createTempFile(dir, "tq", ".out");
        Path err = Files.createTempFile(dir, "tq", ".err");
        Path in = Files.writeString(Files.createTempFile(dir, "tq", ".in"), stdin == null ? "" : stdin);
        Process process = builder.redirectInput(in.toFile())
                .redirectOutput(out.toFile())
                .redirectError(err.toFile())
                .start();
        assertThat(process.waitFor(3, TimeUnit.MINUTES)).isTrue();
        return new Run(process.exitValue(), Files.readString(out), Files.readString(err));
    }
}

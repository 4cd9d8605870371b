package io.tablequery.server.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runnable jar as users run it ({@code java -jar target/tq.jar}): every library each command needs must be inside
 * it. The unit tests run on Maven's class path, which cannot show a library left out of the jar.
 */
class TqJarIT {
    private static final Path JAR = Path.of("target", "tq.jar");

    @TempDir
    Path dir;

    record Run(int exit, String out, String err) {}

    Run tq(String... args) throws IOException, InterruptedException {
        return tq(List.of(), args);
    }

    Run tq(List<String> jvm, String... args) throws IOException, InterruptedException {
        List<String> command = java(jvm);
        command.addAll(List.of(args));
        Path out = dir.resolve("out.txt");
        Path err = dir.resolve("err.txt");
        Process process = new ProcessBuilder(command)
                .redirectOutput(out.toFile())
                .redirectError(err.toFile())
                .start();
        assertThat(process.waitFor(120, TimeUnit.SECONDS))
                .as("tq %s finished", List.of(args))
                .isTrue();
        return new Run(
                process.exitValue(),
                Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
    }

    private static List<String> java(List<String> jvm) {
        List<String> command = new ArrayList<>(
                List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        command.addAll(jvm);
        command.addAll(List.of("-jar", JAR.toAbsolutePath().toString()));
        return command;
    }

    @Test
    void aKilledServerLeavesNoNativeLibraryBehind() throws Exception {
        Path csv = dir.resolve("sales.csv");
        Files.writeString(csv, "city,amount\nParis,10\nLyon,20\n");
        Path tmp = Files.createDirectories(dir.resolve("tmp"));
        Path cache = dir.resolve("native");
        List<String> jvm = List.of("-Djava.io.tmpdir=" + tmp, "-Dtq.native.dir=" + cache);
        String workspace = dir.resolve("killed-ws").toString();
        assertThat(tq(jvm, "ingest", "--workspace", workspace, csv.toString()).exit())
                .isZero();

        List<String> serve = java(jvm);
        serve.addAll(List.of("serve", "--workspace", workspace, "--port", "0"));
        Path serveErr = dir.resolve("serve.err");
        Process server = new ProcessBuilder(serve)
                .redirectErrorStream(true)
                .redirectOutput(serveErr.toFile())
                .start();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (!Files.readString(serveErr).contains("tablequery serves") && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
            Run query = tq(
                    jvm,
                    "duck",
                    "queryDuckDB",
                    "--workspace",
                    workspace,
                    "--query",
                    "SELECT sum(amount) AS t FROM sales");
            assertThat(query.exit())
                    .as(query.err() + Files.readString(serveErr))
                    .isZero();
            assertThat(query.out()).contains("\"t\" : 30");
        } finally {
            server.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        }
        try (var left = Files.list(tmp)) {
            assertThat(left.map(path -> path.getFileName().toString()))
                    .as("DuckDB's library is loaded from beside the jar, SQLite's from the cache")
                    .noneMatch(name -> name.contains("duckdb") || name.contains("sqlite"));
        }
        try (var cached = Files.walk(cache)) {
            assertThat(cached.map(path -> path.getFileName().toString())).contains("libsqlitejdbc.so");
        }
    }

    @Test
    void ingestsQueriesChartsAndRunsPlansFromTheJar() throws Exception {
        Path csv = dir.resolve("sales.csv");
        Files.writeString(csv, "city,amount\nParis,10\n上海,20.5\nParis,30\n");
        String workspace = dir.resolve("ws").toString();

        Run ingest = tq("ingest", "--workspace", workspace, csv.toString());
        assertThat(ingest.exit()).as(ingest.err()).isZero();
        assertThat(ingest.out()).contains("F1 sales.csv: 1 table");

        Run query = tq(
                "duck",
                "queryDuckDB",
                "--workspace",
                workspace,
                "--query",
                "SELECT city, sum(amount) AS total FROM sales GROUP BY city ORDER BY city");
        assertThat(query.exit()).as(query.err()).isZero();
        assertThat(query.out()).contains("\"rowCount\" : 2").contains("\"total\" : 40.0");

        Path png = dir.resolve("chart.png");
        Run chart = tq(
                "duck",
                "chart",
                "--workspace",
                workspace,
                "--table-name",
                "sales",
                "--kind",
                "bar",
                "--x",
                "city",
                "--y",
                "amount",
                "--png",
                png.toString());
        assertThat(chart.exit()).as(chart.err()).isZero();
        assertThat(ImageIO.read(png.toFile()).getWidth()).isEqualTo(800);

        Path plan = dir.resolve("plan.json");
        Files.writeString(plan, """
                {"queries":[{"step":1,"sql":"CREATE TEMP TABLE \\"big\\" AS SELECT \\"city\\", \\"amount\\" FROM \
                \\"sales\\" WHERE \\"amount\\" > 15","source_table_names":["sales"],"destine_table_name":"big",\
                "destine_table_type":"final","destine_table_description":"Big sales"}]}""");
        for (String engine : List.of("sqlite", "duckdb")) {
            Run run = tq("run-sql", "--workspace", workspace, "--plan-file", plan.toString(), "--engine", engine);
            assertThat(run.exit()).as(run.err()).isZero();
            assertThat(run.out().replace("\r\n", "\n")).contains("city,amount,__src\n上海,20.5,F1S1R3\nParis,30");
        }
    }

    @Test
    void servesMcpOverStdioFromTheJar() throws Exception {
        Path csv = dir.resolve("sales.csv");
        Files.writeString(csv, "city,amount\nParis,10\nLyon,20\n");
        String workspace = dir.resolve("mcp-ws").toString();
        assertThat(tq("ingest", "--workspace", workspace, csv.toString()).exit())
                .isZero();

        Path err = dir.resolve("mcp.err");
        List<String> mcp = java(List.of());
        mcp.addAll(List.of("mcp", "--workspace", workspace));
        Process process = new ProcessBuilder(mcp).redirectError(err.toFile()).start();
        BufferedReader out =
                new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        Writer in = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
        in.write("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                + "\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"jar\",\"version\":\"1\"}}}\n"
                + "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n"
                + "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"queryDuckDB\","
                + "\"arguments\":{\"query\":\"SELECT sum(amount) AS total FROM sales\"}}}\n");
        in.flush();
        String initialized = out.readLine();
        String answer = out.readLine();
        in.close();
        assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).as(Files.readString(err)).isZero();
        assertThat(initialized).as(Files.readString(err)).contains("\"name\":\"tablequery\"");
        assertThat(answer).contains("\"id\":2").contains("\\\"total\\\":30");
        assertThat(out.readLine()).as("nothing but the protocol on stdout").isNull();
    }
}

package io.tablequery.server.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.tablequery.engine.json.JsonCodec;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Spark engine as a user installs it: {@code tq-spark.jar} beside {@code tq.jar}, {@code tq spark local} starting
 * a Spark Connect server, and {@code tq serve --spark-connect ... --spark-data ...} running a plan on it over HTTP with
 * SQLite's answer, through the plugin's own class loader.
 */
class SparkServeIT {
    private static final Path SPARK_TARGET = Path.of("..", "spark", "target");

    @TempDir
    Path dir;

    private final HttpClient client =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    @Test
    void servesPlansOnSparkFromThePluginJar() throws Exception {
        for (String file : List.of("tq-spark.jar", "spark-server.classpath")) {
            Files.copy(SPARK_TARGET.resolve(file), Path.of("target", file), StandardCopyOption.REPLACE_EXISTING);
        }
        int sparkPort = JarServers.freePort();
        Process spark = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-Djava.io.tmpdir=" + Files.createDirectories(dir.resolve("spark-tmp")),
                        "-jar",
                        Path.of("target", "tq.jar").toAbsolutePath().toString(),
                        "spark",
                        "local",
                        "--port",
                        Integer.toString(sparkPort),
                        "--master",
                        "local[2]",
                        "--memory",
                        "1g",
                        "--dir",
                        dir.resolve("spark").toString())
                .redirectErrorStream(true)
                .start();
        Process server = null;
        try {
            String address = awaitAddress(spark);
            assertThat(address).isEqualTo("sc://127.0.0.1:" + sparkPort);
            Path data = Files.createDirectories(dir.resolve("data").resolve("shop"));
            int port = JarServers.freePort();
            server = JarServers.start(
                    dir,
                    data.getParent(),
                    port,
                    "--spark-connect",
                    address,
                    "--spark-data",
                    dir.resolve("exports").toString());
            assertThat(get(port, "/v1/session").path("engines").toString())
                    .isEqualTo("[\"sqlite\",\"duckdb\",\"spark\"]");
            assertThat(JarServers.upload(
                                    port,
                                    "shop",
                                    "orders.csv",
                                    "id,city,qty\n1,Paris,3\n2,Oslo,5\n3,Paris,7\n4,Lima,\n")
                            .statusCode())
                    .isEqualTo(201);
            String plan = "{\"queries\":[{\"step\":1,\"sql\":\"CREATE TEMP TABLE \\\"r\\\" AS SELECT \\\"city\\\","
                    + " sum(\\\"qty\\\") AS q FROM \\\"orders\\\" GROUP BY \\\"city\\\" ORDER BY q DESC\","
                    + "\"source_table_names\":[\"orders\"],\"destine_table_name\":\"r\",\"destine_table_type\":\"final\","
                    + "\"destine_table_description\":\"qty by city\"}]}";
            JsonNode sqlite = runSql(port, plan, "sqlite");
            JsonNode onSpark = runSql(port, plan, "spark");
            assertThat(onSpark.path("engine").asText()).isEqualTo("spark");
            // Both cite each group's rows.
            assertThat(onSpark.path("results").get(0).path("rows").toString())
                    .as("rows cited on Spark; its notices: %s", onSpark.path("notices"))
                    .isEqualTo(
                            "[[\"Paris\",\"10\",\"F1S1R2,R4\"],[\"Oslo\",\"5\",\"F1S1R3\"],[\"Lima\",null,\"F1S1R5\"]]");
            assertThat(sqlite.path("results").get(0).path("rows"))
                    .isEqualTo(onSpark.path("results").get(0).path("rows"));
            assertThat(onSpark.path("notices").toString()).doesNotContain("cite whole sheets");
            JsonNode both = runSql(port, plan, "both:spark");
            assertThat(both.path("comparison").path("engines").toString()).isEqualTo("[\"sqlite\",\"spark\"]");
            assertThat(both.path("comparison")
                            .path("tables")
                            .get(0)
                            .path("difference")
                            .isNull())
                    .isTrue();
        } finally {
            if (server != null) {
                server.destroy();
                server.waitFor(30, TimeUnit.SECONDS);
            }
            spark.destroy();
            if (!spark.waitFor(60, TimeUnit.SECONDS)) {
                spark.destroyForcibly();
            }
        }
    }

    /** Reads {@code tq spark local}'s output until it prints the address, within three minutes. */
    private static String awaitAddress(Process spark) throws Exception {
        BufferedReader out = new BufferedReader(new InputStreamReader(spark.getInputStream(), StandardCharsets.UTF_8));
        CompletableFuture<String> address = CompletableFuture.supplyAsync(() -> {
            StringBuilder seen = new StringBuilder();
            try {
                String line;
                while ((line = out.readLine()) != null) {
                    seen.append(line).append('\n');
                    int at = line.indexOf(" at sc://");
                    if (line.startsWith("Spark Connect server") && at > 0) {
                        return line.substring(at + 4).strip();
                    }
                }
            } catch (IOException e) {
                seen.append(e);
            }
            throw new IllegalStateException("tq spark local printed no address:\n" + seen);
        });
        String found = address.get(3, TimeUnit.MINUTES);
        CompletableFuture.runAsync(() -> {
            try {
                out.transferTo(java.io.Writer.nullWriter());
            } catch (IOException e) {
                // The process ended.
            }
        });
        return found;
    }

    private JsonNode runSql(int port, String plan, String engine) throws Exception {
        String body = JsonCodec.mapper()
                .writeValueAsString(Map.of("plan", JsonCodec.mapper().readTree(plan), "engine", engine));
        HttpResponse<String> response = client.send(
                HttpRequest.newBuilder(JarServers.base(port).resolve("/v1/workspaces/shop/run-sql"))
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(body))
                        .timeout(Duration.ofMinutes(2))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return JsonCodec.mapper().readTree(response.body());
    }

    private JsonNode get(int port, String path) throws Exception {
        HttpResponse<String> response = client.send(
                HttpRequest.newBuilder(JarServers.base(port).resolve(path)).build(),
                HttpResponse.BodyHandlers.ofString());
        return JsonCodec.mapper().readTree(response.body());
    }
}

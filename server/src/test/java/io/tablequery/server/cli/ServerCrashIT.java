package io.tablequery.server.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.tablequery.engine.json.JsonCodec;
import io.tablequery.server.audit.AuditFiles;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kills {@code tq serve} (the jar, SIGKILL) while clients upload files and query them, restarts it, and checks that
 * the workspace opens and holds every upload the server had confirmed, each readable.
 */
class ServerCrashIT {
    private static final int KILLS = 3;
    /** Uploads each round confirms before its kill, so the kills land among uploads however slow the machine is. */
    private static final int PER_ROUND = 2;

    @TempDir
    Path dir;

    private final HttpClient client =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    @Test
    void everyConfirmedUploadSurvivesSigkill() throws Exception {
        Path data = dir.resolve("data");
        Set<String> confirmed = ConcurrentHashMap.newKeySet();
        Set<String> audited = new HashSet<>();
        AtomicInteger names = new AtomicInteger();
        for (int kill = 0; kill < KILLS; kill++) {
            int port = JarServers.freePort();
            Process server = start(data, port);
            try {
                checkConfirmed(port, confirmed);
                AtomicBoolean stop = new AtomicBoolean();
                // This round's confirmations with their times: a client thread may take the time of an answer the
                // killed server sent just before its kill only after the kill, so a round's times are its own.
                Map<String, Long> confirmedAt = new ConcurrentHashMap<>();
                ExecutorService clients = Executors.newFixedThreadPool(3);
                for (int c = 0; c < 2; c++) {
                    clients.submit(() -> {
                        while (!stop.get()) {
                            String name = "upload_" + names.incrementAndGet() + ".csv";
                            try {
                                if (upload(port, name)) {
                                    confirmedAt.put(name, System.nanoTime());
                                    confirmed.add(name);
                                }
                            } catch (IOException e) {
                                return null;
                            }
                        }
                        return null;
                    });
                }
                clients.submit(() -> {
                    while (!stop.get()) {
                        try {
                            post(port, "tools/getTableList", "{}");
                        } catch (IOException e) {
                            return null;
                        }
                    }
                    return null;
                });
                awaitConfirmed(confirmed, confirmed.size() + PER_ROUND);
                Thread.sleep(1_300 + kill * 400L);
                long killed = System.nanoTime();
                server.destroyForcibly().waitFor();
                stop.set(true);
                clients.shutdownNow();
                assertThat(clients.awaitTermination(30, TimeUnit.SECONDS))
                        .as("the clients stop")
                        .isTrue();
                // The audit log may lose the lines of the last fraction of a second before a crash (it flushes every
                // 200 ms), no more. The margin is two seconds: in CI the server's two cores also run another test JVM.
                confirmedAt.forEach((name, at) -> {
                    if (killed - at > Duration.ofSeconds(2).toNanos()) {
                        audited.add(name);
                    }
                });
            } finally {
                server.destroyForcibly();
            }
        }
        int port = JarServers.freePort();
        Process server = start(data, port);
        try {
            checkConfirmed(port, confirmed);
            assertThat(confirmed)
                    .as("uploads confirmed before the kills")
                    .hasSizeGreaterThanOrEqualTo(KILLS * PER_ROUND);
            Set<String> logged = new HashSet<>();
            for (Path file : AuditFiles.list(data.resolve("default").resolve(AuditFiles.DIRECTORY))) {
                for (String line : Files.readAllLines(file)) {
                    try {
                        JsonNode entry = JsonCodec.mapper().readTree(line);
                        if (entry.path("route").asText().equals("POST files")) {
                            logged.add(entry.path("text").asText());
                        }
                    } catch (IOException e) {
                        // The line a kill cut short.
                    }
                }
            }
            assertThat(audited)
                    .as("uploads confirmed more than two seconds before a kill")
                    .isNotEmpty();
            Set<String> missing = new TreeSet<>(audited);
            missing.removeAll(logged);
            assertThat(missing)
                    .as(
                            "uploads confirmed more than two seconds before a kill without their audit lines; the servers'"
                                    + " warnings, as the test's directory is deleted:%n%s",
                            warnings())
                    .isEmpty();
        } finally {
            server.destroyForcibly().waitFor();
        }
    }

    /**
     * The warnings and errors the servers wrote to their logs ({@code server-<port>.log} in the test's directory), the
     * last 200 lines of them, each with its log's name.
     */
    private String warnings() throws IOException {
        List<String> lines = new ArrayList<>();
        try (DirectoryStream<Path> logs = Files.newDirectoryStream(dir, "server-*.log")) {
            for (Path log : logs) {
                for (String line : Files.readAllLines(log)) {
                    if (line.contains("WARN") || line.contains("ERROR")) {
                        lines.add(log.getFileName() + ": " + line);
                    }
                }
            }
        }
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 200), lines.size()));
    }

    /** Waits, at most 60 s, until the clients have had this many uploads confirmed. */
    private static void awaitConfirmed(Set<String> confirmed, int count) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (confirmed.size() < count && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
    }

    /** Every confirmed upload is listed and its table answers a query. */
    private void checkConfirmed(int port, Set<String> confirmed) throws Exception {
        HttpResponse<String> files = client.send(
                HttpRequest.newBuilder(JarServers.base(port).resolve("/v1/workspaces/default/files"))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(files.statusCode()).as(files.body()).isEqualTo(200);
        List<String> listed = new ArrayList<>();
        JsonCodec.mapper().readTree(files.body()).findValues("name").forEach(name -> listed.add(name.asText()));
        assertThat(listed).containsAll(confirmed);
        for (String name : confirmed) {
            String table = name.replace(".csv", "");
            JsonNode answer = JsonCodec.mapper()
                    .readTree(post(port, "tools/queryDuckDB", "{\"query\":\"SELECT count(*) AS n FROM " + table + "\"}")
                            .body());
            assertThat(answer.at("/rows/0/n").asLong()).as(answer.toString()).isEqualTo(5000);
        }
    }

    private boolean upload(int port, String name) throws IOException, InterruptedException {
        StringBuilder csv = new StringBuilder("id,amount\n");
        for (int i = 1; i <= 5000; i++) {
            csv.append(i).append(',').append(i * 1.5).append('\n');
        }
        HttpResponse<String> response = JarServers.upload(port, "default", name, csv);
        return response.statusCode() == 201;
    }

    private HttpResponse<String> post(int port, String route, String json) throws IOException, InterruptedException {
        return client.send(
                HttpRequest.newBuilder(JarServers.base(port).resolve("/v1/workspaces/default/" + route))
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(json))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private Process start(Path data, int port) throws Exception {
        return JarServers.start(dir, data, port);
    }
}

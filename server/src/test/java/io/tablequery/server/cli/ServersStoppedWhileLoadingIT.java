package io.tablequery.server.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Servers (the jar) side by side, each searching by meaning while its models load, and stopped with SIGTERM at
 * different points of that load: each exits as a stopped server does (143), never of a crash in ONNX Runtime (134),
 * which is how {@code tq serve} died when stopped while it loaded a model. Without {@code OnnxCalls}, one of four
 * servers crashed in one of two runs.
 */
class ServersStoppedWhileLoadingIT {
    private static final int SERVERS = 6;
    private static final HttpClient CLIENT =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    @TempDir
    Path dir;

    @Test
    void serversStoppedWhileTheirModelsLoadExitCleanly() throws Exception {
        List<Process> servers = new ArrayList<>();
        List<Integer> ports = new ArrayList<>();
        try {
            for (int s = 0; s < SERVERS; s++) {
                Path data = dir.resolve("data-" + s);
                Files.createDirectories(data.resolve("w"));
                int port = JarServers.freePort();
                servers.add(JarServers.start(dir, data, port));
                ports.add(port);
            }
            List<CompletableFuture<HttpResponse<String>>> searches = new ArrayList<>();
            for (int s = 0; s < SERVERS; s++) {
                StringBuilder csv = new StringBuilder("region,product,revenue\n");
                for (int row = 0; row < 50; row++) {
                    csv.append("north,widget ")
                            .append(row)
                            .append(',')
                            .append(row * 3)
                            .append('\n');
                }
                assertThat(JarServers.upload(ports.get(s), "w", "sales.csv", csv)
                                .statusCode())
                        .isEqualTo(201);
                searches.add(CLIENT.sendAsync(
                        HttpRequest.newBuilder(JarServers.base(ports.get(s)).resolve("/v1/workspaces/w/search-tables"))
                                .header("Content-Type", "application/json")
                                .POST(HttpRequest.BodyPublishers.ofString(
                                        "{\"query\":\"revenue of products by region\",\"topK\":3}"))
                                .build(),
                        HttpResponse.BodyHandlers.ofString()));
            }
            for (int s = 0; s < SERVERS; s++) {
                // Stopped 0.15, 0.45, 0.9, 1.5 and 2.25 s after the uploads (early in a load, late in it), the last
                // after its search answered.
                Thread.sleep(s == SERVERS - 1 ? 0 : 150L * (s + 1));
                if (s == SERVERS - 1) {
                    assertThat(searches.get(s).get(120, TimeUnit.SECONDS).body())
                            .contains("sales");
                }
                servers.get(s).destroy();
            }
            for (int s = 0; s < SERVERS; s++) {
                Process server = servers.get(s);
                assertThat(server.waitFor(120, TimeUnit.SECONDS))
                        .as("server %d stops", s)
                        .isTrue();
                assertThat(server.exitValue())
                        .as("server %d's exit: %s", s, Files.readString(dir.resolve("server-" + ports.get(s) + ".log")))
                        .isEqualTo(128 + 15);
            }
        } finally {
            servers.forEach(Process::destroyForcibly);
        }
    }
}

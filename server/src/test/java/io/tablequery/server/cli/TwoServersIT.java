package io.tablequery.server.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.tablequery.engine.json.JsonCodec;
import io.tablequery.engine.workspace.Workspace;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two {@code tq serve --shared-root} processes (the jar) over one data root, uploading to the same workspaces at once: a workspace
 * is held by the process that opened it, so the other answers 409 {@code WORKSPACE_LOCKED} until the holder closes it
 * when idle, and then may open it itself. Never are two writing one workspace: every upload either committed (201,
 * and then it is there) or was refused, and the workspace is whole afterwards.
 */
class TwoServersIT {

    @TempDir
    Path dir;

    private final HttpClient client =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    @Test
    void aWorkspaceIsNeverWrittenByTwoServersAtOnce() throws Exception {
        Path data = dir.resolve("data");
        for (String name : List.of("alpha", "beta")) {
            Files.createDirectories(data.resolve(name));
        }
        int[] ports = {JarServers.freePort(), JarServers.freePort()};
        List<Process> servers = List.of(start(data, ports[0]), start(data, ports[1]));
        assertThat(Files.readString(data.resolve(ServedNote.FILE)))
                .as("the data root names the first server, for commands on workspaces it has not opened")
                .contains(":" + ports[0]);
        Map<String, Queue<String>> committed = new ConcurrentHashMap<>();
        Map<Integer, AtomicInteger> answers = new ConcurrentHashMap<>();
        try {
            ExecutorService clients = Executors.newFixedThreadPool(4);
            AtomicInteger names = new AtomicInteger();
            List<Future<?>> work = new ArrayList<>();
            for (int c = 0; c < 4; c++) {
                int port = ports[c % 2];
                String workspace = c < 2 ? "alpha" : "beta";
                work.add(clients.submit(() -> {
                    for (int i = 0; i < 12; i++) {
                        String name = "up_" + names.incrementAndGet() + ".csv";
                        int status = upload(port, workspace, name);
                        answers.computeIfAbsent(status, s -> new AtomicInteger())
                                .incrementAndGet();
                        if (status == 201) {
                            committed
                                    .computeIfAbsent(workspace, w -> new ConcurrentLinkedQueue<>())
                                    .add(name);
                        }
                        assertThat(status).isIn(201, 409);
                        Thread.sleep(i % 4 == 0 ? 1500 : 50);
                    }
                    return null;
                }));
            }
            for (Future<?> each : work) {
                each.get();
            }
            clients.shutdown();
        } finally {
            for (Process server : servers) {
                server.destroy();
                server.waitFor();
            }
        }
        assertThat(data.resolve(ServedNote.FILE))
                .as("a server that stops takes its note")
                .doesNotExist();
        System.out.println("two servers: answers by status " + answers);
        assertThat(answers.keySet()).contains(201);
        for (String workspace : List.of("alpha", "beta")) {
            try (Workspace opened = Workspace.open(data.resolve(workspace))) {
                List<String> listed = opened.catalog().files().stream()
                        .map(file -> file.name())
                        .toList();
                assertThat(listed)
                        .as("%s holds exactly the uploads that were confirmed", workspace)
                        .containsExactlyInAnyOrderElementsOf(
                                committed.getOrDefault(workspace, new ConcurrentLinkedQueue<>()));
                try (Connection sqlite = opened.openSqliteReader();
                        Statement statement = sqlite.createStatement();
                        ResultSet check = statement.executeQuery("PRAGMA integrity_check")) {
                    check.next();
                    assertThat(check.getString(1)).isEqualTo("ok");
                }
            }
        }
    }

    /** A key issued or revoked through one server takes effect on the other, which shares the root's key file. */
    @Test
    void aKeyIssuedOrRevokedThroughOneServerHoldsOnTheOther() throws Exception {
        Path data = dir.resolve("data");
        Files.createDirectories(data.resolve("alpha"));
        int[] ports = {JarServers.freePort(), JarServers.freePort()};
        Map<String, String> admin = Map.of(ServeCommand.ADMIN_KEY_VARIABLE, "tq_admin_of_both");
        List<Process> servers = List.of(
                JarServers.start(dir, data, ports[0], admin, "--shared-root", "--auth", "keys"),
                JarServers.start(dir, data, ports[1], admin, "--shared-root", "--auth", "keys"));
        try {
            HttpResponse<String> issued = send(ports[0], "POST", "/v1/admin/workspaces/alpha/keys", "tq_admin_of_both");
            assertThat(issued.statusCode()).as(issued.body()).isEqualTo(201);
            JsonNode key = JsonCodec.mapper().readTree(issued.body());
            String secret = key.path("key").asText();
            long issuedAt = System.nanoTime();
            while (send(ports[1], "GET", "/v1/session", secret).statusCode() == 401) {
                assertThat(System.nanoTime() - issuedAt)
                        .isLessThan(Duration.ofSeconds(10).toNanos());
                Thread.sleep(20);
            }
            long seen = System.nanoTime() - issuedAt;
            assertThat(send(ports[1], "GET", "/v1/session", secret).body()).contains("\"alpha\"");

            HttpResponse<String> revoked =
                    send(ports[0], "DELETE", "/v1/admin/keys/" + key.path("id").asText(), "tq_admin_of_both");
            assertThat(revoked.statusCode()).as(revoked.body()).isEqualTo(200);
            long revokedAt = System.nanoTime();
            while (send(ports[1], "GET", "/v1/session", secret).statusCode() != 401) {
                assertThat(System.nanoTime() - revokedAt)
                        .as("the other server refuses a revoked key within a few seconds")
                        .isLessThan(Duration.ofSeconds(5).toNanos());
                Thread.sleep(20);
            }
            long refused = System.nanoTime() - revokedAt;
            assertThat(send(ports[0], "GET", "/v1/session", secret).statusCode())
                    .isEqualTo(401);
            System.out.printf(
                    "two servers, one key file: issued key accepted by the other after %d ms, revoked key refused"
                            + " after %d ms%n",
                    seen / 1_000_000, refused / 1_000_000);
        } finally {
            for (Process server : servers) {
                server.destroy();
                server.waitFor();
            }
        }
    }

    private HttpResponse<String> send(int port, String method, String path, String key)
            throws IOException, InterruptedException {
        return client.send(
                HttpRequest.newBuilder(JarServers.base(port).resolve(path))
                        .header("Authorization", "Bearer " + key)
                        .method(method, HttpRequest.BodyPublishers.noBody())
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private int upload(int port, String workspace, String name) throws IOException, InterruptedException {
        HttpResponse<String> response = JarServers.upload(port, workspace, name, "id,amount\n1,2.5\n2,3.5\n");
        if (response.statusCode() == 409) {
            JsonNode error = JsonCodec.mapper().readTree(response.body());
            assertThat(error.path("code").asText()).isEqualTo("WORKSPACE_LOCKED");
        }
        return response.statusCode();
    }

    private Process start(Path data, int port) throws Exception {
        return JarServers.start(dir, data, port, "--idle-close", "1", "--shared-root");
    }
}

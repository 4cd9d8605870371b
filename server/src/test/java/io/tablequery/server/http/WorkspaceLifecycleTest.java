package io.tablequery.server.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.ingest.IngestSettings;
import io.tablequery.engine.json.JsonCodec;
import io.tablequery.engine.workspace.Workspace;
import io.tablequery.engine.workspace.WorkspaceOptions;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.apache.commons.io.file.PathUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Workspaces opened at their first request and closed when idle or when the memory budget needs room: many workspaces
 * under one root, one cold workspace asked for by many clients at once, a budget that is full, and uploads racing the
 * idle close.
 */
class WorkspaceLifecycleTest {
    private static final WorkspaceOptions OPTIONS = new WorkspaceOptions(IngestSettings.DEFAULTS, 1, "64MB");
    private static final long RESERVATION = 64_000_000L + WorkspaceLifecycle.SQLITE_RESERVE;
    /**
     * Long enough that more than the budget's workspaces are asked for within it even on a loaded machine (with
     * 400 ms, a CI machine at about 90 ms a request never filled the budget), short enough to see idle closes.
     */
    private static final Duration IDLE = Duration.ofSeconds(4);

    @TempDir
    Path dir;

    @Test
    void servesTwoThousandWorkspacesOpeningOnlyWhatIsAskedForWithinTheBudget() throws Exception {
        Path root = dir.resolve("root");
        int count = 2000;
        copies(root, count);
        int budgetHolds = 20;
        long start = System.nanoTime();
        WorkspaceRegistry registry = new WorkspaceRegistry(
                root, OPTIONS, new WorkspaceLifecycle(IDLE, RESERVATION * budgetHolds, Duration.ofSeconds(10)));
        try (Stream<Path> directories = Files.list(root)) {
            directories.sorted().forEach(registry::serve);
        }
        try (TqServer server = TqServer.start(registry, TestServers.SETTINGS, dir.resolve("spool"))) {
            long startMillis = (System.nanoTime() - start) / 1_000_000;
            assertThat(registry.names()).hasSize(count);
            assertThat(registry.openNames()).isEmpty();
            Random random = new Random(22);
            int most = 0;
            for (int i = 0; i < 300; i++) {
                String name = "ws%04d".formatted(random.nextInt(count));
                HttpCalls calls = new HttpCalls(server, name);
                HttpResponse<String> files = calls.get("/v1/workspaces/" + name + "/files");
                assertThat(files.statusCode()).as(name).isEqualTo(200);
                assertThat(files.body()).contains("orders.csv");
                if (i % 3 == 0) {
                    assertThat(calls.post("search-tables", Map.of("query", "orders city"))
                                    .body())
                            .contains("orders");
                }
                most = Math.max(most, registry.openNames().size());
            }
            assertThat(most).isLessThanOrEqualTo(budgetHolds);
            long deadline = System.nanoTime() + IDLE.plusSeconds(10).toNanos();
            while (!registry.openNames().isEmpty() && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertThat(registry.openNames()).as("idle workspaces close").isEmpty();
            HttpCalls calls = new HttpCalls(server, "ws0000");
            String metrics = calls.get("/metrics").body();
            assertThat(metric(metrics, "tq_workspaces_served")).isEqualTo(count);
            assertThat(metric(metrics, "tq_workspaces_open")).isZero();
            assertThat(metric(metrics, "tq_workspace_opens_total")).isGreaterThanOrEqualTo(budgetHolds);
            assertThat(metric(metrics, "tq_workspace_budget_closes_total"))
                    .as("300 requests over 2,000 workspaces, 20 open at most")
                    .isPositive();
            assertThat(metric(metrics, "tq_workspace_idle_closes_total")).isPositive();
            assertThat(metric(metrics, "tq_workspace_opens_total"))
                    .as("every open workspace was closed, when idle or for room")
                    .isEqualTo(metric(metrics, "tq_workspace_idle_closes_total")
                            + metric(metrics, "tq_workspace_budget_closes_total"));
            HttpResponse<String> unknown = calls.get("/v1/workspaces/nope/files");
            assertThat(unknown.statusCode()).isEqualTo(404);
            assertThat(unknown.body())
                    .as("an unknown name is answered without a list of two thousand others")
                    .contains("serves 2,000 workspaces")
                    .doesNotContain("ws0001");
            System.out.printf(
                    "lifecycle: %,d workspaces served in %d ms; at most %d open of %d allowed%n",
                    count, startMillis, most, budgetHolds);
        }
    }

    @Test
    void manyClientsAskingForOneColdWorkspaceOpenItOnce() throws Exception {
        Path root = dir.resolve("root");
        copies(root, 1);
        try (WorkspaceRegistry registry = new WorkspaceRegistry(root, OPTIONS, WorkspaceLifecycle.KEEP_OPEN)) {
            registry.serve(root.resolve("ws0000"));
            int clients = 32;
            CyclicBarrier barrier = new CyclicBarrier(clients);
            ExecutorService pool = Executors.newFixedThreadPool(clients);
            Set<Workspace> seen = Collections.newSetFromMap(new IdentityHashMap<>());
            List<Future<?>> calls = new ArrayList<>();
            for (int i = 0; i < clients; i++) {
                calls.add(pool.submit(() -> {
                    barrier.await();
                    try (WorkspaceRegistry.Lease lease = registry.lease("ws0000")) {
                        synchronized (seen) {
                            seen.add(lease.workspace());
                        }
                        assertThat(lease.workspace().catalog().tables()).hasSize(1);
                    }
                    return null;
                }));
            }
            for (Future<?> call : calls) {
                call.get();
            }
            pool.shutdown();
            assertThat(seen).hasSize(1);
        }
    }

    @Test
    void aFullBudgetMakesARequestWaitThenRefusesIt() throws Exception {
        Path root = dir.resolve("root");
        copies(root, 3);
        try (WorkspaceRegistry registry = new WorkspaceRegistry(
                root, OPTIONS, new WorkspaceLifecycle(Duration.ZERO, RESERVATION * 2, Duration.ofMillis(300)))) {
            for (int i = 0; i < 3; i++) {
                registry.serve(root.resolve("ws%04d".formatted(i)));
            }
            WorkspaceRegistry.Lease first = registry.lease("ws0000");
            try (WorkspaceRegistry.Lease second = registry.lease("ws0001")) {
                assertThatThrownBy(() -> registry.lease("ws0002"))
                        .isInstanceOf(EngineException.class)
                        .hasMessageContaining("within the memory budget")
                        .extracting(e -> ((EngineException) e).getErrorCode().name())
                        .isEqualTo("TOO_MANY_REQUESTS");
                assertThat(registry.activity().refusals()).isEqualTo(1);
                first.close();
                try (WorkspaceRegistry.Lease third = registry.lease("ws0002")) {
                    assertThat(third.workspace().catalog().files()).hasSize(1);
                }
                assertThat(registry.openNames()).containsExactlyInAnyOrder("ws0001", "ws0002");
            }
        }
    }

    @Test
    void uploadsRacingTheIdleCloseAreNeverLost() throws Exception {
        Path root = dir.resolve("root");
        copies(root, 1);
        WorkspaceRegistry registry = new WorkspaceRegistry(
                root, OPTIONS, new WorkspaceLifecycle(Duration.ofMillis(1), 0, Duration.ofSeconds(10)));
        registry.serve(root.resolve("ws0000"));
        Path csv = dir.resolve("more.csv");
        Files.writeString(csv, "a,b\n1,2\n");
        try (TqServer server = TqServer.start(registry, TestServers.SETTINGS, dir.resolve("spool"))) {
            HttpCalls calls = new HttpCalls(server, "ws0000");
            HttpClient http = HttpClient.newHttpClient();
            int uploads = 12;
            for (int i = 0; i < uploads; i++) {
                HttpResponse<String> answer = http.send(
                        HttpRequest.newBuilder(
                                        URI.create("http://127.0.0.1:" + server.port() + "/v1/workspaces/ws0000/files"))
                                .header("Content-Type", Multipart.contentType())
                                .POST(new Multipart()
                                        .file("file", "more-" + i + ".csv", csv)
                                        .body())
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
                assertThat(answer.statusCode()).as(answer.body()).isEqualTo(201);
                Thread.sleep(i % 3 == 0 ? 30 : 0);
            }
            JsonNode files = JsonCodec.mapper()
                    .readTree(calls.get("/v1/workspaces/ws0000/files").body())
                    .path("files");
            assertThat(files.size()).isEqualTo(uploads + 1);
        }
    }

    /** Workspaces ws0000... under a root, each a copy of one holding orders.csv, its DuckDB copy left to be made. */
    /** A metric's value in the Prometheus text. */
    private static double metric(String exposition, String name) {
        return exposition
                .lines()
                .filter(line -> line.startsWith(name + " ") || line.startsWith(name + "{"))
                .mapToDouble(line -> Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1)))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no metric " + name + " in:\n" + exposition));
    }

    private void copies(Path root, int count) throws IOException {
        Path template = dir.resolve("template");
        Path csv = dir.resolve("orders.csv");
        Files.writeString(csv, "id,city,amount\n1,Paris,10\n2,Lyon,20\n");
        try (Workspace workspace = Workspace.open(template)) {
            workspace.ingest(csv);
        }
        Files.deleteIfExists(template.resolve("tables.duckdb"));
        Files.deleteIfExists(template.resolve("tables.duckdb.wal"));
        Files.createDirectories(root);
        for (int i = 0; i < count; i++) {
            PathUtils.copyDirectory(template, root.resolve("ws%04d".formatted(i)));
        }
        PathUtils.delete(template);
    }
}

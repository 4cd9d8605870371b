package io.tablequery.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.management.OperatingSystemMXBean;
import io.tablequery.engine.json.JsonCodec;
import io.tablequery.engine.skill.SkillSettings;
import io.tablequery.engine.workspace.Workspace;
import java.lang.management.ManagementFactory;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The server's time limit and admission limits, through HTTP on a real server. */
class LimitsTest {
    private static final String RUNAWAY_SQL = "SELECT count(*) AS n FROM \"big\" a, \"big\" b, \"big\" c"
            + " WHERE (a.\"id\" * 7 + b.\"id\" * 13 + c.\"id\") % 1000003 = 17";

    @TempDir
    Path dir;

    private TqServer server;
    private HttpCalls calls;

    private void start(ServerLimits limits) throws Exception {
        start(limits, Duration.ofSeconds(2));
    }

    private void start(ServerLimits limits, Duration queryTimeout) throws Exception {
        Workspace workspace = Workspace.open(dir.resolve("data/w"));
        StringBuilder csv = new StringBuilder("id,name\n");
        for (int i = 1; i <= 3000; i++) {
            csv.append(i).append(",n").append(i).append('\n');
        }
        Files.writeString(dir.resolve("big.csv"), csv);
        workspace.ingest(dir.resolve("big.csv"));
        WorkspaceRegistry registry = new WorkspaceRegistry();
        registry.add(workspace);
        server = TqServer.start(
                registry,
                new ServerSettings(
                        "127.0.0.1",
                        0,
                        1 << 20,
                        1 << 20,
                        SkillSettings.DEFAULTS.withQueryTimeout(queryTimeout),
                        limits),
                dir);
        calls = new HttpCalls(server, "w");
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void cancelsRunawayQueriesOnEitherEngineWithinThreeSecondsAndServesTheNext() throws Exception {
        start(ServerLimits.DEFAULTS);
        for (String engine : List.of("sqlite", "duckdb")) {
            long started = System.nanoTime();
            HttpResponse<String> runaway = post("run-sql", runSql(RUNAWAY_SQL, engine));
            Duration took = Duration.ofNanos(System.nanoTime() - started);
            assertThat(JsonCodec.mapper().readTree(runaway.body()).path("code").asText())
                    .as("%s: %s", engine, runaway.body())
                    .isEqualTo("QUERY_TIMEOUT");
            assertThat(took).as("run-sql on %s cancelled", engine).isLessThan(Duration.ofSeconds(3));
            assertThat(post("run-sql", runSql("SELECT count(*) AS n FROM \"big\"", engine))
                            .statusCode())
                    .isEqualTo(200);
        }
        long started = System.nanoTime();
        JsonNode tool = JsonCodec.mapper()
                .readTree(post(
                                "tools/queryDuckDB",
                                Map.of(
                                        "query",
                                        "SELECT count(*) FROM range(100000000000) a, range(1000) b"
                                                + " WHERE a.range * b.range = -1"))
                        .body());
        assertThat(tool.path("code").asText()).isEqualTo("QUERY_TIMEOUT");
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(3));
        assertThat(post("tools/queryDuckDB", Map.of("query", "SELECT count(*) AS n FROM big"))
                        .body())
                .contains("\"n\":3000");
    }

    @Test
    void answers429WhenEverySlotIsTakenAndTheQueueIsFull() throws Exception {
        start(new ServerLimits(1, 1, 100_000, 1, 0, Duration.ZERO, 1));
        CompletableFuture<HttpResponse<String>> slow = startRunaway();
        HttpResponse<String> refused = post("tools/getTableList", Map.of());
        assertThat(refused.statusCode()).as(refused.body()).isEqualTo(429);
        assertThat(refused.headers().firstValue("Retry-After")).hasValue("1");
        assertThat(JsonCodec.mapper().readTree(refused.body()).path("code").asText())
                .isEqualTo("TOO_MANY_REQUESTS");
        assertThat(slow.get().body()).contains("QUERY_TIMEOUT");
        assertThat(post("tools/getTableList", Map.of()).statusCode()).isEqualTo(200);
    }

    @Test
    void queuesARequestUntilASlotFrees() throws Exception {
        start(new ServerLimits(1, 1, 100_000, 1, 4, Duration.ofSeconds(10), 1));
        CompletableFuture<HttpResponse<String>> slow = startRunaway();
        long started = System.nanoTime();
        HttpResponse<String> queued = post("tools/getTableList", Map.of());
        assertThat(queued.statusCode()).isEqualTo(200);
        assertThat(Duration.ofNanos(System.nanoTime() - started))
                .as("it waited for the runaway query's slot")
                .isGreaterThan(Duration.ofMillis(500));
        assertThat(slow.get().body()).contains("QUERY_TIMEOUT");
    }

    @Test
    void givesLargeQueriesSlotsOfTheirOwnSoSmallOnesPassThem() throws Exception {
        start(new ServerLimits(2, 1, 1_000, 4, 4, Duration.ofSeconds(10), 1));
        CompletableFuture<HttpResponse<String>> runaway = startRunaway();
        long started = System.nanoTime();
        CompletableFuture<HttpResponse<String>> large = CompletableFuture.supplyAsync(
                () -> postUnchecked("tools/queryDuckDB", Map.of("query", "SELECT count(*) AS n FROM big")));
        HttpResponse<String> small = post("tools/queryDuckDB", Map.of("query", "SELECT 42 AS answer"));
        Duration smallTook = Duration.ofNanos(System.nanoTime() - started);
        assertThat(small.body()).contains("\"answer\":42");
        assertThat(large.get().body()).contains("\"n\":3000");
        Duration largeTook = Duration.ofNanos(System.nanoTime() - started);
        assertThat(runaway.get().body()).contains("QUERY_TIMEOUT");
        assertThat(smallTook)
                .as("the small query took the free slot beside the runaway one")
                .isLessThan(Duration.ofMillis(1000));
        assertThat(largeTook)
                .as("the second query over big waited for the only large-query slot")
                .isGreaterThan(Duration.ofMillis(1000));
    }

    @Test
    void stoppingCancelsTheRunningCallsOnEitherEngineAndAnswersThemSo() throws Exception {
        start(ServerLimits.DEFAULTS, Duration.ofMinutes(5));
        List<CompletableFuture<HttpResponse<String>>> running = List.of(
                CompletableFuture.supplyAsync(() -> postUnchecked("run-sql", runSql(RUNAWAY_SQL, "sqlite"))),
                CompletableFuture.supplyAsync(() -> postUnchecked("run-sql", runSql(RUNAWAY_SQL, "duckdb"))),
                CompletableFuture.supplyAsync(() -> postUnchecked(
                        "tools/queryDuckDB",
                        Map.of(
                                "query",
                                "SELECT count(*) FROM range(100000000000) a, range(1000) b"
                                        + " WHERE a.range * b.range = -1"))));
        Thread.sleep(1500);
        long stopping = System.nanoTime();
        server.close();
        server = null;
        assertThat(Duration.ofNanos(System.nanoTime() - stopping))
                .as("the server stopped without waiting for its runaway calls' five-minute limit")
                .isLessThan(Duration.ofSeconds(4));
        for (CompletableFuture<HttpResponse<String>> call : running) {
            HttpResponse<String> answer = call.get(10, TimeUnit.SECONDS);
            assertThat(JsonCodec.mapper().readTree(answer.body()).path("code").asText())
                    .as(answer.body())
                    .isEqualTo("CANCELLED");
            assertThat(answer.statusCode()).isEqualTo(answer.uri().getPath().endsWith("run-sql") ? 503 : 200);
        }
        OperatingSystemMXBean os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        long cpu = os.getProcessCpuTime();
        Thread.sleep(2000);
        assertThat(Duration.ofNanos(os.getProcessCpuTime() - cpu))
                .as("no query runs on after the server stopped")
                .isLessThan(Duration.ofMillis(1000));
    }

    /** Starts the runaway SQLite plan on another thread and gives it half a second to take its slots. */
    private CompletableFuture<HttpResponse<String>> startRunaway() throws InterruptedException {
        CompletableFuture<HttpResponse<String>> runaway =
                CompletableFuture.supplyAsync(() -> postUnchecked("run-sql", runSql(RUNAWAY_SQL, "sqlite")));
        Thread.sleep(500);
        return runaway;
    }

    private static Map<String, Object> runSql(String select, String engine) {
        return HttpCalls.runSql("CREATE TEMP TABLE \"r\" AS " + select, "r", "big", engine);
    }

    private HttpResponse<String> postUnchecked(String route, Object body) {
        try {
            return post(route, body);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private HttpResponse<String> post(String route, Object body) throws Exception {
        return calls.post(route, body);
    }
}

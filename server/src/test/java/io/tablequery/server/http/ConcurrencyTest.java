package io.tablequery.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.tablequery.engine.json.JsonCodec;
import io.tablequery.engine.skill.SkillSettings;
import io.tablequery.engine.workspace.Workspace;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Readers on both engines and both tool families while uploads replace the file they read, over HTTP: each answer is
 * one whole version of the table, never a mix, never an error.
 */
class ConcurrencyTest {
    private static final int READERS = 8;
    private static final int REPLACEMENTS = 6;

    @TempDir
    Path dir;

    private TqServer server;
    private HttpCalls calls;
    private final HttpClient client = HttpClient.newHttpClient();

    @BeforeEach
    void start() throws Exception {
        WorkspaceRegistry registry = new WorkspaceRegistry();
        registry.add(Workspace.open(dir.resolve("data/w")));
        server = TqServer.start(
                registry,
                new ServerSettings(
                        "127.0.0.1",
                        0,
                        1 << 24,
                        1 << 20,
                        SkillSettings.DEFAULTS,
                        new ServerLimits(
                                READERS + 2,
                                READERS + 2,
                                100_000,
                                READERS + 4,
                                64,
                                java.time.Duration.ofSeconds(30),
                                2)),
                dir);
        calls = new HttpCalls(server, "w");
        upload(1);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    /** Version v has 1,000 × v rows, every one saying v. */
    private void upload(int version) throws Exception {
        StringBuilder csv = new StringBuilder("id,version\n");
        for (int i = 1; i <= 1000 * version; i++) {
            csv.append(i).append(',').append(version).append('\n');
        }
        Path file = dir.resolve("v" + version + "/stock.csv");
        Files.createDirectories(file.getParent());
        Files.writeString(file, csv);
        HttpResponse<String> response = client.send(
                HttpRequest.newBuilder(URI.create(base() + "/v1/workspaces/w/files"))
                        .header("Content-Type", Multipart.contentType())
                        .POST(new Multipart().file("file", "stock.csv", file).body())
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(201);
    }

    @Test
    void readersSeeTheOldOrTheNewVersionNeverHalfAndNeverAnError() throws Exception {
        AtomicBoolean done = new AtomicBoolean();
        AtomicInteger answers = new AtomicInteger();
        Set<String> seen = ConcurrentHashMap.newKeySet();
        List<String> problems = new ArrayList<>();
        ExecutorService readers = Executors.newFixedThreadPool(READERS);
        List<Future<?>> running = new ArrayList<>();
        for (int r = 0; r < READERS; r++) {
            int reader = r;
            running.add(readers.submit(() -> {
                while (!done.get()) {
                    try {
                        String version =
                                reader % 3 == 0 ? viaQueryDuckDb() : viaRunSql(reader % 3 == 1 ? "sqlite" : "duckdb");
                        seen.add(version);
                        answers.incrementAndGet();
                    } catch (Exception | AssertionError e) {
                        synchronized (problems) {
                            problems.add(String.valueOf(e.getMessage()));
                        }
                    }
                }
                return null;
            }));
        }
        for (int i = 0; i < REPLACEMENTS; i++) {
            upload(2 + i % 2);
        }
        done.set(true);
        for (Future<?> future : running) {
            future.get();
        }
        readers.shutdown();
        assertThat(problems).as("readers' failures").isEmpty();
        assertThat(answers.get()).isGreaterThan(READERS);
        assertThat(seen).as("whole versions seen").isSubsetOf("1", "2", "3").hasSizeGreaterThanOrEqualTo(2);
    }

    /** One read through queryDuckDB; fails unless the rows are one whole version. */
    private String viaQueryDuckDb() throws Exception {
        JsonNode body = JsonCodec.mapper()
                .readTree(post(
                                "tools/queryDuckDB",
                                Map.of(
                                        "query",
                                        "SELECT min(version) AS lo, max(version) AS hi, count(*) AS n FROM stock"))
                        .body());
        assertThat(body.path("success").asBoolean()).as(body.toString()).isTrue();
        JsonNode row = body.at("/rows/0");
        return whole(
                row.get("lo").asLong(), row.get("hi").asLong(), row.get("n").asLong());
    }

    /** One read through run-sql on an engine; fails unless the rows are one whole version. */
    private String viaRunSql(String engine) throws Exception {
        HttpResponse<String> response = post(
                "run-sql",
                HttpCalls.runSql(
                        "CREATE TEMP TABLE \"v\" AS SELECT min(\"version\") AS lo, max(\"version\") AS hi,"
                                + " count(*) AS n FROM \"stock\"",
                        "v",
                        "stock",
                        engine));
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        JsonNode row = JsonCodec.mapper().readTree(response.body()).at("/results/0/rows/0");
        return whole(row.get(0).asLong(), row.get(1).asLong(), row.get(2).asLong());
    }

    private static String whole(long lo, long hi, long rows) {
        assertThat(lo).as("one version").isEqualTo(hi);
        assertThat(rows).as("all of version %d", lo).isEqualTo(1000 * lo);
        return Long.toString(lo);
    }

    private String base() {
        return "http://127.0.0.1:" + server.port();
    }

    private HttpResponse<String> post(String route, Object body) throws Exception {
        return calls.post(route, body);
    }
}

package io.tablequery.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablequery.engine.workspace.Workspace;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Prometheus metrics at /metrics, by tool, engine and outcome; the request log's line. */
class ObservabilityTest {
    @TempDir
    Path dir;

    private TqServer server;
    private HttpCalls calls;

    @BeforeEach
    void start() throws Exception {
        Workspace workspace = Workspace.open(dir.resolve("data/shop"));
        Files.writeString(dir.resolve("sales.csv"), "city,amount\nParis,10\nRome,20\n");
        workspace.ingest(dir.resolve("sales.csv"));
        server = TestServers.serve(workspace, dir);
        calls = new HttpCalls(server, "shop");
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void countsAndTimesRequestsByToolEngineAndOutcome() throws Exception {
        for (String engine : List.of("sqlite", "duckdb", "sqlite")) {
            assertThat(post(
                                    "run-sql",
                                    HttpCalls.runSql(
                                            "CREATE TEMP TABLE \"t\" AS SELECT \"city\" FROM \"sales\"",
                                            "t",
                                            "sales",
                                            engine))
                            .statusCode())
                    .isEqualTo(200);
        }
        assertThat(post("tools/queryDuckDB", Map.of("query", "SELECT 1")).statusCode())
                .isEqualTo(200);
        assertThat(post("run-sql", Map.of("plan", "nonsense")).statusCode()).isEqualTo(400);

        String metrics = calls.get("/metrics").body();
        assertThat(metrics)
                .contains("tq_request_seconds_count{engine=\"sqlite\",outcome=\"ok\",tool=\"run-sql\"} 2")
                .contains("tq_request_seconds_count{engine=\"duckdb\",outcome=\"ok\",tool=\"run-sql\"} 1")
                .contains("tq_request_seconds_count{engine=\"duckdb\",outcome=\"ok\",tool=\"tools/queryDuckDB\"} 1")
                .contains("tq_request_seconds_count{engine=\"none\",outcome=\"client_error\",tool=\"run-sql\"} 1")
                .contains("tq_request_seconds_bucket{engine=\"sqlite\",outcome=\"ok\",tool=\"run-sql\",le=\"+Inf\"} 2");
    }

    @Test
    void writesOneKeyValueLinePerRequest() {
        assertThat(RequestObserver.line("shop", "run-sql", "sqlite", 12L, 3_456_000, 200, "ok"))
                .isEqualTo("workspace=shop tool=run-sql engine=sqlite rows=12 ms=3.5 status=200 outcome=ok");
        assertThat(RequestObserver.tool("/v1/workspaces/{ws}/tools/{toolName}", Map.of("toolName", "chart")))
                .isEqualTo("tools/chart");
        assertThat(RequestObserver.outcome(429)).isEqualTo("overloaded");
        assertThat(RequestObserver.outcome(403)).isEqualTo("denied");
    }

    private HttpResponse<String> post(String route, Object body) throws Exception {
        return calls.post(route, body);
    }
}

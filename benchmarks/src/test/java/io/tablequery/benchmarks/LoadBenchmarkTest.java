package io.tablequery.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A short run of the load benchmark, so that the harness cannot rot; the full run is {@code tq bench load}. */
class LoadBenchmarkTest {
    @TempDir
    Path dir;

    @Test
    void drivesTheMixWithJavasClient() throws Exception {
        drivesTheMixWithoutErrors(LoadBenchmark.Client.JAVA);
    }

    @Test
    void drivesTheMixWithWrk() throws Exception {
        assumeTrue(WrkLoad.find().isPresent(), "wrk is not installed");
        drivesTheMixWithoutErrors(LoadBenchmark.Client.WRK);
    }

    @Test
    void quotesAnyBodyAsALuaLongString() {
        LoadBenchmark.Call tricky = new LoadBenchmark.Call("x", true, 100, "run-sql", "{\"q\":\"a]]b]=]c\"}");
        String script = WrkLoad.script(URI.create("http://127.0.0.1:1/v1/workspaces/w/"), List.of(tricky));
        assertThat(script).contains("[==[{\"q\":\"a]]b]=]c\"}]==]").contains("[[/v1/workspaces/w/run-sql]]");
    }

    @Test
    void countsTheServersAnsweredRequestsButNotItsScrapes() {
        String exposition = """
                # HELP tq_request_seconds time to answer a request
                tq_request_seconds_count{engine="duckdb",outcome="ok",tool="tools/queryDuckDB"} 71644
                tq_request_seconds_sum{engine="duckdb",outcome="ok",tool="tools/queryDuckDB"} 80.5
                tq_request_seconds_count{engine="none",outcome="client_error",tool="search-tables"} 3
                tq_request_seconds_count{engine="none",outcome="ok",tool="/metrics"} 9
                """;
        assertThat(ServerCount.count(exposition)).isEqualTo(71_647);
    }

    private void drivesTheMixWithoutErrors(LoadBenchmark.Client client) throws Exception {
        Path home = Path.of(System.getProperty("tq.repository", ".."));
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        LoadBenchmark.Result result = LoadBenchmark.run(
                new LoadBenchmark.Settings(
                        8, 4, 2, 5_000, 2, client, client == LoadBenchmark.Client.JAVA, home, dir, null),
                new PrintStream(log, true, StandardCharsets.UTF_8));
        assertThat(result.requestsPerSecond()).isPositive();
        assertThat(result.unanswered()).isZero();
        assertThat(result.residentAfterMb()).isPositive();
        assertThat(result.requestsPerSecondByQuarter()).hasSize(4).allSatisfy(rate -> assertThat(rate)
                .isPositive());
        assertThat(result.calls()).hasSize(LoadBenchmark.calls().size());
        assertThat(result.calls())
                .allSatisfy(call -> assertThat(call.errors()).as(call.name()).isZero());
        assertThat(result.calls().get(0).requests()).isPositive();
        assertThat(log.toString(StandardCharsets.UTF_8)).contains("requests per second");
        assertThat(result.cpuMillisPerRequest()).isPositive();
        if (client == LoadBenchmark.Client.JAVA) {
            // With the audit log on: every measured request wrote its line (a few more in flight at the edges).
            assertThat(result.auditLines()).isGreaterThan(0);
            assertThat(result.auditDropped()).isZero();
        }
    }
}

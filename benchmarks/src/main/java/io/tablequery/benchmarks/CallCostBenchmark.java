package io.tablequery.benchmarks;

import io.tablequery.dialects.translate.Translation;
import io.tablequery.engine.plan.PlanParser;
import io.tablequery.engine.skill.PlanEngine;
import io.tablequery.engine.skill.RunSqlRequest;
import io.tablequery.engine.skill.SkillSettings;
import io.tablequery.engine.skill.TableQuerySkill;
import io.tablequery.engine.workspace.Workspace;
import io.tablequery.engine.workspace.WorkspaceOptions;
import io.tablequery.server.http.ServerLimits;
import io.tablequery.server.http.ServerSettings;
import io.tablequery.server.http.TqServer;
import io.tablequery.server.http.WorkspaceRegistry;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What each small call of the load mix costs the server in CPU, driven alone, beside what the engine's own work for
 * the same call costs: the same query run directly over JDBC on the workspace's SQLite or DuckDB in a loop. The
 * server runs in this JVM and wrk in its own process, so this process's CPU time over the measured seconds, divided
 * by the requests answered, is the server's cost per call; the raw loop is measured the same way.
 */
final class CallCostBenchmark {
    private static final String RUN_SQL_SELECT =
            "SELECT \"city\", count(*) AS n, round(sum(\"total\"), 2) AS revenue FROM \"orders\" GROUP BY \"city\"";
    private static final String QUERY_DUCKDB =
            "SELECT status, count(*) AS n FROM orders GROUP BY status ORDER BY n DESC";

    /**
     * What to run.
     *
     * @param clients wrk's connections
     * @param seconds measured seconds per call
     * @param warmUpSeconds unmeasured seconds per call before them
     * @param home the repository, for the sample files
     * @param data where inputs are generated
     * @param results where the report goes, or null
     */
    record Settings(int clients, int seconds, int warmUpSeconds, Path home, Path data, Path results) {}

    /**
     * One call's costs.
     *
     * @param call the call
     * @param requestsPerSecond requests answered per second, driven alone
     * @param serverCpuMillis the server's CPU per request
     * @param rawCpuMillis the engine's own work for the same call, CPU per query, or -1 where the call has none
     * @param raw what the raw work is
     */
    record Cost(String call, double requestsPerSecond, double serverCpuMillis, double rawCpuMillis, String raw) {}

    /**
     * The report.
     *
     * @param machine where it ran
     * @param costs each call's costs
     */
    record Result(Map<String, String> machine, List<Cost> costs) {}

    /**
     * A call of the mix, with the engine work that answers it.
     *
     * @param call the call
     * @param engine the engine of the raw work, or null where the call has none
     * @param sql the raw work's query, or null
     * @param shown what the report says the raw work is
     */
    private record Measured(LoadBenchmark.Call call, String engine, String sql, String shown) {}

    private CallCostBenchmark() {}

    static Result run(Settings settings, PrintStream log) throws Exception {
        System.setProperty("org.slf4j.simpleLogger.log.tq.request", "warn");
        Path wrk = WrkLoad.find().orElseThrow(() -> new IOException("wrk is not installed: apt-get install wrk"));
        LoadBenchmark.Settings load = LoadBenchmark.Settings.defaults(settings.home(), settings.data(), null);
        Path directory = LoadBenchmark.workspace(
                new LoadBenchmark.Settings(
                        load.clients(),
                        load.seconds(),
                        load.warmUpSeconds(),
                        1000,
                        load.largeQueries(),
                        load.client(),
                        false,
                        settings.home(),
                        settings.data(),
                        null),
                log);
        WorkspaceRegistry registry = new WorkspaceRegistry();
        Workspace workspace = Workspace.open(directory, WorkspaceOptions.SERVED);
        workspace.awaitMeanings(Duration.ofMinutes(10));
        registry.add(workspace);
        List<Measured> calls = calls(new TableQuerySkill(workspace, SkillSettings.DEFAULTS));
        List<Cost> costs = new ArrayList<>();
        try (TqServer server = TqServer.start(
                registry,
                new ServerSettings("127.0.0.1", 0, 1 << 20, 1 << 20, SkillSettings.DEFAULTS, ServerLimits.DEFAULTS),
                settings.data())) {
            URI base = URI.create("http://127.0.0.1:" + server.port() + "/v1/workspaces/load/");
            for (Measured measured : calls) {
                List<LoadBenchmark.Call> alone = List.of(measured.call());
                WrkLoad.drive(wrk, base, alone, settings.clients(), settings.warmUpSeconds(), settings.data());
                long cpu = processCpuNanos();
                long start = System.nanoTime();
                LoadBenchmark.Samples samples =
                        WrkLoad.drive(wrk, base, alone, settings.clients(), settings.seconds(), settings.data());
                double serverCpu =
                        (processCpuNanos() - cpu) / 1e6 / samples.samples().size();
                long errors = samples.samples().stream()
                        .filter(sample -> sample[2] != 0)
                        .count();
                if (errors > 0 || samples.unanswered() > 0) {
                    throw new IllegalStateException("%s: %d errors and %d unanswered of %d requests"
                            .formatted(
                                    measured.call().name(),
                                    errors,
                                    samples.unanswered(),
                                    samples.samples().size()));
                }
                double rate = samples.samples().size() / ((System.nanoTime() - start) / 1e9);
                double raw = measured.sql() == null ? -1 : raw(workspace, measured, settings.seconds());
                Cost cost = new Cost(measured.call().name(), rate, serverCpu, raw, measured.shown());
                costs.add(cost);
                log.printf(
                        Locale.ROOT,
                        "%s: %.0f requests/s, server %.3f ms CPU per request, raw %.3f ms%n",
                        cost.call(),
                        cost.requestsPerSecond(),
                        cost.serverCpuMillis(),
                        cost.rawCpuMillis());
            }
        } finally {
            workspace.close();
        }
        Result result = new Result(Machine.describe(), costs);
        if (settings.results() != null) {
            Reports.write(settings.results(), "calls", markdown(result, settings), result);
        }
        return result;
    }

    /** The load mix's small calls, and run-sql's on DuckDB, each with its engine work. */
    private static List<Measured> calls(TableQuerySkill skill) {
        List<Measured> calls = new ArrayList<>();
        for (LoadBenchmark.Call call : LoadBenchmark.calls()) {
            if (!call.small()) {
                continue;
            }
            if (call.route().equals("run-sql")) {
                calls.add(new Measured(call, "sqlite", RUN_SQL_SELECT, "sqlite: " + RUN_SQL_SELECT));
                LoadBenchmark.Call onDuckDb = new LoadBenchmark.Call(
                        "run-sql duckdb (samples)",
                        true,
                        100,
                        "run-sql",
                        call.body().replace("}]}}", "}]},\"engine\":\"duckdb\"}"));
                String translated =
                        ((Translation.Translated) skill.translate(RUN_SQL_SELECT, TableQuerySkill.ENGINE_SUMS)).sql();
                checkRuns(skill, onDuckDb);
                calls.add(new Measured(
                        onDuckDb, "duckdb", translated, "duckdb: the same SELECT as translated for run-sql"));
            } else if (call.route().equals("tools/queryDuckDB")) {
                calls.add(new Measured(call, "duckdb", QUERY_DUCKDB, "duckdb: " + QUERY_DUCKDB));
            } else {
                calls.add(new Measured(call, null, null, ""));
            }
        }
        return calls;
    }

    /** Makes sure the DuckDB variant of run-sql's body is a plan the skill runs there. */
    private static void checkRuns(TableQuerySkill skill, LoadBenchmark.Call call) {
        String plan = call.body().substring("{\"plan\":".length(), call.body().indexOf(",\"engine\""));
        skill.runSql(new RunSqlRequest(PlanParser.parse(plan), null, null, PlanEngine.DUCKDB));
    }

    /** The engine's own work for a call: its query over JDBC in a loop, CPU per query. */
    private static double raw(Workspace workspace, Measured measured, int seconds) throws SQLException {
        try (Connection connection =
                measured.engine().equals("sqlite") ? workspace.openSqliteReader() : workspace.openDuckDb()) {
            for (int i = 0; i < 200; i++) {
                TextRows.read(connection, measured.sql());
            }
            long cpu = processCpuNanos();
            long end = System.nanoTime() + seconds * 1_000_000_000L;
            long queries = 0;
            while (System.nanoTime() < end) {
                TextRows.read(connection, measured.sql());
                queries++;
            }
            return (processCpuNanos() - cpu) / 1e6 / queries;
        }
    }

    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    static String markdown(Result result, Settings settings) {
        StringBuilder out = new StringBuilder();
        out.append("# What a small call costs the server, ")
                .append(LocalDate.now())
                .append("\n\n");
        out.append("Machine: ").append(result.machine()).append("\n\n");
        out.append("Reproduce: `./tq bench calls --clients ")
                .append(settings.clients())
                .append(" --seconds ")
                .append(settings.seconds())
                .append(" --warm-up ")
                .append(settings.warmUpSeconds())
                .append("`\n\n");
        out.append(
                "Each call driven alone by wrk on a server in the benchmark's JVM, after its warm-up: the process's CPU"
                        + " time over the measured seconds per request answered. *Raw* is the engine's own work for the same"
                        + " call, its query run directly over JDBC on the workspace's copy in a loop (CPU per query), where the"
                        + " call has one.\n\n");
        out.append("| call | requests/s | server CPU per request | raw engine CPU | server / raw | raw query |\n");
        out.append("|---|---:|---:|---:|---:|---|\n");
        for (Cost cost : result.costs()) {
            out.append(String.format(
                    Locale.ROOT,
                    "| %s | %.0f | %.3f ms | %s | %s | %s |%n",
                    cost.call(),
                    cost.requestsPerSecond(),
                    cost.serverCpuMillis(),
                    cost.rawCpuMillis() < 0 ? "-" : String.format(Locale.ROOT, "%.3f ms", cost.rawCpuMillis()),
                    cost.rawCpuMillis() < 0
                            ? "-"
                            : String.format(Locale.ROOT, "%.2f×", cost.serverCpuMillis() / cost.rawCpuMillis()),
                    cost.raw().isEmpty() ? "-" : "`" + cost.raw().replace("|", "\\|") + "`"));
        }
        return out.toString();
    }
}

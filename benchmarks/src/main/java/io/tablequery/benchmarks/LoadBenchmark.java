package io.tablequery.benchmarks;

import io.tablequery.engine.ingest.IngestListener;
import io.tablequery.engine.skill.SkillSettings;
import io.tablequery.engine.workspace.Workspace;
import io.tablequery.engine.workspace.WorkspaceOptions;
import io.tablequery.server.audit.AuditLog;
import io.tablequery.server.audit.AuditSettings;
import io.tablequery.server.auth.AuthMode;
import io.tablequery.server.auth.KeyStore;
import io.tablequery.server.http.ServerLimits;
import io.tablequery.server.http.ServerSettings;
import io.tablequery.server.http.TqServer;
import io.tablequery.server.http.WorkspaceRegistry;
import java.io.IOException;
import java.io.PrintStream;
import java.io.Writer;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;

/**
 * Many clients against one server on loopback: a weighted mix of search-tables, get-schemas, run-sql and queryDuckDB
 * on the sample files, and a few aggregations over a large generated table. Every client sends its next request when
 * the last is answered. Reports requests per second, p50 and p99 per call, errors, and the heap before and after.
 */
final class LoadBenchmark {
    /**
     * What to run.
     *
     * @param clients concurrent clients
     * @param seconds measured duration
     * @param warmUpSeconds load before the measured time, unmeasured: a fresh server answers a third as many requests
     *     in its first quarter minute under this load and settles only after a minute or more
     * @param tableRows rows of the large table
     * @param largeQueries the server's large-query slots per workspace
     * @param client what sends the requests
     * @param audit whether the server writes its audit log (to a directory under {@code data})
     * @param home the repository, for the sample files
     * @param data where inputs are generated
     * @param results where the report goes, or null
     */
    record Settings(
            int clients,
            int seconds,
            int warmUpSeconds,
            int tableRows,
            int largeQueries,
            Client client,
            boolean audit,
            Path home,
            Path data,
            Path results) {
        static Settings defaults(Path home, Path data, Path results) {
            return new Settings(
                    64,
                    120,
                    90,
                    1_000_000,
                    ServerLimits.DEFAULTS.largeQueriesPerWorkspace(),
                    WrkLoad.find().isPresent() ? Client.WRK : Client.JAVA,
                    false,
                    home,
                    data,
                    results);
        }
    }

    /** What sends the requests. */
    enum Client {
        /** {@code wrk} in a process of its own, one connection per thread. */
        WRK,
        /** Java's HTTP client in the server's JVM, one thread per client. */
        JAVA
    }

    /**
     * What the clients saw.
     *
     * @param samples each answered request as {call, nanos, error}
     * @param unanswered requests that got no answer at all (connection errors, timeouts)
     */
    record Samples(List<long[]> samples, long unanswered) {}

    /**
     * One kind of call.
     *
     * @param name the name in the report
     * @param small whether it is one of the small calls the p99 goal is for
     * @param weight its share of the mix, in percent
     * @param route the route under the workspace
     * @param body the JSON body
     */
    record Call(String name, boolean small, int weight, String route, String body) {}

    /**
     * A call's numbers.
     *
     * @param name the call
     * @param requests requests answered in the measured time
     * @param errors requests not answered with 200
     * @param p50Millis median latency
     * @param p99Millis 99th-percentile latency
     */
    record CallResult(String name, long requests, long errors, double p50Millis, double p99Millis) {}

    /**
     * The outcome.
     *
     * @param machine where it ran
     * @param settings what ran
     * @param requestsPerSecond all requests answered per second
     * @param unanswered requests that got no answer at all
     * @param calls each call's numbers
     * @param heapBeforeMb heap in use after the warm-up and a GC
     * @param heapAfterMb heap in use at the end, after a GC
     * @param residentBeforeMb the process's resident memory after the warm-up (DuckDB's and SQLite's memory is
     *     outside the heap), or -1 where {@code /proc} does not tell
     * @param residentAfterMb the process's resident memory at the end, or -1
     * @param residentByQuarterMb the resident memory at each quarter of the measured time, to show its trend
     * @param requestsPerSecondByQuarter the requests the server answered per second in each quarter of the measured
     *     time, by its own metrics, to show whether it had settled
     * @param cpuMillisPerRequest the process's CPU time in the measured time per request answered (with wrk, the
     *     server's alone)
     * @param auditLines the audit lines the server wrote in the measured time (0 with the log off)
     * @param auditDropped the audit lines it dropped in the measured time
     * @param auditWriterCpuShare the share of the process's CPU time that the audit log's writer thread took
     */
    record Result(
            Map<String, String> machine,
            Map<String, Object> settings,
            double requestsPerSecond,
            long unanswered,
            List<CallResult> calls,
            long heapBeforeMb,
            long heapAfterMb,
            long residentBeforeMb,
            long residentAfterMb,
            List<Long> residentByQuarterMb,
            List<Double> requestsPerSecondByQuarter,
            double cpuMillisPerRequest,
            long auditLines,
            long auditDropped,
            double auditWriterCpuShare) {}

    private LoadBenchmark() {}

    static Result run(Settings settings, PrintStream log) throws Exception {
        System.setProperty("org.slf4j.simpleLogger.log.tq.request", "warn");
        Path directory = workspace(settings, log);
        List<Call> calls = calls();
        WorkspaceRegistry registry = new WorkspaceRegistry();
        Workspace workspace = Workspace.open(directory, WorkspaceOptions.SERVED);
        // A server reads its tables' meaning in the background; the calls are measured once that is done.
        workspace.awaitMeanings(Duration.ofMinutes(10));
        registry.add(workspace);
        ServerLimits limits = limits(settings);
        Path auditRoot = settings.data().resolve("load-audit");
        AuditLog audit = settings.audit()
                ? new AuditLog(
                        AuditSettings.DEFAULTS, name -> Optional.of(auditRoot.resolve(name == null ? "-" : name)))
                : AuditLog.off();
        try (TqServer server = TqServer.start(
                registry,
                new ServerSettings("127.0.0.1", 0, 1 << 20, 1 << 20, SkillSettings.DEFAULTS, limits),
                settings.data(),
                KeyStore.inMemory(),
                AuthMode.NONE,
                Optional.empty(),
                audit)) {
            URI base = URI.create("http://127.0.0.1:" + server.port() + "/v1/workspaces/load/");
            log.printf(Locale.ROOT, "warm-up: %d clients for %d s%n", settings.clients(), settings.warmUpSeconds());
            drive(settings, base, calls, settings.warmUpSeconds());
            settle(base, calls);
            ServerCount answered = new ServerCount(base.resolve("/metrics"));
            long heapBefore = heapAfterGc();
            long residentBefore = residentMb();
            log.printf(
                    Locale.ROOT,
                    "measuring: %d clients (%s) for %d s%n",
                    settings.clients(),
                    settings.client().name().toLowerCase(Locale.ROOT),
                    settings.seconds());
            long cpuBefore = processCpuNanos();
            long linesBefore = audit.written();
            long writerBefore = audit.writerCpuNanos();
            long droppedBefore = audit.dropped();
            long started = System.nanoTime();
            List<Long> quarters = new CopyOnWriteArrayList<>();
            List<Double> rates = new CopyOnWriteArrayList<>();
            ScheduledExecutorService sampler = Executors.newSingleThreadScheduledExecutor();
            long quarter = settings.seconds() * 250L;
            answered.rate();
            sampler.scheduleAtFixedRate(
                    () -> {
                        quarters.add(residentMb());
                        try {
                            rates.add(answered.rate());
                        } catch (RuntimeException e) {
                            rates.add(Double.NaN);
                        }
                    },
                    quarter,
                    quarter,
                    TimeUnit.MILLISECONDS);
            Samples samples;
            try {
                samples = drive(settings, base, calls, settings.seconds());
            } finally {
                sampler.shutdownNow();
                sampler.awaitTermination(1, TimeUnit.SECONDS);
            }
            double elapsed = (System.nanoTime() - started) / 1e9;
            long cpu = processCpuNanos() - cpuBefore;
            long lines = audit.written() - linesBefore;
            long dropped = audit.dropped() - droppedBefore;
            long writer = audit.writerCpuNanos() - writerBefore;
            long heapAfter = heapAfterGc();
            long residentAfter = residentMb();
            List<CallResult> results = new ArrayList<>();
            for (int c = 0; c < calls.size(); c++) {
                List<Long> latencies = new ArrayList<>();
                long errors = 0;
                for (long[] sample : samples.samples()) {
                    if (sample[0] == c) {
                        latencies.add(sample[1]);
                        errors += sample[2];
                    }
                }
                results.add(new CallResult(
                        calls.get(c).name(),
                        latencies.size(),
                        errors,
                        Percentiles.millis(longs(latencies), 0.50),
                        Percentiles.millis(longs(latencies), 0.99)));
            }
            Map<String, Object> described = new LinkedHashMap<>();
            described.put("clients", settings.clients());
            described.put("seconds", settings.seconds());
            described.put("warmUpSeconds", settings.warmUpSeconds());
            described.put("tableRows", settings.tableRows());
            described.put("client", settings.client().name().toLowerCase(Locale.ROOT));
            described.put("audit", settings.audit());
            described.put("limits", limits.toString());
            Result result = new Result(
                    Machine.describe(),
                    described,
                    samples.samples().size() / elapsed,
                    samples.unanswered(),
                    results,
                    heapBefore >> 20,
                    heapAfter >> 20,
                    residentBefore,
                    residentAfter,
                    List.copyOf(quarters.subList(0, Math.min(4, quarters.size()))),
                    List.copyOf(rates.subList(0, Math.min(4, rates.size()))),
                    cpu / 1e6 / Math.max(1, samples.samples().size()),
                    lines,
                    dropped,
                    cpu > 0 ? (double) writer / cpu : 0);
            String markdown = markdown(result, settings, calls);
            if (settings.results() != null) {
                Reports.write(settings.results(), "load", markdown, result);
            }
            log.print(markdown);
            return result;
        }
    }

    /** The CPU time this process has used, or 0 where the platform does not tell. */
    private static long processCpuNanos() {
        return ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                ? Math.max(0, os.getProcessCpuTime())
                : 0;
    }

    /** The server's default limits, with the large-query slots asked for. */
    private static ServerLimits limits(Settings settings) {
        ServerLimits defaults = ServerLimits.DEFAULTS;
        return new ServerLimits(
                defaults.queriesPerWorkspace(),
                settings.largeQueries(),
                defaults.largeQueryRows(),
                defaults.queriesTotal(),
                defaults.queueLength(),
                defaults.queueWait(),
                defaults.ingests());
    }

    /** The mix: small calls on the samples, and aggregations over the large table. */
    static List<Call> calls() {
        return List.of(
                new Call(
                        "search-tables",
                        true,
                        30,
                        "search-tables",
                        "{\"query\":\"orders revenue by city\",\"topK\":5}"),
                new Call("get-schemas", true, 20, "get-schemas", "{\"tables\":[\"orders\"]}"),
                new Call(
                        "run-sql (samples)",
                        true,
                        25,
                        "run-sql",
                        runSql(
                                "SELECT \\\"city\\\", count(*) AS n,"
                                        + " round(sum(\\\"total\\\"), 2) AS revenue FROM \\\"orders\\\" GROUP BY \\\"city\\\"",
                                "orders")),
                new Call(
                        "queryDuckDB (samples)",
                        true,
                        20,
                        "tools/queryDuckDB",
                        "{\"query\":\"SELECT status, count(*) AS n FROM orders GROUP BY status ORDER BY n DESC\"}"),
                new Call(
                        "queryDuckDB (large table)",
                        false,
                        3,
                        "tools/queryDuckDB",
                        "{\"query\":\"SELECT city, count(*) AS n, avg(amount) AS mean FROM events GROUP BY city\"}"),
                new Call(
                        "run-sql auto (large table)",
                        false,
                        2,
                        "run-sql",
                        runSql(
                                        "SELECT \\\"city\\\", count(*) AS n"
                                                + " FROM \\\"events\\\" WHERE \\\"amount\\\" > 900 GROUP BY \\\"city\\\"",
                                        "events")
                                .replace("}]}}", "}]},\"engine\":\"auto\"}")));
    }

    private static String runSql(String select, String table) {
        return "{\"plan\":{\"queries\":[{\"step\":1,\"sql\":\"CREATE TEMP TABLE \\\"r\\\" AS " + select
                + "\",\"source_table_names\":[\"" + table + "\"],\"destine_table_name\":\"r\","
                + "\"destine_table_type\":\"final\",\"destine_table_description\":\"r\"}]}}";
    }

    private static Samples drive(Settings settings, URI base, List<Call> calls, int seconds) throws Exception {
        if (settings.client() == Client.WRK) {
            Path wrk = WrkLoad.find().orElseThrow(() -> new IOException("wrk is not installed: apt-get install wrk"));
            return WrkLoad.drive(wrk, base, calls, settings.clients(), seconds, settings.data());
        }
        return driveJava(base, calls, settings.clients(), seconds);
    }

    /** Runs Java's HTTP client on a thread per client for a time. */
    private static Samples driveJava(URI base, List<Call> calls, int clients, int seconds) throws Exception {
        HttpClient client =
                HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        AtomicBoolean stop = new AtomicBoolean();
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        List<Future<List<long[]>>> running = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            long seed = c;
            running.add(pool.submit(() -> {
                Random random = new Random(seed);
                List<long[]> samples = new ArrayList<>();
                while (!stop.get()) {
                    int pick = pick(calls, random.nextInt(100));
                    Call call = calls.get(pick);
                    long start = System.nanoTime();
                    int status;
                    try {
                        status = send(client, base, call);
                    } catch (IOException e) {
                        status = -1;
                    }
                    samples.add(new long[] {pick, System.nanoTime() - start, status == 200 ? 0 : 1});
                }
                return samples;
            }));
        }
        Thread.sleep(seconds * 1000L);
        stop.set(true);
        List<long[]> all = new ArrayList<>();
        for (Future<List<long[]>> future : running) {
            all.addAll(future.get());
        }
        pool.shutdown();
        return new Samples(all, 0);
    }

    /**
     * Waits until the requests wrk left behind when the warm-up ended have run: slots are handed out in order, so
     * one call of each kind answered after them means the queues are empty.
     */
    private static void settle(URI base, List<Call> calls) throws IOException, InterruptedException {
        HttpClient client =
                HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        for (Call call : calls) {
            send(client, base, call);
        }
    }

    /** Sends one call and answers its status. */
    private static int send(HttpClient client, URI base, Call call) throws IOException, InterruptedException {
        return client.send(
                        HttpRequest.newBuilder(base.resolve(call.route()))
                                .header("Content-Type", "application/json")
                                .POST(HttpRequest.BodyPublishers.ofString(call.body()))
                                .build(),
                        HttpResponse.BodyHandlers.discarding())
                .statusCode();
    }

    private static int pick(List<Call> calls, int roll) {
        int sum = 0;
        for (int i = 0; i < calls.size(); i++) {
            sum += calls.get(i).weight();
            if (roll < sum) {
                return i;
            }
        }
        return calls.size() - 1;
    }

    private static long[] longs(List<Long> values) {
        return values.stream().mapToLong(Long::longValue).toArray();
    }

    /** The resident set of this process, from {@code /proc/self/status}, in MB; -1 elsewhere. */
    private static long residentMb() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"), StandardCharsets.UTF_8)) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", "")) >> 10;
                }
            }
        } catch (IOException | NumberFormatException e) {
            return -1;
        }
        return -1;
    }

    private static long heapAfterGc() {
        System.gc();
        Runtime runtime = Runtime.getRuntime();
        return runtime.totalMemory() - runtime.freeMemory();
    }

    /** The workspace: the sample files and a large table of events, uploaded on first use. */
    static Path workspace(Settings settings, PrintStream log) throws IOException {
        Path directory = settings.data().resolve("load-" + settings.tableRows()).resolve("load");
        if (Files.exists(directory)) {
            return directory;
        }
        Path csv = settings.data().resolve("events-" + settings.tableRows() + ".csv");
        Files.createDirectories(settings.data());
        try (Writer out = Files.newBufferedWriter(csv, StandardCharsets.UTF_8)) {
            out.write("id,city,amount,day\n");
            for (int i = 1; i <= settings.tableRows(); i++) {
                out.write(i + ",city " + (i % 97) + "," + (i % 1000) + ".5,2025-01-" + (1 + i % 28) + "\n");
            }
        }
        try (Workspace workspace = Workspace.open(directory)) {
            BenchData.uploadSamples(workspace, settings.home());
            long start = System.nanoTime();
            workspace.ingest(csv, "events.csv", IngestListener.NONE);
            workspace.awaitDuckDb(Duration.ofHours(1));
            log.printf(
                    Locale.ROOT,
                    "uploaded the samples, then %,d events in %.1f s%n",
                    settings.tableRows(),
                    (System.nanoTime() - start) / 1e9);
        }
        return directory;
    }

    static String markdown(Result result, Settings settings, List<Call> calls) {
        StringBuilder out = new StringBuilder();
        out.append("# Load benchmark, ").append(LocalDate.now()).append("\n\n");
        out.append("Machine: ").append(result.machine()).append("\n\n");
        out.append("Reproduce: `./tq bench load --clients ")
                .append(settings.clients())
                .append(" --seconds ")
                .append(settings.seconds())
                .append(" --warm-up ")
                .append(settings.warmUpSeconds())
                .append(" --table-rows ")
                .append(settings.tableRows())
                .append(" --large-queries ")
                .append(settings.largeQueries())
                .append(" --client ")
                .append(settings.client().name().toLowerCase(Locale.ROOT))
                .append(settings.audit() ? " --audit on" : "")
                .append("`\n\n");
        out.append("One server (limits: ")
                .append(result.settings().get("limits"))
                .append(") and ")
                .append(settings.clients())
                .append(
                        settings.client() == Client.WRK
                                ? " connections from wrk (a process of its own, a thread per connection)"
                                : " clients on Java's HTTP client in the server's JVM")
                .append(" on loopback, HTTP/1.1 keep-alive; each client sends its next request when"
                        + " the last is answered, picking a call by weight. The request log is off during the run. ")
                .append("Measured for ")
                .append(settings.seconds())
                .append(" s after a warm-up of ")
                .append(settings.warmUpSeconds())
                .append(" s under the same load.\n\n");
        out.append(String.format(
                Locale.ROOT,
                "**%.0f requests per second** in all (%s in each quarter of the run, by the server's metrics); %d"
                        + " requests unanswered; heap in use after a GC: %d MB before,"
                        + " %d MB after; the process's resident memory (heap, DuckDB, SQLite): %d MB before, %s MB at"
                        + " each quarter of the run, %d MB after.%n%n",
                result.requestsPerSecond(),
                result.requestsPerSecondByQuarter().stream()
                        .map(rate -> String.format(Locale.ROOT, "%,.0f", rate))
                        .collect(Collectors.joining(", ")),
                result.unanswered(),
                result.heapBeforeMb(),
                result.heapAfterMb(),
                result.residentBeforeMb(),
                result.residentByQuarterMb().stream().map(String::valueOf).collect(Collectors.joining(", ")),
                result.residentAfterMb()));
        out.append(String.format(
                Locale.ROOT,
                "CPU time of the process: %.3f ms per request; audit log %s.%n%n",
                result.cpuMillisPerRequest(),
                settings.audit()
                        ? String.format(
                                Locale.ROOT,
                                "on: %,d lines written, %,d dropped; its writer thread took %.2f%% of the process's"
                                        + " CPU time",
                                result.auditLines(),
                                result.auditDropped(),
                                100 * result.auditWriterCpuShare())
                        : "off"));
        out.append("| call | weight | small | requests | errors | p50 | p99 |\n|---|---:|---|---:|---:|---:|---:|\n");
        for (int i = 0; i < calls.size(); i++) {
            CallResult call = result.calls().get(i);
            out.append(String.format(
                    Locale.ROOT,
                    "| %s | %d%% | %s | %,d | %d | %.1f ms | %.1f ms |%n",
                    call.name(),
                    calls.get(i).weight(),
                    calls.get(i).small() ? "yes" : "no",
                    call.requests(),
                    call.errors(),
                    call.p50Millis(),
                    call.p99Millis()));
        }
        out.append(
                "\nGoals on this 2-core machine: at least 1,500 requests per second mixed; p99 at most 100 ms for the"
                        + " small calls; no errors; the heap flat.\n");
        return out.toString();
    }
}

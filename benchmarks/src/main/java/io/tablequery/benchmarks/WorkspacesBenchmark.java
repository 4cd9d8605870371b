package io.tablequery.benchmarks;

import static java.util.Objects.requireNonNull;

import io.tablequery.engine.ingest.IngestListener;
import io.tablequery.engine.workspace.Workspace;
import io.tablequery.server.http.WorkspaceLifecycle;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.apache.commons.io.file.PathUtils;

/**
 * Thousands of workspaces under one {@code tq serve}, each a copy of one holding a 200-row CSV: the server's start
 * time, resident memory and open descriptors against the number of workspaces, side by side with a baseline checkout
 * (one that opened every workspace at start); the first request to a closed workspace against one to an open
 * workspace, by kind of request; and a mix of requests from several clients spread over a thousand workspaces under a
 * memory budget that holds a tenth of them open, uniformly and with a hot set.
 */
final class WorkspacesBenchmark {
    /** Each workspace's DuckDB memory limit here: small, so that a budget holding {@code mixOpen} fits the machine. */
    private static final String MEMORY_PER_WORKSPACE = "64MB";

    private static final HttpClient CLIENT =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    /**
     * What to run.
     *
     * @param counts the numbers of workspaces to start servers over
     * @param starts starts per count and contender; the median is reported
     * @param baselineMost the most workspaces the baseline is started over (it opens them all)
     * @param samples closed workspaces asked per kind of request
     * @param mixSeconds measured time of each mix
     * @param mixWorkspaces workspaces the mix spreads over
     * @param mixOpen how many of them the memory budget holds open
     * @param clients concurrent clients of the mix
     * @param home this checkout
     * @param baseline a checkout to compare with, its jar built, or null
     * @param data where the workspaces are made
     * @param results where the report goes, or null
     */
    record Settings(
            List<Integer> counts,
            int starts,
            int baselineMost,
            int samples,
            int mixSeconds,
            int mixWorkspaces,
            int mixOpen,
            int clients,
            Path home,
            Path baseline,
            Path data,
            Path results) {
        Settings {
            requireNonNull(home, "home is null");
            requireNonNull(data, "data is null");
            counts = List.copyOf(counts);
            if (starts < 1 || samples < 1 || mixSeconds < 1 || clients < 1 || mixOpen < 1) {
                throw new IllegalArgumentException("starts, samples, seconds, clients and open must be 1 or more");
            }
            if (mixWorkspaces < 4 * samples || mixWorkspaces < mixOpen) {
                throw new IllegalArgumentException(
                        "the mix's workspaces must be at least four times the samples and the open ones");
            }
        }

        static Settings defaults(Path home, Path data, Path results) {
            return new Settings(
                    List.of(10, 100, 1000, 10_000), 3, 1000, 100, 60, 1000, 100, 8, home, null, data, results);
        }
    }

    /**
     * A server started over some workspaces.
     *
     * @param workspaces how many it serves
     * @param contender {@code this checkout} or {@code baseline}
     * @param startMillis median time to its first answer
     * @param minMillis fastest start
     * @param maxMillis slowest start
     * @param residentMb median resident memory a second after it answered
     * @param descriptors median open descriptors then
     * @param note why it was not run, or null
     */
    record StartRow(
            int workspaces,
            String contender,
            double startMillis,
            double minMillis,
            double maxMillis,
            long residentMb,
            long descriptors,
            String note) {}

    /**
     * One kind of request, first to a closed workspace, then again to the same workspace, open.
     *
     * @param request the request
     * @param samples workspaces asked
     * @param closedP50 median of the first requests
     * @param closedP99 99th percentile of the first requests
     * @param openP50 median of the second requests
     * @param openP99 99th percentile of the second requests
     */
    record LatencyRow(
            String request, int samples, double closedP50, double closedP99, double openP50, double openP99) {}

    /**
     * A mix of requests over many workspaces under a budget.
     *
     * @param mix how the requests spread over the workspaces
     * @param requests requests answered in the measured time
     * @param requestsPerSecond their rate
     * @param p50Millis median latency
     * @param p99Millis 99th-percentile latency
     * @param refused answered 429
     * @param failed answered with another error, or not at all
     * @param opens workspaces opened in the measured time
     * @param opensPerSecond their rate
     * @param meanOpenMillis mean time to open one
     * @param budgetCloses workspaces closed to make room
     * @param mostOpen the most workspaces seen open at once
     * @param mostResidentMb the highest resident memory seen
     */
    record MixRow(
            String mix,
            long requests,
            double requestsPerSecond,
            double p50Millis,
            double p99Millis,
            long refused,
            long failed,
            long opens,
            double opensPerSecond,
            double meanOpenMillis,
            long budgetCloses,
            long mostOpen,
            long mostResidentMb) {}

    /**
     * The outcome.
     *
     * @param machine where it ran
     * @param settings what ran
     * @param starts the servers started
     * @param latencies first and second requests by kind
     * @param mixes the mixes
     */
    record Result(
            Map<String, String> machine,
            Map<String, Object> settings,
            List<StartRow> starts,
            List<LatencyRow> latencies,
            List<MixRow> mixes) {}

    /** A request to a workspace: a route under it and a JSON body, or none for a GET. */
    private record Call(String name, int weight, String route, String body) {
        HttpRequest request(URI server, String workspace) {
            HttpRequest.Builder builder = HttpRequest.newBuilder(
                            server.resolve("/v1/workspaces/" + workspace + "/" + route))
                    .timeout(Duration.ofMinutes(2));
            return body == null
                    ? builder.GET().build()
                    : builder.header("Content-Type", "application/json")
                            .POST(HttpRequest.BodyPublishers.ofString(body))
                            .build();
        }
    }

    private static final List<Call> CALLS = List.of(
            new Call("files", 20, "files", null),
            new Call("search-tables", 30, "search-tables", "{\"query\":\"sales by region\",\"topK\":3}"),
            new Call(
                    "run-sql",
                    30,
                    "run-sql",
                    "{\"plan\":{\"queries\":[{\"step\":1,\"sql\":\"CREATE TEMP TABLE \\\"r\\\" AS SELECT"
                            + " \\\"region\\\", sum(\\\"amount\\\") AS total FROM \\\"sales\\\" GROUP BY"
                            + " \\\"region\\\"\",\"source_table_names\":[\"sales\"],\"destine_table_name\":\"r\","
                            + "\"destine_table_type\":\"final\",\"destine_table_description\":\"r\"}]}}"),
            new Call(
                    "queryDuckDB",
                    20,
                    "tools/queryDuckDB",
                    "{\"query\":\"SELECT region, sum(amount) AS total FROM sales GROUP BY region\"}"));

    private WorkspacesBenchmark() {}

    static Result run(Settings settings, PrintStream log) throws Exception {
        Path scratch = Files.createDirectories(settings.data().resolve("workspaces"));
        Path root = scratch.resolve("root");
        Path parked = scratch.resolve("parked");
        Path template = template(scratch);
        Map<String, Path> launchers = new LinkedHashMap<>();
        launchers.put("this checkout", settings.home().resolve("tq"));
        if (settings.baseline() != null) {
            launchers.put("baseline", settings.baseline().resolve("tq"));
        }
        try {
            List<StartRow> starts = new ArrayList<>();
            for (int count : settings.counts()) {
                arrange(root, parked, template, count, log);
                starts.addAll(starts(settings, launchers, root, count, scratch, log));
            }
            arrange(root, parked, template, settings.mixWorkspaces(), log);
            List<LatencyRow> latencies = latencies(settings, root, scratch, log);
            List<MixRow> mixes = mixes(settings, root, scratch, log);
            Map<String, Object> shown = new LinkedHashMap<>();
            shown.put("counts", settings.counts());
            shown.put("starts", settings.starts());
            shown.put("baseline", settings.baseline() == null ? null : "given");
            shown.put("samples", settings.samples());
            shown.put("mixSeconds", settings.mixSeconds());
            shown.put("mixWorkspaces", settings.mixWorkspaces());
            shown.put("mixOpen", settings.mixOpen());
            shown.put("clients", settings.clients());
            shown.put("memoryPerWorkspace", MEMORY_PER_WORKSPACE);
            Result result = new Result(Machine.describe(), shown, starts, latencies, mixes);
            if (settings.results() != null) {
                Reports.write(settings.results(), "workspaces", markdown(result), result);
            }
            return result;
        } finally {
            // Ten thousand copies take about 11 GB.
            PathUtils.deleteDirectory(root);
            if (Files.exists(parked)) {
                PathUtils.deleteDirectory(parked);
            }
        }
    }

    /** The workspace every served one is a copy of: one CSV of 200 sales rows, in both copies. */
    private static Path template(Path scratch) throws IOException {
        Path template = scratch.resolve("template");
        if (Files.exists(template)) {
            PathUtils.deleteDirectory(template);
        }
        StringBuilder csv = new StringBuilder("id,region,product,amount,day\n");
        for (int i = 0; i < 200; i++) {
            csv.append(i)
                    .append(",r")
                    .append(i % 7)
                    .append(",p")
                    .append(i % 13)
                    .append(',')
                    .append(i * 1.5)
                    .append(",2026-01-")
                    .append(String.format(Locale.ROOT, "%02d", i % 28 + 1))
                    .append('\n');
        }
        Path source = Files.writeString(scratch.resolve("sales.csv"), csv);
        try (Workspace workspace = Workspace.open(template)) {
            workspace.ingest(source, "sales.csv", IngestListener.NONE);
        }
        return template;
    }

    /** Makes the root hold exactly {@code count} workspaces, copying the template or parking the ones beyond it. */
    private static void arrange(Path root, Path parked, Path template, int count, PrintStream log) throws IOException {
        Files.createDirectories(root);
        Files.createDirectories(parked);
        long started = System.nanoTime();
        int made = 0;
        for (int i = 0; ; i++) {
            String name = "w%05d".formatted(i);
            Path served = root.resolve(name);
            Path aside = parked.resolve(name);
            if (i < count) {
                if (Files.exists(aside)) {
                    Files.move(aside, served);
                } else if (!Files.exists(served)) {
                    PathUtils.copyDirectory(template, served);
                    made++;
                }
            } else if (Files.exists(served)) {
                Files.move(served, aside);
            } else if (!Files.exists(aside)) {
                break;
            }
        }
        try (Stream<Path> left = Files.list(root)) {
            left.filter(path -> !Files.isDirectory(path))
                    .forEach(path -> path.toFile().delete());
        }
        log.printf(
                Locale.ROOT,
                "%,d workspaces in the root (%,d copied in %.1f s)%n",
                count,
                made,
                (System.nanoTime() - started) / 1e9);
    }

    private static List<StartRow> starts(
            Settings settings, Map<String, Path> launchers, Path root, int count, Path scratch, PrintStream log)
            throws Exception {
        Map<String, List<double[]>> runs = new LinkedHashMap<>();
        launchers.keySet().forEach(contender -> runs.put(contender, new ArrayList<>()));
        if (count == settings.counts().get(0)) {
            // The first start of a build makes its class-data archive; it is not what an operator waits for.
            for (Map.Entry<String, Path> launcher : launchers.entrySet()) {
                ServedProcess.start(launcher.getValue(), root, List.of(), scratch.resolve(slug(launcher.getKey())))
                        .close();
            }
        }
        for (int run = 0; run < settings.starts(); run++) {
            for (Map.Entry<String, Path> launcher : launchers.entrySet()) {
                if (launcher.getKey().equals("baseline") && count > settings.baselineMost()) {
                    continue;
                }
                try (ServedProcess server = ServedProcess.start(
                        launcher.getValue(), root, List.of(), scratch.resolve(slug(launcher.getKey())))) {
                    Thread.sleep(1000);
                    double[] measured = {server.startMillis(), server.residentMb(), server.descriptors()};
                    runs.get(launcher.getKey()).add(measured);
                    log.printf(
                            Locale.ROOT,
                            "%,6d workspaces  %-14s start %,8.0f ms  resident %,6.0f MiB  descriptors %,6.0f%n",
                            count,
                            launcher.getKey(),
                            measured[0],
                            measured[1],
                            measured[2]);
                }
            }
        }
        List<StartRow> rows = new ArrayList<>();
        for (Map.Entry<String, List<double[]>> contender : runs.entrySet()) {
            List<double[]> measured = contender.getValue();
            if (measured.isEmpty()) {
                rows.add(new StartRow(
                        count,
                        contender.getKey(),
                        Double.NaN,
                        Double.NaN,
                        Double.NaN,
                        -1,
                        -1,
                        "not run: it opens every workspace at start; scale its largest row above"));
                continue;
            }
            double[] millis = measured.stream().mapToDouble(m -> m[0]).toArray();
            rows.add(new StartRow(
                    count,
                    contender.getKey(),
                    Medians.of(millis),
                    Arrays.stream(millis).min().orElseThrow(),
                    Arrays.stream(millis).max().orElseThrow(),
                    (long) Medians.of(measured.stream().mapToDouble(m -> m[1]).toArray()),
                    (long) Medians.of(measured.stream().mapToDouble(m -> m[2]).toArray()),
                    null));
        }
        return rows;
    }

    /** The first request of each kind to closed workspaces, then the same request again to each, open. */
    private static List<LatencyRow> latencies(Settings settings, Path root, Path scratch, PrintStream log)
            throws Exception {
        long reservation = reservation();
        List<String> options = List.of(
                "--memory-per-workspace",
                MEMORY_PER_WORKSPACE,
                "--memory",
                (reservation * settings.mixWorkspaces()) + "B",
                "--idle-close",
                "3600");
        List<LatencyRow> rows = new ArrayList<>();
        try (ServedProcess server =
                ServedProcess.start(settings.home().resolve("tq"), root, options, scratch.resolve("latency"))) {
            // Unmeasured: the server's first requests of each kind compile their code paths.
            int first = CALLS.size() * settings.samples();
            for (int w = first; w < Math.min(settings.mixWorkspaces(), first + 50); w++) {
                for (Call call : CALLS) {
                    timed(server.url(), call, "w%05d".formatted(w));
                }
            }
            for (int c = 0; c < CALLS.size(); c++) {
                Call call = CALLS.get(c);
                long[] closed = new long[settings.samples()];
                long[] open = new long[settings.samples()];
                for (int i = 0; i < settings.samples(); i++) {
                    String workspace = "w%05d".formatted(c * settings.samples() + i);
                    closed[i] = timed(server.url(), call, workspace);
                    open[i] = timed(server.url(), call, workspace);
                }
                LatencyRow row = new LatencyRow(
                        call.name(),
                        settings.samples(),
                        Percentiles.millis(closed, 0.50),
                        Percentiles.millis(closed, 0.99),
                        Percentiles.millis(open, 0.50),
                        Percentiles.millis(open, 0.99));
                log.printf(
                        Locale.ROOT,
                        "%-14s closed p50 %6.1f p99 %6.1f ms   open p50 %6.1f p99 %6.1f ms%n",
                        row.request(),
                        row.closedP50(),
                        row.closedP99(),
                        row.openP50(),
                        row.openP99());
                rows.add(row);
            }
        }
        return rows;
    }

    private static long timed(URI server, Call call, String workspace) throws IOException, InterruptedException {
        long start = System.nanoTime();
        HttpResponse<String> response =
                CLIENT.send(call.request(server, workspace), HttpResponse.BodyHandlers.ofString());
        long nanos = System.nanoTime() - start;
        if (response.statusCode() != 200) {
            throw new IOException("%s on %s answered %d: %s"
                    .formatted(call.name(), workspace, response.statusCode(), response.body()));
        }
        return nanos;
    }

    private static List<MixRow> mixes(Settings settings, Path root, Path scratch, PrintStream log) throws Exception {
        List<String> options = List.of(
                "--memory-per-workspace",
                MEMORY_PER_WORKSPACE,
                "--memory",
                (reservation() * settings.mixOpen()) + "B",
                "--idle-close",
                "300");
        List<MixRow> rows = new ArrayList<>();
        for (String mix : List.of("uniform", "hot")) {
            try (ServedProcess server =
                    ServedProcess.start(settings.home().resolve("tq"), root, options, scratch.resolve("mix"))) {
                drive(settings, server, mix, Math.min(10, settings.mixSeconds()), null);
                String before = server.metrics();
                MixRow row = drive(settings, server, mix, settings.mixSeconds(), before);
                log.printf(
                        Locale.ROOT,
                        "%-8s %,8.1f req/s  p50 %6.1f p99 %7.1f ms  429s %d  failed %d  opens %.1f/s (%.1f ms each)"
                                + "  most open %d  most resident %,d MiB%n",
                        row.mix(),
                        row.requestsPerSecond(),
                        row.p50Millis(),
                        row.p99Millis(),
                        row.refused(),
                        row.failed(),
                        row.opensPerSecond(),
                        row.meanOpenMillis(),
                        row.mostOpen(),
                        row.mostResidentMb());
                rows.add(row);
            }
        }
        return rows;
    }

    /**
     * Runs the mix for a while: each client sends its next request when the last is answered, to a workspace drawn
     * uniformly from all, or (hot) nine times in ten from the first {@code mixOpen} of them.
     */
    private static MixRow drive(Settings settings, ServedProcess server, String mix, int seconds, String before)
            throws Exception {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        AtomicLong refused = new AtomicLong();
        AtomicLong failed = new AtomicLong();
        AtomicLong mostOpen = new AtomicLong();
        AtomicLong mostResident = new AtomicLong();
        ScheduledExecutorService sampler = Executors.newSingleThreadScheduledExecutor();
        sampler.scheduleAtFixedRate(
                () -> {
                    mostResident.accumulateAndGet(server.residentMb(), Math::max);
                    try {
                        double open = ServedProcess.metric(server.metrics(), "tq_workspaces_open");
                        mostOpen.accumulateAndGet((long) open, Math::max);
                    } catch (IOException | RuntimeException e) {
                        // A missed sample.
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                },
                0,
                500,
                TimeUnit.MILLISECONDS);
        ExecutorService clients = Executors.newFixedThreadPool(settings.clients());
        List<Future<long[]>> work = new ArrayList<>();
        long started = System.nanoTime();
        for (int c = 0; c < settings.clients(); c++) {
            long seed = 22L * 1000 + c;
            work.add(clients.submit(() -> {
                Random random = new Random(seed);
                long[] latencies = new long[1 << 16];
                int count = 0;
                while (System.nanoTime() < end) {
                    int index = mix.equals("hot") && random.nextInt(10) < 9
                            ? random.nextInt(settings.mixOpen())
                            : random.nextInt(settings.mixWorkspaces());
                    Call call = pick(random);
                    long start = System.nanoTime();
                    int status;
                    try {
                        status = CLIENT.send(
                                        call.request(server.url(), "w%05d".formatted(index)),
                                        HttpResponse.BodyHandlers.discarding())
                                .statusCode();
                    } catch (IOException e) {
                        status = -1;
                    }
                    long nanos = System.nanoTime() - start;
                    if (status == 429) {
                        refused.incrementAndGet();
                    } else if (status != 200) {
                        failed.incrementAndGet();
                    }
                    if (count == latencies.length) {
                        latencies = Arrays.copyOf(latencies, count * 2);
                    }
                    latencies[count++] = nanos;
                }
                return Arrays.copyOf(latencies, count);
            }));
        }
        List<long[]> all = new ArrayList<>();
        for (Future<long[]> each : work) {
            all.add(each.get());
        }
        double elapsed = (System.nanoTime() - started) / 1e9;
        clients.shutdown();
        sampler.shutdownNow();
        sampler.awaitTermination(5, TimeUnit.SECONDS);
        long[] latencies = all.stream().flatMapToLong(Arrays::stream).toArray();
        if (before == null) {
            return null;
        }
        String after = server.metrics();
        long opens = (long) delta(before, after, "tq_workspace_opens_total");
        double openSeconds = delta(before, after, "tq_workspace_open_seconds_total");
        return new MixRow(
                mix.equals("hot")
                        ? "hot: 9 in 10 to %,d of %,d".formatted(settings.mixOpen(), settings.mixWorkspaces())
                        : "uniform over %,d".formatted(settings.mixWorkspaces()),
                latencies.length,
                latencies.length / elapsed,
                Percentiles.millis(latencies, 0.50),
                Percentiles.millis(latencies, 0.99),
                refused.get(),
                failed.get(),
                opens,
                opens / elapsed,
                opens == 0 ? Double.NaN : openSeconds * 1000 / opens,
                (long) delta(before, after, "tq_workspace_budget_closes_total"),
                mostOpen.get(),
                mostResident.get());
    }

    private static Call pick(Random random) {
        int total = CALLS.stream().mapToInt(Call::weight).sum();
        int draw = random.nextInt(total);
        for (Call call : CALLS) {
            draw -= call.weight();
            if (draw < 0) {
                return call;
            }
        }
        throw new IllegalStateException("weights do not add up");
    }

    private static double delta(String before, String after, String name) {
        return ServedProcess.metric(after, name) - ServedProcess.metric(before, name);
    }

    /** What one open workspace reserves against the budget: its DuckDB memory limit and SQLite's share. */
    private static long reservation() {
        return WorkspaceLifecycle.bytes(MEMORY_PER_WORKSPACE) + WorkspaceLifecycle.SQLITE_RESERVE;
    }

    private static String slug(String contender) {
        return contender.replace(' ', '-');
    }

    static String markdown(Result result) {
        StringBuilder md = new StringBuilder("# Thousands of workspaces on one server\n\n");
        md.append("Every workspace is a copy of one holding a 200-row CSV (1.1 MB on disk). Reproduce:"
                + " `./tq bench workspaces --baseline DIR`, with DIR a checkout of 421bb80 (the last commit that"
                + " opened every workspace at start) whose jar is built.\n\n");
        md.append("## Start, against the number of workspaces\n\n");
        md.append("`tq serve --data ROOT` with its defaults, timed from the launcher's start to the first answer of"
                        + " `/health`; resident memory and open descriptors a second later. Median of ")
                .append(result.settings().get("starts"))
                .append(" starts, the contenders taking turns.\n\n");
        md.append("| workspaces | contender | start ms (min-max) | resident MiB | descriptors |\n");
        md.append("|---:|---|---:|---:|---:|\n");
        for (StartRow row : result.starts()) {
            if (row.note() != null) {
                md.append("| %,d | %s | %s | | |\n".formatted(row.workspaces(), row.contender(), row.note()));
                continue;
            }
            md.append(String.format(
                    Locale.ROOT,
                    "| %,d | %s | %,.0f (%,.0f-%,.0f) | %,d | %,d |%n",
                    row.workspaces(),
                    row.contender(),
                    row.startMillis(),
                    row.minMillis(),
                    row.maxMillis(),
                    row.residentMb(),
                    row.descriptors()));
        }
        md.append("\n## First request to a closed workspace, and the next one to it, open\n\n");
        md.append("One client, one request at a time, over ")
                .append(result.settings().get("mixWorkspaces"))
                .append(" workspaces with room for all of them (no closing to make room): each workspace is asked"
                        + " once while closed and once more, open. `run-sql` runs on SQLite; `queryDuckDB` opens the"
                        + " DuckDB copy; `search-tables` builds the search index.\n\n");
        md.append("| request | samples | closed p50 ms | closed p99 ms | open p50 ms | open p99 ms |\n");
        md.append("|---|---:|---:|---:|---:|---:|\n");
        for (LatencyRow row : result.latencies()) {
            md.append(String.format(
                    Locale.ROOT,
                    "| %s | %d | %.1f | %.1f | %.1f | %.1f |%n",
                    row.request(),
                    row.samples(),
                    row.closedP50(),
                    row.closedP99(),
                    row.openP50(),
                    row.openP99()));
        }
        md.append("\n## A mix over many workspaces under a budget\n\n");
        md.append(String.format(
                Locale.ROOT,
                "%s clients, each sending its next request when the last is answered (files 20%%, search-tables 30%%,"
                        + " run-sql 30%%, queryDuckDB 20%%), for %s s after a warm-up, against a server whose"
                        + " `--memory` holds %s workspaces open (`--memory-per-workspace %s`).%n%n",
                result.settings().get("clients"),
                result.settings().get("mixSeconds"),
                result.settings().get("mixOpen"),
                MEMORY_PER_WORKSPACE));
        md.append("| mix | requests/s | p50 ms | p99 ms | 429 | failed | opens/s | ms per open | closed for room |"
                + " most open | most resident MiB |\n");
        md.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (MixRow row : result.mixes()) {
            md.append(String.format(
                    Locale.ROOT,
                    "| %s | %,.1f | %.1f | %.1f | %d | %d | %.1f | %.1f | %,d | %d | %,d |%n",
                    row.mix(),
                    row.requestsPerSecond(),
                    row.p50Millis(),
                    row.p99Millis(),
                    row.refused(),
                    row.failed(),
                    row.opensPerSecond(),
                    row.meanOpenMillis(),
                    row.budgetCloses(),
                    row.mostOpen(),
                    row.mostResidentMb()));
        }
        Map<String, String> machine = result.machine();
        md.append("\nMachine: cpu %s; cores %s; memory %s; os %s; java %s.\n"
                .formatted(
                        machine.get("cpu"),
                        machine.get("cores"),
                        machine.get("memory"),
                        machine.get("os"),
                        machine.get("java")));
        return md.toString();
    }
}

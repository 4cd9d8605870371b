package io.tablequery.benchmarks;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Entry point of {@code tq-bench.jar}: {@code ingest [--xlsx-rows N] [--csv-rows N] [--reps N] [--iterations N] [--heap
 * SIZE]}, {@code skill [--tables N] [--meaning-tables N] [--meaning-vectors make|reuse] [--queries N] [--table-rows N] [--reps N]}, {@code dialect [--scale S] [--reps N]}
 * {@code tools [--result-rows N] [--table-rows N] [--reps N]}, {@code load [--clients N] [--seconds N] [--warm-up N] [--audit on|off|both]
 * [--table-rows N] [--large-queries N] [--client wrk|java]}, {@code calls [--clients N] [--seconds N] [--warm-up N]},
 * {@code tpch [--sf S] [--reps N] [--engines
 * sqlite,duckdb,spark] [--spark-connect URL] [--queries q01,...] [--duckdb-memory SIZE]}, {@code tpch-spark [--sf S]
 * [--reps N] [--spark-connect URL]}, {@code lineage [--sf S] [--reps N] [--queries q01,...] [--engines sqlite,duckdb]}, {@code mcp [--calls N]}, {@code auto [--rows N,N,...] [--reps N]}
 * {@code start [--reps N] [--baseline DIR] [--commands run-sql,mcp,...]}, {@code figures} (each benchmark's figure drawn again from its latest
 * report) or {@code workspaces [--counts N,N,...] [--starts N] [--baseline DIR]
 * [--baseline-most N] [--samples N] [--mix-seconds N] [--mix-workspaces N] [--mix-open N] [--clients N]}.
 * Inputs are generated under {@code benchmarks/target/bench-data}, reports written to {@code benchmarks/results}.
 */
public final class BenchMain {
    private BenchMain() {}

    /**
     * Runs a benchmark.
     *
     * @param args the benchmark name and its options
     * @throws Exception when a run fails
     */
    public static void main(String[] args) throws Exception {
        if (args.length % 2 == 0 || Arrays.asList(args).contains("--help")) {
            // Every option takes a value: a word left over (such as --help) would be ignored and the run start.
            usage();
        }
        Path home = Path.of(System.getProperty("tq.home", "."));
        Path data = home.resolve("benchmarks/target/bench-data");
        Path results = home.resolve("benchmarks/results");
        if (args.length > 0 && args[0].equals("ingest")) {
            ingest(args, data, results);
        } else if (args.length > 0 && args[0].equals("ingest-shapes")) {
            ingestShapes(args, data, results);
        } else if (args.length > 0 && args[0].equals("skill")) {
            skill(args, data, results);
        } else if (args.length > 0 && args[0].equals("dialect")) {
            dialect(args, home, data, results);
        } else if (args.length > 0 && args[0].equals("tools")) {
            tools(args, data, results);
        } else if (args.length > 0 && args[0].equals("load")) {
            load(args, home, data, results);
        } else if (args.length > 0 && args[0].equals("calls")) {
            calls(args, home, data, results);
        } else if (args.length > 0 && args[0].equals("tpch")) {
            tpch(args, home, data, results);
        } else if (args.length > 0 && args[0].equals("lineage")) {
            lineage(args, home, data, results);
        } else if (args.length > 0 && args[0].equals("tpch-spark")) {
            tpchSpark(args, home, data, results);
        } else if (args.length > 0 && args[0].equals("mcp")) {
            mcp(args, home, data, results);
        } else if (args.length > 0 && args[0].equals("quotas")) {
            quotas(args, data, results);
        } else if (args.length > 0 && args[0].equals("start")) {
            start(args, home, data, results);
        } else if (args.length > 0 && args[0].equals("auto")) {
            auto(args, data, results);
        } else if (args.length > 0 && args[0].equals("figures")) {
            for (String png : Figures.drawLatest(results)) {
                System.out.println(results.resolve(png));
            }
        } else if (args.length > 0 && args[0].equals("workspaces")) {
            workspaces(args, home, data, results);
        } else {
            usage();
        }
    }

    private static void usage() {
        System.err.println("usage: tq bench ingest [--xlsx-rows N] [--csv-rows N] [--reps N] [--iterations N]"
                + " [--heap SIZE]\n       tq bench ingest-shapes [--runs N] [--tables N]\n       tq bench skill [--tables N] [--meaning-tables N] [--meaning-vectors make|reuse] [--queries N] [--table-rows N] [--reps N]"
                + "\n       tq bench dialect [--scale S] [--reps N]"
                + "\n       tq bench tools [--result-rows N] [--table-rows N] [--reps N]"
                + "\n       tq bench load [--clients N] [--seconds N] [--warm-up N] [--table-rows N]"
                + " [--large-queries N] [--client wrk|java] [--audit on|off|both]"
                + "\n       tq bench calls [--clients N] [--seconds N] [--warm-up N]"
                + "\n       tq bench tpch [--sf S] [--reps N] [--engines sqlite,duckdb[,spark]] [--warm-up N]"
                + " [--spark-connect sc://HOST:PORT] [--queries q01,q16] [--duckdb-memory SIZE] (with spark)"
                + "\n       tq bench lineage [--sf S] [--reps N] [--queries q01,...] [--engines sqlite,duckdb] [--warm-up N]"
                + "\n       tq bench tpch-spark [--sf S] [--reps N] [--spark-connect sc://HOST:PORT]"
                + "\n       tq bench mcp [--calls N]"
                + "\n       tq bench quotas [--seconds N] [--rate N]"
                + "\n       tq bench auto [--rows N,N,...] [--reps N]"
                + "\n       tq bench start [--reps N] [--baseline DIR] [--commands search-tables,get-schemas,run-sql,mcp]"
                + "\n       tq bench figures   (draws each benchmark's figure from its latest report again)"
                + "\n       tq bench workspaces [--counts N,N,...] [--starts N] [--baseline DIR]"
                + " [--baseline-most N] [--samples N] [--mix-seconds N] [--mix-workspaces N] [--mix-open N]"
                + " [--clients N]");
        System.exit(2);
    }

    private static void ingest(String[] args, Path data, Path results) throws Exception {
        IngestBenchmark.Settings defaults = IngestBenchmark.Settings.defaults(data, results);
        int xlsxRows = defaults.xlsxRows();
        int csvRows = defaults.csvRows();
        int reps = defaults.repetitions();
        int iterations = defaults.iterations();
        String heap = defaults.heap();
        for (int i = 1; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--xlsx-rows" -> xlsxRows = Integer.parseInt(args[i + 1]);
                case "--csv-rows" -> csvRows = Integer.parseInt(args[i + 1]);
                case "--reps" -> reps = Integer.parseInt(args[i + 1]);
                case "--iterations" -> iterations = Integer.parseInt(args[i + 1]);
                case "--heap" -> heap = args[i + 1];
                default -> throw unknown(args, i);
            }
        }
        IngestBenchmark.run(
                new IngestBenchmark.Settings(xlsxRows, csvRows, reps, iterations, heap, data, results), System.out);
    }

    private static void ingestShapes(String[] args, Path data, Path results) throws Exception {
        int runs = 7;
        int tables = 5000;
        for (int i = 1; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--runs" -> runs = Integer.parseInt(args[i + 1]);
                case "--tables" -> tables = Integer.parseInt(args[i + 1]);
                default -> throw unknown(args, i);
            }
        }
        IngestShapesBenchmark.run(new IngestShapesBenchmark.Settings(runs, tables, data, results), System.out);
    }

    private static void skill(String[] args, Path data, Path results) throws Exception {
        SkillBenchmark.Settings defaults = SkillBenchmark.Settings.defaults(data, results);
        int tables = defaults.tables();
        int meaningTables = defaults.meaningTables();
        boolean reuseVectors = defaults.reuseVectors();
        int queries = defaults.queries();
        int tableRows = defaults.tableRows();
        int reps = defaults.repetitions();
        for (int i = 1; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--tables" -> tables = Integer.parseInt(args[i + 1]);
                case "--meaning-tables" -> meaningTables = Integer.parseInt(args[i + 1]);
                case "--meaning-vectors" ->
                    reuseVectors = switch (args[i + 1]) {
                        case "reuse" -> true;
                        case "make" -> false;
                        default -> throw new IllegalArgumentException("--meaning-vectors takes make or reuse");
                    };
                case "--queries" -> queries = Integer.parseInt(args[i + 1]);
                case "--table-rows" -> tableRows = Integer.parseInt(args[i + 1]);
                case "--reps" -> reps = Integer.parseInt(args[i + 1]);
                default -> throw unknown(args, i);
            }
        }
        SkillBenchmark.run(
                new SkillBenchmark.Settings(
                        tables, meaningTables, reuseVectors, queries, tableRows, reps, data, results),
                System.out);
    }

    private static void dialect(String[] args, Path home, Path data, Path results) throws Exception {
        DialectBenchmark.Settings defaults = DialectBenchmark.Settings.defaults(home, data, results);
        double scale = defaults.scale();
        int reps = defaults.repetitions();
        for (int i = 1; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--scale" -> scale = Double.parseDouble(args[i + 1]);
                case "--reps" -> reps = Integer.parseInt(args[i + 1]);
                default -> throw unknown(args, i);
            }
        }
        DialectBenchmark.run(new DialectBenchmark.Settings(scale, reps, home, data, results), System.out);
    }

    private static void tools(String[] args, Path data, Path results) throws Exception {
        ToolsBenchmark.Settings defaults = ToolsBenchmark.Settings.defaults(data, results);
        long resultRows = defaults.resultRows();
        long tableRows = defaults.tableRows();
        int reps = defaults.repetitions();
        for (int i = 1; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--result-rows" -> resultRows = Long.parseLong(args[i + 1]);
                case "--table-rows" -> tableRows = Long.parseLong(args[i + 1]);
                case "--reps" -> reps = Integer.parseInt(args[i + 1]);
                default -> throw unknown(args, i);
            }
        }
        ToolsBenchmark.run(new ToolsBenchmark.Settings(resultRows, tableRows, reps, data, results), System.out);
    }

    private static void load(String[] args, Path home, Path data, Path results) throws Exception {
        LoadBenchmark.Settings defaults = LoadBenchmark.Settings.defaults(home, data, results);
        int clients = defaults.clients();
        int seconds = defaults.seconds();
        int warmUp = defaults.warmUpSeconds();
        int tableRows = defaults.tableRows();
        int largeQueries = defaults.largeQueries();
        LoadBenchmark.Client client = defaults.client();
        String audit = "off";
        for (int i = 1; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--audit" -> audit = args[i + 1];
                case "--clients" -> clients = Integer.parseInt(args[i + 1]);
                case "--seconds" -> seconds = Integer.parseInt(args[i + 1]);
                case "--warm-up" -> warmUp = Integer.parseInt(args[i + 1]);
                case "--table-rows" -> tableRows = Integer.parseInt(args[i + 1]);
                case "--large-queries" -> largeQueries = Integer.parseInt(args[i + 1]);
                case "--client" -> client = LoadBenchmark.Client.valueOf(args[i + 1].toUpperCase(Locale.ROOT));
                default -> throw unknown(args, i);
            }
        }
        if (!List.of("on", "off", "both").contains(audit)) {
            throw new IllegalArgumentException("--audit takes on, off or both, not " + audit);
        }
        List<LoadBenchmark.Result> runs = new ArrayList<>();
        for (boolean on : audit.equals("both") ? List.of(false, true) : List.of(audit.equals("on"))) {
            runs.add(LoadBenchmark.run(
                    new LoadBenchmark.Settings(
                            clients, seconds, warmUp, tableRows, largeQueries, client, on, home, data, results),
                    System.out));
        }
        if (runs.size() == 2) {
            System.out.printf(
                    Locale.ROOT,
                    "%nAudit log on against off, in this run: CPU per request %.3f ms against %.3f ms (%.3fx),"
                            + " requests per second %.0f against %.0f (%.3fx); %,d lines written, %,d dropped.%n",
                    runs.get(1).cpuMillisPerRequest(),
                    runs.get(0).cpuMillisPerRequest(),
                    runs.get(1).cpuMillisPerRequest() / runs.get(0).cpuMillisPerRequest(),
                    runs.get(1).requestsPerSecond(),
                    runs.get(0).requestsPerSecond(),
                    runs.get(1).requestsPerSecond() / runs.get(0).requestsPerSecond(),
                    runs.get(1).auditLines(),
                    runs.get(1).auditDropped());
        }
    }

    private static void calls(String[] args, Path home, Path data, Path results) throws Exception {
        int clients = 16;
        int seconds = 10;
        int warmUp = 10;
        for (int i = 1; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--clients" -> clients = Integer.parseInt(args[i + 1]);
                case "--seconds" -> seconds = Integer.parseInt(args[i + 1]);
                case "--warm-up" -> warmUp = Integer.parseInt(args[i + 1]);
                default -> throw unknown(args, i);
            }
        }
        CallCostBenchmark.run(
                new CallCostBenchmark.Settings(clients, seconds, warmUp, home, data, results), System.out);
    }

    /**
     * TPC-H: with {@code --engines} naming {@code spark}, the Spark benchmark (spark against raw Spark and against
     * duckdb, each answer checked against sqlite); else sqlite against duckdb.
     */
    private static void tpch(String[] args, Path home, Path data, Path results) throws Exception {
        TpchBenchmark.Settings defaults = TpchBenchmark.Settings.defaults(home, data, results);
        double scale = defaults.scale();
        int reps = defaults.repetitions();
        List<String> engines = List.of("sqlite", "duckdb");
        List<String> only = List.of();
        String spark = null;
        String duckDbMemory = null;
        int warmUp = defaults.warmUpRuns();
        for (int i = 1; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--sf" -> scale = Double.parseDouble(args[i + 1]);
                case "--reps" -> reps = Integer.parseInt(args[i + 1]);
                case "--warm-up" -> warmUp = Integer.parseInt(args[i + 1]);
                case "--duckdb-memory" -> duckDbMemory = args[i + 1];
                case "--engines" ->
                    engines = Arrays.asList(args[i + 1].toLowerCase(Locale.ROOT).split(","));
                case "--spark-connect" -> spark = args[i + 1];
                case "--queries" -> only = Arrays.asList(args[i + 1].split(","));
                default -> throw unknown(args, i);
            }
        }
        if (engines.contains("spark")) {
            SparkTpchBenchmark.run(
                    new SparkTpchBenchmark.Settings(scale, reps, spark, home, data, results, only, duckDbMemory),
                    System.out);
        } else {
            TpchBenchmark.run(
                    new TpchBenchmark.Settings(
                            scale, reps, home, data, results, engines.contains("sqlite"), only, warmUp),
                    System.out);
        }
    }

    private static void lineage(String[] args, Path home, Path data, Path results) throws Exception {
        double scale = 0.1;
        int reps = 3;
        List<String> only = List.of();
        boolean sqlite = true;
        int warmUp = JitWarmUp.DEFAULT_RUNS;
        for (int i = 1; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--sf" -> scale = Double.parseDouble(args[i + 1]);
                case "--reps" -> reps = Integer.parseInt(args[i + 1]);
                case "--warm-up" -> warmUp = Integer.parseInt(args[i + 1]);
                case "--queries" -> only = Arrays.asList(args[i + 1].split(","));
                case "--engines" ->
                    sqlite = Arrays.asList(args[i + 1].split(",")).contains("sqlite");
                default -> throw unknown(args, i);
            }
        }
        LineageBenchmark.run(
                new LineageBenchmark.Settings(scale, reps, home, data, results, only, sqlite, warmUp), System.out);
    }

    private static void auto(String[] args, Path data, Path results) throws Exception {
        List<Integer> sizes = List.of(1_000, 3_000, 10_000, 30_000, 100_000, 300_000, 1_000_000);
        int reps = 9;
        for (int i = 1; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--rows" ->
                    sizes = Arrays.stream(args[i + 1].split(","))
                            .map(Integer::valueOf)
                            .toList();
                case "--reps" -> reps = Integer.parseInt(args[i + 1]);
                default -> throw unknown(args, i);
            }
        }
        AutoCrossoverBenchmark.run(new AutoCrossoverBenchmark.Settings(sizes, reps, data, results), System.out);
    }

    private static void tpchSpark(String[] args, Path home, Path data, Path results) throws Exception {
        double scale = 0.1;
        int reps = 3;
        String spark = null;
        for (int i = 1; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--sf" -> scale = Double.parseDouble(args[i + 1]);
                case "--reps" -> reps = Integer.parseInt(args[i + 1]);
                case "--spark-connect" -> spark = args[i + 1];
                default -> throw unknown(args, i);
            }
        }
        SparkTpchBenchmark.run(
                new SparkTpchBenchmark.Settings(scale, reps, spark, home, data, results, List.of(), null), System.out);
    }

    private static void mcp(String[] args, Path home, Path data, Path results) throws Exception {
        McpBenchmark.Settings defaults = McpBenchmark.Settings.defaults(home, data, results);
        int calls = defaults.calls();
        for (int i = 1; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--calls" -> calls = Integer.parseInt(args[i + 1]);
                default -> throw unknown(args, i);
            }
        }
        McpBenchmark.run(new McpBenchmark.Settings(calls, home, data, results), System.out);
    }

    private static void quotas(String[] args, Path data, Path results) throws Exception {
        QuotaBenchmark.Settings defaults = QuotaBenchmark.Settings.defaults(data, results);
        int seconds = defaults.seconds();
        int rate = defaults.perSecond();
        for (int i = 1; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--seconds" -> seconds = Integer.parseInt(args[i + 1]);
                case "--rate" -> rate = Integer.parseInt(args[i + 1]);
                default -> throw unknown(args, i);
            }
        }
        QuotaBenchmark.run(new QuotaBenchmark.Settings(seconds, rate, data, results), System.out);
    }

    private static void start(String[] args, Path home, Path data, Path results) throws Exception {
        StartBenchmark.Settings defaults = StartBenchmark.Settings.defaults(home, data, results);
        int reps = defaults.repetitions();
        Path baseline = defaults.baseline();
        List<String> commands = defaults.commands();
        for (int i = 1; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--reps" -> reps = Integer.parseInt(args[i + 1]);
                case "--baseline" -> baseline = Path.of(args[i + 1]).toAbsolutePath();
                case "--commands" -> commands = List.of(args[i + 1].split(","));
                default -> throw unknown(args, i);
            }
        }
        StartBenchmark.run(
                new StartBenchmark.Settings(reps, defaults.dropCache(), home, baseline, data, results, commands),
                System.out);
    }

    private static void workspaces(String[] args, Path home, Path data, Path results) throws Exception {
        WorkspacesBenchmark.Settings d = WorkspacesBenchmark.Settings.defaults(home, data, results);
        List<Integer> counts = d.counts();
        int starts = d.starts();
        Path baseline = d.baseline();
        int baselineMost = d.baselineMost();
        int samples = d.samples();
        int mixSeconds = d.mixSeconds();
        int mixWorkspaces = d.mixWorkspaces();
        int mixOpen = d.mixOpen();
        int clients = d.clients();
        for (int i = 1; i + 1 < args.length; i += 2) {
            String value = args[i + 1];
            switch (args[i]) {
                case "--counts" ->
                    counts = Arrays.stream(value.split(","))
                            .map(String::strip)
                            .map(Integer::valueOf)
                            .toList();
                case "--starts" -> starts = Integer.parseInt(value);
                case "--baseline" -> baseline = Path.of(value).toAbsolutePath();
                case "--baseline-most" -> baselineMost = Integer.parseInt(value);
                case "--samples" -> samples = Integer.parseInt(value);
                case "--mix-seconds" -> mixSeconds = Integer.parseInt(value);
                case "--mix-workspaces" -> mixWorkspaces = Integer.parseInt(value);
                case "--mix-open" -> mixOpen = Integer.parseInt(value);
                case "--clients" -> clients = Integer.parseInt(value);
                default -> throw unknown(args, i);
            }
        }
        WorkspacesBenchmark.run(
                new WorkspacesBenchmark.Settings(
                        counts,
                        starts,
                        baselineMost,
                        samples,
                        mixSeconds,
                        mixWorkspaces,
                        mixOpen,
                        clients,
                        home,
                        baseline,
                        data,
                        results),
                System.out);
    }

    private static IllegalArgumentException unknown(String[] args, int i) {
        return new IllegalArgumentException("unknown option " + args[i] + " in " + Arrays.toString(args));
    }
}

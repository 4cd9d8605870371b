package io.tablequery.benchmarks;

import java.nio.file.Path;
import java.util.Arrays;

/**
 * Entry point of {@code tq-bench.jar}: {@code ingest [--xlsx-rows N] [--csv-rows N] [--reps N] [--iterations N] [--heap SIZE]}.
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
        if (args.length == 0 || !args[0].equals("ingest")) {
            System.err.println(
                    "usage: tq bench ingest [--xlsx-rows N] [--csv-rows N] [--reps N] [--iterations N] [--heap SIZE]");
            System.exit(2);
        }
        Path home = Path.of(System.getProperty("tq.home", "."));
        IngestBenchmark.Settings defaults = IngestBenchmark.Settings.defaults(
                home.resolve("benchmarks/target/bench-data"), home.resolve("benchmarks/results"));
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
                default ->
                    throw new IllegalArgumentException("unknown option " + args[i] + " in " + Arrays.toString(args));
            }
        }
        IngestBenchmark.run(
                new IngestBenchmark.Settings(
                        xlsxRows, csvRows, reps, iterations, heap, defaults.data(), defaults.results()),
                System.out);
    }
}

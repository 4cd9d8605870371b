package io.tablequery.benchmarks;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tablequery.engine.json.JsonCodec;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToLongFunction;
import org.apache.commons.io.file.PathUtils;

/**
 * Ingest throughput against its baselines, in one run: tablequery's xlsx ingest against POI's event API reading the
 * same file, and tablequery's CSV ingest against DuckDB's {@code read_csv} on the same file. Every repetition starts
 * each contender in a fresh JVM (with the same heap limit, {@code -Xmx256m} by default) that runs it several times:
 * the first run is the cold time a command-line user sees, the median of the others the warm time a server sees.
 * Contenders alternate within each repetition so machine noise hits them alike; the report gives medians over the
 * repetitions.
 */
public final class IngestBenchmark {
    /**
     * What to run.
     *
     * @param xlsxRows rows of the xlsx input
     * @param csvRows rows of the CSV input
     * @param repetitions child JVMs per contender
     * @param iterations runs per child JVM: one cold, the rest warm
     * @param heap the child JVMs' heap
     * @param data where inputs are generated and kept
     * @param results where the report is written, or null for none
     */
    public record Settings(
            int xlsxRows, int csvRows, int repetitions, int iterations, String heap, Path data, Path results) {
        /** The sizes: 200,000 x 10 xlsx, 1,000,000 x 6 CSV; 5 repetitions of 4 runs; 256 MB heap. */
        public static Settings defaults(Path data, Path results) {
            return new Settings(200_000, 1_000_000, 5, 4, "256m", data, results);
        }
    }

    /**
     * A contender's medians over the repetitions.
     *
     * @param contender the contender
     * @param rows rows read
     * @param coldMillis median cold time
     * @param warmMillis median warm time, or -1
     * @param peakHeapMb largest peak heap seen
     */
    public record Summary(String contender, long rows, long coldMillis, long warmMillis, long peakHeapMb) {}

    /**
     * The outcome.
     *
     * @param machine where it ran
     * @param settings what ran
     * @param measurements every child JVM's measurement
     * @param summaries each contender's medians
     * @param ratios the headline ratios, by name
     */
    public record Result(
            Map<String, String> machine,
            Settings settings,
            List<Measurement> measurements,
            Map<String, Summary> summaries,
            Map<String, Double> ratios) {}

    private IngestBenchmark() {}

    /**
     * Runs the benchmark.
     *
     * @param settings what to run
     * @param log where to print progress
     * @return the result, also written to {@code settings.results()} when set
     * @throws Exception when a run fails
     */
    public static Result run(Settings settings, PrintStream log) throws Exception {
        Path xlsx = BenchData.xlsx(settings.data(), settings.xlsxRows());
        Path csv = BenchData.csv(settings.data(), settings.csvRows());
        List<Measurement> measurements = new ArrayList<>();
        for (int rep = 0; rep < settings.repetitions(); rep++) {
            List<Contender> order = rep % 2 == 0
                    ? List.of(
                            Contender.POI_EVENT_API,
                            Contender.TABLEQUERY_XLSX,
                            Contender.DUCKDB_READ_CSV,
                            Contender.SQLITE_JDBC_BATCH,
                            Contender.TABLEQUERY_CSV,
                            Contender.TABLEQUERY_CSV_DUCKDB_READY)
                    : List.of(
                            Contender.TABLEQUERY_XLSX,
                            Contender.POI_EVENT_API,
                            Contender.TABLEQUERY_CSV_DUCKDB_READY,
                            Contender.TABLEQUERY_CSV,
                            Contender.SQLITE_JDBC_BATCH,
                            Contender.DUCKDB_READ_CSV);
            for (Contender contender : order) {
                Path input =
                        contender == Contender.POI_EVENT_API || contender == Contender.TABLEQUERY_XLSX ? xlsx : csv;
                Path scratch = Files.createTempDirectory(settings.data(), "run-");
                try {
                    Measurement m = ChildRun.spawn(contender, input, settings.heap(), scratch, settings.iterations());
                    measurements.add(m);
                    log.printf(
                            "rep %d %-16s %,10d rows  cold %,7d ms  warm %,7d ms  peak heap %d MB%n",
                            rep + 1, m.contender(), m.rows(), m.coldMillis(), m.warmMillis(), m.peakHeapMb());
                } finally {
                    PathUtils.deleteDirectory(scratch);
                }
            }
        }
        Map<String, Summary> summaries = new LinkedHashMap<>();
        for (Contender contender : Contender.values()) {
            List<Measurement> runs = measurements.stream()
                    .filter(m -> m.contender().equals(contender.name()))
                    .toList();
            summaries.put(
                    contender.name(),
                    new Summary(
                            contender.name(),
                            runs.get(0).rows(),
                            median(runs, Measurement::coldMillis),
                            median(runs, Measurement::warmMillis),
                            runs.stream()
                                    .mapToLong(Measurement::peakHeapMb)
                                    .max()
                                    .orElse(0)));
        }
        Map<String, Double> ratios = new LinkedHashMap<>();
        Summary poi = summaries.get("POI_EVENT_API");
        Summary xlsxIngest = summaries.get("TABLEQUERY_XLSX");
        Summary duckDb = summaries.get("DUCKDB_READ_CSV");
        Summary csvIngest = summaries.get("TABLEQUERY_CSV");
        ratios.put("xlsx rows/s, tablequery over POI, cold", (double) poi.coldMillis() / xlsxIngest.coldMillis());
        ratios.put("xlsx rows/s, tablequery over POI, warm", (double) poi.warmMillis() / xlsxIngest.warmMillis());
        ratios.put("CSV time, tablequery over read_csv, cold", (double) csvIngest.coldMillis() / duckDb.coldMillis());
        ratios.put("CSV time, tablequery over read_csv, warm", (double) csvIngest.warmMillis() / duckDb.warmMillis());
        Summary floor = summaries.get("SQLITE_JDBC_BATCH");
        Summary ready = summaries.get("TABLEQUERY_CSV_DUCKDB_READY");
        ratios.put(
                "CSV time, SQLite copy alone over read_csv, warm", (double) floor.warmMillis() / duckDb.warmMillis());
        ratios.put(
                "CSV time, upload to answer over SQLITE_JDBC_BATCH, warm",
                (double) csvIngest.warmMillis() / floor.warmMillis());
        ratios.put(
                "CSV time, both copies current over the slower single-engine load, warm",
                (double) ready.warmMillis() / Math.max(floor.warmMillis(), duckDb.warmMillis()));
        Result result = new Result(Machine.describe(), settings, measurements, summaries, ratios);
        if (settings.results() != null) {
            write(result, settings.results());
        }
        log.print(markdown(result));
        return result;
    }

    static String markdown(Result result) {
        StringBuilder out = new StringBuilder();
        out.append("# Ingest benchmark, ").append(LocalDate.now()).append("\n\n");
        out.append("Machine: ").append(result.machine()).append("\n\n");
        Settings s = result.settings();
        out.append(("Inputs: xlsx %,d rows x 10 columns (integers, decimals, text, dates; shared strings); CSV %,d"
                        + " rows x 6 columns. %d repetitions; each starts every contender in a fresh JVM with -Xmx%s"
                        + " that runs it %d times: the first run is *cold*, the median of the rest *warm*."
                        + " Contenders alternate; the table shows medians over the repetitions.%n%n")
                .formatted(s.xlsxRows(), s.csvRows(), s.repetitions(), s.heap(), s.iterations()));
        out.append("| contender | rows | cold ms | cold rows/s | warm ms | warm rows/s | peak heap MB |\n");
        out.append("|---|---:|---:|---:|---:|---:|---:|\n");
        for (Summary summary : result.summaries().values()) {
            out.append("| %s | %,d | %,d | %,.0f | %,d | %,.0f | %d |%n"
                    .formatted(
                            summary.contender(),
                            summary.rows(),
                            summary.coldMillis(),
                            rate(summary.rows(), summary.coldMillis()),
                            summary.warmMillis(),
                            rate(summary.rows(), summary.warmMillis()),
                            summary.peakHeapMb()));
        }
        out.append("\n");
        result.ratios()
                .forEach((name, value) -> out.append(String.format(Locale.ROOT, "- %s: **%.2fx**%n", name, value)));
        out.append("\nGoals: xlsx at least 3x POI's rows/s; a CSV upload answers (its SQLite copy committed) within"
                + " 1.2x SQLITE_JDBC_BATCH (the floor of the SQLite copy alone: parse and batch-insert, nothing else),"
                + " and both its copies are current (TABLEQUERY_CSV_DUCKDB_READY) within 1.6x the slower of"
                + " SQLITE_JDBC_BATCH and read_csv.\n");
        return out.toString();
    }

    private static double rate(long rows, long millis) {
        return millis <= 0 ? 0 : rows * 1000.0 / millis;
    }

    private static long median(List<Measurement> runs, ToLongFunction<Measurement> value) {
        List<Long> sorted = runs.stream()
                .map(value::applyAsLong)
                .sorted(Comparator.naturalOrder())
                .toList();
        return sorted.get(sorted.size() / 2);
    }

    /** Writes the report; the JSON leaves out the input and output directories, which name this machine's paths. */
    private static void write(Result result, Path directory) throws IOException {
        ObjectNode json = JsonCodec.mapper().valueToTree(result);
        ((ObjectNode) json.get("settings")).remove(List.of("data", "results"));
        Reports.write(directory, "ingest", markdown(result), json);
    }
}

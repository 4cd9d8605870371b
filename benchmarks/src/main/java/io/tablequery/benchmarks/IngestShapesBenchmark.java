package io.tablequery.benchmarks;

import io.tablequery.engine.ingest.IngestListener;
import io.tablequery.engine.workspace.Workspace;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.commons.io.file.PathUtils;
import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.ss.usermodel.Sheet;
import org.apache.poi.xssf.usermodel.XSSFWorkbook;

/**
 * What an upload costs by the shape of its sheet and by the size of the workspace it goes into, side by side in one
 * process: ingest time per cell of a 300 x 2, a 2 x 300 and a 2,000 x 100 CSV (columns x rows), of a 300 x 2 and a
 * 2 x 300 xlsx workbook, and the time to
 * upload one 50-row CSV into a workspace of 10 tables and into one of many, each with its search index built as a
 * server's is. Beside them, DuckDB's own {@code read_csv} of the two small CSVs into a new database: the part of the
 * cost of a wide sheet that a DuckDB copy pays whoever writes it. Each figure is the median of its runs,
 * the runs of the contenders alternating so that machine noise hits them alike; the first run of each is left out
 * (class loading, JIT).
 */
public final class IngestShapesBenchmark {
    /**
     * What to run.
     *
     * @param runs measured runs per contender
     * @param largeWorkspace tables in the large workspace
     * @param data where inputs and workspaces are made
     * @param results where the report is written, or null for none
     */
    public record Settings(int runs, int largeWorkspace, Path data, Path results) {}

    /**
     * A contender's median.
     *
     * @param contender what was uploaded where
     * @param cells the cells of the upload
     * @param medianMillis the median time of an upload
     * @param microsPerCell the median time per cell
     */
    public record Figure(String contender, long cells, double medianMillis, double microsPerCell) {}

    /**
     * The outcome.
     *
     * @param machine where it ran
     * @param settings what ran
     * @param figures the medians
     */
    public record Result(Map<String, String> machine, Settings settings, List<Figure> figures) {}

    private IngestShapesBenchmark() {}

    /**
     * Runs the benchmark.
     *
     * @param settings what to run
     * @param log where progress goes
     * @return the figures
     * @throws Exception when inputs cannot be written or DuckDB fails
     */
    public static Result run(Settings settings, PrintStream log) throws Exception {
        Path data = Files.createDirectories(settings.data().resolve("ingest-shapes"));
        Map<String, Path> shapes = new LinkedHashMap<>();
        shapes.put("300 columns x 2 rows", csv(data.resolve("wide-300x2.csv"), 300, 2));
        shapes.put("2 columns x 300 rows", csv(data.resolve("narrow-2x300.csv"), 2, 300));
        shapes.put("2,000 columns x 100 rows", csv(data.resolve("wide-2000x100.csv"), 2000, 100));
        shapes.put("xlsx 300 columns x 2 rows", xlsx(data.resolve("wide-300x2.xlsx"), 300, 2));
        shapes.put("xlsx 2 columns x 300 rows", xlsx(data.resolve("narrow-2x300.xlsx"), 2, 300));
        Path small = csv(data.resolve("small-3x50.csv"), 3, 50);
        Map<String, List<Long>> nanos = new LinkedHashMap<>();
        Map<String, Long> cells = new LinkedHashMap<>();
        try (Workspace ten = filled(data.resolve("ws-10"), 10, log);
                Workspace large =
                        filled(data.resolve("ws-" + settings.largeWorkspace()), settings.largeWorkspace(), log)) {
            // As on a server after its first search-tables: every upload then also updates the search index.
            ten.searchTables("c0", 5);
            large.searchTables("c0", 5);
            for (int run = 0; run <= settings.runs(); run++) {
                for (Map.Entry<String, Path> shape : shapes.entrySet()) {
                    Path dir = data.resolve("ws-shape-" + run);
                    try (Workspace fresh = Workspace.open(dir)) {
                        long start = System.nanoTime();
                        fresh.ingest(
                                shape.getValue(), shape.getValue().getFileName().toString(), IngestListener.NONE);
                        record(nanos, shape.getKey(), run, System.nanoTime() - start);
                    }
                    deleteTree(dir);
                    cells.put(shape.getKey(), cellsOf(shape.getKey()));
                }
                for (String shape : List.of("300 columns x 2 rows", "2 columns x 300 rows")) {
                    Path scratch = Files.createDirectories(data.resolve("duckdb-" + run));
                    String name = "DuckDB read_csv alone, " + shape;
                    long start = System.nanoTime();
                    Contender.DUCKDB_READ_CSV.run(shapes.get(shape), scratch);
                    record(nanos, name, run, System.nanoTime() - start);
                    deleteTree(scratch);
                    cells.put(name, 600L);
                }
                for (Workspace into : List.of(ten, large)) {
                    String name =
                            "one 50-row CSV into %,d tables".formatted(into == ten ? 10 : settings.largeWorkspace());
                    long start = System.nanoTime();
                    into.ingest(small, "again.csv", IngestListener.NONE);
                    record(nanos, name, run, System.nanoTime() - start);
                    cells.put(name, 150L);
                }
                log.printf("run %d of %d%n", run, settings.runs());
            }
        }
        List<Figure> figures = new ArrayList<>();
        nanos.forEach((name, times) -> {
            double millis =
                    Medians.of(times.stream().mapToDouble(Long::doubleValue).toArray()) / 1e6;
            figures.add(new Figure(name, cells.get(name), millis, millis * 1000 / cells.get(name)));
        });
        Result result = new Result(Machine.describe(), settings, figures);
        StringBuilder report = new StringBuilder("# Ingest by sheet shape and workspace size\n\n");
        report.append("Medians of %d runs in one process (first run left out); `tq-bench ingest-shapes`.\n\n"
                .formatted(settings.runs()));
        report.append("| upload | cells | median ms | us per cell |\n|---|---:|---:|---:|\n");
        for (Figure figure : figures) {
            report.append("| %s | %,d | %.1f | %.2f |%n"
                    .formatted(figure.contender(), figure.cells(), figure.medianMillis(), figure.microsPerCell()));
        }
        log.print(report);
        if (settings.results() != null) {
            Reports.write(settings.results(), "ingest-shapes", report.toString(), result);
        }
        return result;
    }

    private static long cellsOf(String shape) {
        return switch (shape) {
            case "300 columns x 2 rows",
                    "2 columns x 300 rows",
                    "xlsx 300 columns x 2 rows",
                    "xlsx 2 columns x 300 rows" -> 600;
            default -> 200_000;
        };
    }

    private static void record(Map<String, List<Long>> nanos, String name, int run, long elapsed) {
        List<Long> times = nanos.computeIfAbsent(name, key -> new ArrayList<>());
        if (run > 0) {
            times.add(elapsed);
        }
    }

    /** A workspace of a number of one-table CSV files, made once and kept between runs. */
    private static Workspace filled(Path dir, int tables, PrintStream log) throws IOException {
        Workspace workspace = Workspace.open(dir);
        int have = workspace.catalog().tables().size();
        if (have < tables) {
            log.printf("filling a workspace with %,d tables (%,d there)%n", tables, have);
            Path file = csv(dir.resolveSibling(dir.getFileName() + "-table.csv"), 3, 50);
            for (int i = have; i < tables; i++) {
                workspace.ingest(file, "table_" + i + ".csv", IngestListener.NONE);
            }
        }
        return workspace;
    }

    private static Path csv(Path file, int columns, int rows) throws IOException {
        Random random = new Random(columns * 7919L + rows);
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            for (int c = 0; c < columns; c++) {
                out.write((c > 0 ? "," : "") + "c" + c);
            }
            out.write("\n");
            for (int r = 0; r < rows; r++) {
                for (int c = 0; c < columns; c++) {
                    out.write((c > 0 ? "," : "") + random.nextInt(100_000));
                }
                out.write("\n");
            }
        }
        return file;
    }

    /** The same values as {@link #csv}, as a workbook of one sheet: a header row of labels, then numbers. */
    private static Path xlsx(Path file, int columns, int rows) throws IOException {
        Random random = new Random(columns * 7919L + rows);
        try (XSSFWorkbook workbook = new XSSFWorkbook();
                OutputStream out = Files.newOutputStream(file)) {
            Sheet sheet = workbook.createSheet("data");
            Row header = sheet.createRow(0);
            for (int c = 0; c < columns; c++) {
                header.createCell(c).setCellValue("c" + c);
            }
            for (int r = 0; r < rows; r++) {
                Row row = sheet.createRow(r + 1);
                for (int c = 0; c < columns; c++) {
                    row.createCell(c).setCellValue(random.nextInt(100_000));
                }
            }
            workbook.write(out);
        }
        return file;
    }

    private static void deleteTree(Path dir) throws IOException {
        if (Files.exists(dir)) {
            PathUtils.delete(dir);
        }
    }
}

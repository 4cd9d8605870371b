package io.tablequery.benchmarks;

import io.tablequery.engine.duck.DuckDbTools;
import io.tablequery.engine.duck.DuckToolResult;
import io.tablequery.engine.duck.DuckToolSettings;
import io.tablequery.engine.result.ArrowStreams;
import io.tablequery.engine.workspace.Workspace;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.LocalDate;
import java.util.Locale;
import java.util.Map;
import org.duckdb.DuckDBResultSet;

/**
 * The DuckDB tools' numbers, each pair measured side by side in one run, the contenders alternating, medians: a
 * large result through the Arrow pipeline against a plain JDBC ResultSet, and queryDuckDB end to end against raw
 * DuckDB JDBC for a heavy aggregation over a workspace table and for a whole table (ten rows shown, all counted).
 */
final class ToolsBenchmark {
    /** Untimed runs of each contender before the timed ones, so that neither is measured while the JIT warms up. */
    private static final int WARM_UPS = 2;

    /**
     * What to run.
     *
     * @param resultRows rows of the large result
     * @param tableRows rows of the aggregated workspace table
     * @param repetitions timed runs of each contender
     * @param data where inputs are generated
     * @param results where the report goes, or null
     */
    record Settings(long resultRows, long tableRows, int repetitions, Path data, Path results) {
        static Settings defaults(Path data, Path results) {
            return new Settings(5_000_000, 10_000_000, 5, data, results);
        }
    }

    /**
     * One pair of contenders.
     *
     * @param what what was measured
     * @param baseline the baseline's name
     * @param baselineMillis its median
     * @param contender the contender's name
     * @param contenderMillis its median
     */
    record Pair(String what, String baseline, double baselineMillis, String contender, double contenderMillis) {
        double ratio() {
            return contenderMillis / baselineMillis;
        }
    }

    /**
     * The outcome.
     *
     * @param machine where it ran
     * @param arrow the large result through Arrow against JDBC
     * @param aggregation queryDuckDB against raw JDBC on an aggregation
     * @param scan queryDuckDB against raw JDBC on a whole table: ten rows shown, every row counted
     */
    record Result(Map<String, String> machine, Pair arrow, Pair aggregation, Pair scan) {}

    private ToolsBenchmark() {}

    static Result run(Settings settings, PrintStream log) throws IOException, SQLException {
        Pair arrow = arrowAgainstJdbc(settings.resultRows(), settings.repetitions(), log);
        Path directory = workspace(settings, log);
        Pair aggregation;
        Pair scan;
        try (Workspace workspace = Workspace.open(directory)) {
            String table = "\"" + workspace.catalog().tables().get(0).name() + "\"";
            aggregation = queryAgainstJdbc(
                    workspace,
                    "SELECT city, count(*) AS n, sum(amount) AS total, avg(quantity) AS mean,"
                            + " approx_count_distinct(id) AS ids FROM " + table + " GROUP BY city ORDER BY total DESC",
                    "GROUP BY over a %,d-row workspace table".formatted(settings.tableRows()),
                    settings.repetitions(),
                    log);
            scan = queryAgainstJdbc(
                    workspace,
                    "SELECT * FROM " + table,
                    "SELECT * of a %,d-row workspace table (10 rows shown, all counted)"
                            .formatted(settings.tableRows()),
                    settings.repetitions(),
                    log);
        }
        Result result = new Result(Machine.describe(), arrow, aggregation, scan);
        String markdown = markdown(result, settings);
        if (settings.results() != null) {
            Reports.write(settings.results(), "tools", markdown, result);
        }
        log.print(markdown);
        return result;
    }

    private static Pair arrowAgainstJdbc(long rows, int repetitions, PrintStream log) throws SQLException {
        double[] jdbc = new double[repetitions];
        double[] arrow = new double[repetitions];
        try (Connection connection = DriverManager.getConnection("jdbc:duckdb:");
                Statement statement = connection.createStatement()) {
            statement.execute("CREATE TABLE t AS SELECT i AS id, 'city ' || (i % 1000) AS city, i * 0.5 AS amount,"
                    + " DATE '2020-01-01' + CAST(i % 1000 AS INTEGER) AS day FROM range(" + rows + ") AS r(i)");
            for (int i = 0; i < repetitions; i++) {
                long start = System.nanoTime();
                long seen = 0;
                try (ResultSet rs = statement.executeQuery("SELECT * FROM t")) {
                    while (rs.next()) {
                        for (int c = 1; c <= 4; c++) {
                            seen += rs.getObject(c) == null ? 0 : 1;
                        }
                    }
                }
                jdbc[i] = (System.nanoTime() - start) / 1e6;
                start = System.nanoTime();
                CountingSink sink = new CountingSink();
                try (ResultSet rs = statement.executeQuery("SELECT * FROM t")) {
                    ArrowStreams.write(rs.unwrap(DuckDBResultSet.class), Long.MAX_VALUE, sink);
                }
                arrow[i] = (System.nanoTime() - start) / 1e6;
                log.printf(
                        Locale.ROOT,
                        "%,d rows: jdbc %.0f ms (%,d values), arrow ipc %.0f ms (%,d bytes)%n",
                        rows,
                        jdbc[i],
                        seen,
                        arrow[i],
                        sink.bytes);
            }
        }
        return new Pair(
                "%,d-row result, 4 columns".formatted(rows),
                "JDBC ResultSet, getObject per value",
                Medians.of(jdbc),
                "Arrow export to an IPC stream",
                Medians.of(arrow));
    }

    /** The workspace with the generated table, uploaded on first use. */
    private static Path workspace(Settings settings, PrintStream log) throws IOException {
        Path csv = settings.data().resolve("tools-" + settings.tableRows() + ".csv");
        if (!Files.exists(csv)) {
            Files.createDirectories(settings.data());
            try (Writer out = Files.newBufferedWriter(csv, StandardCharsets.UTF_8)) {
                out.write("id,city,amount,quantity\n");
                for (long i = 1; i <= settings.tableRows(); i++) {
                    out.write(i + ",city " + (i % 997) + "," + (i % 10_000) / 4.0 + "," + (i % 13) + "\n");
                }
            }
        }
        Path directory = settings.data().resolve("tools-ws-" + settings.tableRows());
        try (Workspace workspace = Workspace.open(directory)) {
            if (workspace.catalog().tables().isEmpty()) {
                long start = System.nanoTime();
                workspace.ingest(csv);
                workspace.awaitDuckDb(Duration.ofHours(1));
                log.printf(
                        Locale.ROOT,
                        "uploaded %,d rows in %.1f s%n",
                        settings.tableRows(),
                        (System.nanoTime() - start) / 1e9);
            }
        }
        return directory;
    }

    /**
     * queryDuckDB end to end against raw JDBC doing the least the tool must: read the first ten rows' values and
     * count every row.
     */
    private static Pair queryAgainstJdbc(
            Workspace workspace, String query, String what, int repetitions, PrintStream log) throws SQLException {
        double[] raw = new double[repetitions];
        double[] tool = new double[repetitions];
        DuckDbTools tools = new DuckDbTools(workspace, DuckToolSettings.DEFAULTS);
        for (int i = -WARM_UPS; i < repetitions; i++) {
            long start = System.nanoTime();
            long rows = 0;
            try (Connection connection = workspace.openDuckDb();
                    Statement statement = connection.createStatement();
                    ResultSet rs = statement.executeQuery(query)) {
                int columns = rs.getMetaData().getColumnCount();
                while (rs.next()) {
                    if (rows < DuckToolSettings.DEFAULTS.maxRows()) {
                        for (int c = 1; c <= columns; c++) {
                            rs.getObject(c);
                        }
                    }
                    rows++;
                }
            }
            double rawMillis = (System.nanoTime() - start) / 1e6;
            start = System.nanoTime();
            DuckToolResult result = tools.queryDuckDB(query);
            double toolMillis = (System.nanoTime() - start) / 1e6;
            if (!result.success() || result.rowCount() != rows) {
                throw new IllegalStateException("queryDuckDB answered " + result);
            }
            log.printf(
                    Locale.ROOT,
                    "%s%s: raw jdbc %.0f ms (%,d rows), queryDuckDB %.0f ms%n",
                    i < 0 ? "warm-up, " : "",
                    what,
                    rawMillis,
                    rows,
                    toolMillis);
            if (i >= 0) {
                raw[i] = rawMillis;
                tool[i] = toolMillis;
            }
        }
        return new Pair(
                what,
                "raw DuckDB JDBC on the workspace database",
                Medians.of(raw),
                "queryDuckDB end to end",
                Medians.of(tool));
    }

    static String markdown(Result result, Settings settings) {
        StringBuilder out = new StringBuilder();
        out.append("# DuckDB tools benchmark, ").append(LocalDate.now()).append("\n\n");
        out.append("Machine: ").append(result.machine()).append("\n\n");
        out.append("Reproduce: `./tq bench tools --result-rows ")
                .append(settings.resultRows())
                .append(" --table-rows ")
                .append(settings.tableRows())
                .append(" --reps ")
                .append(settings.repetitions())
                .append("`\n\n");
        out.append("Each pair ran side by side in one JVM, the two contenders alternating; the queryDuckDB pairs after "
                        + WARM_UPS + " untimed warm-up runs of each; medians of ")
                .append(settings.repetitions())
                .append(" runs.\n\n");
        out.append("| measured | baseline | median | contender | median | contender / baseline |\n");
        out.append("|---|---|---:|---|---:|---:|\n");
        for (Pair pair : new Pair[] {result.arrow(), result.aggregation(), result.scan()}) {
            out.append(String.format(
                    Locale.ROOT,
                    "| %s | %s | %.0f ms | %s | %.0f ms | %.2fx |%n",
                    pair.what(),
                    pair.baseline(),
                    pair.baselineMillis(),
                    pair.contender(),
                    pair.contenderMillis(),
                    pair.ratio()));
        }
        out.append("\nGoal: queryDuckDB at most 1.10x raw JDBC on the aggregation. The whole-table row shows what"
                + " rowCount costs: every row of the result is counted, through DuckDB's Arrow export.\n");
        return out.toString();
    }

    /** An output stream that only counts. */
    private static final class CountingSink extends OutputStream {
        long bytes;

        @Override
        public void write(int b) {
            bytes++;
        }

        @Override
        public void write(byte[] b, int off, int len) {
            bytes += len;
        }
    }
}

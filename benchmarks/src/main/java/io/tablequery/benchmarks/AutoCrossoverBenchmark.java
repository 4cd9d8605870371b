package io.tablequery.benchmarks;

import io.tablequery.engine.plan.PlanParser;
import io.tablequery.engine.skill.PlanEngine;
import io.tablequery.engine.skill.RunSqlRequest;
import io.tablequery.engine.skill.SkillSettings;
import io.tablequery.engine.skill.TableQuerySkill;
import io.tablequery.engine.workspace.Workspace;
import java.io.IOException;
import java.io.PrintStream;
import java.io.Writer;
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

/**
 * Where {@code auto}'s threshold of rows read should lie: run-sql on SQLite and on DuckDB, in turns, over tables of
 * growing size, for plans of five shapes an agent writes (a filter that shows some rows, a grouping, a grouping that
 * adds reals, a self-join with a date filter, a distinct count). {@code auto} adds reals as DuckDB does (its
 * compensated {@code fsum}, whose last digit may differ from SQLite's), so the real sums are measured the same way.
 * The report gives each size's medians and, per shape, the least size from which DuckDB is the faster at every larger
 * size.
 */
final class AutoCrossoverBenchmark {
    private static final Map<String, String> SHAPES = new LinkedHashMap<>();
    /** The folder of the tables and workspaces, named for the table's columns, so an older layout is not reused. */
    private static final String LAYOUT = "auto-crossover/id-region-qty-price-day-note";

    static {
        SHAPES.put("filter", "SELECT id, region, qty FROM t WHERE qty > 50 ORDER BY id");
        SHAPES.put("group", "SELECT region, count(*) AS n, sum(qty) AS q FROM t GROUP BY region ORDER BY region");
        SHAPES.put(
                "real sums",
                "SELECT region, sum(price) AS revenue, avg(price) AS mean FROM t GROUP BY region ORDER BY region");
        SHAPES.put(
                "join",
                "SELECT a.region, count(*) AS n FROM t AS a JOIN t AS b ON a.id = b.id + 1"
                        + " WHERE a.day >= '2020-01-01' GROUP BY a.region ORDER BY a.region");
        SHAPES.put("distinct", "SELECT count(DISTINCT note) AS n FROM t");
    }

    /**
     * What to measure.
     *
     * @param sizes the tables' rows
     * @param repetitions timed runs per contender
     * @param data where the tables and workspaces are made
     * @param results where the report goes
     */
    record Settings(List<Integer> sizes, int repetitions, Path data, Path results) {}

    /**
     * One shape at one size.
     *
     * @param shape the plan's shape
     * @param rows the table's rows
     * @param sqliteMs median run-sql time on SQLite
     * @param duckdbMs median run-sql time on DuckDB
     */
    record Point(String shape, int rows, double sqliteMs, double duckdbMs) {}

    /**
     * The report.
     *
     * @param machine the machine
     * @param points every shape at every size
     * @param crossover per shape, the least size from which DuckDB was faster at every larger size, or -1
     */
    record Result(Map<String, String> machine, List<Point> points, Map<String, Integer> crossover) {}

    private AutoCrossoverBenchmark() {}

    static Result run(Settings settings, PrintStream log) throws IOException {
        List<Point> points = new ArrayList<>();
        for (int rows : settings.sizes()) {
            Path csv = table(settings.data(), rows);
            Path directory = settings.data().resolve(LAYOUT + "/ws-" + rows);
            try (Workspace workspace = Workspace.open(directory)) {
                if (workspace.catalog().table("t").isEmpty()) {
                    workspace.ingest(csv);
                }
                workspace.awaitDuckDb(Duration.ofHours(1));
                TableQuerySkill skill = new TableQuerySkill(workspace, SkillSettings.DEFAULTS);
                for (Map.Entry<String, String> shape : SHAPES.entrySet()) {
                    RunSqlRequest sqlite = request(shape.getValue(), PlanEngine.SQLITE);
                    RunSqlRequest duckdb = request(shape.getValue(), PlanEngine.DUCKDB);
                    skill.runSql(sqlite);
                    skill.runSql(duckdb);
                    double[] onSqlite = new double[settings.repetitions()];
                    double[] onDuckDb = new double[settings.repetitions()];
                    for (int r = 0; r < settings.repetitions(); r++) {
                        onSqlite[r] = time(skill, sqlite);
                        onDuckDb[r] = time(skill, duckdb);
                    }
                    Point point = new Point(shape.getKey(), rows, Medians.of(onSqlite), Medians.of(onDuckDb));
                    points.add(point);
                    log.printf(
                            Locale.ROOT,
                            "%,d rows, %s: sqlite %.2f ms, duckdb %.2f ms%n",
                            rows,
                            shape.getKey(),
                            point.sqliteMs(),
                            point.duckdbMs());
                }
            }
        }
        Map<String, Integer> crossover = new LinkedHashMap<>();
        for (String shape : SHAPES.keySet()) {
            int from = -1;
            for (Point point : points) {
                if (!point.shape().equals(shape)) {
                    continue;
                }
                if (point.duckdbMs() < point.sqliteMs()) {
                    from = from < 0 ? point.rows() : from;
                } else {
                    from = -1;
                }
            }
            crossover.put(shape, from);
        }
        Result result = new Result(Machine.describe(), points, crossover);
        Reports.write(settings.results(), "auto-crossover", markdown(settings, result), result);
        return result;
    }

    private static RunSqlRequest request(String sql, PlanEngine engine) {
        return new RunSqlRequest(PlanParser.parse(OneStepPlan.json("answer", sql, "crossover")), null, null, engine);
    }

    private static double time(TableQuerySkill skill, RunSqlRequest request) {
        long start = System.nanoTime();
        skill.runSql(request);
        return (System.nanoTime() - start) / 1e6;
    }

    /** A table of ids, 20 regions, quantities, prices in cents, dates from 2015 to 2024 and notes of 1,000 kinds. */
    private static Path table(Path data, int rows) throws IOException {
        Path csv = data.resolve(LAYOUT + "/t-" + rows + "/t.csv");
        if (Files.exists(csv)) {
            return csv;
        }
        Files.createDirectories(csv.getParent());
        LocalDate first = LocalDate.of(2015, 1, 1);
        try (Writer out = Files.newBufferedWriter(csv, StandardCharsets.UTF_8)) {
            out.write("id,region,qty,price,day,note\n");
            for (int i = 1; i <= rows; i++) {
                long mixed = (i * 2_654_435_761L) & 0xffff_ffffL;
                out.write(i + ",region " + (mixed % 20) + "," + (mixed % 100) + "," + (mixed % 100_000) / 100.0 + ","
                        + first.plusDays(mixed % 3650)
                        + ",note " + (mixed % 1000) + "\n");
            }
        }
        return csv;
    }

    private static String markdown(Settings settings, Result result) {
        StringBuilder md = new StringBuilder("# auto's threshold: run-sql on SQLite against DuckDB by table size, ")
                .append(LocalDate.now())
                .append("\n\nMachine: ")
                .append(result.machine())
                .append("\n\nReproduce: `./tq bench auto --rows ")
                .append(String.join(
                        ",", settings.sizes().stream().map(String::valueOf).toList()))
                .append(" --reps ")
                .append(settings.repetitions())
                .append("`\n\nOne table of N rows, uploaded as CSV; each plan one step, default row ceiling and row")
                .append(" citations; the two engines in turns, medians of the runs after one untimed each.\n\n");
        for (Map.Entry<String, String> shape : SHAPES.entrySet()) {
            md.append("- ")
                    .append(shape.getKey())
                    .append(": `")
                    .append(shape.getValue())
                    .append("`\n");
        }
        md.append("\n| rows | shape | sqlite | duckdb | duckdb/sqlite |\n|---:|---|---:|---:|---:|\n");
        for (Point point : result.points()) {
            md.append(String.format(
                    Locale.ROOT,
                    "| %,d | %s | %.2f ms | %.2f ms | %.2f× |%n",
                    point.rows(),
                    point.shape(),
                    point.sqliteMs(),
                    point.duckdbMs(),
                    point.duckdbMs() / point.sqliteMs()));
        }
        md.append("\nDuckDB faster at every size from:\n\n");
        result.crossover().forEach((shape, rows) -> md.append("- ")
                .append(shape)
                .append(": ")
                .append(rows < 0 ? "never in this range" : String.format(Locale.ROOT, "%,d rows", rows))
                .append('\n'));
        return md.toString();
    }
}

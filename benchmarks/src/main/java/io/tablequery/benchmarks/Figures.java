package io.tablequery.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import io.tablequery.engine.duck.ChartResult;
import io.tablequery.engine.duck.DuckDbTools;
import io.tablequery.engine.duck.DuckToolSettings;
import io.tablequery.engine.json.JsonCodec;
import io.tablequery.engine.workspace.Workspace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.StringJoiner;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.commons.io.file.PathUtils;

/**
 * One figure per benchmark, drawn from its report's JSON with the product's own chart tool: {@code NAME-DATE.png}
 * beside {@code NAME-DATE.json}. {@link Reports} draws it when a run writes its report; {@code tq bench figures} draws
 * the figure of every benchmark's latest report again. TPC-H draws its own chart ({@link TpchReport}).
 */
final class Figures {
    /** The figures by benchmark name, the start of a report's stem before its date or settings. */
    private static final Map<String, Spec> SPECS = specs();

    /** The ingest contenders' short names, which fit under their bars. */
    private static final Map<String, String> INGEST_NAMES = Map.of(
            "POI_EVENT_API", "POI xlsx",
            "TABLEQUERY_XLSX", "tq xlsx",
            "DUCKDB_READ_CSV", "read_csv",
            "SQLITE_JDBC_BATCH", "SQLite",
            "TABLEQUERY_CSV", "tq CSV",
            "TABLEQUERY_CSV_DUCKDB_READY", "tq CSV, both");

    private static final Pattern DATE = Pattern.compile("\\d{4}-\\d{2}-\\d{2}");

    private Figures() {}

    /**
     * Draws a report's figure, when its benchmark has one.
     *
     * @param directory the results directory
     * @param stem the report's name without extension, such as {@code start-2026-12-05}
     * @param report the report's JSON
     * @return the PNG's file name, if one was drawn
     * @throws IOException when the file cannot be written
     */
    static Optional<String> draw(Path directory, String stem, JsonNode report) throws IOException {
        Optional<Spec> spec = specOf(stem);
        if (spec.isEmpty()) {
            return Optional.empty();
        }
        List<Point> points = spec.get().points().apply(report);
        if (points.isEmpty()) {
            return Optional.empty();
        }
        Path scratch = Files.createTempDirectory("tq-figure");
        try (Workspace workspace = Workspace.open(scratch.resolve("ws"))) {
            ChartResult chart = new DuckDbTools(workspace, DuckToolSettings.DEFAULTS)
                    .chart(
                            values(points, spec.get()),
                            null,
                            spec.get().kind(),
                            spec.get().xLabel(),
                            spec.get().yLabel(),
                            "series",
                            spec.get().title(),
                            true);
            if (!chart.success()) {
                throw new IOException("the chart tool could not draw " + stem + ": " + chart.error());
            }
            String name = stem + ".png";
            Files.write(directory.resolve(name), Base64.getDecoder().decode(chart.png()));
            return Optional.of(name);
        } finally {
            PathUtils.delete(scratch);
        }
    }

    /**
     * Draws the figure of the latest report of every benchmark that has one.
     *
     * @param directory the results directory
     * @return the PNGs drawn
     * @throws IOException when a report cannot be read or a figure written
     */
    static List<String> drawLatest(Path directory) throws IOException {
        Map<String, Path> latest = new LinkedHashMap<>();
        try (Stream<Path> files = Files.list(directory)) {
            for (Path file : files.filter(f -> f.getFileName().toString().endsWith(".json"))
                    .sorted(Comparator.comparing(Figures::date).thenComparing(Path::toString))
                    .toList()) {
                String stem = stem(file);
                specOf(stem).ifPresent(spec -> latest.put(familyOf(stem, spec), file));
            }
        }
        List<String> drawn = new ArrayList<>();
        for (Path file : latest.values()) {
            draw(directory, stem(file), JsonCodec.mapper().readTree(file.toFile()))
                    .ifPresent(drawn::add);
        }
        return drawn;
    }

    /** The benchmarks that draw a figure, by name. */
    static List<String> names() {
        return List.copyOf(SPECS.keySet());
    }

    private static Optional<Spec> specOf(String stem) {
        return SPECS.entrySet().stream()
                .filter(entry -> stem.startsWith(entry.getKey() + "-"))
                .max(Comparator.comparingInt(entry -> entry.getKey().length()))
                .map(Map.Entry::getValue);
    }

    /** A benchmark's reports of one setting (scale, engines) are one family; the figure is drawn for its latest. */
    private static String familyOf(String stem, Spec spec) {
        Matcher date = DATE.matcher(stem);
        return (date.find() ? stem.substring(0, date.start()) : stem) + "|" + spec.title();
    }

    private static String stem(Path file) {
        String name = file.getFileName().toString();
        return name.substring(0, name.length() - ".json".length());
    }

    private static String date(Path file) {
        Matcher date = DATE.matcher(file.getFileName().toString());
        return date.find() ? date.group() : "";
    }

    private static String values(List<Point> points, Spec spec) {
        StringJoiner rows = new StringJoiner(", ");
        for (Point point : points) {
            String x = spec.numericX() ? point.x() : "'" + point.x().replace("'", "''") + "'";
            rows.add(String.format(
                    Locale.ROOT, "(%s, '%s', %.6f)", x, point.series().replace("'", "''"), point.y()));
        }
        return "SELECT * FROM (VALUES " + rows + ") AS t(\"" + spec.xLabel() + "\", series, \"" + spec.yLabel() + "\")";
    }

    private static Map<String, Spec> specs() {
        Map<String, Spec> specs = new LinkedHashMap<>();
        specs.put(
                "ingest",
                new Spec(
                        "Ingest: one upload, cold and warm (ms, lower is faster)",
                        "bar",
                        false,
                        "contender",
                        "ms",
                        report -> {
                            List<Point> points = new ArrayList<>();
                            report.path("summaries").forEach(summary -> {
                                String contender = INGEST_NAMES.getOrDefault(
                                        summary.path("contender").asText(),
                                        summary.path("contender").asText());
                                add(points, contender, "cold", summary.path("coldMillis"));
                                add(points, contender, "warm", summary.path("warmMillis"));
                            });
                            return points;
                        }));
        specs.put(
                "ingest-shapes",
                new Spec(
                        "Ingest per cell by sheet shape (µs a cell, lower is faster)",
                        "bar",
                        false,
                        "sheet shape",
                        "µs a cell",
                        report -> each(report.path("figures"), "contender", "median", "microsPerCell")));
        specs.put(
                "skill",
                new Spec(
                        "run-sql against the engine called directly (ms, lower is faster)",
                        "bar",
                        false,
                        "statement",
                        "ms",
                        report -> {
                            List<Point> points = new ArrayList<>();
                            report.path("runSql").fields().forEachRemaining(entry -> {
                                addMicros(
                                        points,
                                        entry.getKey(),
                                        "engine directly",
                                        entry.getValue().path("directMicros"));
                                addMicros(
                                        points,
                                        entry.getKey(),
                                        "run-sql",
                                        entry.getValue().path("runSqlMicros"));
                            });
                            return points;
                        }));
        specs.put(
                "tools",
                new Spec(
                        "DuckDB tools against their baselines (ms, lower is faster)",
                        "bar",
                        false,
                        "task",
                        "ms",
                        report -> {
                            List<Point> points = new ArrayList<>();
                            report.fields().forEachRemaining(entry -> {
                                if (entry.getValue().has("contenderMillis")) {
                                    add(
                                            points,
                                            entry.getKey(),
                                            "baseline",
                                            entry.getValue().path("baselineMillis"));
                                    add(
                                            points,
                                            entry.getKey(),
                                            "tablequery",
                                            entry.getValue().path("contenderMillis"));
                                }
                            });
                            return points;
                        }));
        specs.put("load", new Spec("Calls under load: latency per call (ms)", "bar", false, "call", "ms", report -> {
            List<Point> points = new ArrayList<>();
            report.path("calls").forEach(call -> {
                add(points, call.path("name").asText(), "p50", call.path("p50Millis"));
                add(points, call.path("name").asText(), "p99", call.path("p99Millis"));
            });
            return points;
        }));
        specs.put(
                "calls",
                new Spec(
                        "Server CPU per call against the engine alone (ms)",
                        "bar",
                        false,
                        "call",
                        "CPU ms a call",
                        report -> {
                            List<Point> points = new ArrayList<>();
                            report.path("costs").forEach(cost -> {
                                add(points, cost.path("call").asText(), "tablequery", cost.path("serverCpuMillis"));
                                if (cost.path("rawCpuMillis").asDouble(-1) >= 0) {
                                    add(points, cost.path("call").asText(), "engine alone", cost.path("rawCpuMillis"));
                                }
                            });
                            return points;
                        }));
        specs.put("mcp", new Spec("One call by transport, median (ms)", "bar", false, "tool", "ms", report -> {
            List<Point> points = new ArrayList<>();
            report.path("rows")
                    .forEach(row -> add(
                            points,
                            row.path("tool").asText(),
                            row.path("transport").asText(),
                            row.path("p50Millis")));
            return points;
        }));
        specs.put(
                "start",
                new Spec(
                        "A command from the shell, warm median (ms, lower is faster)",
                        "bar",
                        false,
                        "command",
                        "ms",
                        report -> {
                            List<Point> points = new ArrayList<>();
                            report.path("rows").forEach(row -> {
                                if (row.path("failure").isNull()
                                        || row.path("failure").isMissingNode()) {
                                    String series = row.path("where").asText();
                                    String contender = row.path("contender").asText();
                                    if (!contender.equals("this checkout")) {
                                        series += " (" + contender + ")";
                                    }
                                    add(points, row.path("command").asText(), series, row.path("warmMillis"));
                                }
                            });
                            return points;
                        }));
        specs.put(
                "workspaces",
                new Spec(
                        "Server start to its first answer by workspaces on disk (ms)",
                        "line",
                        true,
                        "workspaces on disk",
                        "ms to the first answer",
                        report -> each(report.path("starts"), "workspaces", "contender", "startMillis")));
        specs.put(
                "auto-crossover",
                new Spec("run-sql by table size, each engine (ms)", "line", true, "rows in the table", "ms", report -> {
                    List<Point> points = new ArrayList<>();
                    report.path("points").forEach(point -> {
                        String rows = point.path("rows").asText();
                        String shape = point.path("shape").asText();
                        add(points, rows, shape + ", SQLite", point.path("sqliteMs"));
                        add(points, rows, shape + ", DuckDB", point.path("duckdbMs"));
                    });
                    return points;
                }));
        specs.put(
                "dialect",
                new Spec(
                        "Translated plans: DuckDB's speedup over SQLite per query",
                        "bar",
                        false,
                        "query",
                        "SQLite time / DuckDB time",
                        report -> {
                            List<Point> points = new ArrayList<>();
                            report.path("queries").forEach(query -> {
                                double sqlite = query.path("sqliteMillis").asDouble(0);
                                double duckdb = query.path("duckdbMillis").asDouble(0);
                                if (sqlite > 0 && duckdb > 0) {
                                    points.add(new Point(query.path("name").asText(), "speedup", sqlite / duckdb));
                                }
                            });
                            return points;
                        }));
        specs.put(
                "lineage",
                new Spec(
                        "TPC-H with citations: sheets against rows per query (ms)",
                        "bar",
                        false,
                        "query",
                        "ms",
                        report -> {
                            List<Point> points = new ArrayList<>();
                            report.forEach(query -> {
                                String name = query.path("name").asText();
                                add(points, name, "DuckDB, sheets", query.path("duckdbSheets"));
                                add(points, name, "DuckDB, rows", query.path("duckdbRows"));
                                add(points, name, "SQLite, sheets", query.path("sqliteSheets"));
                                add(points, name, "SQLite, rows", query.path("sqliteRows"));
                            });
                            return points;
                        }));
        specs.put(
                "spark-tpch",
                new Spec("TPC-H on Spark Connect and DuckDB per query (ms)", "bar", false, "query", "ms", report -> {
                    List<Point> points = new ArrayList<>();
                    report.forEach(query -> {
                        String name = query.path("name").asText();
                        add(points, name, "run-sql on Spark", query.path("spark"));
                        add(points, name, "raw Spark SQL", query.path("raw"));
                        add(points, name, "run-sql on DuckDB", query.path("duckdb"));
                    });
                    return points;
                }));
        return specs;
    }

    private static List<Point> each(JsonNode rows, String x, String series, String y) {
        List<Point> points = new ArrayList<>();
        rows.forEach(row -> add(
                points, row.path(x).asText(), row.has(series) ? row.path(series).asText() : series, row.path(y)));
        return points;
    }

    /** A value that was measured: a number, not NaN (a case not run, such as a warm run none was asked for). */
    private static boolean measured(JsonNode value) {
        return value.isNumber() && Double.isFinite(value.doubleValue());
    }

    private static void add(List<Point> points, String x, String series, JsonNode value) {
        if (measured(value)) {
            points.add(new Point(x, series, value.doubleValue()));
        }
    }

    private static void addMicros(List<Point> points, String x, String series, JsonNode micros) {
        if (measured(micros)) {
            points.add(new Point(x, series, micros.doubleValue() / 1000));
        }
    }

    /** One bar or point: its label on the x axis, its series, its value. */
    record Point(String x, String series, double y) {}

    /** How one benchmark's figure is drawn. */
    private record Spec(
            String title,
            String kind,
            boolean numericX,
            String xLabel,
            String yLabel,
            Function<JsonNode, List<Point>> points) {}
}

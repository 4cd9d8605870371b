package io.tablequery.benchmarks;

import io.tablequery.engine.duck.ChartResult;
import io.tablequery.engine.duck.DuckDbTools;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;

/** The TPC-H run's report: the markdown table with its ratios and goals, and the chart drawn by the chart tool. */
final class TpchReport {
    private TpchReport() {}

    /** Draws DuckDB's speedup over SQLite per query, through run-sql, raw JDBC and queryDuckDB, with the chart tool. */
    static String chart(
            DuckDbTools tools, List<TpchBenchmark.QueryTiming> timings, Path results, String stem, PrintStream log)
            throws IOException {
        StringJoiner values = new StringJoiner(", ");
        for (TpchBenchmark.QueryTiming timing : timings) {
            if (timing.sqlite() == null) {
                continue;
            }
            addPoint(values, timing.name(), "run-sql duckdb", timing.speedup());
            addPoint(values, timing.name(), "raw DuckDB JDBC", timing.rawSpeedup());
            addPoint(
                    values,
                    timing.name(),
                    "queryDuckDB",
                    timing.queryDuckDb() == null ? null : timing.sqlite() / timing.queryDuckDb());
        }
        if (values.length() == 0) {
            return null;
        }
        ChartResult chart = tools.chart(
                "SELECT * FROM (VALUES " + values + ") AS t(query, contender, speedup)",
                null,
                "bar",
                "query",
                "speedup",
                "contender",
                "TPC-H " + stem.substring("tpch-".length()) + ": speedup over run-sql on SQLite (higher is faster)",
                true);
        if (!chart.success()) {
            log.println("chart failed: " + chart.error());
            return null;
        }
        String name = stem + "-" + LocalDate.now() + ".png";
        Files.createDirectories(results);
        Files.write(results.resolve(name), Base64.getDecoder().decode(chart.png()));
        return name;
    }

    private static void addPoint(StringJoiner values, String query, String contender, Double speedup) {
        if (speedup != null) {
            values.add(String.format(Locale.ROOT, "('%s', '%s', %.4f)", query, contender, speedup));
        }
    }

    static String millis(Double value) {
        return value == null ? "-" : String.format(Locale.ROOT, "%.1f ms", value);
    }

    /** What the report says of the JIT warm-up that came before the timings. */
    static String warmUp(int runs) {
        return runs <= 0
                ? " The JVM was not warmed first (`--warm-up 0`): the product's Java ran partly interpreted."
                : String.format(
                        Locale.ROOT,
                        " Before anything was timed, %,d plan runs on a TPC-H sf0.01 workspace warmed the JVM, as a"
                                + " server's is once it has answered some hundreds of plans (`--warm-up N`).",
                        runs);
    }

    private static String ratio(Double value) {
        return value == null ? "-" : String.format(Locale.ROOT, "%.2f×", value);
    }

    static String markdown(TpchBenchmark.Result result) {
        StringBuilder out = new StringBuilder();
        String scale = TpchBenchmark.scaleText(result.scale());
        out.append("# TPC-H sf")
                .append(scale)
                .append(", ")
                .append(LocalDate.now())
                .append("\n\n");
        out.append("Machine: ").append(result.machine()).append("\n\n");
        out.append("Reproduce: `./tq bench tpch --sf ")
                .append(scale)
                .append(" --reps ")
                .append(result.repetitions())
                .append(
                        result.queries().stream().allMatch(timing -> timing.sqlite() == null)
                                ? " --engines duckdb"
                                : "")
                .append("`\n\n");
        out.append("Data from `io.trino.tpch`, uploaded through tablequery's own ingest: nation, region and supplier"
                + " as sheets of `tpch.xlsx`, the other tables as CSV files.\n\n");
        out.append("| file | rows | upload |\n|---|---:|---:|\n");
        for (TpchBenchmark.Upload upload : result.uploads()) {
            out.append(String.format(
                    Locale.ROOT,
                    "| %s | %,d | %s |%n",
                    upload.file(),
                    upload.rows(),
                    upload.seconds() == null
                            ? "(uploaded before)"
                            : String.format(
                                    Locale.ROOT,
                                    "%.1f s, %,.0f rows/s",
                                    upload.seconds(),
                                    upload.rows() / upload.seconds())));
        }
        out.append("\nEach query is a one-step run-sql plan (`CREATE TEMP TABLE q AS <SQLite SQL>`), up to 2,000"
                        + " rows shown. **raw** runs the translated SQL on a DuckDB JDBC connection to the same"
                        + " database and reads every row; **as written** runs the SQLite text itself there, where it"
                        + " runs and answers as the translation does (its rows in order, numbers within a part in a billion), so that"
                        + " raw against it is the translation's cost and it against queryDuckDB the query's form;"
                        + " **sheets** is run-sql on duckdb citing whole sheets (`citations: sheets`), so that it"
                        + " against raw is what the product adds beyond the SQL but the rows' citations;"
                        + " **queryDuckDB** runs DuckDB's own rendering of the query"
                        + " (the corpora's). Each contender ran its ")
                .append(result.repetitions())
                .append(" repetitions after one untimed warm-up; medians. A query's DuckDB contenders (raw, as written,"
                        + " duckdb, sheets, queryDuckDB, auto) ran in turns, one repetition of each at a time, each repetition's order"
                        + " rotated by one (right after a heavy contender DuckDB measured slower); SQLite ran in a block,"
                        + " after every query's DuckDB contenders, since DuckDB right after a heavy SQLite query"
                        + " measured slower.")
                .append(warmUp(result.warmUpRuns()))
                .append("\n\n");
        out.append("| query | rows | sqlite | duckdb | sheets | auto | raw | as written | queryDuckDB"
                + " | duckdb/sqlite speedup | auto/best | ours/raw | sheets/raw | engines equal | answers |\n");
        out.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|\n");
        List<Double> speedups = new ArrayList<>();
        List<Double> rawSpeedups = new ArrayList<>();
        int oursWithin = 0;
        int oursMeasured = 0;
        int autoWithin = 0;
        int autoMeasured = 0;
        int sheetsWithin = 0;
        int sheetsMeasured = 0;
        // The product's own cost: within 1.10x of raw at sf1 and above; at smaller scales, where a query takes
        // under 20 ms, within 1.25x (its fixed cost weighs more there).
        boolean large = result.scale() >= 1;
        int equal = 0;
        int answered = 0;
        int answersOk = 0;
        for (TpchBenchmark.QueryTiming timing : result.queries()) {
            out.append(String.format(
                    Locale.ROOT,
                    "| %s | %,d | %s | %s | %s | %s%s | %s | %s | %s | %s | %s | %s | %s | %s | %s |%n",
                    timing.name(),
                    timing.rows(),
                    millis(timing.sqlite()),
                    millis(timing.duckdb()),
                    millis(timing.duckdbSheets()),
                    millis(timing.auto()),
                    timing.autoEngine() == null ? "" : " (" + timing.autoEngine() + ")",
                    millis(timing.raw()),
                    timing.asWritten() != null || timing.notAsWritten() == null
                            ? millis(timing.asWritten())
                            : timing.notAsWritten(),
                    millis(timing.queryDuckDb()),
                    ratio(timing.speedup()),
                    ratio(timing.autoOverBest()),
                    ratio(timing.oursOverRaw()),
                    ratio(timing.sheetsOverRaw()),
                    timing.untranslated() != null
                            ? "not translated: " + timing.untranslated()
                            : String.valueOf(timing.enginesEqual()),
                    timing.answers().isEmpty() ? "-" : answersText(timing.answers())));
            if (timing.speedup() != null) {
                speedups.add(timing.speedup());
            }
            if (timing.rawSpeedup() != null) {
                rawSpeedups.add(timing.rawSpeedup());
            }
            if (timing.oursOverRaw() != null) {
                oursMeasured++;
                oursWithin += timing.oursOverRaw() <= 1.10 ? 1 : 0;
            }
            if (timing.autoOverBest() != null) {
                autoMeasured++;
                autoWithin += timing.autoOverBest() <= 1.10 ? 1 : 0;
            }
            if (timing.sheetsOverRaw() != null && (large || timing.raw() < 20)) {
                sheetsMeasured++;
                sheetsWithin += timing.sheetsOverRaw() <= (large ? 1.10 : 1.25) ? 1 : 0;
            }
            equal += Boolean.TRUE.equals(timing.enginesEqual()) ? 1 : 0;
            for (String verdict : timing.answers().values()) {
                if (!verdict.startsWith("not comparable")) {
                    answered++;
                    answersOk += verdict.equals("ok") ? 1 : 0;
                }
            }
        }
        out.append('\n');
        boolean sqliteRan = result.queries().stream().anyMatch(timing -> timing.sqlite() != null);
        if (sqliteRan) {
            out.append(String.format(
                    Locale.ROOT,
                    "- DuckDB over SQLite through run-sql: median %s, geometric mean %s, from %s to %s (%d queries).%n",
                    ratio(median(speedups)),
                    ratio(geometricMean(speedups)),
                    ratio(speedups.stream().min(Double::compare).orElse(null)),
                    ratio(speedups.stream().max(Double::compare).orElse(null)),
                    speedups.size()));
            out.append(String.format(
                    Locale.ROOT,
                    "- Raw DuckDB JDBC over run-sql on SQLite: median %s, geometric mean %s.%n",
                    ratio(median(rawSpeedups)),
                    ratio(geometricMean(rawSpeedups))));
        } else {
            out.append("- SQLite did not run (`--engines duckdb`): no speedups over it, no comparison of the engines'"
                    + " rows, and auto is not measured against it.\n");
        }
        out.append(String.format(
                Locale.ROOT,
                "- Goal ours/raw ≤ 1.10×: %d of %d queries. Goal auto ≤ 1.10× the faster engine: %d of %d.%n",
                oursWithin,
                oursMeasured,
                autoWithin,
                autoMeasured));
        out.append(String.format(
                Locale.ROOT,
                "- Goal sheets/raw ≤ %s%s: %d of %d queries.%n",
                large ? "1.10×" : "1.25×",
                large ? "" : " where raw takes under 20 ms",
                sheetsWithin,
                sheetsMeasured));
        List<String> onSqlite = result.queries().stream()
                .filter(timing -> timing.untranslated() != null)
                .map(timing -> timing.name() + " (" + timing.untranslated() + ")")
                .toList();
        if (sqliteRan) {
            out.append(String.format(
                    Locale.ROOT,
                    "- run-sql's rows equal on both engines: %d of the %d queries that translate%s.%n",
                    equal,
                    result.queries().size() - onSqlite.size(),
                    onSqlite.isEmpty() ? "" : "; on SQLite only: " + String.join(", ", onSqlite)));
        } else if (!onSqlite.isEmpty()) {
            out.append("- Not translated (auto runs them on SQLite): " + String.join(", ", onSqlite) + ".\n");
        }
        if (answered > 0) {
            out.append(String.format(
                    Locale.ROOT,
                    "- Full results equal to the corpora's answers (sqlite, duckdb and queryDuckDB each): %d of %d.%n",
                    answersOk,
                    answered));
        }
        if (result.chart() != null) {
            out.append("\n![DuckDB's speedup over run-sql on SQLite, per query](")
                    .append(result.chart())
                    .append(")\n");
        }
        return out.toString();
    }

    private static String answersText(Map<String, String> answers) {
        if (answers.values().stream().allMatch("ok"::equals)) {
            return "ok";
        }
        StringJoiner text = new StringJoiner("; ");
        answers.forEach((contender, verdict) -> {
            if (!verdict.equals("ok")) {
                text.add(contender + ": " + verdict.replace("|", "\\|"));
            }
        });
        return text.toString();
    }

    static Double median(List<Double> values) {
        return values.isEmpty()
                ? null
                : Medians.of(values.stream().mapToDouble(Double::doubleValue).toArray());
    }

    static Double geometricMean(List<Double> values) {
        return values.isEmpty()
                ? null
                : Math.exp(values.stream().mapToDouble(Math::log).average().orElse(0));
    }
}

package io.tablequery.benchmarks;

import io.tablequery.engine.exec.RunSqlResult;
import io.tablequery.engine.plan.CitationDetail;
import io.tablequery.engine.plan.PlanParser;
import io.tablequery.engine.result.ResultTable;
import io.tablequery.engine.skill.PlanEngine;
import io.tablequery.engine.skill.RunSqlRequest;
import io.tablequery.engine.skill.SkillSettings;
import io.tablequery.engine.skill.TableQuerySkill;
import io.tablequery.engine.workspace.Workspace;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;

/**
 * The cost of row citations: each TPC-H query through run-sql with row citations ({@code citations: rows}, the
 * default) and with sheet citations ({@code sheets}, what joined and aggregated rows cited before), side by side in
 * one run, on DuckDB (the two in turns, one repetition of each at a time) and on SQLite (the same, after DuckDB).
 * It also checks that both engines cite the same rows, and that the shown output stays within the output budget.
 */
final class LineageBenchmark {
    /**
     * What to run.
     *
     * @param scale the TPC-H scale factor
     * @param repetitions timed runs per contender and query, after one warm-up
     * @param home the repository, for the corpora beside it
     * @param data where generated files and the workspace go
     * @param results where the report goes, or null for none
     * @param only the queries to run, or empty for all 22
     * @param sqlite whether to time SQLite too (its lineage is slow to list at large scales)
     * @param warmUpRuns the plan runs that warm the JVM before anything is timed ({@link JitWarmUp}); none when 0
     */
    record Settings(
            double scale,
            int repetitions,
            Path home,
            Path data,
            Path results,
            List<String> only,
            boolean sqlite,
            int warmUpRuns) {}

    /**
     * One query's medians in milliseconds, null where the contender failed.
     *
     * @param name q01 to q22
     * @param rows the result's rows
     * @param duckdbSheets run-sql on duckdb with sheet citations
     * @param duckdbRows run-sql on duckdb with row citations
     * @param sqliteSheets run-sql on sqlite with sheet citations
     * @param sqliteRows run-sql on sqlite with row citations
     * @param sameCitations whether the rows both engines showed cite the same rows, null when one did not run
     * @param outputChars the most CSV characters a run showed, with row citations
     * @param budget the output budget
     * @param cited how the first row cites, cut to 60 characters
     * @param failures per contender, why it failed
     */
    record Row(
            String name,
            long rows,
            Double duckdbSheets,
            Double duckdbRows,
            Double sqliteSheets,
            Double sqliteRows,
            Boolean sameCitations,
            int outputChars,
            int budget,
            String cited,
            Map<String, String> failures) {}

    private LineageBenchmark() {}

    static List<Row> run(Settings settings, PrintStream log) throws Exception {
        List<TpchQueries.Query> queries = TpchQueries.load(PyDoughQueries.corpora(settings.home())).stream()
                .filter(query -> settings.only().isEmpty() || settings.only().contains(query.name()))
                .toList();
        List<Path> files = TpchFiles.write(settings.data(), settings.scale());
        JitWarmUp.run(settings.data(), queries, settings.warmUpRuns(), log);
        List<Row> rows = new ArrayList<>();
        try (Workspace workspace = Workspace.open(settings.data()
                .resolve("tpch-sf" + TpchBenchmark.scaleText(settings.scale()))
                .resolve("tpch"))) {
            for (Path file : files) {
                TpchBenchmark.upload(workspace, file, log);
            }
            TableQuerySkill skill = new TableQuerySkill(workspace, SkillSettings.DEFAULTS);
            for (TpchQueries.Query query : queries) {
                Row row = measure(skill, query, settings.repetitions(), settings.sqlite());
                rows.add(row);
                log.printf(
                        Locale.ROOT,
                        "%s duckdb %s / %s  sqlite %s / %s  same citations %s  output %,d of %,d%s%n",
                        row.name(),
                        TpchReport.millis(row.duckdbRows()),
                        TpchReport.millis(row.duckdbSheets()),
                        TpchReport.millis(row.sqliteRows()),
                        TpchReport.millis(row.sqliteSheets()),
                        row.sameCitations(),
                        row.outputChars(),
                        row.budget(),
                        row.failures().isEmpty() ? "" : "  failures: " + row.failures());
            }
        }
        String markdown = markdown(settings, rows);
        if (settings.results() != null) {
            Reports.write(
                    settings.results(),
                    "lineage-tpch-sf" + TpchBenchmark.scaleText(settings.scale())
                            + (settings.sqlite() ? "" : "-duckdb")
                            + (settings.only().isEmpty() ? "" : "-" + String.join("-", settings.only())),
                    markdown,
                    rows);
        }
        log.print(markdown);
        return rows;
    }

    private static Row measure(TableQuerySkill skill, TpchQueries.Query query, int repetitions, boolean sqlite) {
        Map<String, String> failures = new LinkedHashMap<>();
        RunSqlResult[] last = new RunSqlResult[2];
        Map<String, TpchBenchmark.Work> duck = new LinkedHashMap<>();
        duck.put("duckdb sheets", () -> run(skill, query, PlanEngine.DUCKDB, CitationDetail.SHEETS));
        duck.put("duckdb rows", () -> last[0] = run(skill, query, PlanEngine.DUCKDB, CitationDetail.ROWS));
        Map<String, Double> duckMillis = TpchBenchmark.timeInTurns(duck, repetitions, failures);
        Map<String, TpchBenchmark.Work> lite = new LinkedHashMap<>();
        lite.put("sqlite sheets", () -> run(skill, query, PlanEngine.SQLITE, CitationDetail.SHEETS));
        lite.put("sqlite rows", () -> last[1] = run(skill, query, PlanEngine.SQLITE, CitationDetail.ROWS));
        Map<String, Double> liteMillis = sqlite ? TpchBenchmark.timeInTurns(lite, repetitions, failures) : Map.of();
        Boolean same = last[0] == null || last[1] == null ? null : sameCitations(last[1], last[0]);
        int output = 0;
        String cited = "";
        long rows = -1;
        for (RunSqlResult result : last) {
            if (result != null) {
                ResultTable table = result.tables().get(0);
                output = Math.max(output, table.csv().length());
                rows = table.totalRows();
                result.notices().stream()
                        .filter(notice -> notice.contains("cite whole sheets"))
                        .forEach(notice -> failures.putIfAbsent("citations", notice));
                if (!table.rows().isEmpty() && cited.isEmpty()) {
                    String src = table.rows().get(0).get(table.columns().size() - 1);
                    cited = src.length() > 60 ? src.substring(0, 60) + "..." : src;
                }
            }
        }
        return new Row(
                query.name(),
                rows,
                duckMillis.get("duckdb sheets"),
                duckMillis.get("duckdb rows"),
                liteMillis.get("sqlite sheets"),
                liteMillis.get("sqlite rows"),
                same,
                output,
                SkillSettings.DEFAULTS.outputBudget(),
                cited,
                failures);
    }

    private static RunSqlResult run(
            TableQuerySkill skill, TpchQueries.Query query, PlanEngine engine, CitationDetail detail) {
        return skill.runSql(
                new RunSqlRequest(PlanParser.parse(TpchBenchmark.plan(query)), 2000, null, engine, null, detail));
    }

    /** Whether the rows both engines showed (and agree on) cite the same rows, in order. */
    static boolean sameCitations(RunSqlResult sqlite, RunSqlResult duckdb) {
        if (!TpchBenchmark.sameRows(sqlite, duckdb)) {
            return false;
        }
        ResultTable a = sqlite.tables().get(0);
        ResultTable b = duckdb.tables().get(0);
        int cited = a.columns().size() - 1;
        for (int i = 0; i < Math.min(a.shownRows(), b.shownRows()); i++) {
            if (!a.rows().get(i).get(cited).equals(b.rows().get(i).get(cited))) {
                return false;
            }
        }
        return true;
    }

    static String markdown(Settings settings, List<Row> rows) {
        StringBuilder out = new StringBuilder();
        out.append("# The cost of row citations: TPC-H sf")
                .append(TpchBenchmark.scaleText(settings.scale()))
                .append("\n\nMachine: ")
                .append(Machine.describe())
                .append("\n\nrun-sql with `citations: rows` (every row cites the rows it was computed from) against")
                .append(" `citations: sheets` (joined and aggregated rows cite their sheets), medians of ")
                .append(settings.repetitions())
                .append(" runs after a warm-up; each engine's two contenders run in turns. Command: `./tq bench")
                .append(" lineage --sf ")
                .append(TpchBenchmark.scaleText(settings.scale()))
                .append(" --reps ")
                .append(settings.repetitions())
                .append(settings.sqlite() ? "" : " --engines duckdb")
                .append("`.")
                .append(TpchReport.warmUp(settings.warmUpRuns()))
                .append("\n\n")
                .append("| query | rows | duckdb sheets | duckdb rows | duckdb ratio | sqlite sheets | sqlite rows |")
                .append(" sqlite ratio | same citations | output / budget | first row cites | failures |\n")
                .append("|---|---|---|---|---|---|---|---|---|---|---|---|\n");
        List<Double> duckRatios = new ArrayList<>();
        List<Double> liteRatios = new ArrayList<>();
        for (Row row : rows) {
            Double duck = ratio(row.duckdbRows(), row.duckdbSheets());
            Double lite = ratio(row.sqliteRows(), row.sqliteSheets());
            if (duck != null) {
                duckRatios.add(duck);
            }
            if (lite != null) {
                liteRatios.add(lite);
            }
            StringJoiner failures = new StringJoiner("; ");
            row.failures().forEach((contender, why) -> failures.add(contender + ": " + firstLine(why)));
            out.append(String.format(
                    Locale.ROOT,
                    "| %s | %,d | %s | %s | %s | %s | %s | %s | %s | %,d / %,d | `%s` | %s |%n",
                    row.name(),
                    row.rows(),
                    TpchReport.millis(row.duckdbSheets()),
                    TpchReport.millis(row.duckdbRows()),
                    times(duck),
                    TpchReport.millis(row.sqliteSheets()),
                    TpchReport.millis(row.sqliteRows()),
                    times(lite),
                    row.sameCitations() == null ? "-" : row.sameCitations().toString(),
                    row.outputChars(),
                    row.budget(),
                    row.cited().replace("|", "\\|"),
                    failures.toString().replace("|", "\\|")));
        }
        Double geometric = TpchReport.geometricMean(duckRatios);
        Double most = duckRatios.stream().max(Double::compare).orElse(null);
        out.append("\nGeometric mean of the ratios: DuckDB ")
                .append(times(geometric))
                .append(", SQLite ")
                .append(times(TpchReport.geometricMean(liteRatios)))
                .append("; the most on DuckDB ")
                .append(times(most))
                .append(".\n");
        out.append(String.format(
                Locale.ROOT,
                "%nGoal (row citations over sheet citations on DuckDB): geometric mean ≤ 1.25× (%s: %s), no query"
                        + " above 2.0× (%d of %d above: %s).%n",
                times(geometric),
                geometric != null && geometric <= 1.25 ? "met" : "not met",
                duckRatios.stream().filter(r -> r > 2.0).count(),
                duckRatios.size(),
                most != null && most <= 2.0 ? "met" : "not met"));
        return out.toString();
    }

    private static Double ratio(Double rows, Double sheets) {
        return rows == null || sheets == null || sheets == 0 ? null : rows / sheets;
    }

    private static String times(Double ratio) {
        return ratio == null ? "" : String.format(Locale.ROOT, "%.2f×", ratio);
    }

    private static String firstLine(String text) {
        return text == null ? "" : text.lines().findFirst().orElse("").strip();
    }
}

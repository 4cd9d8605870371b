package io.tablequery.benchmarks;

import io.tablequery.dialects.translate.Translation;
import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.exec.RunSqlResult;
import io.tablequery.engine.plan.PlanParser;
import io.tablequery.engine.skill.PlanEngine;
import io.tablequery.engine.skill.RunSqlRequest;
import io.tablequery.engine.skill.SkillSettings;
import io.tablequery.engine.skill.TableQuerySkill;
import io.tablequery.engine.workspace.Workspace;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.util.Statistics;

/**
 * The dialect layer's numbers: translation time per statement (JMH, sampled per call), and for every PyDough TPC-H
 * query that translates, run-sql with engine {@code duckdb} against engine {@code sqlite} on the same workspace,
 * measured side by side (the two alternate, medians of the repetitions).
 */
final class DialectBenchmark {
    /**
     * What to run.
     *
     * @param scale the TPC-H scale factor
     * @param repetitions timed runs of each query on each engine
     * @param home the repository
     * @param data where inputs are generated
     * @param results where the report goes, or null
     */
    record Settings(double scale, int repetitions, Path home, Path data, Path results) {
        static Settings defaults(Path home, Path data, Path results) {
            return new Settings(0.1, 3, home, data, results);
        }
    }

    /**
     * Translation time per statement.
     *
     * @param statements the statements translated in turn
     * @param samples calls sampled
     * @param p50Micros the median
     * @param p99Micros the 99th percentile
     */
    record TranslationTime(int statements, long samples, double p50Micros, double p99Micros) {}

    /**
     * One query on both engines.
     *
     * @param name the PyDough query name
     * @param rows rows of its result
     * @param sqliteMillis median time of run-sql with engine sqlite
     * @param duckdbMillis median time with engine duckdb
     */
    record QueryTiming(String name, long rows, double sqliteMillis, double duckdbMillis) {
        double speedup() {
            return sqliteMillis / duckdbMillis;
        }
    }

    /**
     * The outcome.
     *
     * @param machine where it ran
     * @param scale the TPC-H scale factor
     * @param lineitemRows rows of lineitem
     * @param translation translation time
     * @param queries the timed queries
     * @param untranslated the queries that do not translate, with why
     * @param failed the queries that failed on an engine, with why
     */
    record Result(
            Map<String, String> machine,
            double scale,
            long lineitemRows,
            TranslationTime translation,
            List<QueryTiming> queries,
            Map<String, String> untranslated,
            Map<String, String> failed) {}

    private DialectBenchmark() {}

    static Result run(Settings settings, PrintStream log) throws IOException, SQLException, RunnerException {
        Path corpora = PyDoughQueries.corpora(settings.home());
        Map<String, String> queries = PyDoughQueries.tpch(corpora);
        TranslationTime translation = translationTime(settings.home(), corpora, queries.size());
        log.printf(
                Locale.ROOT,
                "translation: p50 %.1f us, p99 %.1f us%n",
                translation.p50Micros(),
                translation.p99Micros());
        Path database = TpchSqlite.write(settings.data(), settings.scale());
        Path directory = settings.data().resolve("dialect-tpch-sf" + settings.scale());
        List<QueryTiming> timings = new ArrayList<>();
        Map<String, String> untranslated = new TreeMap<>();
        Map<String, String> failed = new TreeMap<>();
        long lineitemRows;
        try (Workspace workspace = Workspace.open(directory)) {
            if (workspace.catalog().tables().isEmpty()) {
                workspace.ingest(database);
            }
            workspace.awaitDuckDb(Duration.ofHours(1));
            lineitemRows = workspace.catalog().table("lineitem").orElseThrow().rowCount();
            TableQuerySkill skill =
                    new TableQuerySkill(workspace, SkillSettings.DEFAULTS.withQueryTimeout(Duration.ofMinutes(3)));
            for (Map.Entry<String, String> query : queries.entrySet()) {
                Translation translated = skill.translate(query.getValue(), TableQuerySkill.ENGINE_SUMS);
                if (translated instanceof Translation.Untranslatable refused) {
                    untranslated.put(query.getKey(), refused.reason());
                    continue;
                }
                try {
                    timings.add(time(skill, query.getKey(), query.getValue(), settings.repetitions()));
                    QueryTiming last = timings.get(timings.size() - 1);
                    log.printf(
                            Locale.ROOT,
                            "%-50s sqlite %9.1f ms  duckdb %8.1f ms  %6.2fx%n",
                            last.name(),
                            last.sqliteMillis(),
                            last.duckdbMillis(),
                            last.speedup());
                } catch (EngineException e) {
                    failed.put(query.getKey(), e.getMessage());
                }
            }
        }
        Result result = new Result(
                Machine.describe(), settings.scale(), lineitemRows, translation, timings, untranslated, failed);
        String markdown = markdown(result, settings);
        if (settings.results() != null) {
            Reports.write(settings.results(), "dialect", markdown, result);
        }
        log.print(markdown);
        return result;
    }

    private static TranslationTime translationTime(Path home, Path corpora, int statements) throws RunnerException {
        Options options = new OptionsBuilder()
                .include(TranslateBenchmark.class.getName())
                .forks(1)
                .warmupIterations(3)
                .warmupTime(TimeValue.seconds(2))
                .measurementIterations(5)
                .measurementTime(TimeValue.seconds(2))
                .jvmArgsAppend("-Dtq.home=" + home.toAbsolutePath(), "-Dtq.corpora=" + corpora.toAbsolutePath())
                .build();
        RunResult run = new Runner(options).runSingle();
        Statistics statistics = run.getPrimaryResult().getStatistics();
        return new TranslationTime(
                statements, statistics.getN(), statistics.getPercentile(50.0), statistics.getPercentile(99.0));
    }

    private static QueryTiming time(TableQuerySkill skill, String name, String sql, int repetitions) {
        String plan = OneStepPlan.json("q", sql, name);
        double[] sqlite = new double[repetitions];
        double[] duckdb = new double[repetitions];
        long rows = 0;
        for (int i = 0; i < repetitions; i++) {
            long start = System.nanoTime();
            RunSqlResult result =
                    skill.runSql(new RunSqlRequest(PlanParser.parse(plan), null, null, PlanEngine.SQLITE));
            sqlite[i] = (System.nanoTime() - start) / 1e6;
            rows = result.tables().get(0).totalRows();
            start = System.nanoTime();
            skill.runSql(new RunSqlRequest(PlanParser.parse(plan), null, null, PlanEngine.DUCKDB));
            duckdb[i] = (System.nanoTime() - start) / 1e6;
        }
        return new QueryTiming(name, rows, Medians.of(sqlite), Medians.of(duckdb));
    }

    static String markdown(Result result, Settings settings) {
        StringBuilder out = new StringBuilder();
        out.append("# Dialect layer benchmark, ").append(LocalDate.now()).append("\n\n");
        out.append("Machine: ").append(result.machine()).append("\n\n");
        out.append("Reproduce: `./tq bench dialect --scale ")
                .append(result.scale())
                .append(" --reps ")
                .append(settings.repetitions())
                .append("`\n\n");
        TranslationTime translation = result.translation();
        out.append("## Translation time per statement\n\n");
        out.append(String.format(
                Locale.ROOT,
                "JMH sample time over the %d PyDough TPC-H queries in turn (parse, type, print), one fork, 3 x 2 s"
                        + " warm-up, 5 x 2 s measured, %,d calls sampled.%n%n| p50 | p99 |%n|---:|---:|%n"
                        + "| %.1f us | %.1f us |%n%n",
                translation.statements(),
                translation.samples(),
                translation.p50Micros(),
                translation.p99Micros()));
        List<QueryTiming> queries = result.queries();
        double logSum = 0;
        for (QueryTiming query : queries) {
            logSum += Math.log(query.speedup());
        }
        double[] speedups =
                queries.stream().mapToDouble(QueryTiming::speedup).sorted().toArray();
        out.append("## run-sql, engine duckdb against engine sqlite, TPC-H sf")
                .append(result.scale())
                .append("\n\n");
        out.append(String.format(
                Locale.ROOT,
                "lineitem has %,d rows. %d PyDough queries translate and ran on both engines (%d do not translate,"
                        + " %d failed); each query is a one-step plan run by run-sql to its text, the engines alternating,"
                        + " %d repetitions, medians. Speedup = sqlite time / duckdb time, measured side by side.%n%n",
                result.lineitemRows(),
                queries.size(),
                result.untranslated().size(),
                result.failed().size(),
                settings.repetitions()));
        if (speedups.length > 0) {
            out.append(String.format(
                    Locale.ROOT,
                    "Geometric mean speedup %.2fx; median %.2fx; range %.2fx to %.2fx.%n%n",
                    Math.exp(logSum / speedups.length),
                    Medians.of(speedups),
                    speedups[0],
                    speedups[speedups.length - 1]));
        }
        out.append("| query | rows | sqlite ms | duckdb ms | speedup |\n|---|---:|---:|---:|---:|\n");
        for (QueryTiming query : queries) {
            out.append(String.format(
                    Locale.ROOT,
                    "| %s | %,d | %.1f | %.1f | %.2fx |%n",
                    query.name(),
                    query.rows(),
                    query.sqliteMillis(),
                    query.duckdbMillis(),
                    query.speedup()));
        }
        if (!result.untranslated().isEmpty()) {
            out.append("\n## Not translated\n\n");
            result.untranslated().forEach((name, reason) -> out.append("- ")
                    .append(name)
                    .append(": ")
                    .append(reason)
                    .append('\n'));
        }
        if (!result.failed().isEmpty()) {
            out.append("\n## Failed\n\n");
            result.failed().forEach((name, reason) -> out.append("- ")
                    .append(name)
                    .append(": ")
                    .append(reason)
                    .append('\n'));
        }
        return out.toString();
    }
}

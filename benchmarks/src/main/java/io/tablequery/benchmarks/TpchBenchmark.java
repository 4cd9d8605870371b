package io.tablequery.benchmarks;

import io.tablequery.dialects.translate.Translation;
import io.tablequery.engine.duck.ArrowExport;
import io.tablequery.engine.duck.DuckDbTools;
import io.tablequery.engine.duck.DuckToolResult;
import io.tablequery.engine.duck.DuckToolSettings;
import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.exec.RunSqlResult;
import io.tablequery.engine.ingest.IngestListener;
import io.tablequery.engine.plan.CitationDetail;
import io.tablequery.engine.plan.PlanParser;
import io.tablequery.engine.result.ResultTable;
import io.tablequery.engine.skill.PlanEngine;
import io.tablequery.engine.skill.RunSqlRequest;
import io.tablequery.engine.skill.SkillSettings;
import io.tablequery.engine.skill.TableQuerySkill;
import io.tablequery.engine.workspace.Workspace;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * TPC-H through both tool families and both engines: for each of the 22 queries, run-sql on {@code sqlite}, on
 * {@code duckdb} (translated) and on {@code auto}; the translated SQL on raw DuckDB JDBC, the limit of what run-sql
 * on DuckDB can reach; and queryDuckDB with DuckDB's own rendering. Each contender warms up once untimed. The four
 * DuckDB contenders of a query then run in turns, one repetition of each at a time, so they are compared side by
 * side; SQLite runs its repetitions in a block, after every query's DuckDB contenders, since DuckDB right after a
 * heavy SQLite query measured slower (up to 9× for one run, and still 1.2-1.8× for the runs after). Where the corpora hold answers for the scale factor, every contender's full result
 * is checked against them first; at any scale, run-sql's rows on the two engines are compared with each other.
 */
final class TpchBenchmark {
    /**
     * What to run.
     *
     * @param scale the TPC-H scale factor
     * @param repetitions timed runs per contender and query, after one warm-up
     * @param home the repository, for the corpora beside it
     * @param data where generated files and the workspace go
     * @param results where the report goes, or null for none
     * @param sqlite whether run-sql on {@code sqlite} is timed too (its block takes the longest by far at sf1)
     * @param only the queries to run by name ({@code q01}), all when empty
     * @param warmUpRuns the plan runs that warm the JVM before anything is timed ({@link JitWarmUp}); none when 0
     */
    record Settings(
            double scale,
            int repetitions,
            Path home,
            Path data,
            Path results,
            boolean sqlite,
            List<String> only,
            int warmUpRuns) {
        Settings {
            only = List.copyOf(only);
        }

        /** Settings without the JIT warm-up, for a quick run. */
        Settings(double scale, int repetitions, Path home, Path data, Path results) {
            this(scale, repetitions, home, data, results, true, List.of(), 0);
        }

        static Settings defaults(Path home, Path data, Path results) {
            return new Settings(1, 3, home, data, results, true, List.of(), JitWarmUp.DEFAULT_RUNS);
        }
    }

    /**
     * One uploaded file.
     *
     * @param file its name
     * @param rows rows over its tables
     * @param seconds the upload's wall time, or null when the workspace already held it
     */
    record Upload(String file, long rows, Double seconds) {}

    /**
     * One query's measurements, medians in milliseconds; null where the contender did not run.
     *
     * @param name q01 to q22
     * @param rows the result's rows
     * @param untranslated why the SQLite rendering stays on SQLite, or null when it translates
     * @param sqlite run-sql on sqlite
     * @param duckdb run-sql on duckdb
     * @param duckdbSheets run-sql on duckdb citing whole sheets ({@code citations: sheets}): the product's own cost
     *     over raw, without the rows' citations
     * @param auto run-sql on auto
     * @param autoEngine the engine auto chose
     * @param raw the translated SQL on raw DuckDB JDBC, every row read
     * @param queryDuckDb queryDuckDB with the native rendering
     * @param enginesEqual whether run-sql's rows agree on both engines
     * @param answers per contender, {@code ok} or the first difference from the corpora's answer
     * @param failures per contender, the error of a run that failed
     */
    record QueryTiming(
            String name,
            long rows,
            String untranslated,
            Double sqlite,
            Double duckdb,
            Double duckdbSheets,
            Double auto,
            String autoEngine,
            Double raw,
            Double asWritten,
            String notAsWritten,
            Double queryDuckDb,
            Boolean enginesEqual,
            Map<String, String> answers,
            Map<String, String> failures) {
        /** DuckDB's speedup over SQLite through run-sql. */
        Double speedup() {
            return sqlite == null || duckdb == null ? null : sqlite / duckdb;
        }

        /** Raw DuckDB's speedup over run-sql on SQLite. */
        Double rawSpeedup() {
            return sqlite == null || raw == null ? null : sqlite / raw;
        }

        /** run-sql on duckdb over raw DuckDB JDBC: the cost of the tool. */
        Double oursOverRaw() {
            return duckdb == null || raw == null ? null : duckdb / raw;
        }

        /** run-sql on duckdb citing sheets over raw DuckDB JDBC: the cost of the tool without the rows' citations. */
        Double sheetsOverRaw() {
            return duckdbSheets == null || raw == null ? null : duckdbSheets / raw;
        }

        /** auto over the faster engine. */
        Double autoOverBest() {
            if (auto == null || sqlite == null) {
                return null;
            }
            return auto / (duckdb == null ? sqlite : Math.min(sqlite, duckdb));
        }
    }

    /**
     * A run.
     *
     * @param machine the machine
     * @param scale the scale factor
     * @param repetitions timed runs per contender
     * @param warmUpRuns the plan runs that warmed the JVM before anything was timed ({@link JitWarmUp})
     * @param uploads the files uploaded
     * @param queries per query
     * @param chart the chart's file name, or null
     */
    record Result(
            Map<String, String> machine,
            double scale,
            int repetitions,
            int warmUpRuns,
            List<Upload> uploads,
            List<QueryTiming> queries,
            String chart) {}

    private TpchBenchmark() {}

    static String scaleText(double scale) {
        return scale == Math.rint(scale) ? Long.toString((long) scale) : Double.toString(scale);
    }

    static Result run(Settings settings, PrintStream log) throws IOException, SQLException {
        Path corpora = PyDoughQueries.corpora(settings.home());
        List<TpchQueries.Query> queries = TpchQueries.load(corpora).stream()
                .filter(query -> settings.only().isEmpty() || settings.only().contains(query.name()))
                .toList();
        Optional<Path> answers = TpchAnswers.directory(corpora, settings.scale());
        String stem = "tpch-sf" + scaleText(settings.scale());
        String report = stem
                + (settings.sqlite() ? "" : "-duckdb")
                + (settings.only().isEmpty() ? "" : "-" + String.join("-", settings.only()));
        log.printf(Locale.ROOT, "generating TPC-H sf%s files%n", scaleText(settings.scale()));
        List<Path> files = TpchFiles.write(settings.data(), settings.scale());
        Duration limit = Duration.ofMinutes(30);
        List<QueryTiming> timings = new ArrayList<>();
        List<Upload> uploads = new ArrayList<>();
        String chart = null;
        JitWarmUp.run(settings.data(), queries, settings.warmUpRuns(), log);
        try (Workspace workspace = Workspace.open(settings.data().resolve(stem).resolve("tpch"))) {
            for (Path file : files) {
                uploads.add(upload(workspace, file, log));
            }
            TableQuerySkill skill = new TableQuerySkill(workspace, SkillSettings.DEFAULTS.withQueryTimeout(limit));
            DuckDbTools tools = new DuckDbTools(workspace, DuckToolSettings.DEFAULTS.withQueryTimeout(limit));
            List<Prepared> prepared = new ArrayList<>();
            for (TpchQueries.Query query : queries) {
                prepared.add(prepare(workspace, skill, tools, query, answers));
            }
            List<DuckSide> duckSides = new ArrayList<>();
            for (Prepared query : prepared) {
                duckSides.add(duckSide(workspace, skill, tools, query, settings.repetitions()));
                log.printf(
                        Locale.ROOT,
                        "%s: DuckDB contenders measured%n",
                        query.query().name());
            }
            for (int i = 0; i < queries.size(); i++) {
                QueryTiming timing = sqliteSide(
                        skill, queries.get(i), duckSides.get(i), settings.sqlite() ? settings.repetitions() : 0);
                timings.add(timing);
                log.printf(
                        Locale.ROOT,
                        "%s sqlite %s  duckdb %s  auto %s (%s)  raw %s  queryDuckDB %s  equal %s  answers %s%s%n",
                        timing.name(),
                        TpchReport.millis(timing.sqlite()),
                        TpchReport.millis(timing.duckdb()),
                        TpchReport.millis(timing.auto()),
                        timing.autoEngine(),
                        TpchReport.millis(timing.raw()),
                        TpchReport.millis(timing.queryDuckDb()),
                        timing.enginesEqual(),
                        timing.answers(),
                        timing.failures().isEmpty() ? "" : "  failures " + timing.failures());
            }
            if (settings.results() != null) {
                chart = TpchReport.chart(tools, timings, settings.results(), report, log);
            }
        }
        Result result = new Result(
                Machine.describe(),
                settings.scale(),
                settings.repetitions(),
                settings.warmUpRuns(),
                uploads,
                timings,
                chart);
        String markdown = TpchReport.markdown(result);
        if (settings.results() != null) {
            Reports.write(settings.results(), report, markdown, result);
        }
        log.print(markdown);
        return result;
    }

    static Upload upload(Workspace workspace, Path file, PrintStream log) {
        String name = file.getFileName().toString();
        if (workspace.catalog().fileNamed(name).isPresent()) {
            return new Upload(name, rowsOf(workspace, name), null);
        }
        long start = System.nanoTime();
        workspace.ingest(file, name, IngestListener.NONE);
        double seconds = (System.nanoTime() - start) / 1e9;
        // The upload answered; the queries are timed once its DuckDB copy has followed.
        workspace.awaitDuckDb(Duration.ofHours(1));
        long rows = rowsOf(workspace, name);
        log.printf(Locale.ROOT, "uploaded %s: %,d rows in %.1f s%n", name, rows, seconds);
        return new Upload(name, rows, seconds);
    }

    private static long rowsOf(Workspace workspace, String fileName) {
        int number = workspace.catalog().fileNamed(fileName).orElseThrow().number();
        return workspace.catalog().tablesOf(number).stream()
                .mapToLong(table -> table.rowCount())
                .sum();
    }

    /** What one query measured before its SQLite block. */
    private record DuckSide(
            String untranslated,
            Double duckdb,
            Double duckdbSheets,
            Double auto,
            RunSqlResult autoResult,
            Double raw,
            Double asWritten,
            String notAsWritten,
            Double queryDuckDb,
            RunSqlResult duckdbResult,
            Map<String, String> answers,
            Map<String, String> failures) {}

    /**
     * A query translated and, where the corpora have answers, checked; checks run for every query before any is
     * timed, so their SQLite runs precede no DuckDB measurement.
     *
     * @param query the query
     * @param translated its DuckDB translation, or null
     * @param untranslated why it does not translate, or null
     * @param answers per contender, {@code ok} or the first difference from the answer
     */
    private record Prepared(
            TpchQueries.Query query,
            String translated,
            String untranslated,
            String notAsWritten,
            Map<String, String> answers) {}

    private static Prepared prepare(
            Workspace workspace,
            TableQuerySkill skill,
            DuckDbTools tools,
            TpchQueries.Query query,
            Optional<Path> answers) {
        Translation translation = skill.translate(query.sqlite(), TableQuerySkill.ENGINE_SUMS);
        String translated = translation instanceof Translation.Translated t ? t.sql() : null;
        String untranslated = translation instanceof Translation.Untranslatable u ? u.reason() : null;
        Map<String, String> checked = new LinkedHashMap<>();
        if (answers.isPresent()) {
            check(answers.get(), query, skill, tools, translated != null, checked);
        }
        String notAsWritten = translated == null
                ? "not translated"
                : AsWritten.whyNot(workspace, query.sqlite(), translated).orElse(null);
        return new Prepared(query, translated, untranslated, notAsWritten, checked);
    }

    /**
     * Times the contenders that run on DuckDB in turns: raw, run-sql on duckdb, queryDuckDB, and auto (on DuckDB but
     * for the smallest scales). Every query's DuckDB side runs before any SQLite block, since DuckDB measured slower
     * for more than one run after a heavy SQLite query (at sf1, run-sql on duckdb right after SQLite took 1.2-1.8x as
     * long as the same plan through auto a block later).
     */
    private static DuckSide duckSide(
            Workspace workspace, TableQuerySkill skill, DuckDbTools tools, Prepared prepared, int repetitions) {
        TpchQueries.Query query = prepared.query();
        String translated = prepared.translated();
        Map<String, String> failures = new LinkedHashMap<>();
        RunSqlResult[] last = new RunSqlResult[2];
        Map<String, Work> contenders = new LinkedHashMap<>();
        if (translated != null) {
            contenders.put("raw", () -> readAll(workspace, translated));
            if (prepared.notAsWritten() == null) {
                contenders.put("as written", () -> readAll(workspace, query.sqlite()));
            }
            contenders.put("duckdb", () -> last[0] = runSql(skill, query, PlanEngine.DUCKDB));
            contenders.put("duckdb sheets", () -> runSql(skill, query, PlanEngine.DUCKDB, CitationDetail.SHEETS));
        }
        contenders.put("queryDuckDB", () -> {
            DuckToolResult answer = tools.queryDuckDB(query.duckDb());
            if (!answer.success()) {
                throw new IllegalStateException(answer.code() + ": " + answer.error());
            }
        });
        contenders.put("auto", () -> last[1] = runSql(skill, query, PlanEngine.AUTO));
        Map<String, Double> millis = timeInTurns(contenders, repetitions, failures);
        Double raw = millis.get("raw");
        Double duckdb = millis.get("duckdb");
        Double nativeMillis = millis.get("queryDuckDB");
        Double auto = millis.get("auto");
        return new DuckSide(
                prepared.untranslated(),
                duckdb,
                millis.get("duckdb sheets"),
                auto,
                last[1],
                raw,
                millis.get("as written"),
                prepared.notAsWritten(),
                nativeMillis,
                last[0],
                prepared.answers(),
                failures);
    }

    private static QueryTiming sqliteSide(
            TableQuerySkill skill, TpchQueries.Query query, DuckSide duck, int repetitions) {
        Map<String, String> failures = new LinkedHashMap<>(duck.failures());
        RunSqlResult[] last = new RunSqlResult[1];
        Double sqlite = repetitions == 0
                ? null
                : time("sqlite", repetitions, failures, () -> last[0] = runSql(skill, query, PlanEngine.SQLITE));
        Boolean equal = last[0] == null || duck.duckdbResult() == null ? null : sameRows(last[0], duck.duckdbResult());
        RunSqlResult counted = last[0] != null ? last[0] : duck.duckdbResult();
        long rows = counted != null ? counted.tables().get(0).totalRows() : -1;
        return new QueryTiming(
                query.name(),
                rows,
                duck.untranslated(),
                sqlite,
                duck.duckdb(),
                duck.duckdbSheets(),
                duck.auto(),
                duck.autoResult() == null ? null : duck.autoResult().engine(),
                duck.raw(),
                duck.asWritten(),
                duck.notAsWritten(),
                duck.queryDuckDb(),
                equal,
                duck.answers(),
                failures);
    }

    /** Work to time. */
    @FunctionalInterface
    interface Work {
        void run() throws Exception;
    }

    /**
     * Times contenders that run on the same engine in turns: each warms up once, then every repetition runs each
     * contender once, so a drift of the machine's speed meets them all alike, each repetition in an order rotated by
     * one.
     */
    static Map<String, Double> timeInTurns(
            Map<String, Work> contenders, int repetitions, Map<String, String> failures) {
        Map<String, double[]> millis = new LinkedHashMap<>();
        for (Map.Entry<String, Work> contender : contenders.entrySet()) {
            try {
                contender.getValue().run();
                millis.put(contender.getKey(), new double[repetitions]);
            } catch (Exception e) {
                failures.put(contender.getKey(), e.getMessage());
            }
        }
        List<Map.Entry<String, double[]>> order = new ArrayList<>(millis.entrySet());
        for (int i = 0; i < repetitions; i++) {
            // Each repetition starts one contender later, so that no contender always runs right after the same one
            // (right after a heavy one, such as run-sql citing rows, DuckDB measured up to twice as slow).
            for (int k = 0; k < order.size(); k++) {
                Map.Entry<String, double[]> contender = order.get((i + k) % order.size());
                if (failures.containsKey(contender.getKey())) {
                    continue;
                }
                try {
                    long start = System.nanoTime();
                    contenders.get(contender.getKey()).run();
                    contender.getValue()[i] = (System.nanoTime() - start) / 1e6;
                } catch (Exception e) {
                    failures.put(contender.getKey(), e.getMessage());
                }
            }
        }
        Map<String, Double> medians = new LinkedHashMap<>();
        millis.forEach((contender, values) -> {
            if (!failures.containsKey(contender)) {
                medians.put(contender, Medians.of(values));
            }
        });
        return medians;
    }

    /** Times one contender alone: a warm-up, then its repetitions in a block. */
    static Double time(String contender, int repetitions, Map<String, String> failures, Work work) {
        return timeInTurns(Map.of(contender, work), repetitions, failures).get(contender);
    }

    static String plan(TpchQueries.Query query) {
        return OneStepPlan.json("q", query.sqlite(), "TPC-H " + query.name());
    }

    static RunSqlResult runSql(TableQuerySkill skill, TpchQueries.Query query, PlanEngine engine) {
        return skill.runSql(new RunSqlRequest(PlanParser.parse(plan(query)), 2000, null, engine));
    }

    static RunSqlResult runSql(
            TableQuerySkill skill, TpchQueries.Query query, PlanEngine engine, CitationDetail citations) {
        return skill.runSql(new RunSqlRequest(PlanParser.parse(plan(query)), 2000, null, engine, null, citations));
    }

    private static void readAll(Workspace workspace, String sql) throws SQLException {
        try (Connection connection = workspace.openDuckDb();
                Statement statement = connection.createStatement();
                ResultSet rs = statement.executeQuery(sql)) {
            int columns = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                for (int c = 1; c <= columns; c++) {
                    rs.getObject(c);
                }
            }
        }
    }

    /** Checks each contender's whole result against the corpora's answer. */
    private static void check(
            Path answers,
            TpchQueries.Query query,
            TableQuerySkill skill,
            DuckDbTools tools,
            boolean translates,
            Map<String, String> checked) {
        String incomparable = TpchAnswers.NOT_COMPARABLE.get(query.name());
        if (incomparable != null) {
            checked.put("answer", "not comparable: " + incomparable);
            return;
        }
        TpchAnswers.Answer expected;
        try {
            expected = TpchAnswers.read(answers.resolve(query.name() + ".csv"));
        } catch (IOException e) {
            checked.put("answer", "unreadable: " + e.getMessage());
            return;
        }
        List<PlanEngine> engines =
                translates ? List.of(PlanEngine.SQLITE, PlanEngine.DUCKDB) : List.of(PlanEngine.SQLITE);
        for (PlanEngine engine : engines) {
            String name = engine.label();
            try {
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                skill.exportArrow(
                        new RunSqlRequest(PlanParser.parse(plan(query)), null, null, engine),
                        null,
                        1_000_000,
                        false,
                        out);
                checked.put(name, verdict(ArrowTables.rows(out.toByteArray()), expected));
            } catch (EngineException | IOException e) {
                checked.put(name, "failed: " + e.getMessage());
            }
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ArrowExport export = tools.exportArrow(query.duckDb(), 1_000_000, out);
        try {
            checked.put(
                    "queryDuckDB",
                    export.failure() != null
                            ? "failed: " + export.failure().error()
                            : verdict(ArrowTables.rows(out.toByteArray()), expected));
        } catch (IOException e) {
            checked.put("queryDuckDB", "failed: " + e.getMessage());
        }
    }

    private static String verdict(List<List<String>> actual, TpchAnswers.Answer expected) {
        return TpchAnswers.compare(actual, expected).orElse("ok");
    }

    /**
     * Compares the rows run-sql showed on the two engines, without their citations. The engines may show different
     * numbers of rows of a large result, since their numbers' text differs in length against the output budget, so
     * the rows both showed are compared, and the full counts.
     */
    static boolean sameRows(RunSqlResult sqlite, RunSqlResult duckdb) {
        ResultTable a = sqlite.tables().get(0);
        ResultTable b = duckdb.tables().get(0);
        int shown = Math.min(a.shownRows(), b.shownRows());
        return a.totalRows() == b.totalRows()
                && TpchAnswers.compare(
                                withoutCitations(a).subList(0, shown),
                                withoutCitations(b).subList(0, shown))
                        .isEmpty();
    }

    private static List<List<String>> withoutCitations(ResultTable table) {
        int cited = table.columns().indexOf("__src");
        List<List<String>> rows = new ArrayList<>();
        for (List<String> row : table.rows()) {
            List<String> kept = new ArrayList<>(row);
            if (cited >= 0) {
                kept.remove(cited);
            }
            rows.add(kept);
        }
        return rows;
    }
}

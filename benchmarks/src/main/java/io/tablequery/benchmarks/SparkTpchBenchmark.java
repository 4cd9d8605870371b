package io.tablequery.benchmarks;

import io.tablequery.dialects.sql.SqliteStatement;
import io.tablequery.dialects.translate.SparkSqlDialect;
import io.tablequery.dialects.translate.SqliteTranslator;
import io.tablequery.dialects.translate.Translation;
import io.tablequery.engine.catalog.CatalogSnapshot;
import io.tablequery.engine.catalog.TableInfo;
import io.tablequery.engine.exec.RunSqlResult;
import io.tablequery.engine.exec.TranslationCatalog;
import io.tablequery.engine.skill.PlanEngine;
import io.tablequery.engine.skill.PlanEngines;
import io.tablequery.engine.skill.SkillSettings;
import io.tablequery.engine.skill.TableQuerySkill;
import io.tablequery.engine.workspace.SqliteSession;
import io.tablequery.engine.workspace.Workspace;
import io.tablequery.engine.workspace.WorkspaceOptions;
import io.tablequery.spark.SparkEngine;
import io.tablequery.spark.SparkOptions;
import io.tablequery.spark.export.ParquetExports;
import io.tablequery.spark.local.LocalSparkServer;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.spark.sql.SparkSession;

/**
 * TPC-H on the Spark engine: for each of the 22 queries, run-sql on {@code spark} against the same translated query
 * run raw through the same Spark Connect client over the same Parquet exports (the tool's overhead), and against
 * run-sql on {@code duckdb} (under a memory limit that may be set lower, to see where it spills or fails, with the
 * most its spill directory held); each answer's rows checked against run-sql on {@code sqlite}. DuckDB runs first in
 * a block; the Spark contenders in turns after it, each after one untimed warm-up. Without {@code --spark-connect},
 * a local Spark Connect server ({@code local[*]}) is started from the jars the build resolved.
 */
final class SparkTpchBenchmark {
    /**
     * What to run.
     *
     * @param scale the TPC-H scale factor
     * @param repetitions timed runs per contender and query, after one warm-up
     * @param spark the Spark Connect address, or null to start a local server
     * @param home the repository
     * @param data where generated files, the workspace and the exports go
     * @param results where the report goes, or null
     * @param only the queries to run ({@code q01}...), or empty for all 22
     * @param duckDbMemory DuckDB's memory limit for the workspace, or null for the workspace default
     */
    record Settings(
            double scale,
            int repetitions,
            String spark,
            Path home,
            Path data,
            Path results,
            List<String> only,
            String duckDbMemory) {}

    /**
     * One query, medians in milliseconds, null where a contender did not run.
     *
     * @param name q01 to q22
     * @param untranslated why Spark SQL cannot answer it as SQLite, or null
     * @param spark run-sql on spark
     * @param raw the translated query run raw on Spark, every row collected
     * @param duckdb run-sql on duckdb
     * @param duckdbSpill the most bytes DuckDB's spill directory held while it ran
     * @param sameAsSqlite whether run-sql on spark showed SQLite's rows
     * @param failures per contender, the error of a run that failed
     */
    record Row(
            String name,
            String untranslated,
            Double spark,
            Double raw,
            Double duckdb,
            long duckdbSpill,
            Boolean sameAsSqlite,
            Map<String, String> failures) {}

    private SparkTpchBenchmark() {}

    static List<Row> run(Settings settings, PrintStream log) throws Exception {
        List<TpchQueries.Query> queries = TpchQueries.load(PyDoughQueries.corpora(settings.home())).stream()
                .filter(query -> settings.only().isEmpty() || settings.only().contains(query.name()))
                .toList();
        String stem = "spark-tpch-sf" + TpchBenchmark.scaleText(settings.scale())
                + (settings.duckDbMemory() == null ? "" : "-duckdb-" + settings.duckDbMemory())
                + (settings.only().isEmpty() ? "" : "-" + String.join("-", settings.only()));
        List<Path> files = TpchFiles.write(settings.data(), settings.scale());
        LocalSparkServer local = settings.spark() == null ? startLocal(settings) : null;
        String address = local != null ? local.address() : settings.spark();
        List<Row> rows = new ArrayList<>();
        Duration limit = Duration.ofMinutes(30);
        WorkspaceOptions options = settings.duckDbMemory() == null
                ? WorkspaceOptions.DEFAULTS
                : WorkspaceOptions.DEFAULTS.withDuckDbMemoryLimit(settings.duckDbMemory());
        try (Workspace workspace = Workspace.open(
                        settings.data()
                                .resolve("tpch-sf" + TpchBenchmark.scaleText(settings.scale()))
                                .resolve("tpch"),
                        options);
                SparkEngine engine = new SparkEngine(
                        new SparkOptions(address, settings.data().resolve("spark-exports"), 0, limit))) {
            for (Path file : files) {
                TpchBenchmark.upload(workspace, file, log);
            }
            engine.opened(workspace);
            TableQuerySkill skill = new TableQuerySkill(
                    workspace,
                    SkillSettings.DEFAULTS
                            .withQueryTimeout(limit)
                            .withEngines(PlanEngines.BUILT_IN.with(engine.engine())));
            try (SparkSession raw = rawSession(address, engine, workspace)) {
                for (TpchQueries.Query query : queries) {
                    rows.add(measure(query, workspace, engine, skill, raw, settings.repetitions()));
                    Row row = rows.get(rows.size() - 1);
                    log.printf(
                            Locale.ROOT,
                            "%s spark %s  raw %s  duckdb %s (spilled %s)  same as sqlite %s%s%n",
                            row.name(),
                            TpchReport.millis(row.spark()),
                            TpchReport.millis(row.raw()),
                            TpchReport.millis(row.duckdb()),
                            megabytes(row.duckdbSpill()),
                            row.sameAsSqlite(),
                            row.untranslated() == null ? "" : "  untranslated: " + row.untranslated());
                }
            }
        } finally {
            if (local != null) {
                local.close();
            }
        }
        String markdown = markdown(settings, rows);
        if (settings.results() != null) {
            Reports.write(settings.results(), stem, markdown, rows);
        }
        log.print(markdown);
        return rows;
    }

    private static Row measure(
            TpchQueries.Query query,
            Workspace workspace,
            SparkEngine engine,
            TableQuerySkill skill,
            SparkSession raw,
            int repetitions)
            throws InterruptedException {
        Map<String, String> failures = new LinkedHashMap<>();
        Double duckdb;
        long spill;
        try (SpillWatch watch = SpillWatch.start(workspace.spillDirectory())) {
            duckdb = TpchBenchmark.time(
                    "duckdb", repetitions, failures, () -> TpchBenchmark.runSql(skill, query, PlanEngine.DUCKDB));
            spill = watch.peakBytes();
        }
        Translation translation;
        CatalogSnapshot catalog = workspace.catalog();
        try (SqliteSession session = workspace.sqliteSession()) {
            translation = SqliteTranslator.translate(
                    SqliteStatement.of(query.sqlite()),
                    new TranslationCatalog(catalog, session.connection(), engine.naming()),
                    TableQuerySkill.ENGINE_SUMS,
                    SparkSqlDialect.INSTANCE);
        }
        if (translation instanceof Translation.Untranslatable refused) {
            return new Row(query.name(), refused.reason(), null, null, duckdb, spill, null, failures);
        }
        String select = ((Translation.Translated) translation).sql();
        PlanEngine spark = PlanEngine.parse("spark");
        RunSqlResult[] last = new RunSqlResult[1];
        Map<String, TpchBenchmark.Work> contenders = new LinkedHashMap<>();
        contenders.put("spark", () -> last[0] = TpchBenchmark.runSql(skill, query, spark));
        contenders.put("raw", () -> raw.sql(select).collectAsList());
        Map<String, Double> millis = TpchBenchmark.timeInTurns(contenders, repetitions, failures);
        Boolean same = null;
        if (last[0] != null) {
            same = TpchBenchmark.sameRows(TpchBenchmark.runSql(skill, query, PlanEngine.SQLITE), last[0]);
        }
        return new Row(query.name(), null, millis.get("spark"), millis.get("raw"), duckdb, spill, same, failures);
    }

    /** A Spark Connect session with the workspace's exports as the same views the engine's plans read. */
    private static SparkSession rawSession(String address, SparkEngine engine, Workspace workspace) {
        SparkSession spark = SparkEngine.session(address);
        CatalogSnapshot catalog = workspace.catalog();
        long deadline = System.nanoTime() + Duration.ofMinutes(30).toNanos();
        for (TableInfo table : catalog.tables()) {
            Path directory = engine.exports().await(workspace, catalog, table, deadline);
            spark.sql(ParquetExports.viewOver(
                    engine.naming().stored(table.name()), directory.toUri().toString()));
        }
        return spark;
    }

    private static LocalSparkServer startLocal(Settings settings) throws IOException {
        Path classPath = settings.home().resolve("spark/target/spark-server.classpath");
        return LocalSparkServer.start(
                new LocalSparkServer.Settings(
                        LocalSparkServer.classPathFile(classPath),
                        0,
                        settings.data().resolve("spark-local"),
                        "local[*]",
                        "4g"),
                Duration.ofMinutes(3));
    }

    static String markdown(Settings settings, List<Row> rows) {
        StringBuilder out = new StringBuilder();
        out.append("# TPC-H sf%s on the Spark engine%s%n%n"
                .formatted(
                        TpchBenchmark.scaleText(settings.scale()),
                        settings.duckDbMemory() == null
                                ? ""
                                : ", DuckDB under a " + settings.duckDbMemory() + " memory limit"));
        out.append("Machine: ").append(Machine.describe()).append("\n\n");
        out.append(
                settings.spark() == null
                        ? "Spark: a Spark Connect server on `local[*]`, started by the benchmark.\n\n"
                        : "Spark: the Spark Connect server at `" + settings.spark() + "`.\n\n");
        out.append("Reproduce: `./tq bench tpch --engines sqlite,duckdb,spark --sf %s --reps %d%s%s%s`.%n%n"
                .formatted(
                        TpchBenchmark.scaleText(settings.scale()),
                        settings.repetitions(),
                        settings.duckDbMemory() == null ? "" : " --duckdb-memory " + settings.duckDbMemory(),
                        settings.only().isEmpty() ? "" : " --queries " + String.join(",", settings.only()),
                        settings.spark() == null ? "" : " --spark-connect " + settings.spark()));
        out.append("Medians of %d runs after a warm-up, in ms, the Spark contenders in turns. `spark`: run-sql on the"
                .formatted(settings.repetitions()));
        out.append(" spark engine (translation, a pooled session, the final step's query run once for the rows shown"
                + " with an observed count); `raw`: the translated query through the same client over the same"
                + " exports, every row collected; `duckdb`: run-sql on duckdb, under the workspace's DuckDB memory"
                + " limit (%s); `spilled`: the most DuckDB's spill directory held while it ran, sampled every 20 ms."
                        .formatted(settings.duckDbMemory() == null ? "the default" : settings.duckDbMemory())
                + " `same`: run-sql on spark showed SQLite's rows.\n\n");
        out.append("| query | spark | raw Spark | spark / raw | duckdb | duckdb spilled | spark / duckdb | same"
                + " | not on Spark, or failed |\n");
        out.append("|---|---|---|---|---|---|---|---|---|\n");
        for (Row row : rows) {
            out.append("| %s | %s | %s | %s | %s | %s | %s | %s | %s |%n"
                    .formatted(
                            row.name(),
                            TpchReport.millis(row.spark()),
                            TpchReport.millis(row.raw()),
                            ratio(row.spark(), row.raw()),
                            TpchReport.millis(row.duckdb()),
                            megabytes(row.duckdbSpill()),
                            ratio(row.spark(), row.duckdb()),
                            row.sameAsSqlite() == null ? "" : row.sameAsSqlite(),
                            failures(row)));
        }
        out.append("%nCompleted: spark %d of %d, duckdb %d of %d.%n"
                .formatted(
                        rows.stream().filter(row -> row.spark() != null).count(),
                        rows.size(),
                        rows.stream().filter(row -> row.duckdb() != null).count(),
                        rows.size()));
        return out.toString();
    }

    private static String failures(Row row) {
        List<String> said = new ArrayList<>();
        if (row.untranslated() != null) {
            said.add(row.untranslated());
        }
        row.failures().forEach((contender, failure) -> said.add(contender + ": " + failure));
        return String.join("; ", said).replace("|", "\\|").replace("\n", " ");
    }

    private static String megabytes(long bytes) {
        return bytes == 0 ? "0" : String.format(Locale.ROOT, "%.0f MB", bytes / 1e6);
    }

    private static String ratio(Double a, Double b) {
        return a == null || b == null || b == 0 ? "" : String.format(Locale.ROOT, "%.2f×", a / b);
    }
}

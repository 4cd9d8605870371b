package io.tablequery.benchmarks;

import io.tablequery.engine.plan.CitationDetail;
import io.tablequery.engine.skill.PlanEngine;
import io.tablequery.engine.skill.SkillSettings;
import io.tablequery.engine.skill.TableQuerySkill;
import io.tablequery.engine.workspace.Workspace;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Runs the product's own Java warm before a benchmark times it, as a server's is once it has answered some hundreds
 * of plans: every query's plan through run-sql, on a TPC-H sf0.01 workspace of its own, in turns until the runs are
 * made. Measured at sf0.1 on this 2-core machine, q06's plan run alone in a loop took a median 6.6 ms over the first
 * 200 runs of its JVM and 5.3 ms over the first 1,500 (its SQL alone 3.9 ms): the plan's parsing, validation and
 * translation ran in the interpreter, and the JIT compiler's threads took cores from DuckDB's while it ran.
 */
final class JitWarmUp {
    /** The plan runs a benchmark makes before it times anything, unless told otherwise. */
    static final int DEFAULT_RUNS = 1_500;

    private static final double SCALE = 0.01;

    private JitWarmUp() {}

    /**
     * Makes the runs: each query's plan on duckdb citing sheets, citing rows, and on auto, in turns; a plan an engine
     * refuses counts as run (its refusal is product code too).
     *
     * @param data the benchmarks' data directory, where the sf0.01 files and workspace are kept
     * @param queries the queries
     * @param runs how many plan runs; none when 0
     * @param log where the warm-up says what it did
     * @throws IOException when the files cannot be written
     */
    static void run(Path data, List<TpchQueries.Query> queries, int runs, PrintStream log) throws IOException {
        if (runs <= 0 || queries.isEmpty()) {
            return;
        }
        long start = System.nanoTime();
        List<Path> files = TpchFiles.write(data, SCALE);
        try (Workspace workspace = Workspace.open(
                data.resolve("tpch-sf" + TpchBenchmark.scaleText(SCALE)).resolve("tpch"))) {
            for (Path file : files) {
                TpchBenchmark.upload(workspace, file, log);
            }
            TableQuerySkill skill = new TableQuerySkill(workspace, SkillSettings.DEFAULTS);
            int made = 0;
            int refused = 0;
            List<Runnable> plans = new ArrayList<>();
            for (TpchQueries.Query query : queries) {
                plans.add(() -> TpchBenchmark.runSql(skill, query, PlanEngine.DUCKDB, CitationDetail.SHEETS));
                plans.add(() -> TpchBenchmark.runSql(skill, query, PlanEngine.DUCKDB));
                plans.add(() -> TpchBenchmark.runSql(skill, query, PlanEngine.AUTO));
            }
            for (; made < runs; made++) {
                try {
                    plans.get(made % plans.size()).run();
                } catch (RuntimeException e) {
                    refused++;
                }
            }
            log.printf(
                    Locale.ROOT,
                    "JIT warm-up: %,d plan runs on TPC-H sf%s (%,d refused) in %.1f s%n",
                    made,
                    TpchBenchmark.scaleText(SCALE),
                    refused,
                    (System.nanoTime() - start) / 1e9);
        }
    }
}

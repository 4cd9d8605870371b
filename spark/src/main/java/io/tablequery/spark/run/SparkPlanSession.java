package io.tablequery.spark.run;

import static io.tablequery.dialects.SqlIdentifiers.quote;

import io.tablequery.engine.catalog.TableInfo;
import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.error.HostPaths;
import io.tablequery.engine.exec.FinalTable;
import io.tablequery.engine.exec.PlanSession;
import io.tablequery.engine.exec.PlanTranslation;
import io.tablequery.engine.exec.QueryDeadline;
import io.tablequery.engine.exec.RunContext;
import io.tablequery.engine.exec.TableNaming;
import io.tablequery.engine.plan.PlanErrorCode;
import io.tablequery.engine.plan.ValidatedPlan;
import io.tablequery.engine.plan.ValidatedStep;
import io.tablequery.spark.export.ParquetExports;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.spark.sql.SparkSession;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A run's own Spark Connect session: the workspace tables the plan reads become temporary views over their Parquet
 * exports, each step a temporary view cached on the cluster (so its rows, and the order its hidden column gives
 * them, are made once), and the final tables are read back through Spark Connect's Arrow. Every statement runs under
 * the plan's time limit and is interrupted on the cluster when it passes it or the call is cancelled; closing drops
 * the cached steps and releases the session.
 */
public final class SparkPlanSession implements PlanSession {
    private static final Logger LOG = LoggerFactory.getLogger(SparkPlanSession.class);

    private final SparkSession spark;
    private final RunContext context;
    private final ParquetExports exports;
    private final TableNaming naming;
    private final List<String> cached = new ArrayList<>();

    /**
     * Opens the session's use for one run.
     *
     * @param spark a session of its own for this run, configured for the dialect
     * @param context what the run works on
     * @param exports the Parquet exports of the workspace's tables
     * @param naming how the Spark SQL names the tables
     */
    public SparkPlanSession(SparkSession spark, RunContext context, ParquetExports exports, TableNaming naming) {
        this.spark = spark;
        this.context = context;
        this.exports = exports;
        this.naming = naming;
    }

    @Override
    public void execute(ValidatedPlan plan, PlanTranslation translation) {
        if (!translation.translated()) {
            throw new IllegalArgumentException("step %d did not translate".formatted(translation.refusedStep()));
        }
        long deadline = System.nanoTime() + context.timeout().toNanos();
        Set<String> reads = new LinkedHashSet<>();
        plan.steps().forEach(step -> step.reads().forEach(name -> reads.add(name.toLowerCase(Locale.ROOT))));
        for (String name : reads) {
            TableInfo table = context.catalog().table(name).orElse(null);
            if (table == null) {
                continue;
            }
            Path directory = exports.await(context.workspace(), context.catalog(), table, deadline);
            run(
                    0,
                    "CREATE OR REPLACE TEMP VIEW " + naming.stored(table.name()) + " AS SELECT * FROM parquet.`"
                            + directory.toUri() + "`",
                    deadline);
        }
        List<ValidatedStep> steps = plan.steps();
        for (int i = 0; i < steps.size(); i++) {
            int number = steps.get(i).step().step();
            String table = quote(steps.get(i).step().destineTableName());
            run(number, translation.statements().get(i), deadline);
            cached.add(table);
            run(number, "CACHE TABLE " + table, deadline);
        }
    }

    @Override
    public FinalTable table(ValidatedStep step) {
        return new SparkFinalTable(spark, step);
    }

    @Override
    public void close() {
        for (String table : cached) {
            try {
                spark.sql("UNCACHE TABLE IF EXISTS " + table);
            } catch (Exception e) {
                LOG.debug("could not uncache {}: {}", table, e.toString());
            }
        }
        try {
            spark.close();
        } catch (IOException | RuntimeException e) {
            LOG.debug("the Spark Connect session did not close cleanly: {}", e.toString());
        }
    }

    /** Runs one statement under what is left of the time limit; step 0 is the plan's own setup. */
    private void run(int step, String sql, long deadline) {
        long remaining = deadline - System.nanoTime();
        if (remaining <= 0) {
            throw timedOut();
        }
        try (QueryDeadline watch = QueryDeadline.start(remaining)) {
            if (!watch.watch(spark::interruptAll)) {
                throw timedOut();
            }
            try {
                spark.sql(sql);
            } catch (Exception e) {
                if (watch.expired()) {
                    throw timedOut();
                }
                throw failed(step, e);
            }
        }
    }

    private EngineException timedOut() {
        return new EngineException(
                PlanErrorCode.QUERY_TIMEOUT,
                ("the plan ran longer than %d seconds and was stopped on the cluster; filter earlier, aggregate, or"
                                + " split the work")
                        .formatted(context.timeout().toSeconds()));
    }

    private static EngineException failed(int step, Exception e) {
        String message = HostPaths.scrub(firstLine(e.getMessage()));
        if (step == 0) {
            return new EngineException(
                    PlanErrorCode.EXECUTION_FAILED, "Spark could not read the exported tables: " + message, e);
        }
        return new EngineException(
                PlanErrorCode.STEP_FAILED,
                "step %d failed on Spark: %s.".formatted(step, message),
                e,
                Map.of("step", step));
    }

    private static String firstLine(String message) {
        return message == null
                ? "unknown error"
                : message.lines().findFirst().orElse(message).strip();
    }
}

package io.tablequery.engine.exec;

import static java.util.Objects.requireNonNull;

import io.tablequery.engine.catalog.CatalogSnapshot;
import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.plan.PlanErrorCode;
import io.tablequery.engine.plan.ValidatedPlan;
import io.tablequery.engine.plan.ValidatedStep;
import io.tablequery.engine.result.ResultLimits;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Runs a translated plan on the workspace's DuckDB copy. The connection is private to the run, so the steps' temp
 * tables are seen by no one else and vanish when it closes; each statement runs under the time limit.
 */
public final class DuckDbPlanRunner {
    /** The engine's name in results. */
    public static final String ENGINE = "duckdb";

    private final Duration timeout;

    /**
     * Creates a runner.
     *
     * @param timeout how long the whole plan may run
     */
    public DuckDbPlanRunner(Duration timeout) {
        this.timeout = requireNonNull(timeout, "timeout is null");
    }

    /**
     * Runs a translated plan and reads its final tables.
     *
     * @param plan the validated plan
     * @param translation its translation, every step translated
     * @param connection a DuckDB connection private to this run
     * @param catalog the catalog the plan was validated against
     * @param limits the result ceilings
     * @param notices remarks to pass on with the result
     * @return the results
     */
    public RunSqlResult run(
            ValidatedPlan plan,
            PlanTranslation translation,
            Connection connection,
            CatalogSnapshot catalog,
            ResultLimits limits,
            List<String> notices) {
        execute(plan, translation, connection);
        return FinalTables.read(ENGINE, plan, connection, catalog, limits, notices);
    }

    /**
     * Runs a translated plan's steps, leaving their temp tables on the connection.
     *
     * @param plan the validated plan
     * @param translation its translation, every step translated
     * @param connection a DuckDB connection private to this run
     * @throws EngineException STEP_FAILED when DuckDB refuses a step (an integer overflow SQLite would turn into a
     *     real, for one), QUERY_TIMEOUT past the time limit
     */
    public void execute(ValidatedPlan plan, PlanTranslation translation, Connection connection) {
        if (!translation.translated()) {
            throw new IllegalArgumentException("step %d did not translate".formatted(translation.refusedStep()));
        }
        long deadline = System.nanoTime() + timeout.toNanos();
        List<ValidatedStep> steps = plan.steps();
        for (int i = 0; i < steps.size(); i++) {
            try {
                StepStatements.execute(connection, translation.statements().get(i), deadline, timeout);
            } catch (SQLException e) {
                int step = steps.get(i).step().step();
                throw new EngineException(
                        PlanErrorCode.STEP_FAILED,
                        "step %d failed on DuckDB: %s.".formatted(step, firstLine(e.getMessage())),
                        e,
                        Map.of("step", step));
            }
        }
    }

    private static String firstLine(String message) {
        return message == null
                ? "unknown error"
                : message.lines().findFirst().orElse(message).strip();
    }
}

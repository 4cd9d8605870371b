package io.tablequery.engine.exec;

import io.tablequery.engine.plan.ValidatedPlan;
import io.tablequery.engine.plan.ValidatedStep;

/**
 * A run's private session on one engine: it runs the steps of a plan under the run's time limit (and the caller's
 * {@link CancelScope}), keeps each step's table while it is open, and reads the final ones back.
 */
public interface PlanSession extends AutoCloseable {
    /**
     * Runs every step of a plan.
     *
     * @param plan the validated plan
     * @param translation its statements in this engine's dialect; for an engine that runs SQLite's SQL as written,
     *     {@link PlanTranslation#asWritten}
     * @throws io.tablequery.engine.error.EngineException STEP_FAILED when the engine refuses a step, QUERY_TIMEOUT past
     *     the time limit
     */
    void execute(ValidatedPlan plan, PlanTranslation translation);

    /**
     * Returns a final table of the plan that ran.
     *
     * @param step the final step
     * @param citeRanges the most row ranges one row's citation shows
     * @return its table
     */
    FinalTable table(ValidatedStep step, int citeRanges);

    /** Ends the session, dropping the steps' tables. */
    @Override
    void close();
}

package io.tablequery.engine.skill;

import static java.util.Objects.requireNonNull;

import io.tablequery.engine.exec.DuckDbPlanRunner;
import io.tablequery.engine.exec.QueryDeadline;
import io.tablequery.engine.plan.SkillNames;
import io.tablequery.engine.result.ResultLimits;
import java.time.Duration;

/**
 * The configurable defaults of the skill.
 *
 * @param defaultMaxRows rows shown when run-sql is not given {@code --max-rows}
 * @param defaultCellMax characters per cell when run-sql is not given {@code --cell-max}
 * @param outputBudget characters of result CSV per run-sql answer
 * @param queryTimeout how long one plan may run
 * @param names how the callers name the tools and arguments that the answers' hints mention
 * @param engines the engines run-sql offers, each with its threshold for {@code auto}
 */
public record SkillSettings(
        int defaultMaxRows,
        int defaultCellMax,
        int outputBudget,
        Duration queryTimeout,
        SkillNames names,
        PlanEngines engines) {
    /**
     * 100 rows, 1,000 characters per cell, 60,000 characters of CSV, 30 seconds, the built-in engines (DuckDB from
     * {@link AutoRows#DEFAULTS}).
     */
    public static final SkillSettings DEFAULTS = new SkillSettings(
            100,
            1000,
            60_000,
            Duration.ofSeconds(QueryDeadline.DEFAULT_TIMEOUT_SECONDS),
            SkillNames.CLI,
            PlanEngines.BUILT_IN);

    public SkillSettings {
        new ResultLimits(defaultMaxRows, defaultCellMax, outputBudget);
        requireNonNull(queryTimeout, "queryTimeout is null");
        requireNonNull(names, "names is null");
        requireNonNull(engines, "engines is null");
        if (queryTimeout.isNegative() || queryTimeout.isZero()) {
            throw new IllegalArgumentException("queryTimeout must be positive");
        }
    }

    /**
     * Returns a copy with another output budget.
     *
     * @param budget characters
     * @return the new settings
     */
    public SkillSettings withOutputBudget(int budget) {
        return new SkillSettings(defaultMaxRows, defaultCellMax, budget, queryTimeout, names, engines);
    }

    /**
     * Returns a copy with another time limit.
     *
     * @param timeout the limit
     * @return the new settings
     */
    public SkillSettings withQueryTimeout(Duration timeout) {
        return new SkillSettings(defaultMaxRows, defaultCellMax, outputBudget, timeout, names, engines);
    }

    /**
     * Returns a copy with another row count from which {@code auto} picks DuckDB, for every plan.
     *
     * @param rows the row count; 0 sends every translatable plan to DuckDB
     * @return the new settings
     */
    public SkillSettings withAutoDuckDbRows(long rows) {
        return withAutoDuckDbRows(AutoRows.all(rows));
    }

    /**
     * Returns a copy with other row counts from which {@code auto} picks DuckDB. Engines set later with {@link
     * #withEngines} bring their own thresholds.
     *
     * @param rows the thresholds by the plan's kind
     * @return the new settings
     */
    public SkillSettings withAutoDuckDbRows(AutoRows rows) {
        return withEngines(engines.withAutoRows(DuckDbPlanRunner.ENGINE, rows));
    }

    /**
     * Returns a copy for callers who name the tools otherwise.
     *
     * @param callerNames the names
     * @return the new settings
     */
    public SkillSettings withNames(SkillNames callerNames) {
        return new SkillSettings(defaultMaxRows, defaultCellMax, outputBudget, queryTimeout, callerNames, engines);
    }

    /**
     * Returns a copy with other engines.
     *
     * @param planEngines the engines run-sql offers
     * @return the new settings
     */
    public SkillSettings withEngines(PlanEngines planEngines) {
        return new SkillSettings(defaultMaxRows, defaultCellMax, outputBudget, queryTimeout, names, planEngines);
    }
}

package io.tablequery.engine.skill;

import static java.util.Objects.requireNonNull;

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
 * @param autoDuckDbRows with engine {@code auto}, how many rows the plan's workspace tables must hold together for a
 *     translatable plan to run on DuckDB, by the plan's kind
 * @param names how the callers name the tools and arguments that the answers' hints mention
 * @param engines the engines run-sql offers
 */
public record SkillSettings(
        int defaultMaxRows,
        int defaultCellMax,
        int outputBudget,
        Duration queryTimeout,
        AutoDuckDbRows autoDuckDbRows,
        SkillNames names,
        PlanEngines engines) {
    /**
     * 100 rows, 1,000 characters per cell, 60,000 characters of CSV, 30 seconds, DuckDB from {@link
     * AutoDuckDbRows#DEFAULTS}.
     */
    public static final SkillSettings DEFAULTS = new SkillSettings(
            100,
            1000,
            60_000,
            Duration.ofSeconds(QueryDeadline.DEFAULT_TIMEOUT_SECONDS),
            AutoDuckDbRows.DEFAULTS,
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
        requireNonNull(autoDuckDbRows, "autoDuckDbRows is null");
    }

    /**
     * Settings that name the tools as the command line does.
     *
     * @param defaultMaxRows rows shown by default
     * @param defaultCellMax characters per cell by default
     * @param outputBudget characters of result CSV per answer
     * @param queryTimeout how long one plan may run
     * @param autoDuckDbRows rows from which {@code auto} picks DuckDB
     */
    public SkillSettings(
            int defaultMaxRows,
            int defaultCellMax,
            int outputBudget,
            Duration queryTimeout,
            AutoDuckDbRows autoDuckDbRows) {
        this(
                defaultMaxRows,
                defaultCellMax,
                outputBudget,
                queryTimeout,
                autoDuckDbRows,
                SkillNames.CLI,
                PlanEngines.BUILT_IN);
    }

    /**
     * Returns a copy with another output budget.
     *
     * @param budget characters
     * @return the new settings
     */
    public SkillSettings withOutputBudget(int budget) {
        return new SkillSettings(defaultMaxRows, defaultCellMax, budget, queryTimeout, autoDuckDbRows, names, engines);
    }

    /**
     * Returns a copy with another time limit.
     *
     * @param timeout the limit
     * @return the new settings
     */
    public SkillSettings withQueryTimeout(Duration timeout) {
        return new SkillSettings(defaultMaxRows, defaultCellMax, outputBudget, timeout, autoDuckDbRows, names, engines);
    }

    /**
     * Returns a copy with another row count from which {@code auto} picks DuckDB, for every plan.
     *
     * @param rows the row count; 0 sends every translatable plan to DuckDB
     * @return the new settings
     */
    public SkillSettings withAutoDuckDbRows(long rows) {
        return new SkillSettings(
                defaultMaxRows, defaultCellMax, outputBudget, queryTimeout, AutoDuckDbRows.all(rows), names, engines);
    }

    /**
     * Returns a copy with other row counts from which {@code auto} picks DuckDB.
     *
     * @param rows the thresholds by the plan's kind
     * @return the new settings
     */
    public SkillSettings withAutoDuckDbRows(AutoDuckDbRows rows) {
        return new SkillSettings(defaultMaxRows, defaultCellMax, outputBudget, queryTimeout, rows, names, engines);
    }

    /**
     * Returns a copy for callers who name the tools otherwise.
     *
     * @param callerNames the names
     * @return the new settings
     */
    public SkillSettings withNames(SkillNames callerNames) {
        return new SkillSettings(
                defaultMaxRows, defaultCellMax, outputBudget, queryTimeout, autoDuckDbRows, callerNames, engines);
    }

    /**
     * Returns a copy with other engines.
     *
     * @param planEngines the engines run-sql offers
     * @return the new settings
     */
    public SkillSettings withEngines(PlanEngines planEngines) {
        return new SkillSettings(
                defaultMaxRows, defaultCellMax, outputBudget, queryTimeout, autoDuckDbRows, names, planEngines);
    }
}

package io.tablequery.engine.skill;

import io.tablequery.engine.plan.ValidatedPlan;
import io.tablequery.engine.provenance.RowProvenance;

/**
 * From how many rows read {@code auto} runs a translatable plan on an engine, by the plan's kind. A plan whose every
 * row comes from one source row (filters, projections, an order) costs SQLite a scan, and a translating engine's fixed
 * cost per plan outweighs its faster scan up to tens of thousands of rows; a plan that groups, joins, aggregates or
 * takes distinct rows costs SQLite far more per row, with its rows' citations, and DuckDB is faster from a few thousand
 * rows ({@code tq bench auto}).
 *
 * @param rowWise the threshold of a plan whose every step keeps one source row per row
 * @param combining the threshold of any other plan
 */
public record AutoRows(long rowWise, long combining) {
    /**
     * DuckDB's, from {@code tq bench auto} (2026-12-04, with real sums added as DuckDB adds them): a filter was faster
     * on DuckDB from 100,000 rows; a grouping and a join from 3,000 rows, a grouping that adds reals and a distinct
     * count from 10,000 (at 3,000 SQLite took 12.4 and 6.4 ms against 15.0 and 9.7), so 5,000 between them.
     */
    public static final AutoRows DEFAULTS = new AutoRows(100_000, 5_000);

    /** Never: an engine {@code auto} does not try. */
    public static final AutoRows NEVER = new AutoRows(Long.MAX_VALUE, Long.MAX_VALUE);

    public AutoRows {
        if (rowWise < 0 || combining < 0) {
            throw new IllegalArgumentException("auto's thresholds must not be negative");
        }
    }

    /**
     * The same threshold for every plan.
     *
     * @param rows the rows read from which the engine runs a plan; 0 sends every plan it translates to it, {@link
     *     Long#MAX_VALUE} none
     * @return the thresholds
     */
    public static AutoRows all(long rows) {
        return new AutoRows(rows, rows);
    }

    /**
     * Returns the threshold of a plan.
     *
     * @param plan the validated plan
     * @return {@link #rowWise} when every step's rows each cite one source row, else {@link #combining}
     */
    public long of(ValidatedPlan plan) {
        boolean rowWisePlan = plan.steps().stream().allMatch(step -> step.provenance() instanceof RowProvenance);
        return rowWisePlan ? rowWise : combining;
    }
}

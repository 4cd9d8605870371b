package io.tablequery.engine.skill;

import static java.util.Objects.requireNonNull;

import io.tablequery.engine.plan.CitationDetail;
import io.tablequery.engine.plan.QueryPlan;

/**
 * A run-sql call.
 *
 * @param plan the plan, its JSON shape already checked
 * @param maxRows the requested row ceiling, or null for the default
 * @param cellMax the requested cell ceiling, or null for the default
 * @param engine the engine to run on
 * @param citeRanges the most row ranges one row's citation shows, or null for the default
 * @param citations how finely rows cite their sources
 */
public record RunSqlRequest(
        QueryPlan plan,
        Integer maxRows,
        Integer cellMax,
        PlanEngine engine,
        Integer citeRanges,
        CitationDetail citations) {
    public RunSqlRequest {
        requireNonNull(plan, "plan is null");
        requireNonNull(engine, "engine is null");
        requireNonNull(citations, "citations is null");
    }

    /**
     * A call with row citations shown to the default number of ranges.
     *
     * @param plan the plan
     * @param maxRows the requested row ceiling, or null for the default
     * @param cellMax the requested cell ceiling, or null for the default
     * @param engine the engine to run on
     */
    public RunSqlRequest(QueryPlan plan, Integer maxRows, Integer cellMax, PlanEngine engine) {
        this(plan, maxRows, cellMax, engine, null, CitationDetail.ROWS);
    }
}

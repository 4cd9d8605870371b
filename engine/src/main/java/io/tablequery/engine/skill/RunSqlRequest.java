package io.tablequery.engine.skill;

import static java.util.Objects.requireNonNull;

import io.tablequery.engine.plan.QueryPlan;

/**
 * A run-sql call.
 *
 * @param plan the plan, its JSON shape already checked
 * @param maxRows the requested row ceiling, or null for the default
 * @param cellMax the requested cell ceiling, or null for the default
 * @param engine the engine to run on
 */
public record RunSqlRequest(QueryPlan plan, Integer maxRows, Integer cellMax, PlanEngine engine) {
    public RunSqlRequest {
        requireNonNull(plan, "plan is null");
        requireNonNull(engine, "engine is null");
    }
}

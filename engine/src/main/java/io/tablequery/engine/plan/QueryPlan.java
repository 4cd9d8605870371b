package io.tablequery.engine.plan;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * A run-sql plan: {@code {"queries": [ ... ]}}.
 *
 * @param queries the steps in execution order
 */
public record QueryPlan(List<PlanStep> queries) {
    public QueryPlan {
        queries = List.copyOf(requireNonNull(queries, "queries is null"));
    }
}

/**
 * The run-sql plan: its JSON form ({@link io.tablequery.engine.plan.QueryPlan}), the checks every plan passes
 * before any of it runs ({@link io.tablequery.engine.plan.PlanValidator}), and what those checks learn about each
 * step's SQL, such as whether it is a simple single-table SELECT whose rows can be cited.
 */
package io.tablequery.engine.plan;

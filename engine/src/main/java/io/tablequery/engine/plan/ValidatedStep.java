package io.tablequery.engine.plan;

import static java.util.Objects.requireNonNull;

import io.tablequery.dialects.sql.Query;
import io.tablequery.dialects.sql.SqliteAggregates;
import io.tablequery.dialects.sql.SqliteStatement;
import io.tablequery.engine.provenance.LineageSummary;
import io.tablequery.engine.provenance.Provenance;
import java.util.List;

/**
 * A step that passed every check, ready to run.
 *
 * @param step the step as written
 * @param executed the statement to run: the step's own, or its tree with lineage's hidden columns as the SQLite printer
 *     prints it, which is never parsed again
 * @param provenance where the rows of the step's table come from
 * @param reads the workspace tables and earlier steps' tables the step reads, as named in the plan
 * @param summary the step with a row summary of its groups, for engines that have one, or null
 */
public record ValidatedStep(
        PlanStep step, SqliteStatement executed, Provenance provenance, List<String> reads, LineageSummary summary) {
    public ValidatedStep {
        reads = List.copyOf(requireNonNull(reads, "reads is null"));
        requireNonNull(step, "step is null");
        requireNonNull(executed, "executed is null");
        requireNonNull(provenance, "provenance is null");
    }

    /**
     * Tells whether the step's table has at most one row by the shape of its query: a SELECT that aggregates without
     * GROUP BY. An engine may read such a table by a reader that is quicker for few rows.
     *
     * @return true when it cannot have two rows
     */
    public boolean atMostOneRow() {
        if (!(executed.parse() instanceof SqliteStatement.Tree tree)) {
            return false;
        }
        Query query = tree.statement().query();
        return query.body() instanceof Query.Select select
                && select.groupBy().isEmpty()
                && SqliteAggregates.aggregates(select, query.orderBy());
    }

    /** Returns the text of the statement to run. */
    public String executedSql() {
        return executed.sql();
    }
}

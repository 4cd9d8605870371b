package io.tablequery.engine.plan;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * One step of a plan, with the seed's field names.
 *
 * @param step the 1-based position of the step
 * @param sql one SQLite statement, {@code CREATE TEMP TABLE "<destineTableName>" AS SELECT ...}
 * @param sourceTableNames the tables the step reads: original tables or earlier steps' tables
 * @param destineTableName the temp table the step creates
 * @param destineTableType whether the table is a result or a helper
 * @param destineTableDescription a short description of the result
 */
public record PlanStep(
        int step,
        String sql,
        List<String> sourceTableNames,
        String destineTableName,
        StepType destineTableType,
        String destineTableDescription) {
    public PlanStep {
        requireNonNull(sql, "sql is null");
        sourceTableNames = List.copyOf(requireNonNull(sourceTableNames, "sourceTableNames is null"));
        requireNonNull(destineTableName, "destineTableName is null");
        requireNonNull(destineTableType, "destineTableType is null");
        requireNonNull(destineTableDescription, "destineTableDescription is null");
    }

    /**
     * Tells whether the step's table is shown to the user.
     *
     * @return true for a final step
     */
    public boolean isFinal() {
        return destineTableType == StepType.FINAL;
    }
}

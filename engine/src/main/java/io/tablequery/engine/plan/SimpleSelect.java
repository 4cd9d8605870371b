package io.tablequery.engine.plan;

import static java.util.Objects.requireNonNull;

/**
 * What makes a step a simple single-table SELECT: each of its rows comes from exactly one row of one table, so that
 * row can be cited.
 *
 * @param tableKey the lower-cased name of the table it reads
 * @param qualifier how the statement names that table in expressions: its alias, or the table reference as written
 * @param insertAt the offset in the step's SQL just after the select list, where a provenance column can be added
 */
public record SimpleSelect(String tableKey, String qualifier, int insertAt) {
    public SimpleSelect {
        requireNonNull(tableKey, "tableKey is null");
        requireNonNull(qualifier, "qualifier is null");
    }
}

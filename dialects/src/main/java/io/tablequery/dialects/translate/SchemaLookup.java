package io.tablequery.dialects.translate;

import java.util.Optional;

/** Finds the tables a statement names; the translator asks it about every table outside the statement's own CTEs. */
@FunctionalInterface
public interface SchemaLookup {
    /**
     * Looks a table up.
     *
     * @param schema the schema it was qualified with ({@code main}, {@code temp}), or null
     * @param name the table name as written
     * @return the table, or empty when there is none
     */
    Optional<TableSchema> table(String schema, String name);
}

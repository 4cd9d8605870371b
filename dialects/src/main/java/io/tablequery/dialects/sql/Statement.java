package io.tablequery.dialects.sql;

import static java.util.Objects.requireNonNull;

/** A statement a plan step may hold. */
public sealed interface Statement {
    /** The query the statement runs. */
    Query query();

    /**
     * A plain query.
     *
     * @param query the query
     */
    record QueryStatement(Query query) implements Statement {
        public QueryStatement {
            requireNonNull(query, "query is null");
        }
    }

    /**
     * {@code CREATE TEMP TABLE name AS query}.
     *
     * @param table the table created
     * @param query the query that fills it
     */
    record CreateTempTable(String table, Query query) implements Statement {
        public CreateTempTable {
            requireNonNull(table, "table is null");
            requireNonNull(query, "query is null");
        }
    }
}

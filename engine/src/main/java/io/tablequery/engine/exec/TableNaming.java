package io.tablequery.engine.exec;

import static io.tablequery.dialects.SqlIdentifiers.quote;

import io.tablequery.engine.store.DuckDbStorage;

/** How an engine's SQL names the workspace's tables and a plan's step tables. */
public interface TableNaming {
    /** The DuckDB copy: workspace tables in SQLite's representation in {@code tq_sqlite}, steps as temp tables. */
    TableNaming DUCKDB = new TableNaming() {
        @Override
        public String stored(String table) {
            return quote(DuckDbStorage.SQLITE_SCHEMA, table);
        }

        @Override
        public String created(String step) {
            return "temp." + quote(step);
        }
    };

    /**
     * Names a workspace table, whose rows carry SQLite's rowid in a column {@code rowid}.
     *
     * @param table the table's name in the catalog
     * @return the relation, quoted
     */
    String stored(String table);

    /**
     * Names a table an earlier step of the plan created.
     *
     * @param step the step's table name
     * @return the relation, quoted
     */
    String created(String step);
}

/**
 * Storage of tables in the workspace's two databases. Rows arrive in columnar {@link
 * io.tablequery.engine.store.ColumnBatch}es and are written to both copies at once, on two threads: to a SQLite stage
 * table (renamed into place when the upload commits) and, through an Arrow C stream, to a physical DuckDB table in
 * schema {@code tq_store} behind two views: {@code main."<table>"} with native types for DuckDB users, and {@code
 * tq_sqlite."<table>"} with SQLite's representation (text dates, 0/1 booleans, {@code rowid}) for translated
 * SQLite plans.
 */
package io.tablequery.engine.store;

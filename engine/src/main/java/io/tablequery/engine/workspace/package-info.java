/**
 * Workspaces: one tenant's directory holding the uploaded files byte for byte ({@code files/F<n>/}), the SQLite
 * database with the tables and the catalog ({@code tables.sqlite}), and the DuckDB database ({@code tables.duckdb}).
 * An upload commits in one SQLite transaction; the DuckDB copy follows, and is repaired from the SQLite copy on the
 * next open if a crash came between the two.
 */
package io.tablequery.engine.workspace;

/**
 * SQL dialect knowledge shared by the engines: how SQLite and DuckDB spell identifiers and literals, and (later) the
 * translation of SQLite-authored statements into DuckDB SQL. This module depends only on the JDK and needs no
 * database to run.
 */
package io.tablequery.dialects;

/**
 * A typed tree of the SQLite {@code SELECT}, {@code WITH} and {@code CREATE TEMP TABLE ... AS} statements that plans
 * are written in, and the parser that builds it with SQLite's operator precedence.
 */
package io.tablequery.dialects.sql;

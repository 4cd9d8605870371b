/**
 * Translation of SQLite-authored statements into DuckDB SQL that returns SQLite's rows, column names, value types
 * and order: the statement is parsed into {@link io.tablequery.dialects.sql}'s tree, typed with SQLite's affinity
 * rules against the schema, and printed as DuckDB SQL with the rewrites of the dialect catalog. What cannot be
 * carried over exactly is refused with a reason; the translator never guesses.
 */
package io.tablequery.dialects.translate;

/**
 * Ingest of uploaded SQLite databases: every ordinary table becomes a sheet, in creation order, with its declared
 * column names and types; each row's R is its rowid. The database is opened read-only.
 */
package io.tablequery.engine.ingest.sqlite;

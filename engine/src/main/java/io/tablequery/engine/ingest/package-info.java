/**
 * Ingest: turning an uploaded file into tables. Format readers ({@code ingest.csv}, {@code ingest.excel},
 * {@code ingest.sqlite}) push the raw cells of each sheet, row by row, to a {@link
 * io.tablequery.engine.ingest.SheetIngestor}, which finds the layout (title rows, header rows, column names),
 * infers column types from all rows, converts values, records every coercion in the file's ingest report, and
 * streams the rows to the storage writers.
 */
package io.tablequery.engine.ingest;

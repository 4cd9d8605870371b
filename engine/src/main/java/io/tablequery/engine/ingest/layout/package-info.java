/**
 * Where the tables of a sheet are and what their columns are called: titles and header rows, merged cells, tables
 * stacked down or side by side, total rows that add up, and the signs that a layout may not be a table at all; then
 * each table's plan of typed columns.
 */
package io.tablequery.engine.ingest.layout;

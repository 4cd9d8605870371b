/**
 * The DuckDB tools of the seed {@code duckdb-query-tool}: {@code queryDuckDB}, {@code getTableSchema},
 * {@code getSampleRows} and {@code getTableList}, with the seed's response shapes and truncation, and beside them
 * {@code analyzeDataQuality}, {@code compareTables} and {@code chart} (Vega-Lite specifications and PNGs). Results come
 * out of DuckDB as Arrow batches. SQL from agents passes {@link io.tablequery.engine.duck.DuckQueryGuard} (DuckDB's
 * own parser, one reading statement) and then runs on a database that cannot reach files, load extensions or change
 * its configuration.
 */
package io.tablequery.engine.duck;

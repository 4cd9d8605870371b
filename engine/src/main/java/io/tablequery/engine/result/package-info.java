/**
 * Results on their way out: JDBC result sets become Arrow batches ({@link io.tablequery.engine.result.ArrowRows}),
 * which are cut to the row, cell and output ceilings while they are fetched
 * ({@link io.tablequery.engine.result.ResultTruncator}) and written as RFC 4180 CSV
 * ({@link io.tablequery.engine.result.CsvText}); or, for analysts, a whole result is written as an Arrow IPC stream
 * ({@link io.tablequery.engine.result.ArrowStreams}).
 */
package io.tablequery.engine.result;

package io.tablequery.engine.duck;

/**
 * The outcome of writing a query's full result as an Arrow IPC stream.
 *
 * @param rows the rows written
 * @param truncated whether the result had more rows than the cap and the stream stops at it
 * @param failure the tool's failure answer when nothing was written, else null
 */
public record ArrowExport(long rows, boolean truncated, DuckToolResult failure) {
    static ArrowExport failed(DuckToolResult failure) {
        return new ArrowExport(0, false, failure);
    }
}

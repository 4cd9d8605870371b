package io.tablequery.server.mcp;

import io.tablequery.engine.error.ErrorCode;

/** Hears of every MCP tool call when it ends: for the request log and the metrics. */
@FunctionalInterface
public interface CallObserver {
    /**
     * One call ended.
     *
     * @param workspace the workspace's name, or {@code -}
     * @param tool the tool's MCP name
     * @param engine the engine that answered: sqlite, duckdb, both or none
     * @param rows the rows answered, or null
     * @param nanos how long the call took
     * @param failure null on success, else the failure's code
     */
    void ended(String workspace, String tool, String engine, Long rows, long nanos, ErrorCode failure);
}

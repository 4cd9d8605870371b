package io.tablequery.server.mcp;

import io.tablequery.engine.error.ErrorCode;

/** Hears of every MCP tool call when it ends: for the request log, the metrics and the audit log. */
@FunctionalInterface
public interface CallObserver {
    /** Hears nothing. */
    CallObserver NONE = call -> {};

    /**
     * One call ended.
     *
     * @param call the call
     */
    void ended(Ended call);

    /**
     * An MCP tool call that ended.
     *
     * @param workspace the workspace's name, or {@code -}
     * @param key the id of the key the call's request presented, or null
     * @param tool the tool's MCP name
     * @param arguments what the audit log keeps of the call: its plan, SQL or question, else its arguments as JSON
     *     ({@link io.tablequery.server.audit.AuditText#of})
     * @param rowsRead the rows of the tables the call names, or null when it was not sized
     * @param engine the engine that answered: sqlite, duckdb, both or none
     * @param rows the rows answered, or null
     * @param nanos how long the call took
     * @param failure null on success, else the failure's code
     */
    record Ended(
            String workspace,
            String key,
            String tool,
            String arguments,
            Long rowsRead,
            String engine,
            Long rows,
            long nanos,
            ErrorCode failure) {}
}

package io.tablequery.server.audit;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Instant;

/**
 * One call, as its audit line records it.
 *
 * @param time when the call ended
 * @param workspace the workspace it named, or null for a call on the server (admin routes, unknown workspaces)
 * @param key the id of the key it presented (never the key), or null without one
 * @param transport {@code http}, {@code mcp} or {@code cli} (a command run through the server for the launcher)
 * @param route the route or tool: {@code run-sql}, {@code tools/queryDuckDB}, {@code mcp/run_sql}, {@code admin/...}
 * @param hash the first 16 hex digits of the SHA-256 of the call's plan, query or arguments, or null without any
 * @param text that text, cut to the log's limit, or null when the log keeps text out
 * @param engine the engine that answered, or {@code none}
 * @param rowsRead the rows of the tables the call names, as the admission gate sizes it (what it may scan; 0 for a
 *     call that reads no whole table), or null for a call that is not sized (uploads, admin routes)
 * @param rowsReturned the rows answered, or null
 * @param ms how long the call took, in milliseconds
 * @param status its HTTP status (an MCP call's failure as the HTTP API would answer it)
 * @param outcome {@code ok}, {@code denied}, {@code overloaded}, {@code client_error} or {@code server_error}
 * @param code the error's code, or null on success
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record AuditEntry(
        Instant time,
        String workspace,
        String key,
        String transport,
        String route,
        String hash,
        String text,
        String engine,
        Long rowsRead,
        Long rowsReturned,
        double ms,
        int status,
        String outcome,
        String code) {
    public AuditEntry {
        requireNonNull(time, "time is null");
        requireNonNull(transport, "transport is null");
        requireNonNull(route, "route is null");
        requireNonNull(outcome, "outcome is null");
    }
}

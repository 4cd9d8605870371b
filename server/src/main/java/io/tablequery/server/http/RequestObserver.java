package io.tablequery.server.http;

import com.fasterxml.jackson.databind.JsonNode;
import io.javalin.http.Context;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.tablequery.engine.error.ErrorCode;
import io.tablequery.server.audit.AuditEntry;
import io.tablequery.server.audit.AuditLog;
import io.tablequery.server.audit.AuditText;
import io.tablequery.server.mcp.CallObserver;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Observes every matched request: one structured log line ({@code workspace tool engine rows ms status outcome}, on
 * the logger {@code tq.request}) and a Prometheus histogram of its time, {@code tq_request_seconds}, by tool, engine
 * and outcome, served at {@code /metrics}; and, for the API's routes, MCP tool calls and the launcher's commands,
 * its line in the audit log ({@link AuditLog}). Handlers say which engine ran and how many rows they answered through
 * {@link #ENGINE} and {@link #ROWS}.
 */
final class RequestObserver {
    /** The context attribute naming the engine that answered: sqlite, duckdb, both. */
    static final String ENGINE = "tq.engine";
    /** The context attribute holding the rows answered. */
    static final String ROWS = "tq.rows";
    /** The context attribute holding the rows of the tables a call names, as the admission gate sized it. */
    static final String ROWS_READ = "tq.rowsRead";
    /** The context attribute holding the id of the key the request presented. */
    static final String KEY = "tq.key";
    /** The context attribute holding the text the audit line keeps, when the request's JSON body is not it. */
    static final String TEXT = TqServer.TEXT_ATTRIBUTE;
    /** The context attribute holding the code of the error answered. */
    static final String CODE = "tq.code";
    /** The context attribute naming the transport when it is not plain HTTP: {@code cli}. */
    static final String TRANSPORT = TqServer.TRANSPORT_ATTRIBUTE;

    private static final Logger LOG = LoggerFactory.getLogger("tq.request");
    private static final String START = "tq.start";
    private static final String WORKSPACE_ROUTE = "/v1/workspaces/{ws}/";

    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final AuditLog audit;

    /**
     * Creates the observer.
     *
     * @param audit where each call's audit line goes
     */
    RequestObserver(AuditLog audit) {
        this.audit = audit;
        audit.bindTo(registry);
    }

    void start(Context ctx) {
        ctx.attribute(START, System.nanoTime());
    }

    void finish(Context ctx) {
        Long start = ctx.attribute(START);
        if (start == null) {
            return;
        }
        long nanos = System.nanoTime() - start;
        String routePath = ctx.endpoints().matchedHttpEndpoint().path;
        String tool = tool(routePath, ctx.pathParamMap());
        String engine = Objects.requireNonNullElse(ctx.attribute(ENGINE), "none");
        Long rows = ctx.attribute(ROWS);
        String workspace = ctx.pathParamMap().get("ws");
        if (workspace == null) {
            workspace = ctx.attribute(TqServer.WORKSPACE_ATTRIBUTE);
        }
        record(workspace == null ? "-" : workspace, tool, engine, rows, nanos, ctx.statusCode());
        if (routePath.startsWith("/v1/") || routePath.equals(TqServer.COMMANDS_ROUTE)) {
            String text = ctx.attribute(TEXT);
            if (text == null && ctx.attribute(JsonBodies.PARSED) instanceof JsonNode body) {
                text = AuditText.of(body);
            }
            audit(
                    workspace,
                    ctx.attribute(KEY),
                    Objects.requireNonNullElse(ctx.attribute(TRANSPORT), "http"),
                    ctx.method() + " " + tool,
                    text,
                    engine,
                    ctx.attribute(ROWS_READ),
                    rows,
                    nanos,
                    ctx.statusCode(),
                    ctx.attribute(CODE));
        }
    }

    /**
     * Observes one MCP tool call, as tool {@code mcp/<name>} with the status its failure has in the HTTP API.
     *
     * @param call the call
     */
    void mcpCall(CallObserver.Ended call) {
        int status = call.failure() == null
                ? 200
                : ErrorMapper.status(call.failure()).getCode();
        String tool = "mcp/" + call.tool();
        record(call.workspace(), tool, call.engine(), call.rows(), call.nanos(), status);
        audit(
                call.workspace().equals("-") ? null : call.workspace(),
                call.key(),
                "mcp",
                tool,
                call.arguments(),
                call.engine(),
                call.rowsRead(),
                call.rows(),
                call.nanos(),
                status,
                call.failure() == null ? null : call.failure().name());
    }

    /**
     * Observes an MCP request refused before any tool ran: a missing or wrong key, a page of another site, an unknown
     * workspace.
     *
     * @param workspace the workspace its path named, or null
     * @param key the id of the key it presented, or null
     * @param failure why it was refused
     */
    void mcpRefused(String workspace, String key, ErrorCode failure) {
        audit(
                workspace,
                key,
                "mcp",
                "mcp",
                null,
                "none",
                null,
                null,
                0,
                ErrorMapper.status(failure).getCode(),
                failure.name());
    }

    private void audit(
            String workspace,
            String key,
            String transport,
            String route,
            String text,
            String engine,
            Long rowsRead,
            Long rows,
            long nanos,
            int status,
            String code) {
        if (!audit.settings().enabled()) {
            return;
        }
        audit.record(new AuditEntry(
                Instant.now(),
                workspace,
                key,
                transport,
                route,
                text == null ? null : AuditText.hash(text),
                audit.keptText(text),
                engine,
                rowsRead,
                rows,
                Math.round(nanos / 1e4) / 100.0,
                status,
                outcome(status),
                code));
    }

    private void record(String workspace, String tool, String engine, Long rows, long nanos, int status) {
        String outcome = outcome(status);
        Timer.builder("tq.request")
                .description("time to answer a request, by tool, engine and outcome")
                .tag("tool", tool)
                .tag("engine", engine)
                .tag("outcome", outcome)
                .publishPercentileHistogram()
                .register(registry)
                .record(nanos, TimeUnit.NANOSECONDS);
        if (LOG.isInfoEnabled()) {
            LOG.info(line(workspace, tool, engine, rows, nanos, status, outcome));
        }
    }

    /**
     * Adds meters read at each scrape, such as the workspaces' lifecycle.
     *
     * @param binder what registers them
     */
    void bind(MeterBinder binder) {
        binder.bindTo(registry);
    }

    /** {@code GET /metrics}: the Prometheus text exposition. */
    void scrape(Context ctx) {
        ctx.contentType("text/plain; version=0.0.4; charset=utf-8").result(registry.scrape());
    }

    /** The log line of one request, as {@code key=value} pairs in a fixed order. */
    static String line(
            String workspace, String tool, String engine, Long rows, long nanos, int status, String outcome) {
        return "workspace=%s tool=%s engine=%s rows=%s ms=%.1f status=%d outcome=%s"
                .formatted(workspace, tool, engine, rows == null ? "-" : rows.toString(), nanos / 1e6, status, outcome);
    }

    /** The route's name: its path under the workspace, with the DuckDB tool's own name. */
    static String tool(String routePath, Map<String, String> params) {
        String name = routePath.startsWith(WORKSPACE_ROUTE) ? routePath.substring(WORKSPACE_ROUTE.length()) : routePath;
        String toolName = params.get("toolName");
        return toolName == null ? name : name.replace("{toolName}", toolName);
    }

    static String outcome(int status) {
        if (status < 400) {
            return "ok";
        }
        return switch (status) {
            case 401, 403 -> "denied";
            case 429 -> "overloaded";
            default -> status >= 500 ? "server_error" : "client_error";
        };
    }
}

package io.tablequery.server.http;

import io.javalin.http.Context;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.tablequery.engine.error.ErrorCode;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Observes every matched request: one structured log line ({@code workspace tool engine rows ms status outcome}, on
 * the logger {@code tq.request}) and a Prometheus histogram of its time, {@code tq_request_seconds}, by tool, engine
 * and outcome, served at {@code /metrics}. Handlers say which engine ran and how many rows they answered through
 * {@link #ENGINE} and {@link #ROWS}.
 */
final class RequestObserver {
    /** The context attribute naming the engine that answered: sqlite, duckdb, both. */
    static final String ENGINE = "tq.engine";
    /** The context attribute holding the rows answered. */
    static final String ROWS = "tq.rows";

    private static final Logger LOG = LoggerFactory.getLogger("tq.request");
    private static final String START = "tq.start";
    private static final String WORKSPACE_ROUTE = "/v1/workspaces/{ws}/";

    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);

    void start(Context ctx) {
        ctx.attribute(START, System.nanoTime());
    }

    void finish(Context ctx) {
        Long start = ctx.attribute(START);
        if (start == null) {
            return;
        }
        record(
                ctx.pathParamMap().getOrDefault("ws", "-"),
                tool(ctx.endpoints().matchedHttpEndpoint().path, ctx.pathParamMap()),
                Objects.requireNonNullElse(ctx.attribute(ENGINE), "none"),
                ctx.attribute(ROWS),
                System.nanoTime() - start,
                ctx.statusCode());
    }

    /**
     * Observes one MCP tool call, as tool {@code mcp/<name>} with the status its failure has in the HTTP API.
     *
     * @param workspace the workspace's name
     * @param tool the tool's MCP name
     * @param engine the engine that answered
     * @param rows the rows answered, or null
     * @param nanos how long it took
     * @param failure null on success, else the failure's code
     */
    void mcpCall(String workspace, String tool, String engine, Long rows, long nanos, ErrorCode failure) {
        record(
                workspace,
                "mcp/" + tool,
                engine,
                rows,
                nanos,
                failure == null ? 200 : ErrorMapper.status(failure).getCode());
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

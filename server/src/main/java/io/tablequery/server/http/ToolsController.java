package io.tablequery.server.http;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.http.Context;
import io.javalin.http.HttpStatus;
import io.tablequery.engine.duck.ArrowExport;
import io.tablequery.engine.duck.ChartResult;
import io.tablequery.engine.duck.DuckDbTools;
import io.tablequery.engine.duck.DuckToolAnswer;
import io.tablequery.engine.duck.DuckToolResult;
import io.tablequery.engine.duck.DuckToolSettings;
import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.json.JsonCodec;
import io.tablequery.engine.result.ArrowStreams;
import io.tablequery.server.api.ServerErrorCode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Base64;

/**
 * The DuckDB tools over HTTP: {@code POST /v1/workspaces/{ws}/tools/{toolName}} with the seed's argument names. A
 * tool's own failure is its answer ({@code success: false}, status 200), as the seed's tools answer.
 */
final class ToolsController {
    private final WorkspaceRegistry workspaces;
    private final DuckToolSettings settings;
    private final Path spool;

    ToolsController(WorkspaceRegistry workspaces, DuckToolSettings settings, Path spool) {
        this.workspaces = requireNonNull(workspaces, "workspaces is null");
        this.settings = requireNonNull(settings, "settings is null");
        this.spool = requireNonNull(spool, "spool is null");
    }

    /**
     * {@code POST /v1/workspaces/{ws}/tools/queryDuckDB/arrow} with {@code {"query": "...", "maxRows": N}}: the
     * query's full result as an Arrow IPC stream, up to {@code maxRows} rows (at most 10,000,000); a refused or failed
     * query is the tool's JSON answer with status 400.
     */
    void queryArrow(Context ctx) throws IOException {
        JsonNode args = JsonBodies.object(ctx);
        if (!args.path("query").isTextual()) {
            throw new EngineException(ServerErrorCode.BAD_REQUEST, "queryDuckDB needs the string argument query");
        }
        long maxRows = ArrowResponses.maxRows(args);
        DuckDbTools tools = new DuckDbTools(workspaces.get(ctx.pathParam("ws")), settings);
        ArrowResponses.send(ctx, spool, out -> {
            ArrowExport export = tools.exportArrow(args.get("query").textValue(), maxRows, out);
            if (export.failure() != null) {
                ctx.status(HttpStatus.BAD_REQUEST).json(export.failure());
                return null;
            }
            return new ArrowStreams.Written(export.rows(), export.truncated());
        });
    }

    /**
     * {@code POST /v1/workspaces/{ws}/tools/queryDuckDB/csv} with {@code {"query": "...", "maxRows": N}}: the query's
     * full result as CSV with a header, up to {@code maxRows} rows (at most 10,000,000); a refused or failed query is
     * the tool's JSON answer with status 400.
     */
    void queryCsv(Context ctx) throws IOException {
        JsonNode args = JsonBodies.object(ctx);
        if (!args.path("query").isTextual()) {
            throw new EngineException(ServerErrorCode.BAD_REQUEST, "queryDuckDB needs the string argument query");
        }
        long maxRows = ArrowResponses.maxRows(args);
        DuckDbTools tools = new DuckDbTools(workspaces.get(ctx.pathParam("ws")), settings);
        ArrowResponses.sendCsv(ctx, spool, out -> {
            ArrowExport export = tools.exportArrow(args.get("query").textValue(), maxRows, out);
            if (export.failure() != null) {
                ctx.status(HttpStatus.BAD_REQUEST).json(export.failure());
                return null;
            }
            return new ArrowStreams.Written(export.rows(), export.truncated());
        });
    }

    /**
     * {@code POST /v1/workspaces/{ws}/tools/chart/png} with the chart tool's arguments: the chart as an {@code
     * image/png} body, or the tool's failure as JSON with status 400.
     */
    void chartPng(Context ctx) {
        DuckDbTools tools = new DuckDbTools(workspaces.get(ctx.pathParam("ws")), settings);
        ObjectNode args = JsonBodies.object(ctx).deepCopy();
        args.put("png", true);
        DuckToolAnswer answer = tools.call("chart", args);
        if (answer instanceof ChartResult chart && chart.success()) {
            ctx.contentType("image/png");
            ctx.result(Base64.getDecoder().decode(chart.png()));
        } else {
            ctx.status(HttpStatus.BAD_REQUEST).json(answer);
        }
    }

    void call(Context ctx) {
        DuckDbTools tools = new DuckDbTools(workspaces.get(ctx.pathParam("ws")), settings);
        JsonNode args = ctx.body().isBlank() ? JsonCodec.mapper().createObjectNode() : JsonBodies.object(ctx);
        DuckToolAnswer answer = tools.call(ctx.pathParam("toolName"), args);
        ctx.attribute(RequestObserver.ENGINE, "duckdb");
        if (answer instanceof DuckToolResult result && result.rowCount() != null) {
            ctx.attribute(RequestObserver.ROWS, result.rowCount());
        }
        ctx.json(answer);
    }
}

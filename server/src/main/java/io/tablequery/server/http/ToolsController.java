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
import io.tablequery.engine.duck.DuckToolSettings;
import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.json.JsonCodec;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Base64;

/**
 * The DuckDB tools over HTTP: {@code POST /v1/workspaces/{ws}/tools/{toolName}} with the seed's argument names. A
 * tool's own failure is its answer ({@code success: false}, status 200), as the seed's tools answer.
 */
final class ToolsController {
    /** The media type of an Arrow IPC stream. */
    static final String ARROW_STREAM = "application/vnd.apache.arrow.stream";
    /** The most rows an Arrow download carries. */
    static final long ARROW_MAX_ROWS = 10_000_000;

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
     * query's full result as an Arrow IPC stream, up to {@code maxRows} rows (at most 10,000,000). The stream is
     * spooled to a file first, so a failure is a JSON error instead of a cut stream, and the headers {@code
     * X-Tq-Row-Count} and {@code X-Tq-Truncated} can say what it holds.
     */
    void queryArrow(Context ctx) throws IOException {
        JsonNode args = JsonBodies.object(ctx);
        if (!args.path("query").isTextual()) {
            throw new EngineException(ServerErrorCode.BAD_REQUEST, "queryDuckDB needs the string argument query");
        }
        long maxRows = ARROW_MAX_ROWS;
        if (args.hasNonNull("maxRows")) {
            if (!args.get("maxRows").canConvertToLong() || args.get("maxRows").longValue() < 1) {
                throw new EngineException(ServerErrorCode.BAD_REQUEST, "maxRows must be a positive whole number");
            }
            maxRows = Math.min(ARROW_MAX_ROWS, args.get("maxRows").longValue());
        }
        DuckDbTools tools = new DuckDbTools(workspaces.get(ctx.pathParam("ws")), settings);
        Files.createDirectories(spool);
        Path file = Files.createTempFile(spool, "tq-arrow-", ".arrows");
        ArrowExport export;
        try (OutputStream out = Files.newOutputStream(file)) {
            export = tools.exportArrow(args.get("query").textValue(), maxRows, out);
        } catch (RuntimeException | IOException e) {
            Files.deleteIfExists(file);
            throw e;
        }
        if (export.failure() != null) {
            Files.deleteIfExists(file);
            ctx.status(HttpStatus.BAD_REQUEST).json(export.failure());
            return;
        }
        ctx.header("X-Tq-Row-Count", Long.toString(export.rows()));
        ctx.header("X-Tq-Truncated", Boolean.toString(export.truncated()));
        ctx.contentType(ARROW_STREAM);
        ctx.result(Files.newInputStream(file, StandardOpenOption.DELETE_ON_CLOSE));
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
        ctx.json(tools.call(ctx.pathParam("toolName"), args));
    }
}

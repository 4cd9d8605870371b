package io.tablequery.server.http;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import io.javalin.http.Context;
import io.tablequery.engine.duck.DuckDbTools;
import io.tablequery.engine.duck.DuckToolSettings;
import io.tablequery.engine.json.JsonCodec;

/**
 * The DuckDB tools over HTTP: {@code POST /v1/workspaces/{ws}/tools/{toolName}} with the seed's argument names. A
 * tool's own failure is its answer ({@code success: false}, status 200), as the seed's tools answer.
 */
final class ToolsController {
    private final WorkspaceRegistry workspaces;
    private final DuckToolSettings settings;

    ToolsController(WorkspaceRegistry workspaces, DuckToolSettings settings) {
        this.workspaces = requireNonNull(workspaces, "workspaces is null");
        this.settings = requireNonNull(settings, "settings is null");
    }

    void call(Context ctx) {
        DuckDbTools tools = new DuckDbTools(workspaces.get(ctx.pathParam("ws")), settings);
        JsonNode args = ctx.body().isBlank() ? JsonCodec.mapper().createObjectNode() : JsonBodies.object(ctx);
        ctx.json(tools.call(ctx.pathParam("toolName"), args));
    }
}

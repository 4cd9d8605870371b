package io.tablequery.server.http;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.javalin.http.Context;
import io.tablequery.engine.duck.DuckDbTools;
import io.tablequery.engine.duck.DuckToolSettings;
import io.tablequery.engine.error.EngineException;
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
        JsonNode args = args(ctx);
        ctx.json(tools.call(ctx.pathParam("toolName"), args));
    }

    private static JsonNode args(Context ctx) {
        String body = ctx.body();
        if (body.isBlank()) {
            return JsonCodec.mapper().createObjectNode();
        }
        try {
            JsonNode node = JsonCodec.mapper().readTree(body);
            if (!node.isObject()) {
                throw new EngineException(ServerErrorCode.BAD_REQUEST, "the tool's arguments must be a JSON object");
            }
            return node;
        } catch (JsonProcessingException e) {
            throw new EngineException(
                    ServerErrorCode.BAD_REQUEST, "the request body is not valid JSON: " + e.getOriginalMessage());
        }
    }
}

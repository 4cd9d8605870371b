package io.tablequery.server.api;

import com.fasterxml.jackson.databind.JsonNode;
import io.tablequery.engine.json.JsonCodec;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * The function-calling definitions of both tool families ({@code tools.json}): each tool's name, family, route,
 * a description written for a model, and its arguments as JSON Schema. Served at {@code /v1/tools}, used for the
 * request bodies of {@code /openapi.json}, and listed by the MCP server.
 */
public final class ToolDefinitions {
    private static final JsonNode TOOLS = load();

    private ToolDefinitions() {}

    /**
     * Every definition, in the order a model should learn them.
     *
     * @return the definitions, a JSON array
     */
    public static JsonNode all() {
        return TOOLS;
    }

    /**
     * The argument schema of the tool served at a route.
     *
     * @param route the route under the workspace, such as {@code run-sql} or {@code tools/chart}
     * @return the schema, or null when no tool is served there
     */
    public static JsonNode parameters(String route) {
        for (JsonNode tool : TOOLS) {
            if (tool.get("route").asText().equals(route)) {
                return tool.get("parameters");
            }
        }
        return null;
    }

    private static JsonNode load() {
        try (InputStream in = ToolDefinitions.class.getResourceAsStream("tools.json")) {
            if (in == null) {
                throw new IllegalStateException("tools.json is missing from the server's resources");
            }
            return JsonCodec.mapper().readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException("could not read tools.json", e);
        }
    }
}

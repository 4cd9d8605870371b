package io.tablequery.server.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tablequery.engine.duck.DuckToolSettings;
import io.tablequery.engine.json.JsonCodec;
import io.tablequery.engine.provenance.RowCitation;
import io.tablequery.engine.result.ResultLimits;
import io.tablequery.engine.search.TableSearcher;
import io.tablequery.engine.skill.SkillSettings;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * The function-calling definitions of both tool families ({@code tools.json}): each tool's name, family, route,
 * a description written for a model, and its arguments as JSON Schema. Served at {@code /v1/tools}, used for the
 * request bodies of {@code /openapi.json}, and listed by the MCP server. The numeric arguments' bounds and defaults
 * are not written there but taken from the code that enforces them.
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
            JsonNode tools = JsonCodec.mapper().readTree(in);
            bound(tools, "search_tables", "topK", 1, TableSearcher.MAX_TOP_K, SkillArguments.DEFAULT_TOP_K);
            bound(
                    tools,
                    "run_sql",
                    "maxRows",
                    0,
                    ResultLimits.MAX_ROWS_CEILING,
                    SkillSettings.DEFAULTS.defaultMaxRows());
            bound(
                    tools,
                    "run_sql",
                    "cellMax",
                    1,
                    ResultLimits.CELL_MAX_CEILING,
                    SkillSettings.DEFAULTS.defaultCellMax());
            bound(tools, "run_sql", "citeRanges", 1, ResultLimits.CITE_RANGES_CEILING, RowCitation.DEFAULT_RANGES);
            bound(
                    tools,
                    "getSampleRows",
                    "limit",
                    1,
                    DuckToolSettings.DEFAULTS.maxSampleRows(),
                    DuckToolSettings.DEFAULTS.defaultSampleRows());
            return tools;
        } catch (IOException e) {
            throw new UncheckedIOException("could not read tools.json", e);
        }
    }

    private static void bound(
            JsonNode tools, String tool, String argument, int minimum, int maximum, int defaultValue) {
        for (JsonNode definition : tools) {
            if (definition.get("name").asText().equals(tool)) {
                ((ObjectNode) definition.at("/parameters/properties/" + argument))
                        .put("minimum", minimum)
                        .put("maximum", maximum)
                        .put("default", defaultValue);
                return;
            }
        }
        throw new IllegalStateException("tools.json has no tool " + tool);
    }
}

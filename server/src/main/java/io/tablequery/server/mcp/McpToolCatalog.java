package io.tablequery.server.mcp;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.spec.McpSchema.Tool;
import io.modelcontextprotocol.spec.McpSchema.ToolAnnotations;
import io.tablequery.engine.json.JsonCodec;
import io.tablequery.server.api.ToolDefinitions;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The MCP tools: the definitions of {@code tools.json}, with the names, descriptions and argument schemas the HTTP API
 * serves at {@code /v1/tools}, except that the skill tools' arguments, in their schemas and descriptions, are spelled
 * as the skill's script spells its flags ({@code top_k}, {@code max_rows}, {@code cell_max}). Every tool only reads,
 * which its annotations say.
 */
public final class McpToolCatalog {
    /** The skill's first tool. */
    public static final String SEARCH_TABLES = "search_tables";
    /** The skill's second tool. */
    public static final String GET_SCHEMAS = "get_schemas";
    /** The skill's third tool. */
    public static final String RUN_SQL = "run_sql";
    /** The tool that shows the cells of the file a citation names. */
    public static final String GET_SOURCE_CELLS = "getSourceCells";

    private static final Set<String> SKILL_TOOLS = Set.of(SEARCH_TABLES, GET_SCHEMAS, RUN_SQL);
    private static final Map<String, String> SKILL_ARGUMENTS =
            Map.of("topK", "top_k", "maxRows", "max_rows", "cellMax", "cell_max", "citeRanges", "cite_ranges");
    private static final TypeReference<Map<String, Object>> OBJECT = new TypeReference<>() {};

    private McpToolCatalog() {}

    /**
     * What the server tells a model when it connects: when to use which family, the skill's order and its anti-waste
     * rules.
     *
     * @return the instructions
     */
    public static String instructions() {
        try (InputStream in = McpToolCatalog.class.getResourceAsStream("instructions.md")) {
            if (in == null) {
                throw new IllegalStateException("instructions.md is missing from the server's resources");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("could not read instructions.md", e);
        }
    }

    /**
     * Tells whether a tool belongs to the table-query skill.
     *
     * @param name the tool's MCP name
     * @return true for search_tables, get_schemas and run_sql
     */
    public static boolean isSkillTool(String name) {
        return SKILL_TOOLS.contains(name);
    }

    /**
     * The tools, in the order a model should learn them.
     *
     * @return the tool definitions
     */
    public static List<Tool> tools() {
        List<Tool> tools = new ArrayList<>();
        for (JsonNode definition : ToolDefinitions.all()) {
            String name = definition.get("name").asText();
            String description = definition.get("description").asText();
            ObjectNode parameters = definition.get("parameters").deepCopy();
            if (isSkillTool(name)) {
                renameProperties(parameters);
                for (Map.Entry<String, String> renamed : SKILL_ARGUMENTS.entrySet()) {
                    description = description.replace(renamed.getKey(), renamed.getValue());
                }
            }
            tools.add(Tool.builder()
                    .name(name)
                    .description(description)
                    .inputSchema(JsonCodec.mapper().convertValue(parameters, OBJECT))
                    .annotations(new ToolAnnotations(null, true, false, true, false, null))
                    .build());
        }
        return tools;
    }

    /**
     * The tools with the calls that run them.
     *
     * @param calls runs the calls
     * @return one specification per tool
     */
    public static List<SyncToolSpecification> specifications(McpToolCalls calls) {
        return tools().stream()
                .map(tool -> SyncToolSpecification.builder()
                        .tool(tool)
                        .callHandler(calls::call)
                        .build())
                .toList();
    }

    private static void renameProperties(ObjectNode schema) {
        ObjectNode properties = (ObjectNode) schema.get("properties");
        ObjectNode renamed = JsonCodec.mapper().createObjectNode();
        for (Iterator<Map.Entry<String, JsonNode>> it = properties.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> property = it.next();
            renamed.set(SKILL_ARGUMENTS.getOrDefault(property.getKey(), property.getKey()), property.getValue());
        }
        schema.set("properties", renamed);
    }
}

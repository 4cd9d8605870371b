package io.tablequery.server.mcp;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelcontextprotocol.server.McpSyncServerExchange;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.ImageContent;
import io.modelcontextprotocol.spec.McpSchema.TextContent;
import io.tablequery.engine.duck.ChartResult;
import io.tablequery.engine.duck.DuckDbTools;
import io.tablequery.engine.duck.DuckToolAnswer;
import io.tablequery.engine.duck.DuckToolErrorCode;
import io.tablequery.engine.duck.DuckToolResult;
import io.tablequery.engine.duck.DuckToolSettings;
import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.error.ErrorCategory;
import io.tablequery.engine.error.ErrorCode;
import io.tablequery.engine.exec.RunSqlResult;
import io.tablequery.engine.json.JsonCodec;
import io.tablequery.engine.plan.SkillNames;
import io.tablequery.engine.search.SearchResult;
import io.tablequery.engine.skill.SkillSettings;
import io.tablequery.engine.skill.TableQuerySkill;
import io.tablequery.engine.workspace.Workspace;
import io.tablequery.server.api.ScanSize;
import io.tablequery.server.api.ServerErrorCode;
import io.tablequery.server.api.SkillArguments;
import io.tablequery.server.api.SourceCellsAnswer;
import io.tablequery.server.audit.AuditText;
import io.tablequery.server.views.RunSqlView;
import io.tablequery.server.views.SchemasView;
import io.tablequery.server.views.SearchView;
import java.util.List;
import java.util.Map;
import java.util.function.ToLongFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the MCP tool calls of both families on a workspace. The skill tools answer with the text the skill's script
 * prints, and fail with {@code error [CODE]: message}; the DuckDB tools answer with their JSON (also as structured
 * content) and fail with their JSON failure {@code {success: false, error, code}}. A chart asked for with {@code png}
 * comes back as an image beside its JSON. Every failure is a tool error ({@code isError}) with the HTTP API's code.
 */
public final class McpToolCalls {
    private static final Logger LOG = LoggerFactory.getLogger(McpToolCalls.class);
    private static final TypeReference<Map<String, Object>> OBJECT = new TypeReference<>() {};

    private final WorkspaceAccess access;
    private final SkillSettings skillSettings;
    private final DuckToolSettings duckSettings;
    private final RunningCalls running;
    private final CallObserver observer;

    /**
     * Creates the calls.
     *
     * @param access how a call finds its workspace
     * @param skillSettings the skill's limits and time limit
     * @param duckSettings the DuckDB tools' limits and time limit
     * @param running where running calls are kept, to cancel them
     * @param observer hears of every call when it ends
     */
    public McpToolCalls(
            WorkspaceAccess access,
            SkillSettings skillSettings,
            DuckToolSettings duckSettings,
            RunningCalls running,
            CallObserver observer) {
        this.access = requireNonNull(access, "access is null");
        this.skillSettings =
                requireNonNull(skillSettings, "skillSettings is null").withNames(SkillNames.MCP);
        this.duckSettings = requireNonNull(duckSettings, "duckSettings is null");
        this.running = requireNonNull(running, "running is null");
        this.observer = requireNonNull(observer, "observer is null");
    }

    /**
     * Runs one call.
     *
     * @param exchange the call's session
     * @param request the tool's name and arguments
     * @return the tool's result, a tool error when it failed
     */
    public CallToolResult call(McpSyncServerExchange exchange, CallToolRequest request) {
        String tool = request.name();
        JsonNode args = JsonCodec.mapper().valueToTree(request.arguments() == null ? Map.of() : request.arguments());
        long start = System.nanoTime();
        long[] scanned = {-1};
        Outcome outcome;
        try (RunningCalls.Call call = running.start(String.valueOf(exchange.sessionId()))) {
            outcome = run(exchange, tool, args, scanned);
        } catch (EngineException e) {
            outcome = new Outcome(failure(tool, e.getErrorCode(), e.getMessage()), "none", null, e.getErrorCode());
        } catch (RuntimeException e) {
            LOG.error("MCP tool {} failed", tool, e);
            ErrorCode code = ServerErrorCode.SERVER_ERROR.toErrorCode();
            outcome = new Outcome(
                    failure(tool, code, "the server failed to run " + tool + "; the failure is logged"),
                    "none",
                    null,
                    code);
        }
        observer.ended(new CallObserver.Ended(
                access.name(exchange.transportContext()),
                access.keyId(exchange.transportContext()),
                tool,
                AuditText.of(args),
                scanned[0] < 0 ? null : scanned[0],
                outcome.engine,
                outcome.rows,
                System.nanoTime() - start,
                outcome.failure));
        return outcome.result;
    }

    private Outcome run(McpSyncServerExchange exchange, String tool, JsonNode args, long[] scanned) {
        ToLongFunction<Workspace> size = workspace -> {
            scanned[0] = ScanSize.scans(tool) ? ScanSize.rows(workspace, tool, args) : -1;
            return Math.max(0, scanned[0]);
        };
        return access.run(exchange.transportContext(), size, workspace -> {
            if (McpToolCatalog.isSkillTool(tool)) {
                return skill(workspace, tool, args);
            }
            return tool.equals(McpToolCatalog.GET_SOURCE_CELLS)
                    ? sourceCells(workspace, args)
                    : duck(workspace, tool, args);
        });
    }

    private Outcome skill(Workspace workspace, String tool, JsonNode args) {
        TableQuerySkill skill = new TableQuerySkill(workspace, skillSettings);
        return switch (tool) {
            case McpToolCatalog.SEARCH_TABLES -> {
                Integer topK = SkillArguments.optionalInteger(args, "top_k");
                SearchResult result = skill.searchTables(
                        SkillArguments.text(args, "query"), topK == null ? SkillArguments.DEFAULT_TOP_K : topK);
                yield text(SearchView.of(result, skill.names()).text(), "none", (long)
                        result.hits().size());
            }
            case McpToolCatalog.GET_SCHEMAS -> {
                SchemasView schemas = SchemasView.of(skill.getSchemas(SkillArguments.tables(args)));
                yield text(schemas.text(), "none", (long) schemas.tables().size());
            }
            case McpToolCatalog.RUN_SQL -> {
                RunSqlResult result = skill.runSql(SkillArguments.runSql(args, "max_rows", "cell_max", "cite_ranges"));
                long rows = result.tables().stream()
                        .mapToLong(table -> table.rows().size())
                        .sum();
                yield text(RunSqlView.of(result, skill.names()).text(), result.engine(), rows);
            }
            default -> throw new IllegalArgumentException("not a skill tool: " + tool);
        };
    }

    private Outcome duck(Workspace workspace, String tool, JsonNode args) {
        DuckToolAnswer answer = new DuckDbTools(workspace, duckSettings).call(tool, args);
        ObjectNode json = JsonCodec.mapper().valueToTree(answer);
        CallToolResult.Builder result = CallToolResult.builder().isError(!answer.success());
        String png = answer instanceof ChartResult chart ? chart.png() : null;
        json.remove("png");
        result.addContent(new TextContent(JsonCodec.write(json)));
        if (png != null) {
            result.addContent(new ImageContent(null, png, "image/png"));
        }
        result.structuredContent(JsonCodec.mapper().convertValue(json, OBJECT));
        Long rows = answer instanceof DuckToolResult tabular ? tabular.rowCount() : null;
        return new Outcome(result.build(), "duckdb", rows, answer.success() ? null : duckFailure(json.path("code")));
    }

    private static Outcome sourceCells(Workspace workspace, JsonNode args) {
        ObjectNode json = JsonCodec.mapper().valueToTree(SourceCellsAnswer.of(workspace, args));
        CallToolResult result = CallToolResult.builder()
                .addContent(new TextContent(JsonCodec.write(json)))
                .structuredContent(JsonCodec.mapper().convertValue(json, OBJECT))
                .isError(false)
                .build();
        return new Outcome(result, "none", (long) json.path("sheets").size(), null);
    }

    private static Outcome text(String text, String engine, Long rows) {
        return new Outcome(
                CallToolResult.builder()
                        .content(List.of(new TextContent(text)))
                        .isError(false)
                        .build(),
                engine,
                rows,
                null);
    }

    /** The code of a DuckDB tool's failure answer. */
    private static ErrorCode duckFailure(JsonNode code) {
        for (DuckToolErrorCode known : DuckToolErrorCode.values()) {
            if (known.name().equals(code.asText())) {
                return known.toErrorCode();
            }
        }
        return new ErrorCode(0, code.asText("QUERY_FAILED"), ErrorCategory.USER_ERROR);
    }

    /** A failure in the family's own shape: the skill's error line, or the DuckDB tools' JSON failure. */
    private static CallToolResult failure(String tool, ErrorCode code, String message) {
        String text = McpToolCatalog.isSkillTool(tool)
                ? "error [%s]: %s".formatted(code.name(), message)
                : JsonCodec.write(JsonCodec.mapper()
                        .createObjectNode()
                        .put("success", false)
                        .put("error", message)
                        .put("code", code.name()));
        return CallToolResult.builder()
                .content(List.of(new TextContent(text)))
                .isError(true)
                .build();
    }

    /** A call's result with what its log line needs. */
    private record Outcome(CallToolResult result, String engine, Long rows, ErrorCode failure) {}
}

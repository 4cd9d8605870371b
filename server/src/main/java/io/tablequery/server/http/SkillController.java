package io.tablequery.server.http;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import io.javalin.http.Context;
import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.exec.RunSqlResult;
import io.tablequery.engine.plan.PlanParser;
import io.tablequery.engine.skill.PlanEngine;
import io.tablequery.engine.skill.RunSqlRequest;
import io.tablequery.engine.skill.SkillSettings;
import io.tablequery.engine.skill.TableQuerySkill;
import io.tablequery.server.views.RunSqlView;
import io.tablequery.server.views.SchemasView;
import io.tablequery.server.views.SearchView;
import io.tablequery.server.views.TranslateView;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The table-query skill over HTTP: {@code POST /v1/workspaces/{ws}/search-tables}, {@code /get-schemas} and
 * {@code /run-sql}, JSON in and out, each answer carrying the agent text too.
 */
final class SkillController {
    /** The default of {@code topK}, as in the skill's own example. */
    static final int DEFAULT_TOP_K = 20;

    private final WorkspaceRegistry workspaces;
    private final SkillSettings settings;
    private final Path spool;

    SkillController(WorkspaceRegistry workspaces, SkillSettings settings, Path spool) {
        this.workspaces = requireNonNull(workspaces, "workspaces is null");
        this.settings = requireNonNull(settings, "settings is null");
        this.spool = requireNonNull(spool, "spool is null");
    }

    /** {@code {"query": "...", "topK": 20}}. */
    void searchTables(Context ctx) {
        JsonNode body = JsonBodies.object(ctx);
        String query = text(body, "query");
        int topK = body.hasNonNull("topK") ? integer(body, "topK") : DEFAULT_TOP_K;
        ctx.json(SearchView.of(skill(ctx).searchTables(query, topK)));
    }

    /** {@code {"tables": ["a", "b"]}} or {@code {"tables": "a,b"}}. */
    void getSchemas(Context ctx) {
        JsonNode tables = JsonBodies.object(ctx).get("tables");
        List<String> names = new ArrayList<>();
        if (tables != null && tables.isTextual()) {
            names.addAll(Arrays.asList(tables.textValue().split(",")));
        } else if (tables != null && tables.isArray()) {
            tables.forEach(name -> names.add(name.asText()));
        } else {
            throw badRequest("get-schemas needs \"tables\": a list of table names, or one string \"a,b\"");
        }
        ctx.json(SchemasView.of(skill(ctx).getSchemas(names)));
    }

    /** {@code {"plan": {"queries": [...]}, "maxRows": 100, "cellMax": 1000, "engine": "sqlite"}}. */
    void runSql(Context ctx) {
        RunSqlResult result = skill(ctx).runSql(request(JsonBodies.object(ctx)));
        ctx.attribute(RequestObserver.ENGINE, result.engine());
        ctx.attribute(
                RequestObserver.ROWS,
                result.tables().stream().mapToLong(table -> table.rows().size()).sum());
        ctx.json(RunSqlView.of(result));
    }

    private static RunSqlRequest request(JsonNode body) {
        if (!body.has("plan")) {
            throw badRequest("run-sql needs \"plan\": the plan object {\"queries\": [...]}");
        }
        return new RunSqlRequest(
                PlanParser.parse(body.get("plan")),
                body.hasNonNull("maxRows") ? integer(body, "maxRows") : null,
                body.hasNonNull("cellMax") ? integer(body, "cellMax") : null,
                PlanEngine.parse(body.hasNonNull("engine") ? body.get("engine").asText() : null));
    }

    /**
     * {@code {"plan": {...}, "engine": "sqlite", "step": 2, "maxRows": N}}: one final table of the plan (the last,
     * unless {@code step} names another) whole, with its {@code __src} citations, as an Arrow IPC stream of at most
     * {@code maxRows} rows (10,000,000 at most and by default).
     */
    void runSqlArrow(Context ctx) throws IOException {
        JsonNode body = JsonBodies.object(ctx);
        RunSqlRequest request = request(body);
        Integer step = body.hasNonNull("step") ? integer(body, "step") : null;
        long maxRows = ArrowResponses.maxRows(body);
        TableQuerySkill skill = skill(ctx);
        ArrowResponses.send(ctx, spool, out -> skill.exportArrow(request, step, maxRows, out));
    }

    /** {@code {"sql": "SELECT ..."}}: the DuckDB translation of one SQLite statement, or why there is none. */
    void translate(Context ctx) {
        ctx.json(TranslateView.of(skill(ctx).translate(text(JsonBodies.object(ctx), "sql"))));
    }

    private TableQuerySkill skill(Context ctx) {
        return new TableQuerySkill(workspaces.get(ctx.pathParam("ws")), settings);
    }

    private static String text(JsonNode body, String field) {
        JsonNode value = body.get(field);
        if (value == null || !value.isTextual()) {
            throw badRequest("\"%s\" must be a string".formatted(field));
        }
        return value.textValue();
    }

    private static int integer(JsonNode body, String field) {
        JsonNode value = body.get(field);
        if (!value.isIntegralNumber() || !value.canConvertToInt()) {
            throw badRequest("\"%s\" must be an integer".formatted(field));
        }
        return value.intValue();
    }

    private static EngineException badRequest(String message) {
        return new EngineException(ServerErrorCode.BAD_REQUEST, message);
    }
}

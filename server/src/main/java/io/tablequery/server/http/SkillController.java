package io.tablequery.server.http;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import io.javalin.http.Context;
import io.tablequery.engine.exec.RunSqlResult;
import io.tablequery.engine.skill.RunSqlRequest;
import io.tablequery.engine.skill.SkillSettings;
import io.tablequery.engine.skill.TableQuerySkill;
import io.tablequery.server.api.SkillArguments;
import io.tablequery.server.views.RunSqlView;
import io.tablequery.server.views.SchemasView;
import io.tablequery.server.views.SearchView;
import io.tablequery.server.views.TranslateView;
import java.io.IOException;
import java.nio.file.Path;

/**
 * The table-query skill over HTTP: {@code POST /v1/workspaces/{ws}/search-tables}, {@code /get-schemas} and
 * {@code /run-sql}, JSON in and out, each answer carrying the agent text too.
 */
final class SkillController {
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
        Integer topK = SkillArguments.optionalInteger(body, "topK");
        TableQuerySkill skill = skill(ctx);
        ctx.json(SearchView.of(
                skill.searchTables(
                        SkillArguments.text(body, "query"), topK == null ? SkillArguments.DEFAULT_TOP_K : topK),
                skill.names()));
    }

    /** {@code {"tables": ["a", "b"]}} or {@code {"tables": "a,b"}}. */
    void getSchemas(Context ctx) {
        ctx.json(SchemasView.of(skill(ctx).getSchemas(SkillArguments.tables(JsonBodies.object(ctx)))));
    }

    /** {@code {"plan": {"queries": [...]}, "maxRows": 100, "cellMax": 1000, "engine": "sqlite"}}. */
    void runSql(Context ctx) {
        TableQuerySkill skill = skill(ctx);
        RunSqlResult result = skill.runSql(request(JsonBodies.object(ctx)));
        ctx.attribute(RequestObserver.ENGINE, result.engine());
        ctx.attribute(
                RequestObserver.ROWS,
                result.tables().stream().mapToLong(table -> table.rows().size()).sum());
        ctx.json(RunSqlView.of(result, skill.names()));
    }

    private static RunSqlRequest request(JsonNode body) {
        return SkillArguments.runSql(body, "maxRows", "cellMax", "citeRanges");
    }

    /**
     * {@code {"plan": {...}, "engine": "sqlite", "step": 2, "maxRows": N, "form": "table"}}: one final table of the
     * plan (the last, unless {@code step} names another) whole, with its {@code __src} citations, as an Arrow IPC
     * stream of at most {@code maxRows} rows (10,000,000 at most and by default); with {@code "form": "lineage"}, the
     * lineage of those rows instead: a row per row of the table and source row it was computed from.
     */
    void runSqlArrow(Context ctx) throws IOException {
        ArrowResponses.send(ctx, spool, export(ctx));
    }

    /**
     * The same as {@link #runSqlArrow} as CSV with a header, for a person to open in a spreadsheet: the table with its
     * {@code __src}, or with {@code "form": "lineage"} its lineage.
     */
    void runSqlCsv(Context ctx) throws IOException {
        ArrowResponses.sendCsv(ctx, spool, export(ctx));
    }

    /** The export a download's body asks for, its arguments checked before anything runs. */
    private ArrowResponses.Export export(Context ctx) {
        JsonNode body = JsonBodies.object(ctx);
        RunSqlRequest request = request(body);
        Integer step = SkillArguments.optionalInteger(body, "step");
        long maxRows = ArrowResponses.maxRows(body);
        boolean lineage = SkillArguments.arrowForm(body);
        TableQuerySkill skill = skill(ctx);
        return out -> skill.exportArrow(request, step, maxRows, lineage, out);
    }

    /** {@code {"sql": "SELECT ..."}}: the DuckDB translation of one SQLite statement, or why there is none. */
    void translate(Context ctx) {
        ctx.json(TranslateView.of(skill(ctx).translate(SkillArguments.text(JsonBodies.object(ctx), "sql"))));
    }

    private TableQuerySkill skill(Context ctx) {
        return new TableQuerySkill(workspaces.get(ctx.pathParam("ws")), settings);
    }
}

package io.tablequery.server.http;

import io.javalin.http.Context;
import io.tablequery.engine.catalog.CatalogSnapshot;
import io.tablequery.engine.workspace.Workspace;
import io.tablequery.server.views.TableView;
import java.util.Map;

/** List tables. */
final class TablesController {
    private final WorkspaceRegistry workspaces;

    TablesController(WorkspaceRegistry workspaces) {
        this.workspaces = workspaces;
    }

    /** {@code GET /v1/workspaces/{ws}/tables}. */
    void list(Context ctx) {
        Workspace workspace = workspaces.get(ctx.pathParam("ws"));
        CatalogSnapshot catalog = workspace.catalog();
        ctx.json(Map.of(
                "tables",
                catalog.tables().stream()
                        .map(t -> TableView.of(t, catalog, workspace::duckDbState))
                        .toList()));
    }
}

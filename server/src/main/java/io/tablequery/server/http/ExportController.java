package io.tablequery.server.http;

import static java.util.Objects.requireNonNull;

import io.javalin.http.Context;
import io.tablequery.engine.workspace.Workspace;
import io.tablequery.engine.workspace.WorkspaceExport;
import io.tablequery.server.api.ExportArchive;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * {@code POST /v1/admin/workspaces/{ws}/export}: a consistent copy of a workspace that other tools read, as a zip of
 * {@code tables.sqlite}, {@code parquet/<table>.parquet} and {@code manifest.json}. The copy is made in the server's
 * cache directory, sent, and removed.
 */
final class ExportController {
    private final WorkspaceRegistry workspaces;
    private final Path cache;

    ExportController(WorkspaceRegistry workspaces, Path cache) {
        this.workspaces = requireNonNull(workspaces, "workspaces is null");
        this.cache = requireNonNull(cache, "cache is null");
    }

    void export(Context ctx) throws IOException {
        Workspace workspace = workspaces.get(ctx.pathParam("ws"));
        Files.createDirectories(cache);
        Path scratch = Files.createTempDirectory(cache, "export-");
        try {
            WorkspaceExport export = workspace.export(scratch.resolve(workspace.name()));
            ctx.contentType("application/zip");
            ctx.header("Content-Disposition", "attachment; filename=\"%s-export.zip\"".formatted(export.workspace()));
            ExportArchive.write(scratch.resolve(workspace.name()), ctx.outputStream());
        } finally {
            ExportArchive.delete(scratch);
        }
    }
}

package io.tablequery.server.http;

import static java.util.Objects.requireNonNull;

import io.javalin.http.Context;
import io.tablequery.engine.workspace.Workspace;
import io.tablequery.engine.workspace.WorkspaceExport;
import io.tablequery.server.api.ExportArchive;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.commons.io.file.PathUtils;

/**
 * {@code POST /v1/admin/workspaces/{ws}/export}: a consistent copy of a workspace that other tools read, as a zip of
 * {@code tables.sqlite}, {@code parquet/<table>.parquet} and {@code manifest.json}. The copy is made in the
 * workspace's {@code tmp/} (emptied when the workspace opens, should the server stop meanwhile), sent, and removed; a
 * directory under the data root would be taken for a workspace at the next start.
 */
final class ExportController {
    private final WorkspaceRegistry workspaces;

    ExportController(WorkspaceRegistry workspaces) {
        this.workspaces = requireNonNull(workspaces, "workspaces is null");
    }

    void export(Context ctx) throws IOException {
        Workspace workspace = workspaces.get(ctx.pathParam("ws"));
        Path scratch = Files.createTempDirectory(
                Files.createDirectories(workspace.directory().resolve("tmp")), "export-");
        try {
            WorkspaceExport export = workspace.export(scratch.resolve(workspace.name()));
            ctx.contentType("application/zip");
            ctx.header("Content-Disposition", "attachment; filename=\"%s-export.zip\"".formatted(export.workspace()));
            ExportArchive.write(scratch.resolve(workspace.name()), ctx.outputStream());
        } finally {
            PathUtils.deleteDirectory(scratch);
        }
    }
}

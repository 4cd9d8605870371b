package io.tablequery.server.http;

import io.javalin.http.Context;
import io.javalin.http.HttpStatus;
import io.javalin.http.UploadedFile;
import io.tablequery.engine.catalog.FileRefs;
import io.tablequery.engine.catalog.FileVersion;
import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.ingest.IngestListener;
import io.tablequery.engine.workspace.IngestResult;
import io.tablequery.engine.workspace.RemovedFile;
import io.tablequery.engine.workspace.Workspace;
import io.tablequery.server.api.ServerErrorCode;
import io.tablequery.server.views.FileVersionView;
import io.tablequery.server.views.FileView;
import io.tablequery.server.views.UploadView;
import java.io.IOException;
import java.io.InputStream;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Upload, list and delete files, and read their ingest reports. */
final class FilesController {
    private static final Map<String, String> MEDIA_TYPES = Map.of(
            "csv", "text/csv; charset=UTF-8",
            "xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
            "xls", "application/vnd.ms-excel",
            "sqlite", "application/vnd.sqlite3");

    private final WorkspaceRegistry workspaces;
    private final long maxUploadBytes;

    FilesController(WorkspaceRegistry workspaces, long maxUploadBytes) {
        this.workspaces = workspaces;
        this.maxUploadBytes = maxUploadBytes;
    }

    /** {@code POST /v1/workspaces/{ws}/files}: one file as multipart field {@code file}. */
    void upload(Context ctx) throws IOException {
        Workspace workspace = workspaces.get(ctx.pathParam("ws"));
        List<UploadedFile> files = uploadedFiles(ctx);
        if (files.isEmpty()) {
            throw new EngineException(
                    ServerErrorCode.MISSING_FILE,
                    "no file in the request; send it as"
                            + " multipart/form-data field 'file', for example: curl -F file=@sales.xlsx " + ctx.url());
        }
        if (files.size() > 1) {
            throw new EngineException(
                    ServerErrorCode.TOO_MANY_FILES,
                    "the request holds %d files; upload one file".formatted(files.size()) + " per request");
        }
        UploadedFile file = files.get(0);
        ctx.attribute(RequestObserver.TEXT, file.filename());
        IngestResult result;
        try (InputStream content = file.content()) {
            result = workspace.ingest(content, file.filename(), IngestListener.NONE);
        }
        ctx.status(HttpStatus.CREATED).json(UploadView.of(result, workspace.catalog(), workspace::duckDbState));
    }

    /** {@code GET /v1/workspaces/{ws}/files}. */
    void list(Context ctx) {
        Workspace workspace = workspaces.get(ctx.pathParam("ws"));
        ctx.json(Map.of("files", FileView.current(workspace.catalog(), workspace::duckDbState)));
    }

    /** {@code DELETE /v1/workspaces/{ws}/files/{ref}}. */
    void delete(Context ctx) {
        Workspace workspace = workspaces.get(ctx.pathParam("ws"));
        RemovedFile removed = workspace.deleteFile(FileRefs.parse(ctx.pathParam("ref")));
        ctx.json(Map.of("deleted", FileView.of(removed.file(), removed.tables(), table -> null)));
    }

    /** {@code GET /v1/workspaces/{ws}/files/{ref}}: a file current or superseded, and what replaced it. */
    void show(Context ctx) {
        Workspace workspace = workspaces.get(ctx.pathParam("ws"));
        FileVersion version = workspace.fileVersion(FileRefs.parse(ctx.pathParam("ref")));
        ctx.json(FileVersionView.of(version, workspace.name(), workspace.catalog()));
    }

    /** {@code GET /v1/workspaces/{ws}/files/{ref}/content}: the original bytes, as uploaded. */
    void content(Context ctx) throws IOException {
        Workspace workspace = workspaces.get(ctx.pathParam("ws"));
        FileVersion version = workspace.fileVersion(FileRefs.parse(ctx.pathParam("ref")));
        Path stored = workspace.fileContent(version);
        ctx.contentType(MEDIA_TYPES.getOrDefault(version.file().format(), "application/octet-stream"));
        ctx.header(
                "Content-Disposition",
                "attachment; filename*=UTF-8''"
                        + URLEncoder.encode(version.file().name(), StandardCharsets.UTF_8)
                                .replace("+", "%20"));
        ctx.header("ETag", "\"" + version.file().sha256() + "\"");
        ctx.header("X-Content-Type-Options", "nosniff");
        ctx.header("Content-Length", Long.toString(Files.size(stored)));
        ctx.result(Files.newInputStream(stored));
    }

    /** {@code GET /v1/workspaces/{ws}/files/{ref}/report}. */
    void report(Context ctx) {
        Workspace workspace = workspaces.get(ctx.pathParam("ws"));
        ctx.json(workspace.report(FileRefs.parse(ctx.pathParam("ref"))));
    }

    private List<UploadedFile> uploadedFiles(Context ctx) {
        String contentType = String.valueOf(ctx.contentType());
        if (!contentType.startsWith("multipart/form-data")) {
            throw new EngineException(
                    ServerErrorCode.BAD_REQUEST,
                    "send the file as multipart/form-data (got %s),".formatted(contentType)
                            + " for example: curl -F file=@sales.xlsx " + ctx.url());
        }
        try {
            return ctx.uploadedFiles("file");
        } catch (Exception e) {
            // Javalin rethrows the servlet container's checked exceptions undeclared, so catch them all here.
            if (String.valueOf(rootMessage(e)).toLowerCase(Locale.ROOT).contains("size")) {
                throw new EngineException(
                        ServerErrorCode.UPLOAD_TOO_LARGE,
                        "the upload is larger than this server" + " accepts (%d MB)".formatted(maxUploadBytes >> 20),
                        e);
            }
            throw new EngineException(
                    ServerErrorCode.BAD_REQUEST, "could not read the multipart upload: " + rootMessage(e), e);
        }
    }

    private static String rootMessage(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
    }
}

package io.tablequery.server.http;

import io.javalin.Javalin;
import io.javalin.config.SizeUnit;
import io.javalin.http.HttpStatus;
import io.tablequery.engine.duck.DuckToolSettings;
import io.tablequery.engine.error.EngineException;
import io.tablequery.server.auth.AuthMode;
import io.tablequery.server.auth.KeyStore;
import java.nio.file.Path;
import java.util.Map;

/** The HTTP server: a Javalin app over a registry of workspaces. */
public final class TqServer implements AutoCloseable {
    private final Javalin app;
    private final WorkspaceRegistry workspaces;

    private TqServer(Javalin app, WorkspaceRegistry workspaces) {
        this.app = app;
        this.workspaces = workspaces;
    }

    /**
     * Creates and starts a server.
     *
     * @param workspaces the workspaces to serve; the server closes them when it stops
     * @param settings where to listen and what to accept
     * @param uploadCache a directory for uploads and Arrow downloads in transit
     * @return the running server
     */
    public static TqServer start(WorkspaceRegistry workspaces, ServerSettings settings, Path uploadCache) {
        return start(workspaces, settings, uploadCache, KeyStore.inMemory(), AuthMode.NONE);
    }

    /**
     * Creates and starts a server that may ask for API keys.
     *
     * @param workspaces the workspaces to serve; the server closes them when it stops
     * @param settings where to listen and what to accept
     * @param uploadCache a directory for uploads and Arrow downloads in transit
     * @param keys the admin key and the workspaces' keys
     * @param auth whether callers must present a key
     * @return the running server
     */
    public static TqServer start(
            WorkspaceRegistry workspaces, ServerSettings settings, Path uploadCache, KeyStore keys, AuthMode auth) {
        AdminController admin = new AdminController(workspaces, keys);
        Authenticator authenticator = new Authenticator(keys);
        FilesController files = new FilesController(workspaces, settings.maxUploadBytes());
        TablesController tables = new TablesController(workspaces);
        SkillController skill = new SkillController(workspaces, settings.skill(), uploadCache);
        ToolsController tools = new ToolsController(
                workspaces,
                DuckToolSettings.DEFAULTS.withQueryTimeout(settings.skill().queryTimeout()),
                uploadCache);
        AdmissionGate gate = new AdmissionGate(settings.limits());
        RequestObserver observer = new RequestObserver();
        Javalin app = Javalin.create(config -> {
            config.startup.showJavalinBanner = false;
            config.jsonMapper(new JacksonMapper());
            config.http.maxRequestSize = settings.maxRequestBytes();
            config.jetty.host = settings.host();
            config.jetty.port = settings.port();
            config.jetty.multipartConfig.cacheDirectory(
                    uploadCache.toAbsolutePath().toString());
            config.jetty.multipartConfig.maxFileSize(settings.maxUploadBytes(), SizeUnit.BYTES);
            config.jetty.multipartConfig.maxTotalRequestSize(settings.maxUploadBytes() + (1 << 20), SizeUnit.BYTES);
            config.jetty.multipartConfig.maxInMemoryFileSize(1, SizeUnit.MB);
            config.routes.beforeMatched(observer::start);
            if (auth == AuthMode.KEYS) {
                config.routes.beforeMatched(authenticator::check);
            }
            config.routes.afterMatched(observer::finish);
            config.routes.get("/metrics", observer::scrape);
            config.routes.get("/v1/admin/workspaces", admin::listWorkspaces);
            config.routes.post("/v1/admin/workspaces", admin::createWorkspace);
            config.routes.delete("/v1/admin/workspaces/{ws}", admin::deleteWorkspace);
            config.routes.post("/v1/admin/workspaces/{ws}/keys", admin::issueKey);
            config.routes.get("/v1/admin/workspaces/{ws}/keys", admin::listKeys);
            config.routes.delete("/v1/admin/keys/{id}", admin::revokeKey);
            config.routes.get(
                    "/health",
                    ctx -> ctx.json(
                            auth == AuthMode.KEYS
                                    ? Map.of("status", "ok")
                                    : Map.of("status", "ok", "workspaces", workspaces.names())));
            config.routes.post("/v1/workspaces/{ws}/files", gate.ingest(files::upload));
            config.routes.get("/v1/workspaces/{ws}/files", files::list);
            config.routes.delete("/v1/workspaces/{ws}/files/{ref}", files::delete);
            config.routes.get("/v1/workspaces/{ws}/files/{ref}/report", files::report);
            config.routes.get("/v1/workspaces/{ws}/tables", tables::list);
            config.routes.post("/v1/workspaces/{ws}/search-tables", gate.query(skill::searchTables));
            config.routes.post("/v1/workspaces/{ws}/get-schemas", gate.query(skill::getSchemas));
            config.routes.post("/v1/workspaces/{ws}/run-sql", gate.query(skill::runSql));
            config.routes.post("/v1/workspaces/{ws}/run-sql/arrow", gate.query(skill::runSqlArrow));
            config.routes.post("/v1/workspaces/{ws}/translate", gate.query(skill::translate));
            config.routes.post("/v1/workspaces/{ws}/tools/{toolName}", gate.query(tools::call));
            config.routes.post("/v1/workspaces/{ws}/tools/queryDuckDB/arrow", gate.query(tools::queryArrow));
            config.routes.post("/v1/workspaces/{ws}/tools/chart/png", gate.query(tools::chartPng));
            config.routes.exception(EngineException.class, ErrorMapper::engineError);
            config.routes.exception(Exception.class, ErrorMapper::unexpected);
            config.routes.error(HttpStatus.NOT_FOUND.getCode(), "*", ErrorMapper::notFound);
            config.routes.error(HttpStatus.METHOD_NOT_ALLOWED.getCode(), "*", ErrorMapper::methodNotAllowed);
        });
        app.start();
        return new TqServer(app, workspaces);
    }

    /**
     * Returns the port the server listens on.
     *
     * @return the port
     */
    public int port() {
        return app.port();
    }

    @Override
    public void close() {
        app.stop();
        workspaces.close();
    }
}

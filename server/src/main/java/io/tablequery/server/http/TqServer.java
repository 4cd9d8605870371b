package io.tablequery.server.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.Javalin;
import io.javalin.config.SizeUnit;
import io.javalin.http.Handler;
import io.javalin.http.HttpStatus;
import io.tablequery.engine.duck.DuckToolSettings;
import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.json.JsonCodec;
import io.tablequery.server.api.ScanSize;
import io.tablequery.server.api.ToolDefinitions;
import io.tablequery.server.audit.AuditLog;
import io.tablequery.server.auth.AuthMode;
import io.tablequery.server.auth.KeyStore;
import io.tablequery.server.mcp.RunningCalls;
import jakarta.servlet.DispatcherType;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumSet;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.eclipse.jetty.ee10.servlet.FilterHolder;
import org.eclipse.jetty.server.handler.GracefulHandler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The HTTP server: a Javalin app over a registry of workspaces, with the MCP server at {@code /mcp}. */
public final class TqServer implements AutoCloseable {
    /** Where the {@code tq} launcher posts a command line for the server to run. */
    public static final String COMMANDS_ROUTE = "/v1/commands";
    /** The request attribute a route outside this package sets to name its transport in the audit log: {@code cli}. */
    public static final String TRANSPORT_ATTRIBUTE = "tq.transport";
    /** The request attribute a route without {@code {ws}} in its path sets to the workspace its audit line names. */
    public static final String WORKSPACE_ATTRIBUTE = "tq.workspace";
    /** The request attribute a route outside this package sets to the text its audit line keeps. */
    public static final String TEXT_ATTRIBUTE = "tq.text";

    private static final Logger LOG = LoggerFactory.getLogger(TqServer.class);

    /** The key under which the calls of the HTTP API run, to be cancelled together when the server stops. */
    private static final String HTTP_CALLS = "http";

    /** How long a stopping server waits for the requests in flight, cancelled first, to be answered. */
    private static final Duration ANSWER_WAIT = Duration.ofSeconds(2);

    private final Javalin app;
    private final McpEndpoint mcp;
    private final RunningCalls running;
    private final GracefulHandler inFlight;
    private final IdleWatch idle;
    private final WorkspaceRegistry workspaces;

    private final AuditLog audit;

    private TqServer(
            Javalin app,
            McpEndpoint mcp,
            RunningCalls running,
            GracefulHandler inFlight,
            IdleWatch idle,
            WorkspaceRegistry workspaces,
            AuditLog audit) {
        this.app = app;
        this.audit = audit;
        this.mcp = mcp;
        this.running = running;
        this.inFlight = inFlight;
        this.idle = idle;
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
        return start(workspaces, settings, uploadCache, keys, auth, Optional.empty());
    }

    /**
     * Creates and starts a server that may ask for API keys and may run command lines for the {@code tq} launcher.
     *
     * @param workspaces the workspaces to serve; the server closes them when it stops
     * @param settings where to listen and what to accept
     * @param uploadCache a directory for uploads and Arrow downloads in transit
     * @param keys the admin key and the workspaces' keys
     * @param auth whether callers must present a key
     * @param commands the handler of {@value #COMMANDS_ROUTE}, which checks its own secret; empty for none
     * @return the running server
     */
    public static TqServer start(
            WorkspaceRegistry workspaces,
            ServerSettings settings,
            Path uploadCache,
            KeyStore keys,
            AuthMode auth,
            Optional<Handler> commands) {
        return start(workspaces, settings, uploadCache, keys, auth, commands, AuditLog.off());
    }

    /**
     * Creates and starts a server that records each call in an audit log.
     *
     * @param workspaces the workspaces to serve; the server closes them when it stops
     * @param settings where to listen and what to accept
     * @param uploadCache a directory for uploads and Arrow downloads in transit
     * @param keys the admin key and the workspaces' keys
     * @param auth whether callers must present a key
     * @param commands the handler of {@value #COMMANDS_ROUTE}, which checks its own secret; empty for none
     * @param audit where each call's line goes; the server closes it when it stops
     * @return the running server
     */
    public static TqServer start(
            WorkspaceRegistry workspaces,
            ServerSettings settings,
            Path uploadCache,
            KeyStore keys,
            AuthMode auth,
            Optional<Handler> commands,
            AuditLog audit) {
        AdminController admin = new AdminController(workspaces, keys);
        KeyQuotas quotas = new KeyQuotas(settings.limits().keyQuota());
        Authenticator authenticator = new Authenticator(keys, quotas);
        FilesController files = new FilesController(workspaces, settings.maxUploadBytes());
        ExportController export = new ExportController(workspaces);
        TablesController tables = new TablesController(workspaces);
        SkillController skill = new SkillController(workspaces, settings.skill(), uploadCache);
        DuckToolSettings duckSettings =
                DuckToolSettings.DEFAULTS.withQueryTimeout(settings.skill().queryTimeout());
        ToolsController tools = new ToolsController(workspaces, duckSettings, uploadCache);
        BrowseController browse = new BrowseController(workspaces);
        SessionController session = new SessionController(
                workspaces, authenticator, auth, settings.skill().engines().names());
        WebController web = new WebController();
        AdmissionGate gate = new AdmissionGate(settings.limits(), workspaces::contains);
        RunningCalls running = new RunningCalls();
        GracefulHandler inFlight = new GracefulHandler();
        IdleWatch idle = new IdleWatch();
        RequestObserver observer = new RequestObserver(audit);
        observer.bind(quotas);
        observer.bind(new WorkspaceMetrics(workspaces));
        McpEndpoint mcp = new McpEndpoint(
                workspaces,
                authenticator,
                auth,
                new BrowserGuard(settings.host(), true),
                gate,
                observer,
                settings.skill(),
                duckSettings,
                settings.maxRequestBytes());
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
            // Counts the requests in flight, so that a stopping server answers them before it closes their connections;
            // what Jetty answers itself (a stopping server's 503, a request it cannot read) is JSON like the routes.
            config.jetty.modifyServer(server -> {
                server.insertHandler(inFlight);
                server.insertHandler(idle);
                server.setErrorHandler(new JsonErrorHandler());
            });
            config.jetty.modifyServletContextHandler(context -> {
                FilterHolder holder = new FilterHolder(mcp);
                holder.setAsyncSupported(true);
                context.addFilter(holder, "/*", EnumSet.of(DispatcherType.REQUEST));
            });
            config.routes.before(WebController::secure);
            config.routes.beforeMatched(observer::start);
            config.routes.beforeMatched(new BrowserGuard(settings.host(), auth == AuthMode.NONE)::check);
            if (auth == AuthMode.KEYS) {
                config.routes.beforeMatched(authenticator::check);
            }
            config.routes.afterMatched(authenticator::release);
            config.routes.afterMatched(observer::finish);
            // A request under a workspace holds it open until it is answered, opening it if it is closed, and its
            // queries stop when the server does.
            ApiDescription api = new ApiDescription(config.routes, handler -> ctx -> {
                try (RunningCalls.Call call = running.start(HTTP_CALLS);
                        WorkspaceRegistry.Lease lease = workspaces.lease(ctx.pathParam("ws"))) {
                    handler.handle(ctx);
                }
            });
            describeRoutes(api, workspaces, auth, observer, gate, admin, export, files, tables, skill, tools);
            describeBrowsing(api, workspaces, gate, browse, session, tools);
            // Not in the API description: the launcher's own route, for a caller that holds the server's note.
            commands.ifPresent(handler -> config.routes.post(COMMANDS_ROUTE, handler));
            config.routes.get("/", web::page);
            config.routes.get("/assets/{name}", web::asset);
            api.get(
                    "/v1/tools",
                    "Both tool families as function-calling definitions: name, description, JSON Schema arguments.",
                    ctx -> ctx.json(ToolDefinitions.all()));
            describeMcp(api);
            api.serveAt("/openapi.json");
            config.routes.exception(EngineException.class, ErrorMapper::engineError);
            config.routes.exception(Exception.class, ErrorMapper::unexpected);
            config.routes.error(HttpStatus.NOT_FOUND.getCode(), "*", ErrorMapper::notFound);
            config.routes.error(HttpStatus.METHOD_NOT_ALLOWED.getCode(), "*", ErrorMapper::methodNotAllowed);
        });
        app.start();
        return new TqServer(app, mcp, running, inFlight, idle, workspaces, audit);
    }

    private static void describeRoutes(
            ApiDescription api,
            WorkspaceRegistry workspaces,
            AuthMode auth,
            RequestObserver observer,
            AdmissionGate gate,
            AdminController admin,
            ExportController export,
            FilesController files,
            TablesController tables,
            SkillController skill,
            ToolsController tools) {
        String arrow = ArrowResponses.ARROW_STREAM;
        api.get(
                "/health",
                "Whether the server runs (and, without keys, the workspaces it serves).",
                ctx -> ctx.json(
                        auth == AuthMode.KEYS
                                ? Map.of("status", "ok")
                                : Map.of("status", "ok", "workspaces", workspaces.names())));
        api.get(
                "/metrics",
                "Prometheus metrics: tq_request_seconds by tool, engine and outcome; tq_workspaces_* and tq_workspace_*.",
                "text/plain",
                observer::scrape);
        api.get("/v1/admin/workspaces", "List the workspaces (admin key).", admin::listWorkspaces);
        api.post(
                "/v1/admin/workspaces",
                "Create an empty workspace under the data root (admin key).",
                object("name", "string"),
                201,
                "application/json",
                admin::createWorkspace);
        api.delete(
                "/v1/admin/workspaces/{ws}",
                "Delete a workspace, its directory and its keys (admin key).",
                admin::deleteWorkspace);
        api.post(
                "/v1/admin/workspaces/{ws}/keys",
                "Issue an API key for a workspace, shown this once (admin key); an optional body"
                        + " {\"requestsPerMinute\": N, \"concurrentCalls\": N} sets its quota (0: no limit).",
                null,
                201,
                "application/json",
                admin::issueKey);
        api.get("/v1/admin/workspaces/{ws}/keys", "List a workspace's keys by id (admin key).", admin::listKeys);
        api.delete("/v1/admin/keys/{id}", "Revoke a workspace key (admin key).", admin::revokeKey);
        api.post(
                "/v1/admin/workspaces/{ws}/export",
                "A consistent copy of a workspace that other tools read, as a zip: tables.sqlite (one file),"
                        + " parquet/<table>.parquet with each row's __src, manifest.json (admin key).",
                null,
                200,
                "application/zip",
                gate.ingest(export::export));
        api.post(
                "/v1/workspaces/{ws}/files",
                "Upload one Excel, CSV/TSV or SQLite file as multipart/form-data field 'file'; a file of the same name"
                        + " replaces it.",
                null,
                201,
                "application/json",
                gate.ingest(files::upload));
        api.get("/v1/workspaces/{ws}/files", "List the files with their F-numbers and tables.", files::list);
        api.delete("/v1/workspaces/{ws}/files/{ref}", "Remove a file (F3 or 3) and its tables.", files::delete);
        api.get(
                "/v1/workspaces/{ws}/files/{ref}",
                "What a file reference names: the file, current or superseded (and by what), and where its bytes are.",
                files::show);
        api.get(
                "/v1/workspaces/{ws}/files/{ref}/content",
                "A file's original bytes, current or superseded, as uploaded.",
                "application/octet-stream",
                files::content);
        api.get(
                "/v1/workspaces/{ws}/files/{ref}/report",
                "A file's ingest report, current or superseded.",
                files::report);
        api.get("/v1/workspaces/{ws}/tables", "List the tables with columns, types and descriptions.", tables::list);
        api.post(
                "/v1/workspaces/{ws}/search-tables",
                "search-tables: find the tables that answer a question.",
                ToolDefinitions.parameters("search-tables"),
                gate.query(skill::searchTables));
        api.post(
                "/v1/workspaces/{ws}/get-schemas",
                "get-schemas: CREATE TABLE, sample rows and column profiles.",
                ToolDefinitions.parameters("get-schemas"),
                gate.query(skill::getSchemas));
        api.post(
                "/v1/workspaces/{ws}/run-sql",
                "run-sql: run a plan of SQLite steps; CSV with __src citations.",
                ToolDefinitions.parameters("run-sql"),
                gate.query(skill::runSql, scanSize(workspaces, "run-sql")));
        ObjectNode download = withProperties(
                ToolDefinitions.parameters("run-sql"), "step", "integer", "maxRows", "integer", "form", "string");
        api.post(
                "/v1/workspaces/{ws}/run-sql/arrow",
                "One final table of a plan, whole, with __src, as an Arrow IPC stream; form \"lineage\" gives its"
                        + " lineage: a row per table row and source row.",
                download,
                200,
                arrow,
                gate.query(skill::runSqlArrow, scanSize(workspaces, "run-sql")));
        api.post(
                "/v1/workspaces/{ws}/run-sql/csv",
                "One final table of a plan, whole, with __src, as CSV with a header; form \"lineage\" gives its"
                        + " lineage: a row per table row and source row.",
                download,
                200,
                "text/csv",
                gate.query(skill::runSqlCsv, scanSize(workspaces, "run-sql")));
        api.post(
                "/v1/workspaces/{ws}/translate",
                "The DuckDB translation of one SQLite statement, or why there is none.",
                object("sql", "string"),
                gate.query(skill::translate));
        api.post(
                "/v1/workspaces/{ws}/tools/{toolName}",
                "A DuckDB tool with the seed's arguments: queryDuckDB, getTableSchema, getSampleRows, getTableList,"
                        + " analyzeDataQuality, compareTables, chart. A tool's failure is {success: false, error, code}"
                        + " with status 200.",
                duckToolArguments(),
                gate.query(tools::call, scanSize(workspaces, null)));
        api.post(
                "/v1/workspaces/{ws}/tools/queryDuckDB/arrow",
                "queryDuckDB's whole result as an Arrow IPC stream.",
                withProperties(ToolDefinitions.parameters("tools/queryDuckDB"), "maxRows", "integer"),
                200,
                arrow,
                gate.query(tools::queryArrow, scanSize(workspaces, "queryDuckDB")));
        api.post(
                "/v1/workspaces/{ws}/tools/chart/png",
                "The chart tool's PNG image.",
                ToolDefinitions.parameters("tools/chart"),
                200,
                "image/png",
                gate.query(tools::chartPng, scanSize(workspaces, "chart")));
    }

    /** The routes the page needs beyond the tools: what a caller may open, table pages, source cells, CSV. */
    private static void describeBrowsing(
            ApiDescription api,
            WorkspaceRegistry workspaces,
            AdmissionGate gate,
            BrowseController browse,
            SessionController session,
            ToolsController tools) {
        api.get(
                "/v1/session",
                "What the caller may open: {keys, admin, workspaces}; with keys, the workspace its key opens.",
                session::show);
        api.get(
                "/v1/workspaces/{ws}/tables/{table}/rows",
                "A page of a table in row order, each row with its citation: ?limit=N (1-500, default 100) and at"
                        + " most one of after=R, before=R, at=R, last=true.",
                gate.query(browse::rows));
        api.get(
                "/v1/workspaces/{ws}/files/{ref}/sheets/{sheet}/cells",
                "The cells of rows of a sheet of the uploaded file as the person sees them, with the merged ranges"
                        + " over them: ?rows=5-9 or rows=1-3,120-140 (at most 500 rows, 200 columns).",
                gate.query(browse::cells));
        api.post(
                "/v1/workspaces/{ws}/source-cells",
                "getSourceCells: the cells of the uploaded file that citations name, as the person sees them there.",
                ToolDefinitions.parameters("source-cells"),
                gate.query(browse::citations));
        api.post(
                "/v1/workspaces/{ws}/tools/queryDuckDB/csv",
                "queryDuckDB's whole result as CSV with a header.",
                withProperties(ToolDefinitions.parameters("tools/queryDuckDB"), "maxRows", "integer"),
                200,
                "text/csv",
                gate.query(tools::queryCsv, scanSize(workspaces, "queryDuckDB")));
    }

    /**
     * Sizes a tool's request by the tables it names; a null tool is the route's {@code toolName}. A tool that does
     * not scan is not read at all (the DuckDB tools' body may be empty).
     */
    private static AdmissionGate.Sizer scanSize(WorkspaceRegistry workspaces, String tool) {
        return ctx -> {
            String name = tool == null ? ctx.pathParam("toolName") : tool;
            return ScanSize.scans(name)
                    ? ScanSize.rows(workspaces.get(ctx.pathParam("ws")), name, JsonBodies.object(ctx))
                    : 0;
        };
    }

    /** The MCP endpoint, which {@link McpEndpoint} serves in front of the routes. */
    private static void describeMcp(ApiDescription api) {
        for (String path : new String[] {"/v1/workspaces/{ws}/mcp", "/mcp"}) {
            String workspace = path.equals("/mcp")
                    ? "the workspace the key opens (without keys, the only one served)"
                    : "the workspace in the path";
            api.servedInFront(
                    "POST",
                    path,
                    "MCP over Streamable HTTP on " + workspace + ": one JSON-RPC message; a request is answered as an"
                            + " event stream.",
                    "text/event-stream");
            api.servedInFront(
                    "GET",
                    path,
                    "MCP over Streamable HTTP: the session's stream of server messages.",
                    "text/event-stream");
            api.servedInFront(
                    "DELETE",
                    path,
                    "MCP over Streamable HTTP: end the session and cancel its running calls.",
                    "application/json");
        }
    }

    /** An object schema of required properties, given as name and type pairs. */
    private static ObjectNode object(String... namesAndTypes) {
        ObjectNode schema = withProperties(JsonCodec.mapper().createObjectNode().put("type", "object"), namesAndTypes);
        ArrayNode required = schema.putArray("required");
        for (int i = 0; i < namesAndTypes.length; i += 2) {
            required.add(namesAndTypes[i]);
        }
        return schema;
    }

    /** A copy of an object schema with more optional properties, given as name and type pairs. */
    private static ObjectNode withProperties(JsonNode base, String... namesAndTypes) {
        ObjectNode schema = base.deepCopy();
        ObjectNode properties =
                schema.has("properties") ? (ObjectNode) schema.get("properties") : schema.putObject("properties");
        for (int i = 0; i < namesAndTypes.length; i += 2) {
            properties.putObject(namesAndTypes[i]).put("type", namesAndTypes[i + 1]);
        }
        return schema;
    }

    /** Any one DuckDB tool's arguments. */
    private static ObjectNode duckToolArguments() {
        ObjectNode schema = JsonCodec.mapper().createObjectNode();
        ArrayNode anyOf = schema.putArray("anyOf");
        for (JsonNode tool : ToolDefinitions.all()) {
            if (tool.get("family").asText().equals("duckdb")) {
                anyOf.add(tool.get("parameters"));
            }
        }
        return schema;
    }

    /**
     * Returns the port the server listens on.
     *
     * @return the port
     */
    public int port() {
        return app.port();
    }

    /**
     * How long the server has had no request: since the last one ended, or zero while one is in flight.
     *
     * @return the idle time
     */
    public Duration idle() {
        return idle.idle();
    }

    /**
     * Stops the running calls, which answer that they were cancelled, waits a while for the requests in flight to be
     * answered (new ones get 503), then stops the server and closes the workspaces.
     */
    @Override
    public void close() {
        running.stop();
        mcp.close();
        try {
            inFlight.shutdown().get(ANSWER_WAIT.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException | ExecutionException e) {
            LOG.warn(
                    "stopping with {} requests still in flight after {} s; they lose their connection",
                    inFlight.getCurrentRequestCount(),
                    ANSWER_WAIT.toSeconds());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        app.stop();
        audit.close();
        workspaces.close();
    }
}

package io.tablequery.server.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.http.Handler;
import io.javalin.router.JavalinDefaultRoutingApi;
import io.tablequery.engine.json.JsonCodec;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Registers the server's routes and describes each one as it goes, so that {@code /openapi.json} (OpenAPI 3.1) lists
 * every endpoint by construction: its method, path, parameters, summary, request body and responses.
 */
final class ApiDescription {
    private static final Pattern PATH_PARAMETER = Pattern.compile("\\{([A-Za-z]+)}");

    /**
     * One documented route.
     *
     * @param method GET, POST or DELETE
     * @param path the Javalin path
     * @param summary what it does
     * @param body the JSON Schema of its request body, or null
     * @param status the status of a success
     * @param produces the media type of a success
     */
    record Route(String method, String path, String summary, JsonNode body, int status, String produces) {}

    private final JavalinDefaultRoutingApi routes;
    private final UnaryOperator<Handler> aroundWorkspace;
    private final List<Route> described = new ArrayList<>();

    /**
     * Creates the description over the routes it registers.
     *
     * @param routes where routes go
     * @param aroundWorkspace wraps the handler of every route under a workspace ({@code {ws}} in its path)
     */
    ApiDescription(JavalinDefaultRoutingApi routes, UnaryOperator<Handler> aroundWorkspace) {
        this.routes = routes;
        this.aroundWorkspace = aroundWorkspace;
    }

    private Handler handler(String path, Handler handler) {
        return path.contains("{ws}") ? aroundWorkspace.apply(handler) : handler;
    }

    void get(String path, String summary, Handler handler) {
        get(path, summary, "application/json", handler);
    }

    void get(String path, String summary, String produces, Handler handler) {
        described.add(new Route("GET", path, summary, null, 200, produces));
        routes.get(path, handler(path, handler));
    }

    void delete(String path, String summary, Handler handler) {
        described.add(new Route("DELETE", path, summary, null, 200, "application/json"));
        routes.delete(path, handler(path, handler));
    }

    void post(String path, String summary, JsonNode body, Handler handler) {
        post(path, summary, body, 200, "application/json", handler);
    }

    void post(String path, String summary, JsonNode body, int status, String produces, Handler handler) {
        described.add(new Route("POST", path, summary, body, status, produces));
        routes.post(path, handler(path, handler));
    }

    /**
     * Documents a route that something in front of Javalin serves, as the MCP endpoint's filter does.
     *
     * @param method GET, POST or DELETE
     * @param path the path
     * @param summary what it does
     * @param produces the media type of a success
     */
    void servedInFront(String method, String path, String summary, String produces) {
        described.add(new Route(method, path, summary, null, 200, produces));
    }

    /** Serves this description, itself included, at a path. */
    void serveAt(String path) {
        described.add(
                new Route("GET", path, "This description of the API (OpenAPI 3.1).", null, 200, "application/json"));
        routes.get(path, ctx -> ctx.json(openApi()));
    }

    /** The routes registered so far. */
    List<Route> routes() {
        return List.copyOf(described);
    }

    /** The OpenAPI 3.1 document of the registered routes. */
    ObjectNode openApi() {
        ObjectNode api = JsonCodec.mapper().createObjectNode();
        api.put("openapi", "3.1.0");
        ObjectNode info = api.putObject("info");
        info.put("title", "tablequery");
        info.put("version", "0.1.0");
        info.put(
                "description",
                "Question uploaded spreadsheets with SQL: the table-query skill (search-tables, get-schemas, run-sql"
                        + " with __src citations) and the DuckDB tools, over one catalog per workspace. Errors are"
                        + " {code, message}. A server started with --auth keys needs Authorization: Bearer <key>.");
        ObjectNode security = api.putObject("components").putObject("securitySchemes");
        security.putObject("bearer").put("type", "http").put("scheme", "bearer");
        api.putArray("security").addObject().putArray("bearer");
        ObjectNode paths = api.putObject("paths");
        for (Route route : described) {
            ObjectNode operation = (paths.has(route.path())
                            ? (ObjectNode) paths.get(route.path())
                            : paths.putObject(route.path()))
                    .putObject(route.method().toLowerCase(Locale.ROOT));
            operation.put("summary", route.summary());
            operation.put("operationId", operationId(route));
            ArrayNode parameters = operation.putArray("parameters");
            Matcher names = PATH_PARAMETER.matcher(route.path());
            while (names.find()) {
                ObjectNode parameter = parameters.addObject();
                parameter.put("name", names.group(1));
                parameter.put("in", "path");
                parameter.put("required", true);
                parameter.putObject("schema").put("type", "string");
            }
            if (route.body() != null) {
                operation
                        .putObject("requestBody")
                        .put("required", true)
                        .putObject("content")
                        .putObject("application/json")
                        .set("schema", route.body());
            }
            ObjectNode responses = operation.putObject("responses");
            responses
                    .putObject(Integer.toString(route.status()))
                    .put("description", "success")
                    .putObject("content")
                    .putObject(route.produces());
            responses
                    .putObject("default")
                    .put("description", "an error: {code, message}")
                    .putObject("content")
                    .putObject("application/json")
                    .putObject("schema")
                    .put("type", "object")
                    .putObject("properties")
                    .<ObjectNode>set(
                            "code", JsonCodec.mapper().createObjectNode().put("type", "string"))
                    .set("message", JsonCodec.mapper().createObjectNode().put("type", "string"));
        }
        return api;
    }

    private static String operationId(Route route) {
        StringBuilder id = new StringBuilder(route.method().toLowerCase(Locale.ROOT));
        for (String part : route.path().split("[/{}\\-]+")) {
            if (!part.isEmpty() && !part.equals("v1")) {
                id.append(Character.toUpperCase(part.charAt(0))).append(part.substring(1));
            }
        }
        return id.toString();
    }
}

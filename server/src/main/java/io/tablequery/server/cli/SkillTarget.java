package io.tablequery.server.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.error.ErrorCategory;
import io.tablequery.engine.error.ErrorCode;
import io.tablequery.engine.json.JsonCodec;
import io.tablequery.engine.skill.SkillSettings;
import io.tablequery.engine.skill.TableQuerySkill;
import io.tablequery.engine.workspace.Workspace;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.Function;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * Where a skill command runs: embedded on the workspace directory, or against a running server with {@code --server
 * URL}, where {@code --workspace} names the workspace by its directory name. Both print the same text, because the
 * server answers with the text the embedded command would print.
 */
public final class SkillTarget {
    /** The environment variable holding the workspace's API key for {@code --server}. */
    static final String API_KEY_VARIABLE = "TQ_API_KEY";

    @Mixin
    WorkspaceOption workspace;

    @Option(
            names = "--server",
            paramLabel = "URL",
            description = "Ask a running tq server (for example http://127.0.0.1:8080) instead of opening the"
                    + " workspace directory; a server that asks for keys gets the one in $TQ_API_KEY.")
    URI server;

    /**
     * Runs a call either way: on an embedded skill, or by posting {@code request} to the server.
     *
     * @param embedded the call on an embedded skill, returning the response view
     * @param route the route under {@code /v1/workspaces/{ws}/}
     * @param request the JSON request for the server
     * @return the response as JSON
     */
    JsonNode call(Function<TableQuerySkill, Object> embedded, String route, Object request) {
        return callOnWorkspace(
                open -> embedded.apply(new TableQuerySkill(open, SkillSettings.DEFAULTS)), route, request);
    }

    /**
     * Runs a call either way: on the embedded workspace, or by posting {@code request} to the server.
     *
     * @param embedded the call on the open workspace, returning the response view
     * @param route the route under {@code /v1/workspaces/{ws}/}
     * @param request the JSON request for the server
     * @return the response as JSON
     */
    JsonNode callOnWorkspace(Function<Workspace, Object> embedded, String route, Object request) {
        if (server == null) {
            try (Workspace open = workspace.open()) {
                return JsonCodec.mapper().valueToTree(embedded.apply(open));
            }
        }
        return post(route, request);
    }

    private JsonNode post(String route, Object request) {
        Path directory = workspace.directory.toAbsolutePath().normalize();
        String name = directory.getFileName() == null
                ? "default"
                : directory.getFileName().toString();
        String base = server.toString().replaceAll("/+$", "");
        URI uri = URI.create(base + "/v1/workspaces/"
                + URLEncoder.encode(name, StandardCharsets.UTF_8).replace("+", "%20") + "/" + route);
        HttpRequest.Builder builder = HttpRequest.newBuilder(uri)
                .timeout(Duration.ofMinutes(10))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(JsonCodec.write(request)));
        String key = System.getenv(API_KEY_VARIABLE);
        if (key != null && !key.isBlank()) {
            builder.header("Authorization", "Bearer " + key.strip());
        }
        HttpRequest httpRequest = builder.build();
        HttpResponse<String> response;
        try {
            response = HttpClient.newHttpClient().send(httpRequest, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException("could not reach the server at " + server + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the server", e);
        }
        JsonNode body = JsonCodec.read(response.body(), JsonNode.class);
        if (response.statusCode() != 200) {
            throw remoteError(response.statusCode(), body);
        }
        return body;
    }

    private static EngineException remoteError(int status, JsonNode body) {
        String code = body.path("code").asText("HTTP_" + status);
        String message = body.path("message").asText("the server answered with status " + status);
        ErrorCategory category =
                switch (status) {
                    case 404 -> ErrorCategory.NOT_FOUND;
                    case 401 -> ErrorCategory.UNAUTHENTICATED;
                    case 403 -> ErrorCategory.PERMISSION_DENIED;
                    case 409 -> ErrorCategory.CONFLICT;
                    case 413 -> ErrorCategory.INSUFFICIENT_RESOURCES;
                    case 429 -> ErrorCategory.OVERLOADED;
                    default -> status >= 500 ? ErrorCategory.INTERNAL_ERROR : ErrorCategory.USER_ERROR;
                };
        return new EngineException(() -> new ErrorCode(0, code, category), message);
    }
}

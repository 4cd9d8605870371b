package io.tablequery.server.cli;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.error.ErrorCategory;
import io.tablequery.engine.error.ErrorCode;
import io.tablequery.engine.json.JsonCodec;
import io.tablequery.engine.workspace.WorkspaceExport;
import io.tablequery.server.api.ExportArchive;
import io.tablequery.server.api.ServerErrorCode;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.net.HttpURLConnection;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.UUID;
import org.apache.commons.io.file.PathUtils;

/**
 * A workspace on a running tq server, reached over its HTTP API: the same answers the embedded command computes,
 * because the server builds the same views. A server that asks for keys gets the one in {@code $TQ_API_KEY}.
 *
 * @param server the server's base URL
 * @param workspace the workspace's name on that server
 */
record RemoteWorkspace(URI server, String workspace) {
    /** The environment variable holding the workspace's API key. */
    static final String API_KEY_VARIABLE = "TQ_API_KEY";

    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);
    /** How long a call through the server may take before the command gives up on it. */
    static final Duration READ_TIMEOUT = Duration.ofMinutes(30);

    RemoteWorkspace {
        requireNonNull(server, "server is null");
        requireNonNull(workspace, "workspace is null");
    }

    /** {@code GET /v1/workspaces/{ws}/<route>}. */
    JsonNode get(String route) {
        return send("GET", route, null, null);
    }

    /** {@code POST /v1/workspaces/{ws}/<route>} with a JSON body. */
    JsonNode post(String route, Object body) {
        byte[] json = JsonCodec.write(body).getBytes(StandardCharsets.UTF_8);
        return send("POST", route, "application/json", out -> out.write(json));
    }

    /** {@code DELETE /v1/workspaces/{ws}/<route>}. */
    JsonNode delete(String route) {
        return send("DELETE", route, null, null);
    }

    /** Uploads a file as the multipart field {@code file}, streamed from disk. */
    JsonNode upload(Path file) {
        String boundary = "tq-" + UUID.randomUUID();
        String name = file.getFileName()
                .toString()
                .replace("\"", "%22")
                .replace("\r", "")
                .replace("\n", "");
        byte[] head = ("--" + boundary + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"" + name
                        + "\"\r\nContent-Type: application/octet-stream\r\n\r\n")
                .getBytes(StandardCharsets.UTF_8);
        byte[] tail = ("\r\n--" + boundary + "--\r\n").getBytes(StandardCharsets.UTF_8);
        return send("POST", "files", "multipart/form-data; boundary=" + boundary, out -> {
            out.write(head);
            Files.copy(file, out);
            out.write(tail);
        });
    }

    /**
     * Asks the server for the workspace's export ({@code POST /v1/admin/workspaces/{ws}/export}) and unpacks it, into
     * a sibling directory first, so that the target holds a whole export or nothing.
     *
     * @param target a new or empty directory
     * @return the export's manifest
     */
    WorkspaceExport export(Path target) {
        Path absolute = target.toAbsolutePath().normalize();
        Path partial = absolute.resolveSibling(
                absolute.getFileName() + ".partial-" + ProcessHandle.current().pid());
        URI uri = URI.create(base() + "/v1/admin/workspaces/" + encoded() + "/export");
        return exchange("POST", uri, null, null, zip -> {
            try {
                ExportArchive.unpack(zip, partial);
                WorkspaceExport export = JsonCodec.read(
                        Files.readString(partial.resolve("manifest.json"), StandardCharsets.UTF_8),
                        WorkspaceExport.class);
                Files.deleteIfExists(absolute);
                Files.move(partial, absolute);
                return export;
            } finally {
                if (Files.exists(partial)) {
                    PathUtils.deleteDirectory(partial);
                }
            }
        });
    }

    /** Writes a request's body. */
    @FunctionalInterface
    private interface Body {
        void writeTo(OutputStream out) throws IOException;
    }

    /** Reads a successful response's body. */
    @FunctionalInterface
    private interface Answer<T> {
        T read(InputStream in) throws IOException;
    }

    private JsonNode send(String method, String route, String contentType, Body body) {
        return exchange(
                method,
                uri(route),
                contentType,
                body,
                in -> parse(200, new String(in.readAllBytes(), StandardCharsets.UTF_8)));
    }

    /**
     * Sends one request. The JDK's {@code HttpURLConnection} rather than its {@code HttpClient}: on a command's cold
     * JVM the latter took about 0.3 s to send a request and as long again to let the process exit, against 30 ms.
     * An answer other than 2xx becomes the server's error.
     */
    private <T> T exchange(String method, URI uri, String contentType, Body body, Answer<T> answer) {
        HttpURLConnection connection = null;
        try {
            connection = (HttpURLConnection) uri.toURL().openConnection();
            connection.setRequestMethod(method);
            connection.setConnectTimeout((int) CONNECT_TIMEOUT.toMillis());
            connection.setReadTimeout((int) READ_TIMEOUT.toMillis());
            authorize(connection);
            if (body != null) {
                connection.setDoOutput(true);
                connection.setRequestProperty("Content-Type", contentType);
                connection.setChunkedStreamingMode(1 << 16);
                try (OutputStream out = connection.getOutputStream()) {
                    body.writeTo(out);
                }
            }
            int status = connection.getResponseCode();
            if (status / 100 != 2) {
                InputStream error = connection.getErrorStream();
                String text = error == null ? "" : new String(error.readAllBytes(), StandardCharsets.UTF_8);
                throw remoteError(status, parse(status, text));
            }
            try (InputStream in = connection.getInputStream()) {
                return answer.read(in);
            }
        } catch (ConnectException e) {
            throw new EngineException(
                    ServerErrorCode.SERVER_GONE,
                    "the server at %s refused the connection (%s): it has stopped; run the command again"
                            .formatted(server, e.getMessage()),
                    e);
        } catch (IOException e) {
            throw new UncheckedIOException("could not reach the server at " + server + ": " + e.getMessage(), e);
        } finally {
            if (connection != null) {
                connection.disconnect();
            }
        }
    }

    private static void authorize(HttpURLConnection connection) {
        String key = System.getenv(API_KEY_VARIABLE);
        if (key != null && !key.isBlank()) {
            connection.setRequestProperty("Authorization", "Bearer " + key.strip());
        }
    }

    private URI uri(String route) {
        return URI.create(base() + "/v1/workspaces/" + encoded() + "/" + route);
    }

    private String base() {
        String base = server.toString();
        while (base.endsWith("/")) {
            base = base.substring(0, base.length() - 1);
        }
        return base;
    }

    private String encoded() {
        return URLEncoder.encode(workspace, StandardCharsets.UTF_8).replace("+", "%20");
    }

    private JsonNode parse(int status, String text) {
        try {
            return JsonCodec.read(text, JsonNode.class);
        } catch (UncheckedIOException e) {
            throw new IllegalStateException(
                    "the server at %s answered %d with something other than JSON".formatted(server, status), e);
        }
    }

    private EngineException remoteError(int status, JsonNode body) {
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
                    case 503 -> ErrorCategory.UNAVAILABLE;
                    default -> status >= 500 ? ErrorCategory.INTERNAL_ERROR : ErrorCategory.USER_ERROR;
                };
        if (status == 403 && code.equals("FORBIDDEN")) {
            message += "; routes under /v1/admin take the admin key in %s".formatted(API_KEY_VARIABLE);
        }
        if (status == 401) {
            message += "; the server at %s asks for keys: set %s to a key of workspace '%s'"
                    .formatted(server, API_KEY_VARIABLE, workspace);
        }
        return new EngineException(() -> new ErrorCode(0, code, category), message);
    }
}

package io.tablequery.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.tablequery.engine.json.JsonCodec;
import io.tablequery.engine.skill.SkillSettings;
import io.tablequery.engine.workspace.Workspace;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What Jetty answers itself, before any route, is the API's JSON error with a code, not an HTML page. */
class JettyErrorsTest {
    @TempDir
    Path dir;

    private TqServer server;

    @BeforeEach
    void start() throws Exception {
        WorkspaceRegistry registry = new WorkspaceRegistry();
        registry.add(Workspace.open(dir.resolve("data/w")));
        server = TqServer.start(
                registry,
                new ServerSettings("127.0.0.1", 0, 1 << 20, 1 << 20, SkillSettings.DEFAULTS, ServerLimits.DEFAULTS),
                dir);
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void aRequestJettyCannotReadIsABadRequestInJson() throws Exception {
        String answer = raw("GET /v1/workspaces/w/tables%zz HTTP/1.1\r\nHost: localhost\r\n\r\n");

        assertThat(answer).startsWith("HTTP/1.1 400");
        assertThat(answer.toLowerCase()).contains("content-type: application/json");
        assertThat(body(answer).path("code").asText()).as(answer).isEqualTo("BAD_REQUEST");
    }

    /**
     * A request that comes while the server waits for the ones in flight (here an upload that never finishes) is
     * refused with 503 and {@code SERVER_STOPPING}, which a client can tell from a failure of the request itself.
     */
    @Test
    void aRequestThatReachesAStoppingServerIsTold() throws Exception {
        HttpCalls calls = new HttpCalls(server, "w");
        try (Socket upload = new Socket("127.0.0.1", server.port())) {
            upload.setSoTimeout(10_000);
            OutputStream out = upload.getOutputStream();
            out.write(("POST /v1/workspaces/w/run-sql HTTP/1.1\r\nHost: localhost\r\nExpect: 100-continue\r\n"
                            + "Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            assertThat(readLine(upload.getInputStream()))
                    .as("the route reads the body, so the request is in flight")
                    .startsWith("HTTP/1.1 100");
            TqServer stopping = server;
            server = null;
            CompletableFuture<Void> closed = CompletableFuture.runAsync(stopping::close);

            HttpResponse<String> refused = calls.get("/v1/workspaces/w/tables");
            for (long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(1);
                    refused.statusCode() != 503 && System.nanoTime() < until; ) {
                Thread.sleep(20);
                refused = calls.get("/v1/workspaces/w/tables");
            }

            assertThat(refused.statusCode()).as(refused.body()).isEqualTo(503);
            assertThat(refused.headers().firstValue("Content-Type").orElse("")).startsWith("application/json");
            assertThat(JsonCodec.mapper().readTree(refused.body()).path("code").asText())
                    .as(refused.body())
                    .isEqualTo("SERVER_STOPPING");
            closed.get(10, TimeUnit.SECONDS);
        }
    }

    private static String readLine(InputStream in) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        for (int b = in.read(); b >= 0 && b != '\n'; b = in.read()) {
            line.write(b);
        }
        return line.toString(StandardCharsets.US_ASCII).strip();
    }

    private String raw(String request) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", server.port())) {
            socket.setSoTimeout(5000);
            socket.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
            socket.getOutputStream().flush();
            ByteArrayOutputStream read = new ByteArrayOutputStream();
            InputStream in = socket.getInputStream();
            byte[] buffer = new byte[8192];
            try {
                for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                    read.write(buffer, 0, n);
                    if (complete(read.toString(StandardCharsets.UTF_8))) {
                        break;
                    }
                }
            } catch (SocketTimeoutException e) {
                return read.toString(StandardCharsets.UTF_8);
            }
            return read.toString(StandardCharsets.UTF_8);
        }
    }

    /** Whether a response read so far holds its whole body, as its Content-Length tells. */
    private static boolean complete(String response) {
        int end = response.indexOf("\r\n\r\n");
        if (end < 0) {
            return false;
        }
        for (String line : response.substring(0, end).split("\r\n")) {
            if (line.toLowerCase().startsWith("content-length:")) {
                int length = Integer.parseInt(
                        line.substring("content-length:".length()).strip());
                return response.getBytes(StandardCharsets.UTF_8).length >= end + 4 + length;
            }
        }
        return false;
    }

    private static JsonNode body(String response) throws IOException {
        return JsonCodec.mapper().readTree(response.substring(response.indexOf("\r\n\r\n") + 4));
    }
}

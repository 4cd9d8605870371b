package io.tablequery.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.tablequery.engine.json.JsonCodec;
import io.tablequery.engine.workspace.Workspace;
import io.tablequery.engine.workspace.WorkspaceOptions;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server without keys on 127.0.0.1 against web pages of other sites: a request for another host name (DNS
 * rebinding) and a request a foreign page sends (its {@code Origin}) are refused, on the API and on {@code /mcp}.
 */
class BrowserGuardTest {
    @TempDir
    Path dir;

    private TqServer server;
    private final HttpClient client = HttpClient.newHttpClient();

    @BeforeEach
    void start() {
        WorkspaceRegistry registry = new WorkspaceRegistry(dir.resolve("data"), WorkspaceOptions.DEFAULTS);
        registry.add(Workspace.open(dir.resolve("data/shop")));
        server = TqServer.start(registry, TestServers.SETTINGS, dir);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void refusesRequestsForAnotherHostName() throws IOException {
        assertThat(rawGet("/health", "evil.example:" + server.port())).startsWith("HTTP/1.1 403");
        assertThat(rawGet("/v1/workspaces/shop/tables", "rebound.example")).startsWith("HTTP/1.1 403");
        assertThat(rawGet("/mcp", "rebound.example")).startsWith("HTTP/1.1 403");
        assertThat(rawGet("/health", "localhost:" + server.port())).startsWith("HTTP/1.1 200");
        assertThat(rawGet("/health", "127.0.0.1:" + server.port())).startsWith("HTTP/1.1 200");
    }

    @Test
    void refusesUploadsAndQueriesFromOtherSitesPages() throws Exception {
        Path csv = dir.resolve("prices.csv");
        Files.writeString(csv, "item,price\ntea,3\n");

        HttpResponse<String> foreign = upload(csv, "http://evil.example");
        assertThat(foreign.statusCode()).isEqualTo(403);
        assertThat(JsonCodec.read(foreign.body(), JsonNode.class).path("code").asText())
                .isEqualTo("FORBIDDEN");
        assertThat(upload(csv, "null").statusCode()).isEqualTo(403);
        assertThat(get("/v1/workspaces/shop/files").body()).isEqualTo("{\"files\":[]}");

        assertThat(upload(csv, "http://localhost:5173").statusCode()).isEqualTo(201);
        assertThat(upload(csv, null).statusCode()).isEqualTo(201);
        assertThat(get("/v1/workspaces/shop/files").body()).contains("prices.csv");
    }

    @Test
    void answersEveryRefusedUploadBeforeClosingItsConnection() throws Exception {
        Path csv = dir.resolve("prices.csv");
        Files.writeString(csv, "item,price\n" + "tea,3\n".repeat(2000));
        // Answered before its body was read, a refused upload lost its answer to a broken pipe about one time in
        // ten; fifty in a row all see theirs.
        for (int i = 0; i < 50; i++) {
            assertThat(upload(csv, "http://evil.example").statusCode()).isEqualTo(403);
        }
    }

    private HttpResponse<String> upload(Path csv, String origin) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + server.port() + "/v1/workspaces/shop/files"))
                .header("Content-Type", Multipart.contentType())
                .POST(new Multipart().file("file", "prices.csv", csv).body());
        if (origin != null) {
            request.header("Origin", origin);
        }
        // A refused upload may close its connection after the answer; a client of its own per upload never sends
        // the next request on a closed connection.
        return HttpClient.newHttpClient().send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> get(String path) throws Exception {
        return client.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    /** A GET with a Host header of our choosing, which Java's HTTP client does not allow. */
    private String rawGet(String path, String host) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", server.port())) {
            OutputStream out = socket.getOutputStream();
            out.write(("GET " + path + " HTTP/1.1\r\nHost: " + host + "\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}

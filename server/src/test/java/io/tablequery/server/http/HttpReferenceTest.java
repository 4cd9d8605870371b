package io.tablequery.server.http;

import com.fasterxml.jackson.databind.JsonNode;
import io.tablequery.engine.json.JsonCodec;
import io.tablequery.engine.workspace.Workspace;
import io.tablequery.server.docs.GeneratedPage;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The manual's HTTP reference is the OpenAPI document a running server serves at {@code /openapi.json}. */
class HttpReferenceTest {
    @TempDir
    Path dir;

    @Test
    void theReferenceIsTheServersOpenApiDocument() throws Exception {
        JsonNode api;
        try (TqServer server = TestServers.serve(Workspace.open(dir.resolve("data/shop")), dir)) {
            HttpResponse<String> response = HttpClient.newHttpClient()
                    .send(
                            HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + "/openapi.json"))
                                    .build(),
                            HttpResponse.BodyHandlers.ofString());
            api = JsonCodec.mapper().readTree(response.body());
        }
        StringBuilder page = new StringBuilder();
        page.append("# HTTP API reference\n\n")
                .append("Every route the server answers, generated from the OpenAPI document it serves at")
                .append(" `/openapi.json` by `HttpReferenceTest`,\nwhich fails when this page is stale")
                .append(" (`-Dtq.docs.write=true` writes it). How the routes are used, with examples: [the command")
                .append(" line\nand the HTTP API](command-line.md); their errors: [errors](errors.md).\n\n")
                .append(api.path("info").path("description").asText())
                .append("\n\n| method | path | what it does | answers |\n|---|---|---|---|\n");
        StringBuilder bodies = new StringBuilder("\n## Request bodies\n");
        for (Iterator<Map.Entry<String, JsonNode>> paths = api.get("paths").fields(); paths.hasNext(); ) {
            Map.Entry<String, JsonNode> path = paths.next();
            for (Iterator<Map.Entry<String, JsonNode>> methods = path.getValue().fields(); methods.hasNext(); ) {
                Map.Entry<String, JsonNode> method = methods.next();
                String verb = method.getKey().toUpperCase(Locale.ROOT);
                JsonNode operation = method.getValue();
                Map.Entry<String, JsonNode> success =
                        operation.get("responses").fields().next();
                page.append("| `%s` | `%s` | %s | %s %s |\n"
                        .formatted(
                                verb,
                                path.getKey(),
                                operation.path("summary").asText().replace("|", "\\|"),
                                success.getKey(),
                                String.join(", ", (Iterable<String>)
                                        () -> success.getValue().path("content").fieldNames())));
                JsonNode schema = operation
                        .path("requestBody")
                        .path("content")
                        .path("application/json")
                        .path("schema");
                if (!schema.isMissingNode()) {
                    bodies.append("\n### ")
                            .append(verb)
                            .append(' ')
                            .append(path.getKey())
                            .append("\n\n```json\n")
                            .append(JsonCodec.mapper()
                                    .writerWithDefaultPrettyPrinter()
                                    .writeValueAsString(schema))
                            .append("\n```\n");
                }
            }
        }
        GeneratedPage.check(
                "http-reference.md",
                HttpReferenceTest.class,
                page.append(bodies).toString());
    }
}

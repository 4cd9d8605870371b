package io.tablequery.server.docs;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tablequery.engine.json.JsonCodec;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * MCP checked by a client nobody here wrote: the official TypeScript SDK's ({@code server/mcp-client/client.mjs},
 * the SDK pinned in its lock file and installed by the build), connected to {@code tq mcp} over stdio and to {@code tq
 * serve}'s {@code /mcp} with the configuration entries of the MCP page, as written there but for the checkout's path
 * and the server's port. Each lists the tools, calls one tool of each family, and gets a plan that drops a table
 * refused as a tool error.
 */
class McpTypeScriptClientIT {
    private static final Path REPOSITORY = Path.of("").toAbsolutePath().getParent();
    private static final Pattern CONFIG =
            Pattern.compile("<!-- mcp-client-config: ([\\w-]+) -->\\s*```json\\s*(\\{.*?})\\s*```", Pattern.DOTALL);
    private static final List<String> TOOLS = List.of(
            "search_tables",
            "get_schemas",
            "run_sql",
            "queryDuckDB",
            "getTableSchema",
            "getSampleRows",
            "getTableList",
            "analyzeDataQuality",
            "compareTables",
            "chart",
            "getSourceCells");

    @TempDir
    Path dir;

    @Test
    void theOfficialClientWorksWithTheConfigurationsOfTheDocs() throws Exception {
        Map<String, String> entries = configurations(Files.readString(REPOSITORY.resolve("docs/mcp.md")));
        assertThat(entries).containsOnlyKeys("stdio", "http", "http-keys");
        assertThat(Files.readString(REPOSITORY.resolve("README.md")))
                .as("the README shows the MCP page's entries")
                .contains(entries.get("stdio"), entries.get("http"));

        Path checkout = FreshCheckout.withBuiltJar(REPOSITORY, dir.resolve("tablequery"));
        List<String> ingest = new ArrayList<>(List.of(
                checkout.resolve("tq").toString(),
                "ingest",
                "--workspace",
                checkout.resolve("data/default").toString()));
        try (Stream<Path> files = Files.list(checkout.resolve("samples/files"))) {
            files.sorted().forEach(file -> ingest.add(file.toString()));
        }
        assertThat(run(ingest, checkout).exit()).isZero();

        String stdio = entries.get("stdio").replace("/path/to/tablequery", checkout.toString());
        JsonNode overStdio = client(server(stdio));
        check(overStdio, "stdio");

        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        Process serve = LauncherServe.start(
                checkout,
                checkout.resolve("data/.tq-served.json"),
                dir.resolve("serve.log"),
                "--port",
                Integer.toString(port));
        try {
            String http = entries.get("http").replace("http://127.0.0.1:8080", "http://127.0.0.1:" + port);
            check(client(server(http)), "Streamable HTTP");
        } finally {
            serve.destroy();
            assertThat(serve.waitFor(60, TimeUnit.SECONDS)).isTrue();
        }

        assertThat(checkout.resolve("data/.tq-served.json"))
                .as("the server that stopped took its note away")
                .doesNotExist();
        String admin = "tq_admin_" + UUID.randomUUID();
        Process keyed = LauncherServe.start(
                checkout,
                checkout.resolve("data/.tq-served.json"),
                dir.resolve("keyed.log"),
                Map.of("TQ_ADMIN_KEY", admin),
                "--auth",
                "keys",
                "--port",
                Integer.toString(port));
        try {
            HttpResponse<String> issued = HttpClient.newHttpClient()
                    .send(
                            HttpRequest.newBuilder(URI.create(
                                            "http://127.0.0.1:" + port + "/v1/admin/workspaces/default/keys"))
                                    .header("Authorization", "Bearer " + admin)
                                    .POST(HttpRequest.BodyPublishers.noBody())
                                    .build(),
                            HttpResponse.BodyHandlers.ofString());
            assertThat(issued.statusCode()).as(issued.body()).isEqualTo(201);
            String key = JsonCodec.mapper().readTree(issued.body()).path("key").asText();
            String withKey = entries.get("http-keys")
                    .replace("http://127.0.0.1:8080", "http://127.0.0.1:" + port)
                    .replace("tq_KEY", key);
            check(client(server(withKey)), "Streamable HTTP with a key");
            JsonNode refused = client(server(withKey.replace(key, "tq_not_a_key")));
            assertThat(refused.path("refused").path("status").asInt())
                    .as("a wrong key is refused: %s", refused)
                    .isEqualTo(401);
            assertThat(refused.path("refused").path("message").asText()).contains("UNAUTHENTICATED");
        } finally {
            keyed.destroy();
            assertThat(keyed.waitFor(60, TimeUnit.SECONDS)).isTrue();
        }
    }

    private static void check(JsonNode found, String transport) {
        List<String> tools = new ArrayList<>();
        found.path("tools").forEach(tool -> tools.add(tool.asText()));
        assertThat(tools).as("%s: the tools", transport).containsExactlyInAnyOrderElementsOf(TOOLS);
        assertThat(found.path("server").path("name").asText()).isEqualTo("tablequery");
        assertThat(found.path("search").path("isError").asBoolean()).isFalse();
        assertThat(found.path("search").path("text").asText()).as(transport).contains("orders");
        assertThat(found.path("duck").path("isError").asBoolean()).isFalse();
        assertThat(found.path("duck").path("text").asText()).as(transport).contains("200");
        assertThat(found.path("bad").path("isError").asBoolean())
                .as("%s: a plan that drops a table is a tool error: %s", transport, found.path("bad"))
                .isTrue();
        assertThat(found.path("bad").path("text").asText()).startsWith("error [");
        System.out.printf("MCP TypeScript SDK client over %s, ms: %s%n", transport, found.path("ms"));
    }

    /** The mcpServers entry of a configuration. */
    private static String server(String configuration) throws IOException {
        JsonNode entry =
                JsonCodec.mapper().readTree(configuration).path("mcpServers").path("tablequery");
        assertThat(entry.isObject()).as(configuration).isTrue();
        return JsonCodec.write((ObjectNode) entry);
    }

    private JsonNode client(String entry) throws IOException, InterruptedException {
        Run ran = run(List.of("node", "client.mjs", entry), REPOSITORY.resolve("server/mcp-client"));
        assertThat(ran.exit()).as("the client: %s", ran.output()).isZero();
        String last =
                ran.output().strip().lines().reduce((first, second) -> second).orElse("");
        return JsonCodec.mapper().readTree(last);
    }

    private record Run(int exit, String output) {}

    private Run run(List<String> command, Path directory) throws IOException, InterruptedException {
        Path output = Files.createTempFile(dir, "run", ".out");
        Process process = new ProcessBuilder(command)
                .directory(directory.toFile())
                .redirectErrorStream(true)
                .redirectOutput(output.toFile())
                .start();
        assertThat(process.waitFor(3, TimeUnit.MINUTES)).as("%s ends", command).isTrue();
        return new Run(process.exitValue(), Files.readString(output, StandardCharsets.UTF_8));
    }

    private static Map<String, String> configurations(String page) {
        Map<String, String> found = new LinkedHashMap<>();
        Matcher blocks = CONFIG.matcher(page);
        while (blocks.find()) {
            found.put(blocks.group(1), blocks.group(2));
        }
        return found;
    }
}

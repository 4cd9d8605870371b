package io.tablequery.server.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import io.modelcontextprotocol.client.McpSyncClient;
import io.tablequery.engine.skill.SkillSettings;
import io.tablequery.engine.workspace.Workspace;
import io.tablequery.server.http.ServerSettings;
import io.tablequery.server.http.TqServer;
import io.tablequery.server.http.WorkspaceRegistry;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code tq mcp} on a workspace that a running server holds: the child passes every call to that server's MCP
 * endpoint, so an MCP client sees the same contract as on the workspace itself, with the server's time limit.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class McpBesideServerTest extends McpContract {
    @TempDir
    static Path dir;

    private final Queue<String> stderr = new ConcurrentLinkedQueue<>();
    private TqServer server;
    private McpSyncClient client;

    @BeforeAll
    void start() throws IOException {
        Path workspace = dir.resolve("ws");
        Workspace open = Workspace.open(workspace);
        fill(open, dir);
        WorkspaceRegistry registry = new WorkspaceRegistry();
        registry.add(open);
        server = TqServer.start(
                registry,
                new ServerSettings(
                        "127.0.0.1", 0, 1 << 20, 1 << 20, SkillSettings.DEFAULTS.withQueryTimeout(QUERY_TIMEOUT)),
                Files.createDirectories(dir.resolve("uploads")));
        registry.announce(URI.create("http://127.0.0.1:" + server.port()));
        client = stdioClient(stderr, "mcp", "--workspace", workspace.toString());
    }

    @AfterAll
    void stop() {
        client.close();
        server.close();
    }

    @Override
    McpSyncClient client() {
        return client;
    }

    @Test
    void saysItPassesTheCallsToTheServer() {
        assertThat(stderr)
                .anyMatch(line -> line.contains("passing calls to the server of workspace 'ws' at http://127.0.0.1:"));
    }
}

package io.tablequery.server.http;

import io.tablequery.engine.skill.SkillSettings;
import io.tablequery.engine.workspace.Workspace;
import java.nio.file.Path;

/** Starts the test servers: on a random loopback port, with 1 MiB bodies and uploads and the default skill. */
final class TestServers {
    /** The settings of every test server. */
    static final ServerSettings SETTINGS = new ServerSettings("127.0.0.1", 0, 1 << 20, 1 << 20, SkillSettings.DEFAULTS);

    private TestServers() {}

    /**
     * Serves one workspace.
     *
     * @param workspace the workspace
     * @param dir the server's directory
     * @return the running server
     */
    static TqServer serve(Workspace workspace, Path dir) {
        WorkspaceRegistry registry = new WorkspaceRegistry();
        registry.add(workspace);
        return TqServer.start(registry, SETTINGS, dir);
    }
}

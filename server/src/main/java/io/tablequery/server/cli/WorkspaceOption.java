package io.tablequery.server.cli;

import io.tablequery.engine.workspace.Workspace;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** The {@code --workspace DIR} option every workspace command takes. */
public final class WorkspaceOption {
    /** The embedded default workspace. */
    public static final String DEFAULT = "data/default";

    @Option(
            names = "--workspace",
            paramLabel = "DIR",
            defaultValue = DEFAULT,
            description = "Workspace directory (default: ${DEFAULT-VALUE}).")
    Path directory;

    Workspace open() {
        return Workspace.open(directory);
    }
}

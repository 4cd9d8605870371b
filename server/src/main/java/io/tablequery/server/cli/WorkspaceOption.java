package io.tablequery.server.cli;

import io.tablequery.engine.workspace.Workspace;
import io.tablequery.engine.workspace.WorkspaceOptions;
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

    /** How a workspace opened here is set up; a command may change it before it opens one. */
    WorkspaceOptions options = WorkspaceOptions.DEFAULTS;

    Workspace open() {
        return Workspace.open(directory, options);
    }
}

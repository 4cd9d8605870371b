package io.tablequery.engine.workspace;

/** Hears the workspaces a process opens and closes, to follow them while they are open. */
public interface WorkspaceListener {
    /**
     * Hears a workspace the process opened.
     *
     * @param workspace the open workspace
     */
    void opened(Workspace workspace);

    /**
     * Hears that a workspace is about to close; the listener lets go of it before this returns.
     *
     * @param workspace the workspace
     */
    void closing(Workspace workspace);
}

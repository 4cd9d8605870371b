package io.tablequery.server.http;

import io.tablequery.engine.catalog.CatalogErrorCode;
import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.workspace.Workspace;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The workspaces a server serves, by name; it closes them when the server stops. */
public final class WorkspaceRegistry implements AutoCloseable {
    private final Map<String, Workspace> workspaces = Collections.synchronizedMap(new LinkedHashMap<>());

    /**
     * Adds an open workspace under its name.
     *
     * @param workspace the workspace
     */
    public void add(Workspace workspace) {
        if (workspaces.putIfAbsent(workspace.name(), workspace) != null) {
            throw new IllegalArgumentException("two workspaces are named " + workspace.name());
        }
    }

    /**
     * Finds a workspace.
     *
     * @param name its name
     * @return the workspace
     * @throws EngineException WORKSPACE_NOT_FOUND when no workspace has that name
     */
    public Workspace get(String name) {
        Workspace workspace = workspaces.get(name);
        if (workspace == null) {
            throw new EngineException(
                    CatalogErrorCode.WORKSPACE_NOT_FOUND,
                    "no workspace '%s' on this server; it".formatted(name) + " serves " + names());
        }
        return workspace;
    }

    /**
     * Returns the names of the workspaces.
     *
     * @return the names, in the order they were added
     */
    public List<String> names() {
        synchronized (workspaces) {
            return List.copyOf(workspaces.keySet());
        }
    }

    @Override
    public void close() {
        synchronized (workspaces) {
            workspaces.values().forEach(Workspace::close);
            workspaces.clear();
        }
    }
}

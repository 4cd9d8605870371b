package io.tablequery.server.http;

import static java.util.Objects.requireNonNull;

import io.tablequery.engine.catalog.CatalogErrorCode;
import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.workspace.Workspace;
import io.tablequery.engine.workspace.WorkspaceOptions;
import io.tablequery.server.api.ServerErrorCode;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/** The workspaces a server serves, by name; it closes them when the server stops. */
public final class WorkspaceRegistry implements AutoCloseable {
    /** A workspace name: a letter or digit, then up to 63 letters, digits, '_', '.' or '-'. */
    public static final Pattern VALID_NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]{0,63}");

    private final Map<String, Workspace> workspaces = Collections.synchronizedMap(new LinkedHashMap<>());
    private final Path root;
    private final WorkspaceOptions options;
    private volatile URI server;

    /** Creates a registry that serves the workspaces added to it and cannot create others. */
    public WorkspaceRegistry() {
        this(null, WorkspaceOptions.SERVED);
    }

    /**
     * Creates a registry that can also create workspaces, as sub-directories of a root.
     *
     * @param root where new workspaces go, or null
     * @param options how new workspaces are opened
     */
    public WorkspaceRegistry(Path root, WorkspaceOptions options) {
        this.root = root;
        this.options = requireNonNull(options, "options is null");
    }

    /**
     * Creates a workspace under the root and serves it.
     *
     * @param name the new workspace's name
     * @return the open workspace
     * @throws EngineException BAD_REQUEST for an invalid name, NOT_SUPPORTED without a root, WORKSPACE_EXISTS
     */
    public Workspace create(String name) {
        if (name == null || !VALID_NAME.matcher(name).matches() || name.equals("..")) {
            throw new EngineException(
                    ServerErrorCode.BAD_REQUEST,
                    "a workspace name is a letter or digit, then up to 63 letters, digits, '_', '.' or '-'");
        }
        if (root == null) {
            throw new EngineException(
                    ServerErrorCode.NOT_SUPPORTED,
                    "this server serves one workspace directory; start it with --data ROOT to create workspaces");
        }
        synchronized (workspaces) {
            if (workspaces.containsKey(name) || Files.exists(root.resolve(name))) {
                throw new EngineException(
                        ServerErrorCode.WORKSPACE_EXISTS, "a workspace named '%s' exists already".formatted(name));
            }
            Workspace workspace = Workspace.open(root.resolve(name), options);
            workspaces.put(name, workspace);
            announce(workspace);
            return workspace;
        }
    }

    /**
     * Stops serving a workspace, closes it and deletes its directory with everything in it.
     *
     * @param name the workspace
     * @throws EngineException WORKSPACE_NOT_FOUND
     */
    public void delete(String name) {
        Workspace workspace;
        synchronized (workspaces) {
            workspace = get(name);
            workspaces.remove(name);
        }
        workspace.closeAndDelete();
    }

    /**
     * Adds an open workspace under its name.
     *
     * @param workspace the workspace
     */
    public void add(Workspace workspace) {
        if (workspaces.putIfAbsent(workspace.name(), workspace) != null) {
            throw new IllegalArgumentException("two workspaces are named " + workspace.name());
        }
        announce(workspace);
    }

    /**
     * Says in each workspace's holder note, now and for workspaces added later, that this server serves it at a URL,
     * so that a command on the directory goes through the server.
     *
     * @param url the server's base URL, as a client on this machine reaches it
     */
    public void announce(URI url) {
        server = url;
        synchronized (workspaces) {
            workspaces.values().forEach(this::announce);
        }
    }

    private void announce(Workspace workspace) {
        URI url = server;
        if (url != null) {
            workspace.announceServer(url, workspace.name());
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
     * Tells whether a workspace is served.
     *
     * @param name its name
     * @return true when it is
     */
    public boolean contains(String name) {
        return workspaces.containsKey(name);
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

package io.tablequery.server.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.tablequery.engine.catalog.CatalogErrorCode;
import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.json.JsonCodec;
import io.tablequery.engine.skill.SkillSettings;
import io.tablequery.engine.skill.TableQuerySkill;
import io.tablequery.engine.workspace.SearchMode;
import io.tablequery.engine.workspace.Workspace;
import io.tablequery.engine.workspace.WorkspaceHolder;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Function;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * Where a command runs: on the workspace directory itself (embedded), or through the tq server that holds it. A
 * server that holds the directory says where it listens in the directory's holder note, and a server of a data root
 * (or of one directory) in its {@link ServedNote}, so a command beside a running {@code tq serve} goes through it
 * without being told, whether the server has the workspace open or not; {@code --server URL} names a server outright, and the workspace
 * is then named by the directory's name. Both ways print the same, because the server answers with the same views the
 * embedded command builds. A workspace held by another command (not a server) is waited for, up to
 * {@link #LOCK_WAIT}.
 */
public final class WorkspaceTarget {
    /** How long a command waits for another command that holds the workspace. */
    static final Duration LOCK_WAIT = Duration.ofSeconds(30);

    private static final Duration POLL = Duration.ofMillis(50);
    private static final String WORKSPACE_NOT_FOUND = CatalogErrorCode.WORKSPACE_NOT_FOUND.name();

    @Mixin
    WorkspaceOption workspace;

    @Option(
            names = "--server",
            paramLabel = "URL",
            description = "Ask this tq server (for example http://127.0.0.1:8080) instead of the one that holds the"
                    + " workspace directory, if any; a server that asks for keys gets the one in $TQ_API_KEY.")
    URI server;

    /**
     * Sets how a workspace opened here searches its tables; a server searches as it was started to.
     *
     * @param mode the search mode
     */
    void searchBy(SearchMode mode) {
        workspace.options = workspace.options.withSearch(mode);
    }

    /**
     * Runs a call on the workspace, embedded or through the server that holds it.
     *
     * @param embedded the call on the open workspace
     * @param remote the same call through the server
     * @param <T> the call's result
     * @return the result
     */
    <T> T run(Function<Workspace, T> embedded, Function<RemoteWorkspace, T> remote) {
        Located located = locate();
        if (located.remote() != null) {
            try {
                return remote.apply(located.remote());
            } catch (EngineException e) {
                if (!located.byServedNote() || !e.getErrorCode().name().equals(WORKSPACE_NOT_FOUND)) {
                    throw e;
                }
                // A directory made under the data root after the server listed it: the server does not serve it.
                located = new Located(workspace.open(), null, false);
            }
        }
        try (Workspace open = located.embedded()) {
            return embedded.apply(open);
        }
    }

    /**
     * Runs a skill call either way: on an embedded skill, or by posting {@code request} to the server.
     *
     * @param embedded the call on an embedded skill, returning the response view
     * @param route the route under {@code /v1/workspaces/{ws}/}
     * @param request the JSON request for the server
     * @return the response as JSON
     */
    JsonNode call(Function<TableQuerySkill, Object> embedded, String route, Object request) {
        return call(embedded, route, request, SkillSettings.DEFAULTS);
    }

    /**
     * Runs a skill call either way, the embedded skill with the given settings (a server uses its own).
     *
     * @param embedded the call on an embedded skill, returning the response view
     * @param route the route under {@code /v1/workspaces/{ws}/}
     * @param request the JSON request for the server
     * @param settings the embedded skill's settings
     * @return the response as JSON
     */
    JsonNode call(Function<TableQuerySkill, Object> embedded, String route, Object request, SkillSettings settings) {
        return callOnWorkspace(open -> embedded.apply(new TableQuerySkill(open, settings)), route, request);
    }

    /**
     * Runs a call either way: on the embedded workspace, or by posting {@code request} to the server.
     *
     * @param embedded the call on the open workspace, returning the response view
     * @param route the route under {@code /v1/workspaces/{ws}/}
     * @param request the JSON request for the server
     * @return the response as JSON
     */
    JsonNode callOnWorkspace(Function<Workspace, Object> embedded, String route, Object request) {
        return run(open -> JsonCodec.mapper().valueToTree(embedded.apply(open)), remote -> remote.post(route, request));
    }

    /** The workspace opened here, or the server to go through, found by its note in the data root or directory. */
    private record Located(Workspace embedded, RemoteWorkspace remote, boolean byServedNote) {}

    private Located locate() {
        Path directory = workspace.directory.toAbsolutePath().normalize();
        if (server != null) {
            String name = directory.getFileName() == null
                    ? "default"
                    : directory.getFileName().toString();
            return new Located(null, new RemoteWorkspace(server, name), false);
        }
        Optional<RemoteWorkspace> served = ServedNote.serverFor(directory);
        if (served.isPresent()) {
            return new Located(null, served.get(), true);
        }
        long deadline = System.nanoTime() + LOCK_WAIT.toNanos();
        while (true) {
            try {
                return new Located(workspace.open(), null, false);
            } catch (EngineException e) {
                if (!e.getErrorCode().equals(CatalogErrorCode.WORKSPACE_LOCKED.toErrorCode())) {
                    throw e;
                }
                Optional<WorkspaceHolder> holder = WorkspaceHolder.read(directory);
                if (holder.isPresent() && holder.get().serves() && holder.get().alive()) {
                    return new Located(
                            null,
                            new RemoteWorkspace(
                                    holder.get().server(), holder.get().workspace()),
                            false);
                }
                if (System.nanoTime() - deadline > 0) {
                    throw e;
                }
            }
            pause();
        }
    }

    private static void pause() {
        try {
            Thread.sleep(POLL.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the workspace", e);
        }
    }
}

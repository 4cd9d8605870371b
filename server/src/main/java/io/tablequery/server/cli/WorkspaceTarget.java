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
import io.tablequery.server.api.ServerErrorCode;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * Where a command runs: on the workspace directory itself (embedded), or through the tq server that holds it. A
 * server that holds the directory says where it listens in the directory's holder note, and a server of a data root
 * (or of one directory) in its {@link ServedNote}, so a command beside a running {@code tq serve} goes through it
 * without being told, whether the server has the workspace open or not; {@code --server URL} names a server outright,
 * and the workspace is then named by the directory's name. When no server holds an existing workspace, the command
 * starts the resident server of its data root ({@link ResidentServer}) and goes through it, unless told not to
 * ({@code --no-daemon}, {@code TQ_NO_DAEMON}) or asking for what that server would not do. Both ways print the same,
 * because the server answers with the same views the embedded command builds. A server that stopped before it took
 * the request is given up for another way; a workspace held by another command (not a server) is waited for; both up
 * to {@link #LOCK_WAIT}.
 */
public final class WorkspaceTarget {
    /** How long a command waits for another command that holds the workspace. */
    static final Duration LOCK_WAIT = Duration.ofSeconds(30);

    private static final Duration POLL = Duration.ofMillis(50);
    private static final String WORKSPACE_NOT_FOUND = CatalogErrorCode.WORKSPACE_NOT_FOUND.name();

    /** The answers of a server that stopped before it took the request, which is then sent elsewhere. */
    private static final Set<String> GONE =
            Set.of(ServerErrorCode.SERVER_GONE.name(), ServerErrorCode.SERVER_STOPPING.name());

    @Mixin
    WorkspaceOption workspace;

    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    @Option(
            names = "--no-daemon",
            description = "When no server holds the workspace, run in this process instead of starting a resident"
                    + " server for its data root (as $" + ResidentServer.OFF_VARIABLE + "=1 does). A server that"
                    + " holds the workspace still answers.")
    boolean noDaemon;

    /** Whether this command may start a resident server: not when it asks for what that server would not do. */
    private boolean residentAllowed = true;

    /** Whether this command searches by meaning: a resident server it starts then loads the model as it starts. */
    private boolean searches;

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
        searches = mode == SearchMode.MEANING;
        if (mode != SearchMode.MEANING) {
            // A resident server searches by meaning, as tq serve does.
            residentAllowed = false;
        }
    }

    /**
     * Runs this command in its own process unless a server holds the workspace already: for options a resident
     * server would not apply (an engine's settings, a time limit of its own).
     */
    void startNoServer() {
        if (Caller.of(spec).forwarded()) {
            throw Caller.runInClient("it takes options of its own for the engines");
        }
        residentAllowed = false;
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
        long deadline = System.nanoTime() + LOCK_WAIT.toNanos();
        while (true) {
            Located located = locate();
            if (located.remote() == null) {
                try (Workspace open = located.embedded()) {
                    return embedded.apply(open);
                }
            }
            try {
                return remote.apply(located.remote());
            } catch (EngineException e) {
                String code = e.getErrorCode().name();
                if (Caller.of(spec).forwarded() && (code.equals(WORKSPACE_NOT_FOUND) || GONE.contains(code))) {
                    throw Caller.runInClient("this server does not serve the workspace now");
                }
                if (located.byServedNote() && code.equals(WORKSPACE_NOT_FOUND)) {
                    // A directory made under the data root after the server listed it: the server does not serve it.
                    try (Workspace open = workspace.open()) {
                        return embedded.apply(open);
                    }
                }
                if (!located.byServedNote() || !GONE.contains(code) || System.nanoTime() - deadline > 0) {
                    throw e;
                }
                // The server stopped (idle, or told to) before it took the request: once it is gone, a new one starts
                // or the command runs here.
            }
            pause();
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
        Caller caller = Caller.of(spec);
        Path directory = caller.resolve(workspace.directory).toAbsolutePath().normalize();
        if (caller.forwarded()) {
            // Inside a server, for a launcher: through this server or not at all, never opened here.
            if (server != null) {
                throw Caller.runInClient("it asks another server");
            }
            return new Located(
                    null,
                    ServedNote.servedHere(directory)
                            .orElseThrow(() -> Caller.runInClient("this server does not serve " + directory)),
                    true);
        }
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
        Optional<RemoteWorkspace> holding = servingHolder(directory);
        if (holding.isPresent()) {
            return new Located(null, holding.get(), false);
        }
        if (!noDaemon && residentAllowed && ResidentServer.enabled(System.getenv())) {
            Optional<RemoteWorkspace> started =
                    ResidentServer.start(directory, searches, spec.commandLine().getErr());
            if (started.isPresent()) {
                return new Located(null, started.get(), true);
            }
        }
        long deadline = System.nanoTime() + LOCK_WAIT.toNanos();
        while (true) {
            try {
                return new Located(workspace.open(), null, false);
            } catch (EngineException e) {
                if (!e.getErrorCode().equals(CatalogErrorCode.WORKSPACE_LOCKED.toErrorCode())) {
                    throw e;
                }
                holding = servingHolder(directory);
                if (holding.isPresent()) {
                    return new Located(null, holding.get(), false);
                }
                if (System.nanoTime() - deadline > 0) {
                    throw e;
                }
            }
            pause();
        }
    }

    /** The server that holds the workspace open, by the directory's holder note, when one does. */
    private static Optional<RemoteWorkspace> servingHolder(Path directory) {
        return WorkspaceHolder.read(directory)
                .filter(holder -> holder.serves() && holder.alive())
                .map(holder -> new RemoteWorkspace(holder.server(), holder.workspace()));
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

package io.tablequery.server.cli;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.server.McpSyncServer;
import io.tablequery.engine.duck.DuckToolSettings;
import io.tablequery.engine.plugin.ConfiguredPlugins;
import io.tablequery.engine.skill.SkillSettings;
import io.tablequery.server.mcp.CallObserver;
import io.tablequery.server.mcp.McpServers;
import io.tablequery.server.mcp.McpToolCalls;
import io.tablequery.server.mcp.RunningCalls;
import io.tablequery.server.mcp.WorkspaceAccess;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code tq mcp}: the MCP server over stdio, for a client that starts {@code tq mcp} as its child. Standard output
 * carries only the protocol (anything else that prints is sent to standard error, with the logs); the server stops,
 * cancelling the calls still running, when the client closes standard input.
 */
@Command(
        name = "mcp",
        description = "Serve both tool families to an MCP client over stdio (stdout carries only the protocol; logs go"
                + " to stderr). Stops when the client closes stdin.")
final class McpCommand implements Callable<Integer> {
    private static final Logger LOG = LoggerFactory.getLogger("tq.request");

    /** How often a client passing calls to a server pings it. */
    private static final Duration PING_EVERY = Duration.ofMinutes(1);

    @Spec
    CommandSpec spec;

    @Mixin
    WorkspaceTarget target;

    @Mixin
    QueryTimeoutOption queryTimeout;

    @Mixin
    EngineOptions engines;

    @Mixin
    SearchOption search;

    @Override
    public Integer call() {
        target.searchBy(search.mode());
        if (engines.given() || queryTimeout.given()) {
            target.startNoServer();
        }
        PrintStream protocol = System.out;
        System.setOut(System.err);
        PrintWriter err = spec.commandLine().getErr();
        Duration timeout = queryTimeout.timeout();
        CountDownLatch inputClosed = new CountDownLatch(1);
        InputStream in = new EndOfInput(System.in, inputClosed::countDown);
        return target.run(
                open -> {
                    ConfiguredPlugins plugins = engines.configure();
                    plugins.opened(open);
                    RunningCalls running = new RunningCalls();
                    McpToolCalls calls = new McpToolCalls(
                            WorkspaceAccess.of(open),
                            SkillSettings.DEFAULTS.withQueryTimeout(timeout).withEngines(plugins.engines()),
                            DuckToolSettings.DEFAULTS.withQueryTimeout(timeout),
                            running,
                            McpCommand::log);
                    McpSyncServer server = McpServers.stdio(calls, in, protocol);
                    err.printf("tablequery MCP server on the workspace %s over stdio%n", open.directory());
                    err.flush();
                    awaitEnd(inputClosed);
                    int cancelled = running.cancelAll();
                    if (cancelled > 0) {
                        err.printf("the client closed stdin; cancelled %d running call(s)%n", cancelled);
                        err.flush();
                    }
                    server.close();
                    plugins.closing(open);
                    plugins.close();
                    return 0;
                },
                remote -> {
                    // The server that holds the workspace runs the calls, under its own time limit (this process's
                    // --query-timeout does not apply), so the client waits as long as the HTTP calls of the other
                    // commands do. Closing the client ends its session there, which cancels what still runs.
                    McpSyncClient client = McpServers.client(
                            remote.server(),
                            remote.workspace(),
                            System.getenv(RemoteWorkspace.API_KEY_VARIABLE),
                            RemoteWorkspace.READ_TIMEOUT);
                    McpSyncServer server = McpServers.proxy(client, in, protocol);
                    err.printf(
                            "tablequery MCP server over stdio, passing calls to the server of workspace '%s' at %s%n",
                            remote.workspace(), remote.server());
                    err.flush();
                    ScheduledExecutorService pings = keepAlive(client);
                    awaitEnd(inputClosed);
                    pings.shutdownNow();
                    client.close();
                    server.close();
                    return 0;
                });
    }

    /**
     * Pings the server every {@link #PING_EVERY} while the client is connected: a resident server counts the session's
     * idle gaps as idle time, and would stop under a client that is only thinking.
     */
    private static ScheduledExecutorService keepAlive(McpSyncClient client) {
        ScheduledExecutorService pings = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, "tq-mcp-ping");
            thread.setDaemon(true);
            return thread;
        });
        pings.scheduleWithFixedDelay(
                () -> {
                    try {
                        client.ping();
                    } catch (RuntimeException e) {
                        // The next tool call reports a server that is gone.
                    }
                },
                PING_EVERY.toSeconds(),
                PING_EVERY.toSeconds(),
                TimeUnit.SECONDS);
        return pings;
    }

    private static void awaitEnd(CountDownLatch inputClosed) {
        try {
            inputClosed.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void log(CallObserver.Ended call) {
        if (LOG.isInfoEnabled()) {
            LOG.info("workspace=%s tool=mcp/%s engine=%s rows=%s ms=%.1f outcome=%s"
                    .formatted(
                            call.workspace(),
                            call.tool(),
                            call.engine(),
                            call.rows() == null ? "-" : call.rows().toString(),
                            call.nanos() / 1e6,
                            call.failure() == null ? "ok" : call.failure().name()));
        }
    }

    /** Standard input that says when it ends, or fails. */
    private static final class EndOfInput extends FilterInputStream {
        private final Runnable onEnd;

        EndOfInput(InputStream in, Runnable onEnd) {
            super(in);
            this.onEnd = onEnd;
        }

        @Override
        public int read() throws IOException {
            try {
                return ended(super.read());
            } catch (IOException e) {
                onEnd.run();
                throw e;
            }
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            try {
                return ended(super.read(buffer, offset, length));
            } catch (IOException e) {
                onEnd.run();
                throw e;
            }
        }

        private int ended(int read) {
            if (read < 0) {
                onEnd.run();
            }
            return read;
        }
    }
}

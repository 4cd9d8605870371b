package io.tablequery.server.mcp;

import io.tablequery.engine.exec.CancelScope;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The tool calls running, by MCP session, so that the calls of a client that goes away (its session deleted, its
 * stdin closed) stop at once instead of running to their time limit, and every call stops when the server does.
 */
public final class RunningCalls {
    private final Map<String, Set<CancelScope>> bySession = new ConcurrentHashMap<>();
    private volatile boolean stopped;

    /**
     * Opens a cancel scope for a call on the calling thread; close it when the call ends.
     *
     * @param session the call's MCP session id, or another key under which calls are cancelled together
     * @return the scope, registered under the session until closed; cancelled at once after {@link #stop()}
     */
    public Call start(String session) {
        CancelScope scope = CancelScope.open();
        bySession.computeIfAbsent(session, key -> ConcurrentHashMap.newKeySet()).add(scope);
        if (stopped) {
            scope.cancel();
        }
        return new Call(session, scope);
    }

    /**
     * Cancels the calls running in a session.
     *
     * @param session the MCP session id
     * @return how many calls were cancelled
     */
    public int cancel(String session) {
        Set<CancelScope> scopes = bySession.remove(session);
        if (scopes == null) {
            return 0;
        }
        scopes.forEach(CancelScope::cancel);
        return scopes.size();
    }

    /**
     * Cancels every running call.
     *
     * @return how many calls were cancelled
     */
    public int cancelAll() {
        int cancelled = 0;
        for (String session : Set.copyOf(bySession.keySet())) {
            cancelled += cancel(session);
        }
        return cancelled;
    }

    /** Cancels every running call, and every call started from now on. */
    public void stop() {
        stopped = true;
        cancelAll();
    }

    /** One running call: closing it ends its scope and forgets it. */
    public final class Call implements AutoCloseable {
        private final String session;
        private final CancelScope scope;

        private Call(String session, CancelScope scope) {
            this.session = session;
            this.scope = scope;
        }

        @Override
        public void close() {
            scope.close();
            bySession.computeIfPresent(session, (key, scopes) -> {
                scopes.remove(scope);
                return scopes.isEmpty() ? null : scopes;
            });
        }
    }
}

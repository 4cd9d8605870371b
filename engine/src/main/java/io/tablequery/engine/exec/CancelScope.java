package io.tablequery.engine.exec;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Lets another thread stop the queries of one call. The caller opens a scope on its own thread around the call; every
 * {@link QueryDeadline} started on that thread while the scope is open (every query of run-sql's steps and of the
 * DuckDB tools runs under one) is cut short when the scope is cancelled, as if its time had run out but answering
 * that it was cancelled, and so is any started afterwards. The MCP server cancels the calls of a client that went
 * away this way, and the server every running call when it stops.
 */
public final class CancelScope implements AutoCloseable {
    private static final ThreadLocal<CancelScope> CURRENT = new ThreadLocal<>();

    private final Set<QueryDeadline> deadlines = ConcurrentHashMap.newKeySet();
    private final CancelScope outer;
    private volatile boolean cancelled;

    private CancelScope(CancelScope outer) {
        this.outer = outer;
    }

    /**
     * Opens a scope on the calling thread; close it on the same thread when the call ends.
     *
     * @return the open scope
     */
    public static CancelScope open() {
        CancelScope scope = new CancelScope(CURRENT.get());
        CURRENT.set(scope);
        return scope;
    }

    /** The scope open on the calling thread, or null. */
    static CancelScope current() {
        return CURRENT.get();
    }

    /** Stops the query running in the scope, if any, and every one started in it from now on. Any thread may call. */
    public void cancel() {
        cancelled = true;
        deadlines.forEach(QueryDeadline::cancel);
    }

    /**
     * Tells whether the scope was cancelled.
     *
     * @return true after {@link #cancel()}
     */
    public boolean cancelled() {
        return cancelled;
    }

    void add(QueryDeadline deadline) {
        deadlines.add(deadline);
        if (cancelled) {
            deadline.cancel();
        }
    }

    void remove(QueryDeadline deadline) {
        deadlines.remove(deadline);
    }

    @Override
    public void close() {
        if (outer == null) {
            CURRENT.remove();
        } else {
            CURRENT.set(outer);
        }
    }
}

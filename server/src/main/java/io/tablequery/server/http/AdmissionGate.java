package io.tablequery.server.http;

import static java.util.Objects.requireNonNull;

import io.javalin.http.Context;
import io.javalin.http.Handler;
import io.tablequery.engine.error.EngineException;
import io.tablequery.server.api.ServerErrorCode;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;

/**
 * Admits requests to slots: a query needs a slot of its workspace and one of the server, an ingest one of the
 * server's ingest slots. A large query (one sized above {@link ServerLimits#largeQueryRows()}) first needs one of its
 * workspace's large-query slots, fewer than its query slots: large scans then wait among themselves and never hold
 * every slot, so a small question is not queued behind them. A request without a free slot waits, in a queue of
 * bounded length and for a bounded time, then is refused with {@code TOO_MANY_REQUESTS}. Slots are always taken in
 * one order (large-query, workspace, server), so waiting cannot deadlock.
 */
final class AdmissionGate {
    private final ServerLimits limits;
    private final Predicate<String> served;
    private final Semaphore queries;
    private final Semaphore ingests;
    private final Map<String, Semaphore> workspaces = new ConcurrentHashMap<>();
    private final Map<String, Semaphore> largeQueries = new ConcurrentHashMap<>();
    private final AtomicInteger waiting = new AtomicInteger();

    /**
     * Creates the gate.
     *
     * @param limits the slots and the queue
     * @param served tells whether a workspace name is served; only those get slots of their own, so that requests
     *     naming random workspaces cannot grow the gate's memory (they fail at the workspace lookup)
     */
    AdmissionGate(ServerLimits limits, Predicate<String> served) {
        this.limits = requireNonNull(limits, "limits is null");
        this.served = requireNonNull(served, "served is null");
        this.queries = new Semaphore(limits.queriesTotal(), true);
        this.ingests = new Semaphore(limits.ingests(), true);
    }

    /** Work that may fail with a checked exception of its own. */
    @FunctionalInterface
    interface Work<T, E extends Exception> {
        T run() throws E;
    }

    /** Sizes a request before it runs: the rows it may scan. */
    @FunctionalInterface
    interface Sizer {
        long rows(Context ctx);
    }

    /** Runs a query handler that reads little, in a slot of its workspace and of the server. */
    Handler query(Handler handler) {
        return ctx -> query(ctx.pathParam("ws"), 0, () -> {
            handler.handle(ctx);
            return null;
        });
    }

    /**
     * Runs a query handler in a slot of its workspace and of the server, and a large-query slot if it is large; the
     * rows it may scan are kept for its audit line.
     */
    Handler query(Handler handler, Sizer sizer) {
        return ctx -> {
            String name = ctx.pathParam("ws");
            long rows = served.test(name) ? sizer.rows(ctx) : 0;
            ctx.attribute(RequestObserver.ROWS_READ, rows);
            query(name, rows, () -> {
                handler.handle(ctx);
                return null;
            });
        };
    }

    /**
     * Runs a query's work in a slot of its workspace and of the server, after a large-query slot if it is large.
     *
     * @param name the workspace the query names
     * @param rows the rows it may scan
     * @param work the query
     * @return the work's result
     * @throws E when the work fails
     * @throws InterruptedException when interrupted while waiting for a slot
     */
    <T, E extends Exception> T query(String name, long rows, Work<T, E> work) throws E, InterruptedException {
        if (!served.test(name)) {
            return work.run();
        }
        long deadline = System.nanoTime() + limits.queueWait().toNanos();
        if (rows <= limits.largeQueryRows()) {
            return inWorkspace(name, deadline, work);
        }
        Semaphore large =
                largeQueries.computeIfAbsent(name, key -> new Semaphore(limits.largeQueriesPerWorkspace(), true));
        acquire(large, deadline, "large queries on this workspace");
        try {
            return inWorkspace(name, deadline, work);
        } finally {
            large.release();
        }
    }

    private <T, E extends Exception> T inWorkspace(String name, long deadline, Work<T, E> work)
            throws E, InterruptedException {
        Semaphore workspace =
                workspaces.computeIfAbsent(name, key -> new Semaphore(limits.queriesPerWorkspace(), true));
        acquire(workspace, deadline, "queries on this workspace");
        try {
            acquire(queries, deadline, "queries on this server");
            try {
                return work.run();
            } finally {
                queries.release();
            }
        } finally {
            workspace.release();
        }
    }

    /** Runs an ingest handler in one of the server's ingest slots. */
    Handler ingest(Handler handler) {
        return ctx -> {
            acquire(ingests, System.nanoTime() + limits.queueWait().toNanos(), "uploads being ingested");
            try {
                handler.handle(ctx);
            } finally {
                ingests.release();
            }
        };
    }

    private void acquire(Semaphore slots, long deadline, String what) throws InterruptedException {
        // The timed form keeps the semaphore's fairness: a request arriving as a slot frees cannot take it ahead of
        // those already waiting. With tryAcquire(), under 64 clients, the median waited 15 ms and the 99th
        // percentile 250-330 ms.
        if (slots.tryAcquire(0, TimeUnit.NANOSECONDS)) {
            return;
        }
        if (waiting.incrementAndGet() > limits.queueLength()) {
            waiting.decrementAndGet();
            throw busy("the server is at its limit of %s and %d requests wait already; retry in a moment"
                    .formatted(what, limits.queueLength()));
        }
        try {
            if (!slots.tryAcquire(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS)) {
                throw busy("the server is at its limit of %s and no slot freed within %d seconds; retry in a moment"
                        .formatted(what, limits.queueWait().toSeconds()));
            }
        } finally {
            waiting.decrementAndGet();
        }
    }

    private static EngineException busy(String message) {
        return new EngineException(ServerErrorCode.TOO_MANY_REQUESTS, message);
    }
}

package io.tablequery.server.http;

import static java.util.Objects.requireNonNull;

import io.javalin.http.Handler;
import io.tablequery.engine.error.EngineException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Admits requests to slots: a query needs a slot of its workspace and one of the server, an ingest one of the
 * server's ingest slots. A request without a free slot waits, in a queue of bounded length and for a bounded time,
 * then is refused with {@code TOO_MANY_REQUESTS}; no request holds a lock while it waits for another.
 */
final class AdmissionGate {
    private final ServerLimits limits;
    private final Semaphore queries;
    private final Semaphore ingests;
    private final Map<String, Semaphore> workspaces = new ConcurrentHashMap<>();
    private final AtomicInteger waiting = new AtomicInteger();

    AdmissionGate(ServerLimits limits) {
        this.limits = requireNonNull(limits, "limits is null");
        this.queries = new Semaphore(limits.queriesTotal(), true);
        this.ingests = new Semaphore(limits.ingests(), true);
    }

    /** Runs a query handler in a slot of its workspace and of the server. */
    Handler query(Handler handler) {
        return ctx -> {
            Semaphore workspace = workspaces.computeIfAbsent(
                    ctx.pathParam("ws"), name -> new Semaphore(limits.queriesPerWorkspace(), true));
            long deadline = System.nanoTime() + limits.queueWait().toNanos();
            acquire(workspace, deadline, "queries on this workspace");
            try {
                acquire(queries, deadline, "queries on this server");
                try {
                    handler.handle(ctx);
                } finally {
                    queries.release();
                }
            } finally {
                workspace.release();
            }
        };
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
        if (slots.tryAcquire()) {
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

package io.tablequery.spark.run;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.apache.spark.sql.SparkSession;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Spark Connect sessions runs take and give back, so that a run pays neither for a new session nor for views its
 * workspace's earlier runs made already. A session serves one run at a time and one workspace; given back, its step
 * views are dropped (and uncached) in the background before another run may take it. At most {@value #MAX_IDLE} wait
 * idle, none longer than five minutes (well inside the server's own session timeout); a run that failed gives its
 * session up instead.
 */
public final class SparkSessions implements AutoCloseable {
    /** The most sessions kept idle. */
    static final int MAX_IDLE = 8;

    private static final Logger LOG = LoggerFactory.getLogger(SparkSessions.class);
    private static final long IDLE_NANOS = Duration.ofMinutes(5).toNanos();

    private final Supplier<SparkSession> connect;
    private final ExecutorService releaser = Executors.newSingleThreadExecutor(work -> {
        Thread thread = new Thread(work, "spark-session-release");
        thread.setDaemon(true);
        return thread;
    });
    private final Deque<PooledSession> idle = new ArrayDeque<>();
    private boolean closed;

    /**
     * Creates the pool.
     *
     * @param connect opens a new session, set up for the dialect; it throws the engine's own error when the server
     *     does not answer
     */
    public SparkSessions(Supplier<SparkSession> connect) {
        this.connect = requireNonNull(connect, "connect is null");
    }

    /**
     * Takes the session a workspace's last run gave back, or opens one.
     *
     * @param workspace the workspace the run reads
     * @return a session only this run uses until it is given back
     */
    PooledSession take(String workspace) {
        List<PooledSession> expired = new ArrayList<>();
        PooledSession found = null;
        synchronized (this) {
            long now = System.nanoTime();
            for (Iterator<PooledSession> it = idle.iterator(); it.hasNext(); ) {
                PooledSession session = it.next();
                if (now - session.idleSince() > IDLE_NANOS) {
                    it.remove();
                    expired.add(session);
                } else if (found == null && session.workspace().equals(workspace)) {
                    it.remove();
                    found = session;
                }
            }
        }
        expired.forEach(this::discard);
        return found != null ? found : fresh(workspace);
    }

    /**
     * Opens a new session, for a run whose pooled one turned out to be gone on the server.
     *
     * @param workspace the workspace the run reads
     * @return the new session
     */
    PooledSession fresh(String workspace) {
        return new PooledSession(workspace, connect.get());
    }

    /**
     * Takes a session back after a run: its step views are dropped in the background, then it waits for the
     * workspace's next run.
     *
     * @param session the session
     * @param cached the step views the run cached
     * @param steps the step views the run made
     */
    void giveBack(PooledSession session, List<String> cached, List<String> steps) {
        submit(session, () -> {
            try {
                for (String view : cached) {
                    session.spark().sql("UNCACHE TABLE IF EXISTS " + view);
                }
                for (String view : steps) {
                    session.spark().sql("DROP VIEW IF EXISTS " + view);
                }
            } catch (RuntimeException e) {
                LOG.debug("a Spark session could not drop a run's views: {}", e.toString());
                close(session);
                return;
            }
            PooledSession evicted = null;
            synchronized (this) {
                if (!closed) {
                    session.idle(System.nanoTime());
                    idle.addFirst(session);
                    if (idle.size() > MAX_IDLE) {
                        evicted = idle.removeLast();
                    }
                } else {
                    evicted = session;
                }
            }
            if (evicted != null) {
                close(evicted);
            }
        });
    }

    /**
     * Closes a session instead of keeping it, in the background.
     *
     * @param session the session
     */
    void discard(PooledSession session) {
        submit(session, () -> close(session));
    }

    /**
     * Closes the idle sessions of a workspace that closes.
     *
     * @param workspace the workspace's name
     */
    public void forget(String workspace) {
        List<PooledSession> gone = new ArrayList<>();
        synchronized (this) {
            idle.removeIf(session -> session.workspace().equals(workspace) && gone.add(session));
        }
        gone.forEach(this::discard);
    }

    /**
     * Counts the sessions waiting idle.
     *
     * @return the idle sessions
     */
    public synchronized int idle() {
        return idle.size();
    }

    /** Closes every idle session, and those given back from now on. */
    @Override
    public void close() {
        List<PooledSession> gone;
        synchronized (this) {
            closed = true;
            gone = new ArrayList<>(idle);
            idle.clear();
        }
        gone.forEach(this::discard);
        releaser.shutdown();
        try {
            if (!releaser.awaitTermination(30, TimeUnit.SECONDS)) {
                LOG.warn("Spark sessions were still being released after 30 s; leaving them to the server");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void submit(PooledSession session, Runnable work) {
        try {
            releaser.execute(work);
        } catch (RejectedExecutionException e) {
            close(session);
        }
    }

    private static void close(PooledSession session) {
        try {
            session.spark().close();
        } catch (IOException | RuntimeException e) {
            LOG.debug("a Spark Connect session did not close cleanly: {}", e.toString());
        }
    }
}

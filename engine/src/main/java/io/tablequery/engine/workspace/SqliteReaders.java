package io.tablequery.engine.workspace;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Deque;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The read-only SQLite connections a workspace keeps open between runs: at most {@value #KEPT} idle ones, the one
 * given back last lent first (its pages are the likeliest still cached). More runs at once simply open more
 * connections, which are closed when given back to a full pool.
 */
final class SqliteReaders implements AutoCloseable {
    static final int KEPT = 8;
    private static final Logger LOG = LoggerFactory.getLogger(SqliteReaders.class);

    private final Path file;
    private final String workspace;
    private final Deque<Connection> idle = new ConcurrentLinkedDeque<>();
    private final AtomicInteger idleCount = new AtomicInteger();
    private volatile boolean closed;

    SqliteReaders(Path file, String workspace) {
        this.file = file;
        this.workspace = workspace;
    }

    /** Lends a session, which borrows a kept connection or opens one at its first use. */
    SqliteSession lend() {
        return new SqliteSession(this);
    }

    /**
     * Takes a kept connection, or opens one.
     *
     * @throws io.tablequery.engine.error.EngineException STORAGE_FAILURE when the SQLite copy cannot be opened
     */
    Connection take() {
        Connection kept = idle.pollFirst();
        if (kept != null) {
            idleCount.decrementAndGet();
            return kept;
        }
        try {
            return Databases.openSqliteReader(file);
        } catch (SQLException e) {
            throw Databases.storageFailure("could not open the SQLite copy of workspace " + workspace, e);
        }
    }

    /** Keeps a connection that was reset, unless the pool is full or closed; closes it otherwise. */
    void giveBack(Connection connection, boolean reusable) {
        if (reusable && !closed) {
            if (idleCount.incrementAndGet() <= KEPT) {
                idle.offerFirst(connection);
                if (closed) {
                    drain();
                }
                return;
            }
            idleCount.decrementAndGet();
        }
        closeQuietly(connection);
    }

    /** Number of connections kept idle now. */
    int idle() {
        return idle.size();
    }

    @Override
    public void close() {
        closed = true;
        drain();
    }

    private void drain() {
        for (Connection connection; (connection = idle.pollFirst()) != null; ) {
            idleCount.decrementAndGet();
            closeQuietly(connection);
        }
    }

    private static void closeQuietly(Connection connection) {
        try {
            connection.close();
        } catch (SQLException e) {
            LOG.warn("could not close a SQLite reader", e);
        }
    }
}

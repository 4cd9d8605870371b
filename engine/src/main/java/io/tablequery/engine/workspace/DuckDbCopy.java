package io.tablequery.engine.workspace;

import io.tablequery.engine.catalog.CatalogErrorCode;
import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.store.DuckDbCatalog;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.duckdb.DuckDBConnection;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A workspace's DuckDB copy, opened at its first use rather than with the workspace: a command that reads only the
 * catalog or the SQLite copy (search-tables, get-schemas, run-sql on SQLite) never loads DuckDB. When it opens, the
 * copy is brought in line with the catalog before anyone uses it.
 */
final class DuckDbCopy implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(DuckDbCopy.class);

    /** What runs once on the opened copy before it is handed out: the repair from the catalog. */
    @FunctionalInterface
    interface OnOpen {
        void accept(DuckDBConnection connection) throws SQLException;
    }

    private final WorkspacePaths paths;
    private final WorkspaceOptions options;
    private final OnOpen onOpen;
    /** How long after the copy last answered {@link #get} hands it out without asking again. */
    static final long CHECK_EVERY_NANOS = 1_000_000_000L;

    private volatile DuckDBConnection connection;
    /** When the copy last answered the check, by {@link System#nanoTime}. */
    private volatile long answered;

    private boolean closed;

    DuckDbCopy(WorkspacePaths paths, WorkspaceOptions options, OnOpen onOpen) {
        this.paths = paths;
        this.options = options;
        this.onOpen = onOpen;
    }

    /** Tells whether the copy has been opened. */
    boolean isOpen() {
        return connection != null;
    }

    /**
     * Returns the open copy, opening and repairing it on first use, and again when DuckDB has invalidated it: after a
     * fatal error (an internal error, a failed checkpoint) DuckDB refuses every later query on that database, so a
     * copy that no longer answers {@code SELECT 1} is closed and opened anew. The check costs about a third of a
     * millisecond, so it runs at most once a second ({@link #CHECK_EVERY_NANOS}). DuckDB hands out the invalidated
     * database again while any connection to it is open; such connections are in flight, fail, and close, and the
     * request after them finds the copy reopened.
     *
     * @throws EngineException WORKSPACE_LOCKED when another process has the file open, STORAGE_FAILURE when it cannot
     *     be opened or repaired
     */
    DuckDBConnection get() {
        DuckDBConnection open = connection;
        if (open != null && (System.nanoTime() - answered < CHECK_EVERY_NANOS || answers(open))) {
            return open;
        }
        synchronized (this) {
            if (closed) {
                throw new IllegalStateException("the workspace " + paths.directory() + " is closed");
            }
            if (connection != null && !answers(connection)) {
                LOG.warn("the DuckDB copy {} no longer answers (DuckDB invalidated it); reopening it", paths.duckDb());
                closeQuietly(connection);
                connection = null;
            }
            if (connection == null) {
                DuckDBConnection opened = null;
                try {
                    opened = openFile();
                    DuckDbCatalog.initialize(opened);
                    onOpen.accept(opened);
                    answered = System.nanoTime();
                    connection = opened;
                } catch (SQLException e) {
                    closeQuietly(opened);
                    throw Databases.storageFailure("could not open the DuckDB copy of " + paths.directory(), e);
                } catch (RuntimeException e) {
                    closeQuietly(opened);
                    throw e;
                }
            }
            return connection;
        }
    }

    /** Tells whether a database answers a query, on a connection of its own so as not to share the caller's. */
    private boolean answers(DuckDBConnection open) {
        try (Connection probe = open.duplicate();
                Statement statement = probe.createStatement();
                ResultSet rs = statement.executeQuery("SELECT 1")) {
            rs.next();
            answered = System.nanoTime();
            return true;
        } catch (SQLException e) {
            return false;
        }
    }

    private DuckDBConnection openFile() throws SQLException {
        try {
            return Databases.openDuckDb(paths.duckDb(), paths.tmp(), options);
        } catch (SQLException e) {
            if (lockedElsewhere(paths.duckDb())) {
                throw new EngineException(
                        CatalogErrorCode.WORKSPACE_LOCKED,
                        "the DuckDB copy of workspace %s is open in another process: %s"
                                .formatted(paths.directory(), e.getMessage()),
                        e);
            }
            // The SQLite copy is the record: a DuckDB file that cannot be opened is set aside and rebuilt from it.
            Path aside = paths.duckDb().resolveSibling("tables.duckdb.damaged-" + System.currentTimeMillis());
            LOG.warn(
                    "the DuckDB copy {} cannot be opened ({}); moving it to {} and rebuilding it",
                    paths.duckDb(),
                    e.getMessage(),
                    aside.getFileName());
            try {
                Files.move(paths.duckDb(), aside);
                Files.deleteIfExists(paths.duckDb().resolveSibling("tables.duckdb.wal"));
            } catch (IOException io) {
                throw new SQLException("could not move the damaged DuckDB copy aside: " + io.getMessage(), io);
            }
            return Databases.openDuckDb(paths.duckDb(), paths.tmp(), options);
        }
    }

    /**
     * Tells whether another process holds a lock on the file, as DuckDB takes one on a database it opens: such a
     * file is in use, not damaged, and is never moved aside.
     */
    static boolean lockedElsewhere(Path file) {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            FileLock lock = channel.tryLock();
            if (lock == null) {
                return true;
            }
            lock.release();
            return false;
        } catch (OverlappingFileLockException e) {
            return true;
        } catch (IOException e) {
            // Missing or unreadable: not held by anyone, and opening it again says what is wrong.
            return false;
        }
    }

    @Override
    public synchronized void close() {
        closed = true;
        closeQuietly(connection);
        connection = null;
    }

    private static void closeQuietly(DuckDBConnection open) {
        if (open == null) {
            return;
        }
        try {
            open.close();
        } catch (SQLException e) {
            LOG.warn("could not close a DuckDB connection", e);
        }
    }
}

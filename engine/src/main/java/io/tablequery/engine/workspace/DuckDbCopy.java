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
import java.sql.SQLException;
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
    private volatile DuckDBConnection connection;
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
     * Returns the open copy, opening and repairing it on first use.
     *
     * @throws EngineException WORKSPACE_LOCKED when another process has the file open, STORAGE_FAILURE when it cannot
     *     be opened or repaired
     */
    DuckDBConnection get() {
        DuckDBConnection open = connection;
        if (open != null) {
            return open;
        }
        synchronized (this) {
            if (closed) {
                throw new IllegalStateException("the workspace " + paths.directory() + " is closed");
            }
            if (connection == null) {
                DuckDBConnection opened = null;
                try {
                    opened = openFile();
                    DuckDbCatalog.initialize(opened);
                    onOpen.accept(opened);
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

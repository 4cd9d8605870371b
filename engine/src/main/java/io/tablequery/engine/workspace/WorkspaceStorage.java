package io.tablequery.engine.workspace;

import io.tablequery.engine.catalog.CatalogErrorCode;
import io.tablequery.engine.catalog.CatalogStore;
import io.tablequery.engine.catalog.VersionStore;
import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.ingest.SourceIndex;
import io.tablequery.engine.natives.NativeLibraries;
import io.tablequery.engine.store.DuckDbStorage;
import io.tablequery.engine.store.ParallelTableWriter;
import io.tablequery.engine.store.StoredColumn;
import io.tablequery.engine.store.TableIndex;
import java.io.IOException;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;
import org.duckdb.DuckDBConnection;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where a workspace's tables are kept: its directory, held by this process through the workspace lock; the SQLite
 * copy with its one write connection and the read connections lent for runs; and the DuckDB copy, opened at its first
 * use. Changes are serialized by the write lock; the two locks are always taken write lock first.
 */
final class WorkspaceStorage implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(WorkspaceStorage.class);

    private final String name;
    private final WorkspacePaths paths;
    private final WorkspaceOptions options;
    private final WorkspaceLock lock;
    private final Connection sqlite;
    private final SqliteReaders readers;
    private final DuckDbCopy duckDb;
    private final ReentrantLock writeLock = new ReentrantLock();

    private WorkspaceStorage(
            String name,
            WorkspacePaths paths,
            WorkspaceOptions options,
            WorkspaceLock lock,
            Connection sqlite,
            DuckDbCopy.OnOpen repair) {
        this.name = name;
        this.paths = paths;
        this.options = options;
        this.lock = lock;
        this.sqlite = sqlite;
        this.readers = new SqliteReaders(paths.sqlite(), name);
        this.duckDb = new DuckDbCopy(paths, options, repair);
    }

    /**
     * Takes the workspace directory for this process, creating it when new, and opens the SQLite copy with the
     * catalog's tables in it.
     *
     * @param name the workspace name
     * @param paths where its files are
     * @param options how to open it
     * @param repair what brings the DuckDB copy in line with the catalog when it opens
     * @return the storage
     * @throws EngineException WORKSPACE_LOCKED when another process holds it, STORAGE_FAILURE when it cannot be
     *     opened
     */
    static WorkspaceStorage open(
            String name, WorkspacePaths paths, WorkspaceOptions options, DuckDbCopy.OnOpen repair) {
        WorkspaceLock lock = null;
        Connection sqlite = null;
        try {
            Files.createDirectories(paths.files());
            Files.createDirectories(paths.tmp());
            lock = WorkspaceLock.acquire(paths, name);
            NativeLibraries.prepare();
            sqlite = Databases.openSqliteWriter(paths.sqlite());
            CatalogStore.createSchema(sqlite);
            VersionStore.createSchema(sqlite);
            return new WorkspaceStorage(name, paths, options, lock, sqlite, repair);
        } catch (IOException e) {
            closeAll(sqlite, lock);
            throw new EngineException(
                    CatalogErrorCode.STORAGE_FAILURE,
                    "could not open workspace %s: %s".formatted(paths.directory(), e.getMessage()),
                    e);
        } catch (SQLException e) {
            closeAll(sqlite, lock);
            throw Databases.storageFailure("could not open workspace " + paths.directory(), e);
        } catch (RuntimeException e) {
            closeAll(sqlite, lock);
            throw e;
        }
    }

    String name() {
        return name;
    }

    WorkspacePaths paths() {
        return paths;
    }

    WorkspaceOptions options() {
        return options;
    }

    WorkspaceLock lock() {
        return lock;
    }

    boolean isOpen() {
        return lock.isOpen();
    }

    /** The write connection to the SQLite copy; used under the write lock. */
    Connection writer() {
        return sqlite;
    }

    /** Runs work under the write lock, which serializes uploads, deletions, exports and closing. */
    <T> T write(Supplier<T> work) {
        writeLock.lock();
        try {
            return work.get();
        } finally {
            writeLock.unlock();
        }
    }

    Connection openSqliteReader() {
        try {
            return Databases.openSqliteReader(paths.sqlite());
        } catch (SQLException e) {
            throw Databases.storageFailure("could not open the SQLite copy of workspace " + name, e);
        }
    }

    SqliteSession sqliteSession() {
        return readers.lend();
    }

    DuckDBConnection openDuckDb() {
        try {
            return duckDb().duplicate();
        } catch (SQLException e) {
            throw Databases.storageFailure("could not open the DuckDB copy of workspace " + name, e);
        }
    }

    /** Tells whether this process has opened the DuckDB copy yet. */
    boolean duckDbOpen() {
        return duckDb.isOpen();
    }

    /**
     * The DuckDB copy, opened at its first use; opening it asks the follower to check it against the catalog. Only the
     * follower writes it ({@link DuckDbFollower}), so opening needs no write lock.
     */
    DuckDBConnection duckDb() {
        return duckDb.get();
    }

    /** Checkpoints the SQLite copy's WAL, which the write connection's commits leave to this. */
    void checkpointSqlite() {
        try {
            Databases.checkpoint(paths.sqlite());
        } catch (SQLException e) {
            LOG.warn(
                    "workspace {}: the SQLite copy's WAL could not be checkpointed; the next pass tries again",
                    name,
                    e);
        }
    }

    /** Runs work in one SQLite transaction, rolled back when it fails. */
    void inTransaction(SqlWork work) {
        try {
            sqlite.setAutoCommit(false);
            try {
                work.run();
                sqlite.commit();
            } catch (SQLException | RuntimeException e) {
                sqlite.rollback();
                throw e;
            } finally {
                sqlite.setAutoCommit(true);
            }
        } catch (SQLException e) {
            throw Databases.storageFailure("could not update workspace " + name, e);
        }
    }

    /**
     * Opens the writers of one table of an upload: its SQLite copy, with the indexes its reader proposed, and the
     * spool its DuckDB copy is loaded from after the commit.
     */
    ParallelTableWriter openWriter(
            int fileNumber,
            int sheetNumber,
            int part,
            String sqliteName,
            List<StoredColumn> columns,
            List<SourceIndex<String>> indexColumns) {
        List<TableIndex> indexes = new ArrayList<>();
        for (SourceIndex<String> index : indexColumns) {
            indexes.add(new TableIndex(
                    "tq_index_%d_%d_%d_%d".formatted(fileNumber, sheetNumber, part + 1, indexes.size() + 1),
                    index.columns(),
                    index.unique(),
                    index.rowidAlias()));
        }
        String storageName = DuckDbStorage.storageName(fileNumber, sheetNumber, part);
        return ParallelTableWriter.open(
                sqlite,
                sqliteName,
                storageName,
                columns,
                indexes,
                options.ingest().batchRows(),
                paths.tmp().resolve("spool-" + storageName + ".arrow"));
    }

    /** Closes the connections and lets the directory go; waits for a change in progress. */
    @Override
    public void close() {
        write(() -> {
            if (lock.isOpen()) {
                readers.close();
                duckDb.close();
                closeAll(sqlite, lock);
            }
            return null;
        });
    }

    private static void closeAll(Connection sqlite, WorkspaceLock lock) {
        try {
            if (sqlite != null) {
                sqlite.close();
            }
        } catch (SQLException e) {
            LOG.warn("could not close a SQLite connection", e);
        }
        if (lock != null) {
            lock.close();
        }
    }

    /** SQL work inside a transaction. */
    @FunctionalInterface
    interface SqlWork {
        void run() throws SQLException;
    }
}

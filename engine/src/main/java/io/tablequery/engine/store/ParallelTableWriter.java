package io.tablequery.engine.store;

import io.tablequery.engine.catalog.CatalogErrorCode;
import io.tablequery.engine.catalog.ColumnType;
import io.tablequery.engine.catalog.TableProfile;
import io.tablequery.engine.error.EngineException;
import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.duckdb.DuckDBConnection;

/**
 * Writes a table to the SQLite and DuckDB copies at once: each copy has its own thread and a small bounded queue of
 * batches, so memory stays bounded and the slower copy sets the pace. It also profiles the table's columns: a small
 * table's on the way in ({@link ProfileAccumulator}), a large one's from its DuckDB copy on the DuckDB thread once
 * the rows are written. {@link #finish()} returns when both copies hold every row; the profile of a large table may
 * still be running then, so that the caller commits the SQLite copy while DuckDB profiles, and collects it with
 * {@link #profile()}.
 */
public final class ParallelTableWriter implements TableWriter {
    private static final Object END = new Object();
    private static final Object ABORT = new Object();
    private static final int QUEUE_BATCHES = 4;

    private final String storageName;
    private final List<ColumnType> types;
    private final int batchRows;
    private final SqliteStageWriter sqlite;
    private final DuckDbStageWriter duckDb;
    private final DuckDBConnection duckDbConnection;
    private final BlockingQueue<Object> sqliteQueue = new ArrayBlockingQueue<>(QUEUE_BATCHES);
    private final BlockingQueue<Object> duckDbQueue = new ArrayBlockingQueue<>(QUEUE_BATCHES);
    private final Thread sqliteThread;
    private final Thread duckDbThread;
    private final List<StoredColumn> columns;
    private final ProfileAccumulator accumulator;
    private final CountDownLatch duckDbWritten = new CountDownLatch(1);
    private volatile TableProfile profile;
    private volatile Throwable profileFailure;
    private volatile Throwable failure;
    private volatile long sqliteRows = -1;
    private volatile long duckDbRows = -1;
    private volatile boolean duckDbStopped;
    private volatile boolean duckDbEnded;
    private boolean done;
    private boolean connectionClosed;

    private ParallelTableWriter(
            String storageName,
            List<StoredColumn> columns,
            int batchRows,
            SqliteStageWriter sqlite,
            DuckDbStageWriter duckDb,
            DuckDBConnection duckDbConnection) {
        this.storageName = storageName;
        this.types = columns.stream().map(StoredColumn::type).toList();
        this.columns = List.copyOf(columns);
        this.accumulator = new ProfileAccumulator(columns);
        this.batchRows = batchRows;
        this.sqlite = sqlite;
        this.duckDb = duckDb;
        this.duckDbConnection = duckDbConnection;
        this.sqliteThread = new Thread(this::runSqlite, "tq-sqlite-writer-" + storageName);
        this.duckDbThread = new Thread(this::runDuckDb, "tq-duckdb-writer-" + storageName);
    }

    /**
     * Creates both tables and starts the writing threads.
     *
     * @param sqliteConnection the upload's SQLite connection, inside its transaction; used only by this writer until
     *     {@link #finish()} or {@link #abort()} returns
     * @param duckDb the workspace's DuckDB connection; the writer works on a duplicate of it
     * @param stageTable the SQLite stage table
     * @param storageName the DuckDB physical table
     * @param columns the columns
     * @param indexes the indexes of the SQLite copy
     * @param batchRows rows per batch
     * @return the running writer
     */
    public static ParallelTableWriter open(
            Connection sqliteConnection,
            DuckDBConnection duckDb,
            String stageTable,
            String storageName,
            List<StoredColumn> columns,
            List<TableIndex> indexes,
            int batchRows) {
        DuckDBConnection duplicate = null;
        try {
            duplicate = duckDb.duplicate();
            SqliteStageWriter sqlite = new SqliteStageWriter(sqliteConnection, stageTable, columns, indexes);
            DuckDbStageWriter duck = new DuckDbStageWriter(duplicate, storageName, columns);
            sqlite.create();
            duck.create();
            ParallelTableWriter writer =
                    new ParallelTableWriter(storageName, columns, batchRows, sqlite, duck, duplicate);
            writer.sqliteThread.start();
            writer.duckDbThread.start();
            return writer;
        } catch (SQLException e) {
            closeQuietly(duplicate);
            throw new EngineException(
                    CatalogErrorCode.STORAGE_FAILURE,
                    "could not create table " + storageName + ": " + e.getMessage(),
                    e);
        }
    }

    @Override
    public ColumnBatch newBatch() {
        return new ColumnBatch(types, batchRows);
    }

    @Override
    public void write(ColumnBatch batch) {
        if (batch.size() == 0) {
            return;
        }
        put(sqliteQueue, batch);
        put(duckDbQueue, batch);
        accumulator.add(batch);
    }

    /**
     * Returns the column profiles of the rows written, if they are ready: a small table's, computed on their way in,
     * are ready when {@link #finish()} returns.
     *
     * @return the profile, or empty while it is still being computed or when the table was not written to the end
     */
    public Optional<TableProfile> readyProfile() {
        return Optional.ofNullable(profile);
    }

    /**
     * Waits for the column profiles of the rows written, once {@link #finish()} returned: computed on their way in
     * for a small table, else from the DuckDB copy by the DuckDB thread after it wrote the last row.
     *
     * @return the profile, or empty when the table was not written to the end
     * @throws EngineException STORAGE_FAILURE when profiling the DuckDB copy failed
     */
    public Optional<TableProfile> profile() {
        awaitIdle();
        Throwable cause = profileFailure;
        if (cause != null) {
            throw new EngineException(
                    CatalogErrorCode.STORAGE_FAILURE,
                    "could not profile table %s: %s".formatted(storageName, cause.getMessage()),
                    cause);
        }
        return Optional.ofNullable(profile);
    }

    /** Waits until neither thread runs, and closes the DuckDB connection; for when the upload ends either way. */
    public void awaitIdle() {
        join();
        synchronized (this) {
            if (!connectionClosed) {
                connectionClosed = true;
                closeQuietly(duckDbConnection);
            }
        }
    }

    /**
     * Waits until both copies hold every row; the profile of a large table may still be running on the DuckDB
     * thread ({@link #profile()}).
     */
    @Override
    public long finish() {
        put(sqliteQueue, END);
        put(duckDbQueue, END);
        awaitWritten();
        done = true;
        if (failure != null || sqliteRows != duckDbRows) {
            awaitIdle();
        }
        throwIfFailed();
        if (sqliteRows != duckDbRows) {
            throw new EngineException(
                    CatalogErrorCode.STORAGE_FAILURE,
                    "table %s: SQLite received %d rows, DuckDB %d".formatted(storageName, sqliteRows, duckDbRows));
        }
        return sqliteRows;
    }

    @Override
    public void abort() {
        if (done) {
            // Finished: the caller drops the tables; only the profile may still be running.
            awaitIdle();
            return;
        }
        done = true;
        sqliteQueue.clear();
        duckDbQueue.clear();
        sqliteQueue.offer(ABORT);
        duckDbQueue.offer(ABORT);
        join();
        try {
            sqlite.drop();
            duckDb.drop();
        } catch (SQLException e) {
            throw new EngineException(
                    CatalogErrorCode.STORAGE_FAILURE,
                    "could not drop table %s: %s".formatted(storageName, e.getMessage()),
                    e);
        } finally {
            awaitIdle();
        }
    }

    private void runSqlite() {
        try {
            for (Object item = sqliteQueue.take(); item != END; item = sqliteQueue.take()) {
                if (item == ABORT) {
                    return;
                }
                sqlite.append((ColumnBatch) item);
            }
            sqliteRows = sqlite.finish();
        } catch (Throwable e) {
            fail(e);
        }
    }

    private void runDuckDb() {
        long rows;
        try {
            rows = duckDb.insertFrom(this::nextForDuckDb);
            Optional<TableProfile> seen = accumulator.profile();
            if (seen.isPresent()) {
                profile = seen.get();
            }
            duckDbRows = rows;
        } catch (Throwable e) {
            if (!done) {
                fail(e);
            }
            return;
        } finally {
            duckDbWritten.countDown();
        }
        if (profile != null) {
            return;
        }
        try {
            profile =
                    TableProfiler.profile(duckDbConnection, storageName, columns, rows, TableProfiler.LONG_FORM_CELLS);
        } catch (Throwable e) {
            profileFailure = e;
        }
    }

    /**
     * Hands DuckDB its next batch. DuckDB may ask again after an error or after the end, so both are sticky: once
     * stopped every call fails at once, once ended every call returns null.
     */
    private ColumnBatch nextForDuckDb() throws IOException {
        if (duckDbStopped) {
            throw new IOException("write of " + storageName + " stopped");
        }
        if (duckDbEnded) {
            return null;
        }
        try {
            Object item = duckDbQueue.take();
            if (item == ABORT) {
                duckDbStopped = true;
                throw new IOException("write of " + storageName + " stopped");
            }
            if (item == END) {
                duckDbEnded = true;
                return null;
            }
            return (ColumnBatch) item;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            duckDbStopped = true;
            throw new IOException("interrupted", e);
        }
    }

    private void fail(Throwable e) {
        if (failure == null) {
            failure = e;
        }
        // Unblock the producer and the other thread.
        sqliteQueue.clear();
        duckDbQueue.clear();
        sqliteQueue.offer(ABORT);
        duckDbQueue.offer(ABORT);
    }

    private void put(BlockingQueue<Object> queue, Object item) {
        try {
            while (!queue.offer(item, 50, TimeUnit.MILLISECONDS)) {
                throwIfFailed();
            }
            throwIfFailed();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new EngineException(CatalogErrorCode.STORAGE_FAILURE, "interrupted while writing " + storageName, e);
        }
    }

    private void throwIfFailed() {
        Throwable cause = failure;
        if (cause != null) {
            throw new EngineException(
                    CatalogErrorCode.STORAGE_FAILURE,
                    "could not write table %s: %s".formatted(storageName, cause.getMessage()),
                    cause);
        }
    }

    private void awaitWritten() {
        try {
            sqliteThread.join();
            duckDbWritten.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new EngineException(CatalogErrorCode.STORAGE_FAILURE, "interrupted while writing " + storageName, e);
        }
    }

    private void join() {
        try {
            sqliteThread.join();
            duckDbThread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new EngineException(CatalogErrorCode.STORAGE_FAILURE, "interrupted while writing " + storageName, e);
        }
    }

    private static void closeQuietly(DuckDBConnection connection) {
        if (connection != null) {
            try {
                connection.close();
            } catch (SQLException e) {
                // Closing a duplicate that failed to open or already failed changes nothing for the caller.
            }
        }
    }
}

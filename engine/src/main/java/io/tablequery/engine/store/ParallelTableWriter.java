package io.tablequery.engine.store;

import io.tablequery.engine.catalog.CatalogErrorCode;
import io.tablequery.engine.catalog.ColumnType;
import io.tablequery.engine.catalog.TableProfile;
import io.tablequery.engine.error.EngineException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Writes a table's SQLite copy, and its rows for the DuckDB copy to a spool file ({@link ArrowBatches#spool}), at
 * once: each has its own thread and a small bounded queue of batches, so memory stays bounded and the slower sets the
 * pace. The DuckDB copy is loaded from the spool after the upload commits ({@link DuckDbRebuilder#load}), so an upload
 * answers once its SQLite copy commits. A small table is also profiled on its way in ({@link ProfileAccumulator}); a
 * large one is profiled from its DuckDB copy once that is made.
 */
public final class ParallelTableWriter implements TableWriter {
    private static final Object END = new Object();
    private static final Object ABORT = new Object();
    private static final int QUEUE_BATCHES = 4;

    private final String storageName;
    private final List<ColumnType> types;
    private final int batchRows;
    private final SqliteStageWriter sqlite;
    private final List<StoredColumn> columns;
    private final Path spool;
    private final BlockingQueue<Object> sqliteQueue = new ArrayBlockingQueue<>(QUEUE_BATCHES);
    private final BlockingQueue<Object> spoolQueue = new ArrayBlockingQueue<>(QUEUE_BATCHES);
    private final Thread sqliteThread;
    private final Thread spoolThread;
    private final ProfileAccumulator accumulator;
    private volatile TableProfile profile;
    private volatile Throwable failure;
    private volatile long sqliteRows = -1;
    private volatile long spoolRows = -1;
    private volatile boolean spoolStopped;
    private volatile boolean spoolEnded;
    private boolean done;

    private ParallelTableWriter(
            String storageName, List<StoredColumn> columns, int batchRows, SqliteStageWriter sqlite, Path spool) {
        this.storageName = storageName;
        this.types = columns.stream().map(StoredColumn::type).toList();
        this.columns = List.copyOf(columns);
        this.accumulator = new ProfileAccumulator(columns);
        this.batchRows = batchRows;
        this.sqlite = sqlite;
        this.spool = spool;
        this.sqliteThread = new Thread(this::runSqlite, "tq-sqlite-writer-" + storageName);
        this.spoolThread = new Thread(this::runSpool, "tq-spool-writer-" + storageName);
    }

    /**
     * Creates the SQLite table and starts the writing threads.
     *
     * @param sqliteConnection the upload's SQLite connection, inside its transaction; used only by this writer until
     *     {@link #finish()} or {@link #abort()} returns
     * @param stageTable the SQLite table
     * @param storageName the DuckDB physical table the spool is for
     * @param columns the columns
     * @param indexes the indexes of the SQLite copy
     * @param batchRows rows per batch
     * @param spool the spool file to write, which must not exist
     * @return the running writer
     */
    public static ParallelTableWriter open(
            Connection sqliteConnection,
            String stageTable,
            String storageName,
            List<StoredColumn> columns,
            List<TableIndex> indexes,
            int batchRows,
            Path spool) {
        try {
            SqliteStageWriter sqlite = new SqliteStageWriter(sqliteConnection, stageTable, columns, indexes);
            sqlite.create();
            ParallelTableWriter writer = new ParallelTableWriter(storageName, columns, batchRows, sqlite, spool);
            writer.sqliteThread.start();
            writer.spoolThread.start();
            return writer;
        } catch (SQLException e) {
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
        put(spoolQueue, batch);
        accumulator.add(batch);
    }

    /**
     * Returns the column profiles of the rows written, made on their way in: a small table's, ready when {@link
     * #finish()} returns.
     *
     * @return the profile, or empty for a table too large to profile on the way in (or not written to the end)
     */
    public Optional<TableProfile> readyProfile() {
        return Optional.ofNullable(profile);
    }

    /** Returns the spool the DuckDB copy is to be loaded from, complete once {@link #finish()} returned. */
    public Path spool() {
        return spool;
    }

    /** Waits until both threads stopped; for when the upload ends either way. */
    public void awaitIdle() {
        join();
    }

    /** Waits until the SQLite copy and the spool hold every row. */
    @Override
    public long finish() {
        put(sqliteQueue, END);
        put(spoolQueue, END);
        join();
        done = true;
        throwIfFailed();
        if (sqliteRows != spoolRows) {
            throw new EngineException(
                    CatalogErrorCode.STORAGE_FAILURE,
                    "table %s: SQLite received %d rows, the spool %d".formatted(storageName, sqliteRows, spoolRows));
        }
        accumulator.profile().ifPresent(made -> profile = made);
        return sqliteRows;
    }

    @Override
    public void abort() {
        if (!done) {
            done = true;
            sqliteQueue.clear();
            spoolQueue.clear();
            sqliteQueue.offer(ABORT);
            spoolQueue.offer(ABORT);
            join();
        }
        try {
            sqlite.drop();
            Files.deleteIfExists(spool);
        } catch (SQLException | IOException e) {
            throw new EngineException(
                    CatalogErrorCode.STORAGE_FAILURE,
                    "could not drop table %s: %s".formatted(storageName, e.getMessage()),
                    e);
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

    private void runSpool() {
        try {
            spoolRows = ArrowBatches.spool(columns, this::nextForSpool, spool);
        } catch (Throwable e) {
            if (!done) {
                fail(e);
            }
        }
    }

    /** Hands the spool its next batch; once stopped every call fails, once ended every call returns null. */
    private ColumnBatch nextForSpool() throws IOException {
        if (spoolStopped) {
            throw new IOException("write of " + storageName + " stopped");
        }
        if (spoolEnded) {
            return null;
        }
        try {
            Object item = spoolQueue.take();
            if (item == ABORT) {
                spoolStopped = true;
                throw new IOException("write of " + storageName + " stopped");
            }
            if (item == END) {
                spoolEnded = true;
                return null;
            }
            return (ColumnBatch) item;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            spoolStopped = true;
            throw new IOException("interrupted", e);
        }
    }

    private void fail(Throwable e) {
        if (failure == null) {
            failure = e;
        }
        // Unblock the producer and the other thread.
        sqliteQueue.clear();
        spoolQueue.clear();
        sqliteQueue.offer(ABORT);
        spoolQueue.offer(ABORT);
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

    private void join() {
        try {
            sqliteThread.join();
            spoolThread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new EngineException(CatalogErrorCode.STORAGE_FAILURE, "interrupted while writing " + storageName, e);
        }
    }
}

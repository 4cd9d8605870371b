package io.tablequery.engine.store;

/**
 * Writes one table to both copies. Batches go in order; {@link #finish()} waits until both copies hold every row;
 * {@link #abort()} stops and removes whatever was written.
 */
public interface TableWriter {
    /**
     * Returns an empty batch shaped for this table.
     *
     * @return a new batch
     */
    ColumnBatch newBatch();

    /**
     * Writes a batch, waiting while the storage threads catch up.
     *
     * @param batch the batch; it must not change afterwards
     */
    void write(ColumnBatch batch);

    /**
     * Waits for both copies to be complete.
     *
     * @return the number of rows written
     */
    long finish();

    /** Stops writing and drops both copies' tables; safe to call more than once. */
    void abort();
}

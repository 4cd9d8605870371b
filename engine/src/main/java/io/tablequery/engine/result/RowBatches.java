package io.tablequery.engine.result;

import org.apache.arrow.memory.BufferAllocator;

/** Where a table's rows come from as Arrow batches, on whichever engine holds them. */
@FunctionalInterface
public interface RowBatches {
    /**
     * Streams the first rows as Arrow batches.
     *
     * @param maxRows the most rows to read
     * @param allocator where the batches take memory from
     * @param batchRows the rows per batch
     * @param consumer takes each batch; returning false stops the stream
     */
    void stream(long maxRows, BufferAllocator allocator, int batchRows, ArrowRows.BatchConsumer consumer);
}

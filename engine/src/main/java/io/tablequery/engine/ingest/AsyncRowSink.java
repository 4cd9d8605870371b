package io.tablequery.engine.ingest;

import io.tablequery.engine.error.EngineException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Hands rows from a reader's thread to a second thread that runs the downstream sink, so parsing the file and
 * classifying its cells run on two cores at once. Rows travel in blocks of reused {@link RawRow}s; a bounded queue
 * keeps memory bounded. A failure downstream surfaces in the reader's thread at its next call.
 */
final class AsyncRowSink implements RowSink, AutoCloseable {
    private static final int BLOCK_ROWS = 256;
    private static final int QUEUE_BLOCKS = 4;

    private final RowSink downstream;
    private final BlockingQueue<Block> full = new ArrayBlockingQueue<>(QUEUE_BLOCKS + 1);
    private final BlockingQueue<Block> empty = new ArrayBlockingQueue<>(QUEUE_BLOCKS + 2);
    private final Thread consumer;
    private volatile Throwable failure;
    private volatile boolean cancelled;
    private Block current;

    private static final class Block {
        final RawRow[] rows = new RawRow[BLOCK_ROWS];
        int size;
        List<CellRange> end;

        Block() {
            for (int i = 0; i < rows.length; i++) {
                rows[i] = new RawRow();
            }
        }
    }

    AsyncRowSink(RowSink downstream, String name) {
        this.downstream = downstream;
        for (int i = 0; i < QUEUE_BLOCKS + 2; i++) {
            empty.add(new Block());
        }
        this.consumer = new Thread(this::consume, "tq-ingest-" + name);
        this.consumer.setDaemon(true);
        this.consumer.start();
    }

    @Override
    public void row(RawRow row) {
        if (current == null) {
            current = take(empty);
            current.size = 0;
            current.end = null;
        }
        current.rows[current.size++].copyFrom(row);
        if (current.size == BLOCK_ROWS) {
            put(current);
            current = null;
        }
    }

    @Override
    public void end(List<CellRange> mergedRegions) {
        if (current == null) {
            current = take(empty);
            current.size = 0;
        }
        current.end = new ArrayList<>(mergedRegions);
        put(current);
        current = null;
        join();
        rethrow();
    }

    /** Stops the consumer without finishing the sheet, and waits for it. */
    @Override
    public void close() {
        cancelled = true;
        consumer.interrupt();
        join();
    }

    private void consume() {
        try {
            while (!cancelled) {
                Block block = full.take();
                for (int i = 0; i < block.size && !cancelled; i++) {
                    downstream.row(block.rows[i]);
                }
                if (block.end != null) {
                    if (!cancelled) {
                        downstream.end(block.end);
                    }
                    return;
                }
                empty.put(block);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Throwable e) {
            failure = e;
        }
    }

    private Block take(BlockingQueue<Block> queue) {
        try {
            while (true) {
                rethrow();
                Block block = queue.poll(50, TimeUnit.MILLISECONDS);
                if (block != null) {
                    return block;
                }
                if (!consumer.isAlive()) {
                    rethrow();
                    throw new IllegalStateException("the ingest thread stopped");
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while reading", e);
        }
    }

    private void put(Block block) {
        try {
            while (!full.offer(block, 50, TimeUnit.MILLISECONDS)) {
                rethrow();
                if (!consumer.isAlive()) {
                    throw new IllegalStateException("the ingest thread stopped");
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while reading", e);
        }
    }

    private void join() {
        try {
            consumer.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the ingest thread", e);
        }
    }

    private void rethrow() {
        Throwable e = failure;
        if (e instanceof EngineException engine) {
            throw engine;
        }
        if (e instanceof RuntimeException runtime) {
            throw runtime;
        }
        if (e instanceof Error error) {
            throw error;
        }
        if (e != null) {
            throw new IllegalStateException(e);
        }
    }
}

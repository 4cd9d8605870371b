package io.tablequery.engine.ingest;

import io.tablequery.engine.store.ColumnBatch;
import io.tablequery.engine.store.TableWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * The rows going to one stored table: its writer, opened at the first row, the batch being filled, and the row
 * numbers written, so the report can name them.
 */
final class TableOutput {
    private static final int LISTED_ROWS = 1000;

    private final Supplier<PartWriters.Opened> opener;
    private final List<Long> listedRows = new ArrayList<>();
    private TableWriter writer;
    private int part = -1;
    private ColumnBatch batch;
    private long rows;
    private long firstRow = -1;
    private long lastRow = -1;
    private boolean stopped;

    TableOutput(Supplier<PartWriters.Opened> opener) {
        this.opener = opener;
    }

    /** Opens the writer now, so that a table without rows still exists. */
    void open() {
        if (writer == null && !stopped) {
            PartWriters.Opened opened = opener.get();
            part = opened.part();
            writer = opened.writer();
            batch = writer.newBatch();
        }
    }

    /**
     * Starts a row and returns its index in the current batch, or -1 once the output stopped.
     *
     * @param rowNumber the row's number in its sheet
     */
    int addRow(long rowNumber) {
        countRow(rowNumber);
        if (stopped) {
            return -1;
        }
        open();
        return batch.addRow(rowNumber);
    }

    /** Counts a row that is not written (a table without columns writes nothing). */
    void countRow(long rowNumber) {
        rows++;
        if (firstRow < 0) {
            firstRow = rowNumber;
        }
        lastRow = rowNumber;
        if (listedRows.size() < LISTED_ROWS) {
            listedRows.add(rowNumber);
        }
    }

    /** The batch the last {@link #addRow} started a row in. */
    ColumnBatch batch() {
        return batch;
    }

    /** Hands the batch to the writer once it is full. */
    void endRow() {
        if (!stopped && batch.isFull()) {
            writer.write(batch);
            batch = writer.newBatch();
        }
    }

    /** Waits for the table to be complete and returns the rows it holds. */
    long finish() {
        if (writer == null) {
            return 0;
        }
        writer.write(batch);
        long written = writer.finish();
        writer = null;
        return written;
    }

    /** Stops writing and drops what was written; the rows are still counted. */
    void abort() {
        stopped = true;
        if (writer != null) {
            TableWriter stopping = writer;
            writer = null;
            stopping.abort();
        }
    }

    boolean stopped() {
        return stopped;
    }

    /** The table's part number within its sheet, or -1 when it was never opened. */
    int part() {
        return part;
    }

    long rows() {
        return rows;
    }

    long firstRow() {
        return firstRow;
    }

    long lastRow() {
        return lastRow;
    }

    /** The numbers of the first rows written, up to a thousand. */
    List<Long> listedRows() {
        return List.copyOf(listedRows);
    }
}

package io.tablequery.engine.duck;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.channels.Channels;
import java.sql.SQLException;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.duckdb.DuckDBResultSet;

/** Copies a DuckDB result into an Arrow IPC stream batch by batch, without converting a value. */
public final class ArrowStreams {
    /** Rows per batch DuckDB exports. */
    static final int BATCH_ROWS = 64 * 1024;

    private ArrowStreams() {}

    /**
     * Writes a result as an Arrow IPC stream.
     *
     * @param rs a DuckDB result, not yet read
     * @param maxRows the most rows to write
     * @param out where the stream goes
     * @return the rows written and whether the result had more
     * @throws SQLException when DuckDB fails while producing the result
     */
    public static ArrowExport write(DuckDBResultSet rs, long maxRows, OutputStream out) throws SQLException {
        try (BufferAllocator allocator = new RootAllocator();
                ArrowReader reader = (ArrowReader) rs.arrowExportStream(allocator, BATCH_ROWS)) {
            VectorSchemaRoot root = reader.getVectorSchemaRoot();
            try (ArrowStreamWriter writer = new ArrowStreamWriter(root, null, Channels.newChannel(out))) {
                writer.start();
                long rows = 0;
                boolean truncated = false;
                while (reader.loadNextBatch()) {
                    int batch = root.getRowCount();
                    if (rows + batch > maxRows) {
                        root.setRowCount((int) (maxRows - rows));
                        writer.writeBatch();
                        rows = maxRows;
                        truncated = true;
                        break;
                    }
                    writer.writeBatch();
                    rows += batch;
                }
                writer.end();
                return new ArrowExport(rows, truncated, null);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not write the Arrow stream: " + e.getMessage(), e);
        }
    }
}

package io.tablequery.engine.result;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.channels.Channels;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import org.apache.arrow.adapter.jdbc.ArrowVectorIterator;
import org.apache.arrow.adapter.jdbc.JdbcToArrow;
import org.apache.arrow.adapter.jdbc.JdbcToArrowConfig;
import org.apache.arrow.adapter.jdbc.JdbcToArrowUtils;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.duckdb.DuckDBResultSet;

/**
 * Writes a whole result as an Arrow IPC stream, batch by batch, up to a number of rows: a DuckDB result through its
 * own Arrow export (no value is converted), any other JDBC result (SQLite's) through arrow-jdbc with the column types
 * the caller chose.
 */
public final class ArrowStreams {
    /** Rows per batch. */
    static final int BATCH_ROWS = 64 * 1024;

    private ArrowStreams() {}

    /**
     * What a stream holds.
     *
     * @param rows the rows written
     * @param truncated whether the result had more rows than the cap and the stream stops at it
     */
    public record Written(long rows, boolean truncated) {}

    /**
     * Writes a DuckDB result as an Arrow IPC stream.
     *
     * @param rs a DuckDB result, not yet read
     * @param maxRows the most rows to write
     * @param out where the stream goes
     * @return the rows written and whether the result had more
     * @throws SQLException when DuckDB fails while producing the result
     */
    public static Written write(DuckDBResultSet rs, long maxRows, OutputStream out) throws SQLException {
        try (BufferAllocator allocator = new RootAllocator();
                ArrowReader reader = (ArrowReader) rs.arrowExportStream(allocator, BATCH_ROWS)) {
            VectorSchemaRoot root = reader.getVectorSchemaRoot();
            try (ArrowStreamWriter writer = new ArrowStreamWriter(root, reader, Channels.newChannel(out))) {
                writer.start();
                Written written = new Written(0, false);
                while (!written.truncated() && reader.loadNextBatch()) {
                    written = writeBatch(writer, root, written.rows(), maxRows);
                }
                writer.end();
                return written;
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not write the Arrow stream: " + e.getMessage(), e);
        }
    }

    /**
     * Writes a JDBC result as an Arrow IPC stream, reading each column as the given Arrow type.
     *
     * @param rs a result, not yet read
     * @param types each column's Arrow type: {@code Int(64)}, {@code FloatingPoint(DOUBLE)} or {@code Utf8}
     * @param maxRows the most rows to write
     * @param out where the stream goes
     * @return the rows written and whether the result had more
     * @throws SQLException when reading fails
     */
    public static Written write(ResultSet rs, List<ArrowType> types, long maxRows, OutputStream out)
            throws SQLException {
        try (BufferAllocator allocator = new RootAllocator()) {
            JdbcToArrowConfig config =
                    ArrowRows.config(allocator, BATCH_ROWS, true, field -> types.get(field.getColumn() - 1));
            try (ArrowVectorIterator batches = JdbcToArrow.sqlToArrowVectorIterator(rs, config);
                    VectorSchemaRoot empty = VectorSchemaRoot.create(
                            JdbcToArrowUtils.jdbcToArrowSchema(rs.getMetaData(), config), allocator)) {
                VectorSchemaRoot root = batches.hasNext() ? batches.next() : empty;
                try (ArrowStreamWriter writer = new ArrowStreamWriter(root, null, Channels.newChannel(out))) {
                    writer.start();
                    Written written = new Written(0, false);
                    if (root != empty) {
                        written = writeBatch(writer, root, 0, maxRows);
                        while (!written.truncated() && batches.hasNext()) {
                            batches.next();
                            written = writeBatch(writer, root, written.rows(), maxRows);
                        }
                    }
                    writer.end();
                    if (root != empty) {
                        root.close();
                    }
                    return written;
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not write the Arrow stream: " + e.getMessage(), e);
        } catch (RuntimeException e) {
            throw ArrowRows.driverFailure(e);
        }
    }

    private static Written writeBatch(ArrowStreamWriter writer, VectorSchemaRoot root, long rows, long maxRows)
            throws IOException {
        int batch = root.getRowCount();
        if (rows + batch > maxRows) {
            root.setRowCount((int) (maxRows - rows));
            writer.writeBatch();
            return new Written(maxRows, true);
        }
        writer.writeBatch();
        return new Written(rows + batch, false);
    }
}

package io.tablequery.engine.store;

import static io.tablequery.dialects.SqlIdentifiers.literal;

import java.nio.file.Path;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import org.apache.arrow.c.ArrowArrayStream;
import org.apache.arrow.c.Data;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.duckdb.DuckDBConnection;
import org.duckdb.DuckDBResultSet;

/**
 * Writes the rows of a query on a workspace's DuckDB copy as a Parquet file. The workspace's DuckDB may not touch the
 * file system, so the rows stream as Arrow into a DuckDB of the writer's own, which writes the file.
 */
public final class ParquetCopy implements AutoCloseable {
    private static final int BATCH_ROWS = 65_536;

    private final DuckDBConnection sink;
    private final BufferAllocator allocator = new RootAllocator();
    private int streams;

    /**
     * Opens the writer's own DuckDB.
     *
     * @throws SQLException when DuckDB cannot be opened
     */
    public ParquetCopy() throws SQLException {
        this.sink = DriverManager.getConnection("jdbc:duckdb:").unwrap(DuckDBConnection.class);
    }

    /**
     * Writes one query's rows.
     *
     * @param source a connection to the workspace's DuckDB copy
     * @param query the query, run on the source
     * @param file the Parquet file to write
     * @throws SQLException when the query or the write fails
     */
    public void write(DuckDBConnection source, String query, Path file) throws SQLException {
        String streamName = "tq_export_" + streams++;
        try (Statement read = source.createStatement();
                DuckDBResultSet rows = (DuckDBResultSet) read.executeQuery(query);
                ArrowArrayStream stream = ArrowArrayStream.allocateNew(allocator)) {
            // The stream owns the reader from here and closes it when DuckDB has read it.
            Data.exportArrayStream(allocator, (ArrowReader) rows.arrowExportStream(allocator, BATCH_ROWS), stream);
            sink.registerArrowStream(streamName, stream);
            try (Statement write = sink.createStatement()) {
                write.execute(
                        "COPY (SELECT * FROM " + streamName + ") TO " + literal(file.toString()) + " (FORMAT parquet)");
            }
        }
    }

    @Override
    public void close() throws SQLException {
        try {
            sink.close();
        } finally {
            allocator.close();
        }
    }
}

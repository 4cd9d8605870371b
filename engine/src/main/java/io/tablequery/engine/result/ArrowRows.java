package io.tablequery.engine.result;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Calendar;
import java.util.Locale;
import java.util.TimeZone;
import java.util.function.Function;
import org.apache.arrow.adapter.jdbc.ArrowVectorIterator;
import org.apache.arrow.adapter.jdbc.JdbcFieldInfo;
import org.apache.arrow.adapter.jdbc.JdbcToArrow;
import org.apache.arrow.adapter.jdbc.JdbcToArrowConfig;
import org.apache.arrow.adapter.jdbc.JdbcToArrowConfigBuilder;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * Reads a SQLite result set as Arrow batches with arrow-jdbc. Every column is read as text, because a SQLite column
 * may hold values of several storage classes and its declared type promises nothing; the text is SQLite's own
 * rendering of each value ({@code sqlite3_column_text}), the form the SQLite shell shows.
 */
public final class ArrowRows {
    private ArrowRows() {}

    /** Receives one batch; the batch is closed after the call. */
    @FunctionalInterface
    public interface BatchConsumer {
        /**
         * Takes a batch.
         *
         * @param batch the rows, one {@link VarCharVector} per column
         * @return false to stop reading
         */
        boolean accept(VectorSchemaRoot batch);
    }

    /**
     * Streams a result set in batches until it ends or the consumer stops.
     *
     * @param resultSet an open result set, positioned before its first row
     * @param allocator where the batches' memory comes from
     * @param batchRows rows per batch
     * @param consumer takes each batch
     * @throws SQLException when reading fails
     */
    public static void stream(ResultSet resultSet, BufferAllocator allocator, int batchRows, BatchConsumer consumer)
            throws SQLException {
        JdbcToArrowConfig config = config(allocator, batchRows, false, field -> ArrowType.Utf8.INSTANCE);
        try (ArrowVectorIterator batches = JdbcToArrow.sqlToArrowVectorIterator(resultSet, config)) {
            while (batches.hasNext()) {
                try (VectorSchemaRoot batch = batches.next()) {
                    if (batch.getRowCount() == 0) {
                        continue;
                    }
                    if (!consumer.accept(batch)) {
                        return;
                    }
                }
            }
        } catch (IOException e) {
            throw new SQLException("could not read the result as Arrow batches: " + e.getMessage(), e);
        } catch (RuntimeException e) {
            throw driverFailure(e);
        }
    }

    /**
     * arrow-jdbc's settings for reading a result: temporal values in UTC, batches of a size, each column read as the
     * given type.
     */
    static JdbcToArrowConfig config(
            BufferAllocator allocator, int batchRows, boolean reuseRoot, Function<JdbcFieldInfo, ArrowType> types) {
        return new JdbcToArrowConfigBuilder(allocator, Calendar.getInstance(TimeZone.getTimeZone("UTC"), Locale.ROOT))
                .setTargetBatchSize(batchRows)
                .setReuseVectorSchemaRoot(reuseRoot)
                .setJdbcToArrowTypeConverter(types)
                .build();
    }

    /**
     * arrow-jdbc wraps the driver's SQLException in a RuntimeException while it iterates; this throws the driver's
     * failure as itself, and returns any other failure for the caller to throw.
     */
    static RuntimeException driverFailure(RuntimeException e) throws SQLException {
        if (e.getCause() instanceof SQLException sql) {
            throw sql;
        }
        return e;
    }

    /**
     * Returns one cell of a batch.
     *
     * @param batch the batch
     * @param column the column index
     * @param row the row index in the batch
     * @return the text, or null for SQL NULL
     */
    public static String text(VectorSchemaRoot batch, int column, int row) {
        VarCharVector vector = (VarCharVector) batch.getVector(column);
        if (vector.isNull(row)) {
            return null;
        }
        return new String(vector.get(row), StandardCharsets.UTF_8);
    }
}

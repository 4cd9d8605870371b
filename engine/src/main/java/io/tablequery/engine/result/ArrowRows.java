package io.tablequery.engine.result;

import io.tablequery.dialects.SqliteReals;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Types;
import java.util.Calendar;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import java.util.TimeZone;
import java.util.function.Function;
import org.apache.arrow.adapter.jdbc.ArrowVectorIterator;
import org.apache.arrow.adapter.jdbc.JdbcFieldInfo;
import org.apache.arrow.adapter.jdbc.JdbcToArrow;
import org.apache.arrow.adapter.jdbc.JdbcToArrowConfig;
import org.apache.arrow.adapter.jdbc.JdbcToArrowConfigBuilder;
import org.apache.arrow.adapter.jdbc.JdbcToArrowUtils;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.duckdb.DuckDBResultSet;

/**
 * Reads a result set as Arrow batches with arrow-jdbc. A SQLite column is read as text, because it may hold values of
 * several storage classes and its declared type promises nothing; the text is SQLite's own rendering of each value
 * ({@code sqlite3_column_text}), the form the SQLite shell shows. A DuckDB double is written as SQLite writes a REAL
 * ({@link SqliteReals}), so that a cell reads the same whichever engine ran; a DuckDB union of integers and reals
 * (a SQLite column that holds both) is read as the text SQLite writes for each value.
 */
public final class ArrowRows {
    private static final ArrowType DOUBLE = new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);

    private ArrowRows() {}

    /** Receives one batch; the batch is closed after the call. */
    @FunctionalInterface
    public interface BatchConsumer {
        /**
         * Takes a batch.
         *
         * @param batch the rows, one {@link VarCharVector} per column, or a {@link Float8Vector} for a DuckDB double
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
        boolean typed = resultSet.isWrapperFor(DuckDBResultSet.class);
        Set<Integer> numberUnions = new HashSet<>();
        ResultSetMetaData meta = resultSet.getMetaData();
        for (int column = 1; typed && column <= meta.getColumnCount(); column++) {
            if (NumberUnionConsumer.isNumberUnion(meta.getColumnTypeName(column))) {
                numberUnions.add(column);
            }
        }
        JdbcToArrowConfig config = new JdbcToArrowConfigBuilder(
                        allocator, Calendar.getInstance(TimeZone.getTimeZone("UTC"), Locale.ROOT))
                .setTargetBatchSize(batchRows)
                .setReuseVectorSchemaRoot(false)
                .setJdbcToArrowTypeConverter(field -> cellType(field, typed))
                .setJdbcConsumerGetter((type, column, nullable, vector, settings) -> numberUnions.contains(column)
                        ? new NumberUnionConsumer((VarCharVector) vector, column)
                        : JdbcToArrowUtils.getConsumer(type, column, nullable, vector, settings))
                .build();
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
     * How a column is read: as text, except a DuckDB double, which is read as a double for {@link #text} to write as
     * SQLite writes a REAL, so a result reads the same whichever engine made it. A SQLite column stays text, as its
     * declared type does not bind its values.
     */
    private static ArrowType cellType(JdbcFieldInfo field, boolean typed) {
        boolean real = field.getJdbcType() == Types.DOUBLE
                || field.getJdbcType() == Types.FLOAT
                || field.getJdbcType() == Types.REAL;
        return typed && real ? DOUBLE : ArrowType.Utf8.INSTANCE;
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
        FieldVector vector = batch.getVector(column);
        if (vector.isNull(row)) {
            return null;
        }
        if (vector instanceof Float8Vector real) {
            return SqliteReals.text(real.get(row));
        }
        return new String(((VarCharVector) vector).get(row), StandardCharsets.UTF_8);
    }
}

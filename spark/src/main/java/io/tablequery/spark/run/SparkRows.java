package io.tablequery.spark.run;

import io.tablequery.engine.exec.ResultComparer;
import io.tablequery.engine.result.ArrowRows;
import io.tablequery.engine.result.ArrowStreams;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.channels.Channels;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * Turns the rows Spark Connect hands back into tablequery's Arrow vectors (the client keeps its own, relocated Arrow
 * to itself): as text for the truncator, except doubles, which stay doubles so that they are written as SQLite writes
 * a REAL; or typed, for the Arrow download.
 */
final class SparkRows {
    private SparkRows() {}

    /** Streams rows as batches of text columns (Float8 for doubles), stopping when the consumer says so. */
    static void stream(
            StructType schema,
            Iterator<Row> rows,
            BufferAllocator allocator,
            int batchRows,
            ArrowRows.BatchConsumer consumer) {
        List<Field> fields = new ArrayList<>();
        for (StructField field : schema.fields()) {
            ArrowType type = field.dataType().equals(DataTypes.DoubleType)
                    ? new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)
                    : ArrowType.Utf8.INSTANCE;
            fields.add(new Field(field.name(), FieldType.nullable(type), null));
        }
        Schema arrow = new Schema(fields);
        while (rows.hasNext()) {
            try (VectorSchemaRoot batch = VectorSchemaRoot.create(arrow, allocator)) {
                batch.allocateNew();
                int count = 0;
                while (count < batchRows && rows.hasNext()) {
                    Row row = rows.next();
                    for (int c = 0; c < fields.size(); c++) {
                        FieldVector vector = batch.getVector(c);
                        if (row.isNullAt(c)) {
                            vector.setNull(count);
                        } else if (vector instanceof Float8Vector real) {
                            real.setSafe(count, row.getDouble(c));
                        } else {
                            ((VarCharVector) vector)
                                    .setSafe(count, text(row.get(c)).getBytes(StandardCharsets.UTF_8));
                        }
                    }
                    count++;
                }
                batch.setRowCount(count);
                if (!consumer.accept(batch)) {
                    return;
                }
            }
        }
    }

    /** Writes rows as an Arrow IPC stream, typed: integers Int64, doubles Float64, text Utf8, bytes Binary. */
    static ArrowStreams.Written write(StructType schema, Iterator<Row> rows, long maxRows, OutputStream out) {
        List<Field> fields = new ArrayList<>();
        for (StructField field : schema.fields()) {
            fields.add(new Field(field.name(), FieldType.nullable(arrowType(field.dataType())), null));
        }
        long written = 0;
        try (BufferAllocator allocator = new RootAllocator();
                VectorSchemaRoot batch = VectorSchemaRoot.create(new Schema(fields), allocator);
                ArrowStreamWriter writer = new ArrowStreamWriter(batch, null, Channels.newChannel(out))) {
            writer.start();
            while (written < maxRows && rows.hasNext()) {
                batch.allocateNew();
                int count = 0;
                while (count < 4096 && written < maxRows && rows.hasNext()) {
                    Row row = rows.next();
                    for (int c = 0; c < fields.size(); c++) {
                        set(batch.getVector(c), count, row, c);
                    }
                    count++;
                    written++;
                }
                batch.setRowCount(count);
                writer.writeBatch();
            }
            writer.end();
            return new ArrowStreams.Written(written, rows.hasNext());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A row's first values as SQLite's storage classes, for comparing engines. */
    static List<Object> values(Row row, int count) {
        List<Object> values = new ArrayList<>(count);
        for (int c = 0; c < count; c++) {
            Object value = row.isNullAt(c) ? null : row.get(c);
            if (value instanceof Boolean b) {
                value = b ? 1L : 0L;
            } else if (value instanceof BigDecimal decimal) {
                value = decimal.scale() <= 0 ? (Object) decimal.longValueExact() : decimal.doubleValue();
            }
            values.add(ResultComparer.normalize(value));
        }
        return values;
    }

    private static ArrowType arrowType(DataType type) {
        if (type.equals(DataTypes.LongType)
                || type.equals(DataTypes.IntegerType)
                || type.equals(DataTypes.ShortType)
                || type.equals(DataTypes.ByteType)
                || type.equals(DataTypes.BooleanType)) {
            return new ArrowType.Int(64, true);
        }
        if (type.equals(DataTypes.DoubleType) || type.equals(DataTypes.FloatType)) {
            return new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
        }
        if (type.equals(DataTypes.BinaryType)) {
            return ArrowType.Binary.INSTANCE;
        }
        return ArrowType.Utf8.INSTANCE;
    }

    private static void set(FieldVector vector, int index, Row row, int column) {
        if (row.isNullAt(column)) {
            vector.setNull(index);
            return;
        }
        Object value = row.get(column);
        if (vector instanceof BigIntVector integer) {
            integer.setSafe(index, value instanceof Boolean b ? (b ? 1 : 0) : ((Number) value).longValue());
        } else if (vector instanceof Float8Vector real) {
            real.setSafe(index, ((Number) value).doubleValue());
        } else if (vector instanceof VarBinaryVector bytes) {
            bytes.setSafe(index, (byte[]) value);
        } else {
            ((VarCharVector) vector).setSafe(index, text(value).getBytes(StandardCharsets.UTF_8));
        }
    }

    /** A value as the text a result shows: integers in decimal, bytes as the text they hold. */
    private static String text(Object value) {
        if (value instanceof byte[] bytes) {
            return new String(bytes, StandardCharsets.UTF_8);
        }
        if (value instanceof Boolean b) {
            return b ? "1" : "0";
        }
        if (value instanceof BigDecimal decimal) {
            return decimal.toPlainString();
        }
        return value.toString();
    }
}

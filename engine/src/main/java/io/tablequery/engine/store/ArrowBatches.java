package io.tablequery.engine.store;

import static java.nio.charset.StandardCharsets.UTF_8;

import io.tablequery.engine.catalog.ColumnType;
import io.tablequery.engine.catalog.StoredValues;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.TimeStampMicroVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A table's batches as Arrow record batches in the layout of its physical DuckDB table ({@link DuckDbStorage}): each
 * column's native value, the text of a DATE or TIMESTAMP column beside it, and the row number last. They are read
 * into DuckDB as an Arrow stream, or kept in a file in between (a spool: an upload writes its rows there while it
 * writes the SQLite copy, and the DuckDB copy is loaded from it after the upload committed).
 */
final class ArrowBatches {
    /** Supplies the batches in order; null at the end. */
    interface BatchSource {
        ColumnBatch next() throws IOException;
    }

    private ArrowBatches() {}

    /**
     * Writes batches to a spool file as an Arrow IPC stream, not forced to disk: a spool lost in a crash is made
     * again from the SQLite copy.
     *
     * @param columns the table's columns
     * @param source the batches
     * @param file the spool file, created
     * @return the rows written
     * @throws IOException when the file cannot be written, or the source fails
     */
    static long spool(List<StoredColumn> columns, BatchSource source, Path file) throws IOException {
        AtomicLong rows = new AtomicLong();
        try (BufferAllocator allocator = new RootAllocator();
                ArrowReader reader = reader(allocator, columns, source, rows);
                FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
                ArrowStreamWriter writer = new ArrowStreamWriter(reader.getVectorSchemaRoot(), null, channel)) {
            writer.start();
            while (reader.loadNextBatch()) {
                writer.writeBatch();
            }
            writer.end();
        }
        return rows.get();
    }

    /**
     * An Arrow reader that pulls the batches on demand.
     *
     * @param allocator where the vectors live
     * @param columns the table's columns
     * @param source the batches
     * @param rows counts the rows read
     * @return the reader
     */
    static ArrowReader reader(
            BufferAllocator allocator, List<StoredColumn> columns, BatchSource source, AtomicLong rows) {
        return new BatchReader(allocator, List.copyOf(columns), source, rows);
    }

    /** The Arrow schema of a physical DuckDB table. */
    static Schema schema(List<StoredColumn> columns) {
        List<Field> fields = new ArrayList<>();
        for (int i = 0; i < columns.size(); i++) {
            ArrowType type =
                    switch (columns.get(i).type()) {
                        case INTEGER -> new ArrowType.Int(64, true);
                        case REAL -> new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
                        case TEXT -> ArrowType.Utf8.INSTANCE;
                        case DATE -> new ArrowType.Date(DateUnit.DAY);
                        case TIMESTAMP -> new ArrowType.Timestamp(TimeUnit.MICROSECOND, null);
                        case BOOLEAN -> ArrowType.Bool.INSTANCE;
                        case BLOB -> ArrowType.Binary.INSTANCE;
                    };
            fields.add(Field.nullable(DuckDbStorage.valueColumn(i), type));
            if (columns.get(i).type().isTemporal()) {
                fields.add(Field.nullable(DuckDbStorage.textColumn(i), ArrowType.Utf8.INSTANCE));
            }
        }
        fields.add(Field.nullable(DuckDbStorage.ROW_COLUMN, new ArrowType.Int(64, true)));
        return new Schema(fields);
    }

    /** Turns batches into Arrow record batches on demand. */
    private static final class BatchReader extends ArrowReader {
        private final List<StoredColumn> columns;
        private final BatchSource source;
        private final AtomicLong rows;

        BatchReader(BufferAllocator allocator, List<StoredColumn> columns, BatchSource source, AtomicLong rows) {
            super(allocator);
            this.columns = columns;
            this.source = source;
            this.rows = rows;
        }

        @Override
        public boolean loadNextBatch() throws IOException {
            ColumnBatch batch = source.next();
            if (batch == null) {
                return false;
            }
            VectorSchemaRoot root = getVectorSchemaRoot();
            root.allocateNew();
            int vector = 0;
            for (int c = 0; c < columns.size(); c++) {
                fill(root.getVector(vector++), batch, c);
                if (columns.get(c).type().isTemporal()) {
                    fillText(root.getVector(vector++), batch, c);
                }
            }
            BigIntVector rowNumbers = (BigIntVector) root.getVector(vector);
            for (int r = 0; r < batch.size(); r++) {
                rowNumbers.setSafe(r, batch.rowNumber(r));
            }
            root.setRowCount(batch.size());
            rows.addAndGet(batch.size());
            return true;
        }

        private void fill(FieldVector vector, ColumnBatch batch, int column) {
            for (int r = 0; r < batch.size(); r++) {
                if (batch.isNull(column, r)) {
                    vector.setNull(r);
                    continue;
                }
                switch (columns.get(column).type()) {
                    case INTEGER -> ((BigIntVector) vector).setSafe(r, batch.longValue(column, r));
                    case REAL -> ((Float8Vector) vector).setSafe(r, batch.doubleValue(column, r));
                    case TEXT ->
                        ((VarCharVector) vector).setSafe(r, ((String) batch.object(column, r)).getBytes(UTF_8));
                    case DATE -> ((DateDayVector) vector).setSafe(r, Math.toIntExact(batch.longValue(column, r)));
                    case TIMESTAMP -> ((TimeStampMicroVector) vector).setSafe(r, batch.longValue(column, r));
                    case BOOLEAN -> ((BitVector) vector).setSafe(r, (int) batch.longValue(column, r));
                    case BLOB -> ((VarBinaryVector) vector).setSafe(r, (byte[]) batch.object(column, r));
                }
            }
        }

        private void fillText(FieldVector vector, ColumnBatch batch, int column) {
            VarCharVector text = (VarCharVector) vector;
            boolean date = columns.get(column).type() == ColumnType.DATE;
            for (int r = 0; r < batch.size(); r++) {
                if (batch.isNull(column, r)) {
                    text.setNull(r);
                } else {
                    long value = batch.longValue(column, r);
                    String rendered = date ? StoredValues.dateText(value) : StoredValues.timestampText(value);
                    text.setSafe(r, rendered.getBytes(UTF_8));
                }
            }
        }

        @Override
        public long bytesRead() {
            return 0;
        }

        @Override
        protected void closeReadSource() {}

        @Override
        protected Schema readSchema() {
            return schema(columns);
        }
    }
}

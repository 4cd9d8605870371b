package io.tablequery.engine.store;

import static io.tablequery.dialects.SqlIdentifiers.quote;
import static java.nio.charset.StandardCharsets.UTF_8;

import io.tablequery.engine.catalog.ColumnType;
import io.tablequery.engine.catalog.StoredValues;
import java.io.IOException;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.arrow.c.ArrowArrayStream;
import org.apache.arrow.c.Data;
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
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.duckdb.DuckDBConnection;

/**
 * Writes a table into a physical DuckDB table in one {@code INSERT ... SELECT} from an Arrow C stream that pulls the
 * batches as they arrive. Measured on 1M rows x 8 columns, this bulk path took 0.9 s where DuckDB's row appender took
 * 2.0 to 2.5 s.
 */
final class DuckDbStageWriter {
    /** Supplies the batches in order; null at the end. */
    interface BatchSource {
        ColumnBatch next() throws IOException;
    }

    private final DuckDBConnection connection;
    private final String storageName;
    private final List<StoredColumn> columns;

    DuckDbStageWriter(DuckDBConnection connection, String storageName, List<StoredColumn> columns) {
        this.connection = connection;
        this.storageName = storageName;
        this.columns = List.copyOf(columns);
    }

    void create() throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute("DROP TABLE IF EXISTS " + quote(DuckDbStorage.STORE_SCHEMA, storageName));
            statement.execute(DuckDbStorage.createTableSql(storageName, columns));
        }
    }

    long insertFrom(BatchSource source) throws SQLException {
        AtomicLong rows = new AtomicLong();
        try (BufferAllocator allocator = new RootAllocator();
                ArrowArrayStream stream = ArrowArrayStream.allocateNew(allocator)) {
            Data.exportArrayStream(allocator, new BatchReader(allocator, source, rows), stream);
            String streamName = "tq_stream_" + storageName;
            connection.registerArrowStream(streamName, stream);
            try (Statement statement = connection.createStatement()) {
                statement.execute("INSERT INTO " + quote(DuckDbStorage.STORE_SCHEMA, storageName) + " SELECT * FROM "
                        + quote(streamName));
            }
        }
        return rows.get();
    }

    void drop() throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute("DROP TABLE IF EXISTS " + quote(DuckDbStorage.STORE_SCHEMA, storageName));
        }
    }

    private Schema schema() {
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
    private final class BatchReader extends ArrowReader {
        private final BatchSource source;
        private final AtomicLong rows;

        BatchReader(BufferAllocator allocator, BatchSource source, AtomicLong rows) {
            super(allocator);
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
            return schema();
        }
    }
}

package io.tablequery.benchmarks;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowStreamReader;

/** Reads an Arrow IPC stream back into rows of text, leaving out run-sql's {@code __src} citations. */
final class ArrowTables {
    private ArrowTables() {}

    static List<List<String>> rows(byte[] stream) throws IOException {
        List<List<String>> rows = new ArrayList<>();
        try (BufferAllocator allocator = new RootAllocator();
                ArrowStreamReader reader = new ArrowStreamReader(new ByteArrayInputStream(stream), allocator)) {
            VectorSchemaRoot root = reader.getVectorSchemaRoot();
            while (reader.loadNextBatch()) {
                List<FieldVector> vectors = root.getFieldVectors().stream()
                        .filter(vector -> !vector.getName().equals("__src"))
                        .toList();
                for (int r = 0; r < root.getRowCount(); r++) {
                    List<String> row = new ArrayList<>(vectors.size());
                    for (FieldVector vector : vectors) {
                        row.add(text(vector, r));
                    }
                    rows.add(row);
                }
            }
        }
        return rows;
    }

    private static String text(FieldVector vector, int row) {
        if (vector.isNull(row)) {
            return null;
        }
        if (vector instanceof DateDayVector days) {
            return LocalDate.ofEpochDay(days.get(row)).toString();
        }
        Object value = vector.getObject(row);
        return value instanceof BigDecimal decimal ? decimal.toPlainString() : value.toString();
    }
}

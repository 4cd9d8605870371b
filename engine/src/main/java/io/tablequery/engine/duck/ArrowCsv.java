package io.tablequery.engine.duck;

import io.tablequery.engine.json.JsonCodec;
import io.tablequery.engine.result.CsvText;
import io.tablequery.engine.result.RealText;
import java.io.IOException;
import java.io.InputStream;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowStreamReader;

/**
 * Turns an Arrow IPC stream, such as a whole queryDuckDB result, into CSV (RFC 4180, a header of the column names):
 * values as the DuckDB tools write them in JSON, in full (no string is cut), reals in plain decimals, NULL as an empty
 * field, lists and structs as their JSON text.
 */
public final class ArrowCsv {
    private ArrowCsv() {}

    /**
     * Writes the stream's rows as CSV.
     *
     * @param arrow the Arrow IPC stream
     * @param out where the CSV goes
     * @return the rows written
     * @throws IOException when either stream fails
     */
    public static long write(InputStream arrow, Writer out) throws IOException {
        long rows = 0;
        try (BufferAllocator allocator = new RootAllocator();
                ArrowStreamReader reader = new ArrowStreamReader(arrow, allocator)) {
            VectorSchemaRoot root = reader.getVectorSchemaRoot();
            ArrowJson values = new ArrowJson(reader, Integer.MAX_VALUE);
            StringBuilder line = new StringBuilder();
            List<String> fields = new ArrayList<>();
            root.getSchema().getFields().forEach(field -> fields.add(field.getName()));
            CsvText.appendRecord(line, fields);
            out.write(line.toString());
            while (reader.loadNextBatch()) {
                for (int row = 0; row < root.getRowCount(); row++) {
                    fields.clear();
                    for (FieldVector vector : root.getFieldVectors()) {
                        fields.add(text(values.value(vector, row)));
                    }
                    line.setLength(0);
                    CsvText.appendRecord(line, fields);
                    out.write(line.toString());
                    rows++;
                }
            }
        }
        out.flush();
        return rows;
    }

    private static String text(Object value) {
        if (value == null) {
            return "";
        }
        if (value instanceof Map<?, ?> || value instanceof List<?>) {
            return JsonCodec.write(value);
        }
        if (value instanceof Double real) {
            return RealText.of(real);
        }
        return value.toString();
    }
}

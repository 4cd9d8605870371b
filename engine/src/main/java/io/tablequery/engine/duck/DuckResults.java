package io.tablequery.engine.duck;

import java.io.IOException;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.duckdb.DuckDBResultSet;

/**
 * Reads a DuckDB result into the seed's shapes: column names and DuckDB type names, and rows as records of JSON
 * values. The rows come as Arrow record batches through DuckDB's Arrow export; the first rows are converted, and the
 * batches after them are only counted, since {@code rowCount} is the full count.
 */
final class DuckResults {
    /** Rows per exported batch: DuckDB's vector size, so a small answer costs one small batch. */
    private static final int BATCH_ROWS = 2048;

    /**
     * A result as read.
     *
     * @param columns each column's {@code name} and {@code type}
     * @param rows the kept rows
     * @param rowCount every row of the result
     * @param truncatedRows whether rows were left out
     */
    record Read(
            List<Map<String, String>> columns, List<Map<String, Object>> rows, long rowCount, boolean truncatedRows) {}

    private DuckResults() {}

    /** Keeps the first {@code maxRows} rows, cutting strings, and counts the rest without converting them. */
    static Read read(ResultSet rs, int maxRows, int maxStringChars) throws SQLException {
        ResultSetMetaData meta = rs.getMetaData();
        List<Map<String, String>> columns = new ArrayList<>();
        List<String> labels = new ArrayList<>();
        for (int i = 1; i <= meta.getColumnCount(); i++) {
            Map<String, String> column = new LinkedHashMap<>();
            column.put("name", meta.getColumnLabel(i));
            column.put("type", meta.getColumnTypeName(i));
            columns.add(column);
            labels.add(meta.getColumnLabel(i));
        }
        List<Map<String, Object>> rows = new ArrayList<>();
        long count = 0;
        try (BufferAllocator allocator = new RootAllocator();
                ArrowReader reader =
                        (ArrowReader) rs.unwrap(DuckDBResultSet.class).arrowExportStream(allocator, BATCH_ROWS)) {
            VectorSchemaRoot batch = reader.getVectorSchemaRoot();
            ArrowJson json = new ArrowJson(reader, maxStringChars);
            while (reader.loadNextBatch()) {
                int keep = (int) Math.min(batch.getRowCount(), Math.max(0, maxRows - count));
                List<FieldVector> vectors = batch.getFieldVectors();
                for (int r = 0; r < keep; r++) {
                    Map<String, Object> row = new LinkedHashMap<>();
                    for (int c = 0; c < vectors.size(); c++) {
                        row.put(labels.get(c), json.value(vectors.get(c), r));
                    }
                    rows.add(row);
                }
                count += batch.getRowCount();
            }
        } catch (IOException e) {
            throw new SQLException("could not read the result's Arrow batches: " + e.getMessage(), e);
        }
        return new Read(columns, rows, count, count > rows.size());
    }
}

package io.tablequery.engine.duck;

import io.tablequery.engine.result.CellText;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Reads a DuckDB result into the seed's shapes: column names and types, and rows as records of JSON values. */
final class DuckResults {
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
        for (int i = 1; i <= meta.getColumnCount(); i++) {
            Map<String, String> column = new LinkedHashMap<>();
            column.put("name", meta.getColumnLabel(i));
            column.put("type", meta.getColumnTypeName(i));
            columns.add(column);
        }
        List<Map<String, Object>> rows = new ArrayList<>();
        long count = 0;
        while (rs.next()) {
            if (count < maxRows) {
                Map<String, Object> row = new LinkedHashMap<>();
                for (int i = 1; i <= meta.getColumnCount(); i++) {
                    row.put(meta.getColumnLabel(i), value(rs, meta, i, maxStringChars));
                }
                rows.add(row);
            }
            count++;
        }
        return new Read(columns, rows, count, count > rows.size());
    }

    private static Object value(ResultSet rs, ResultSetMetaData meta, int i, int maxStringChars) throws SQLException {
        Object value =
                switch (meta.getColumnType(i)) {
                    case Types.TINYINT,
                            Types.SMALLINT,
                            Types.INTEGER,
                            Types.BIGINT,
                            Types.DECIMAL,
                            Types.NUMERIC,
                            Types.BOOLEAN -> rs.getObject(i);
                    case Types.FLOAT, Types.REAL, Types.DOUBLE -> finite(rs.getObject(i));
                    default -> rs.getString(i);
                };
        return value instanceof String text ? CellText.cut(text, maxStringChars, "") : value;
    }

    /** JSON has no NaN or infinity; those are given as text. */
    private static Object finite(Object value) {
        if (value instanceof Number number && !Double.isFinite(number.doubleValue())) {
            return number.toString();
        }
        return value;
    }
}

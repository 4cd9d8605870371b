package io.tablequery.engine.result;

import java.nio.charset.StandardCharsets;
import java.sql.Blob;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.apache.arrow.adapter.jdbc.consumer.BaseConsumer;
import org.apache.arrow.vector.VarCharVector;

/**
 * Reads a column as text, value by value: a REAL as {@link RealText} writes it, so it reads the same whichever engine
 * made it; text and integers as the driver read them; anything else as the driver's text. It reads every SQLite
 * column (whose values may be of any storage class; SQLite's own text is {@code sqlite3_column_text}) and DuckDB's
 * {@code UNION(i BIGINT, r DOUBLE)}, which the translation makes where a SQLite result column holds integers and reals
 * row by row. A DuckDB blob is read as SQLite's text of a blob reads: its bytes as UTF-8, a byte that is not UTF-8 as
 * U+FFFD.
 */
final class TextCellConsumer extends BaseConsumer<VarCharVector> {
    TextCellConsumer(VarCharVector vector, int column) {
        super(vector, column);
    }

    @Override
    public void consume(ResultSet resultSet) throws SQLException {
        Object value = resultSet.getObject(columnIndexInResultSet);
        if (value == null) {
            vector.setNull(currentIndex);
        } else {
            String text = value instanceof Double real
                    ? RealText.of(real)
                    : value instanceof String string
                            ? string
                            : value instanceof Long || value instanceof Integer
                                    ? value.toString()
                                    : value instanceof Blob blob
                                            ? new String(blob.getBytes(1, (int) blob.length()), StandardCharsets.UTF_8)
                                            : resultSet.getString(columnIndexInResultSet);
            vector.setSafe(currentIndex, text.getBytes(StandardCharsets.UTF_8));
        }
        currentIndex++;
    }
}

package io.tablequery.engine.result;

import java.nio.charset.StandardCharsets;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.apache.arrow.adapter.jdbc.consumer.BaseConsumer;
import org.apache.arrow.vector.VarCharVector;

/**
 * Reads a SQLite result column as text, value by value: a REAL as {@link RealText} writes it, so it reads as it does
 * from DuckDB; any other value as SQLite's own text ({@code sqlite3_column_text}), which for text and integers is the
 * value the driver already read.
 */
final class SqliteTextConsumer extends BaseConsumer<VarCharVector> {
    SqliteTextConsumer(VarCharVector vector, int column) {
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
                                    : resultSet.getString(columnIndexInResultSet);
            vector.setSafe(currentIndex, text.getBytes(StandardCharsets.UTF_8));
        }
        currentIndex++;
    }
}

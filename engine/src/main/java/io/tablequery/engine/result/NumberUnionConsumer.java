package io.tablequery.engine.result;

import java.nio.charset.StandardCharsets;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.apache.arrow.adapter.jdbc.consumer.BaseConsumer;
import org.apache.arrow.vector.VarCharVector;

/**
 * Reads a DuckDB {@code UNION(i BIGINT, r DOUBLE)} column, which the translation makes where a SQLite result column
 * holds integers and reals row by row, as the text of each: an integer as its digits, a real as {@link RealText}
 * writes it.
 */
final class NumberUnionConsumer extends BaseConsumer<VarCharVector> {
    NumberUnionConsumer(VarCharVector vector, int column) {
        super(vector, column);
    }

    /** Whether a DuckDB column type is the translation's union of integers and reals. */
    static boolean isNumberUnion(String typeName) {
        return typeName != null && typeName.replace(" ", "").equalsIgnoreCase("UNION(iBIGINT,rDOUBLE)");
    }

    @Override
    public void consume(ResultSet resultSet) throws SQLException {
        Object value = resultSet.getObject(columnIndexInResultSet);
        if (value == null) {
            vector.setNull(currentIndex);
        } else {
            String text = value instanceof Double real ? RealText.of(real) : value.toString();
            vector.setSafe(currentIndex, text.getBytes(StandardCharsets.UTF_8));
        }
        currentIndex++;
    }
}

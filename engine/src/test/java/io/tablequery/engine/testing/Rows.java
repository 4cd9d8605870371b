package io.tablequery.engine.testing;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Builds expected rows and puts JDBC values on one footing: integral numbers as Long. */
public final class Rows {
    private Rows() {}

    /** One row of values. */
    public static List<Object> row(Object... values) {
        return normalize(Arrays.asList(values));
    }

    /** Integers, shorts and bytes become Long; everything else stays. */
    public static List<Object> normalize(List<Object> row) {
        List<Object> out = new ArrayList<>(row.size());
        for (Object value : row) {
            out.add(
                    value instanceof Integer || value instanceof Short || value instanceof Byte
                            ? Long.valueOf(((Number) value).longValue())
                            : value);
        }
        return out;
    }

    /** Normalizes every row. */
    public static List<List<Object>> normalizeAll(List<List<Object>> rows) {
        return rows.stream().map(Rows::normalize).toList();
    }
}

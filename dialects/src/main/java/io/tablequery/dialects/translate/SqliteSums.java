package io.tablequery.dialects.translate;

/**
 * SQLite 3.54's {@code sum}, {@code total} and {@code avg} of reals in DuckDB SQL. SQLite adds reals with
 * Kahan-Babuska-Neumaier compensation, in the order it reads rows, and adds the compensation at the end unless it
 * overflowed; DuckDB's own sum adds in its own order, so their last digits can differ
 * ({@code total(c + 7)} over 0.3, 0.0025, 3.0 and 33.333333333333336 is 57.633333333333333 on SQLite and
 * 57.63333333333334 on DuckDB). The reals are gathered in SQLite's row order and folded with the same steps.
 */
final class SqliteSums {
    /** Which aggregate, and what it returns for a group without a non-NULL value. */
    enum Kind {
        SUM,
        TOTAL,
        AVG
    }

    private SqliteSums() {}

    /**
     * The DuckDB SQL of the aggregate over DOUBLE values.
     *
     * @param kind the aggregate
     * @param value DuckDB SQL of a DOUBLE, NULL where SQLite skips the row
     * @param order DuckDB SQL of the order SQLite reads rows in
     * @param filter a {@code FILTER (WHERE ...)} clause, or empty
     * @return the SQL of a DOUBLE
     */
    static String sql(Kind kind, String value, String order, String filter) {
        String values =
                "list_filter(list(" + value + " ORDER BY " + order + ")" + filter + ", lambda x: x IS NOT NULL)";
        // Fields are read with struct_extract: DuckDB binds a.s in a HAVING clause as a column of a table a.
        String sum = field("a", "s");
        String step = "lambda a, x: {'s': " + sum + " + x, 'e': " + field("a", "e") + " + CASE WHEN abs(" + sum
                + ") > abs(x) THEN (" + sum + " - (" + sum + " + x)) + x ELSE (x - (" + sum + " + x)) + " + sum
                + " END, 'n': " + field("a", "n") + " + 1}";
        String folded = "list_reduce(" + values + ", " + step
                + ", {'s': CAST(0.0 AS DOUBLE), 'e': CAST(0.0 AS DOUBLE), 'n': CAST(0 AS BIGINT)})";
        String total = field("p", "s");
        String error = field("p", "e");
        String result = "CASE WHEN isinf(" + error + ") OR isnan(" + error + ") THEN " + total + " ELSE " + total
                + " + " + error + " END";
        String empty = "p IS NULL OR " + field("p", "n") + " = 0";
        String body =
                switch (kind) {
                    case SUM -> "CASE WHEN " + empty + " THEN NULL ELSE " + result + " END";
                    case TOTAL -> "CASE WHEN " + empty + " THEN 0.0 ELSE " + result + " END";
                    case AVG -> "CASE WHEN " + empty + " THEN NULL ELSE (" + result + ") / " + field("p", "n") + " END";
                };
        return "list_transform([" + folded + "], lambda p: " + body + ")[1]";
    }

    private static String field(String struct, String name) {
        return "struct_extract(" + struct + ", '" + name + "')";
    }
}

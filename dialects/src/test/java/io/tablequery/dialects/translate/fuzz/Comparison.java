package io.tablequery.dialects.translate.fuzz;

import io.tablequery.dialects.SqliteReals;
import io.tablequery.dialects.translate.EnginePair.Rows;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;

/** Compares two results as the fuzzer judges them: row by row when the query orders, else as bags of rows. */
final class Comparison {
    private Comparison() {}

    /** How two results relate. */
    enum Outcome {
        /** Same names, rows, values, storage classes and text (and order, when ordered). */
        EQUAL,
        /** The same rows, but tied rows in another order under an ORDER BY. */
        ORDER,
        /** Different rows, values, classes, text or names. */
        WRONG
    }

    /** An outcome and, unless equal, what differs. */
    record Result(Outcome outcome, String detail) {}

    static Result compare(Rows expected, Rows actual, boolean ordered) {
        if (!expected.names().equals(actual.names())) {
            return new Result(Outcome.WRONG, "column names " + expected.names() + " vs " + actual.names());
        }
        List<String> left = canonical(expected);
        List<String> right = canonical(actual);
        if (ordered && left.equals(right)) {
            return new Result(Outcome.EQUAL, null);
        }
        List<String> sortedLeft = new ArrayList<>(left);
        List<String> sortedRight = new ArrayList<>(right);
        sortedLeft.sort(null);
        sortedRight.sort(null);
        if (!sortedLeft.equals(sortedRight)) {
            return new Result(Outcome.WRONG, "SQLite " + left + "\n    DuckDB " + right);
        }
        if (ordered) {
            return new Result(Outcome.ORDER, "SQLite " + left + "\n    DuckDB " + right);
        }
        return new Result(Outcome.EQUAL, null);
    }

    /**
     * The rows with every finite real made one value, so that two results compare equal where they differ only in
     * finite reals (and in the order that may give their rows); infinities, NULL and every other value stay.
     */
    static Rows finiteRealsBlurred(Rows rows) {
        List<List<Object>> blurred = new ArrayList<>();
        for (List<Object> row : rows.rows()) {
            List<Object> values = new ArrayList<>();
            for (Object value : row) {
                values.add(value instanceof Double real && Double.isFinite(real) ? "finite real" : value);
            }
            blurred.add(values);
        }
        return new Rows(rows.names(), blurred);
    }

    /** Each row as text: every value with its storage class, reals as SQLite writes them. */
    static List<String> canonical(Rows rows) {
        List<String> out = new ArrayList<>();
        for (List<Object> row : rows.rows()) {
            StringJoiner text = new StringJoiner(", ", "(", ")");
            for (Object value : row) {
                text.add(text(value));
            }
            out.add(text.toString());
        }
        return out;
    }

    private static String text(Object value) {
        if (value == null) {
            return "NULL";
        }
        if (value instanceof Double real) {
            return SqliteReals.text(real) + "r";
        }
        if (value instanceof String string) {
            return "'" + string + "'";
        }
        if (value instanceof Long) {
            return value.toString();
        }
        return value + ":" + value.getClass().getSimpleName();
    }
}

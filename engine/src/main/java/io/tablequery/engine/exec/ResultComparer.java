package io.tablequery.engine.exec;

import io.tablequery.dialects.SqliteReals;
import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.plan.PlanErrorCode;
import io.tablequery.engine.plan.ValidatedPlan;
import io.tablequery.engine.plan.ValidatedStep;
import io.tablequery.engine.provenance.RowCitation;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;

/**
 * Compares the final tables a plan left on a SQLite and a DuckDB connection: by row count, by value and by storage
 * class, reals by the text SQLite writes for them (17 digits, so two reals agree when their doubles do), in SQLite's
 * order when the step orders its rows, else as unordered rows.
 */
public final class ResultComparer {
    /** The rows compared per final table at most. */
    public static final int MAX_COMPARED_ROWS = 200_000;

    private ResultComparer() {}

    /**
     * Compares the final tables of a plan that ran on two engines.
     *
     * @param plan the plan
     * @param engines the names of the two engines, the shown one first
     * @param left the session of the engine whose answer is shown, holding its step tables
     * @param right the session of the engine it is checked against
     * @return the comparison
     */
    public static EngineComparison compare(
            ValidatedPlan plan, List<String> engines, PlanSession left, PlanSession right) {
        List<EngineComparison.TableComparison> tables = new ArrayList<>();
        for (ValidatedStep step : plan.finalSteps()) {
            tables.add(compare(
                    step,
                    engines,
                    left.table(step, RowCitation.DEFAULT_RANGES),
                    right.table(step, RowCitation.DEFAULT_RANGES)));
        }
        return new EngineComparison(engines, null, tables);
    }

    private static EngineComparison.TableComparison compare(
            ValidatedStep step, List<String> engines, FinalTable sqlite, FinalTable duckdb) {
        String name = step.step().destineTableName();
        List<String> columns = sqlite.columns();
        List<String> duckColumns = duckdb.columns();
        long sqliteCount = sqlite.rowCount(MAX_COMPARED_ROWS);
        long duckCount = duckdb.rowCount(MAX_COMPARED_ROWS);
        boolean inOrder = ordered(step);
        if (!columns.equals(duckColumns)) {
            return new EngineComparison.TableComparison(
                    name, sqliteCount, duckCount, inOrder, 0, "columns " + columns + " vs " + duckColumns, false);
        }
        List<List<Object>> left = new ArrayList<>(sqlite.values(MAX_COMPARED_ROWS));
        List<List<Object>> right = new ArrayList<>(duckdb.values(MAX_COMPARED_ROWS));
        if (!inOrder) {
            left.sort(ROWS);
            right.sort(ROWS);
        }
        String difference = firstDifference(left, right, columns, engines);
        if (sqliteCount != duckCount) {
            String rows =
                    "%s returned %,d rows, %s %,d".formatted(engines.get(0), sqliteCount, engines.get(1), duckCount);
            return new EngineComparison.TableComparison(
                    name,
                    sqliteCount,
                    duckCount,
                    inOrder,
                    Math.min(left.size(), right.size()),
                    difference == null ? rows : rows + "; " + difference,
                    false);
        }
        if (difference != null && inOrder) {
            List<List<Object>> sortedLeft = new ArrayList<>(left);
            List<List<Object>> sortedRight = new ArrayList<>(right);
            sortedLeft.sort(ROWS);
            sortedRight.sort(ROWS);
            if (firstDifference(sortedLeft, sortedRight, columns, engines) == null) {
                return new EngineComparison.TableComparison(
                        name, sqliteCount, duckCount, true, Math.min(left.size(), right.size()), null, true);
            }
        }
        return new EngineComparison.TableComparison(
                name, sqliteCount, duckCount, inOrder, Math.min(left.size(), right.size()), difference, false);
    }

    private static String firstDifference(
            List<List<Object>> left, List<List<Object>> right, List<String> columns, List<String> engines) {
        int compared = Math.min(left.size(), right.size());
        for (int r = 0; r < compared; r++) {
            for (int c = 0; c < columns.size(); c++) {
                Object a = left.get(r).get(c);
                Object b = right.get(r).get(c);
                if (!same(a, b)) {
                    return "row %,d, column %s: %s %s vs %s %s"
                            .formatted(r + 1, columns.get(c), engines.get(0), describe(a), engines.get(1), describe(b));
                }
            }
        }
        return null;
    }

    /** Tells whether a step's query orders its rows, so their order is part of the answer. */
    private static boolean ordered(ValidatedStep step) {
        return step.executed().ordered();
    }

    /**
     * Maps an engine's values to SQLite's storage classes: Long, Double, String, a blob's bytes as hex, or null.
     *
     * @param value a value as a JDBC driver or an engine's client returns it
     * @return the value as compared
     */
    public static Object normalize(Object value) {
        if (value instanceof Integer || value instanceof Long || value instanceof Short || value instanceof Byte) {
            return ((Number) value).longValue();
        }
        if (value instanceof BigInteger big && big.bitLength() < 64) {
            return big.longValue();
        }
        if (value instanceof Float f) {
            return f.doubleValue();
        }
        if (value instanceof byte[] bytes) {
            return new Blob(HexFormat.of().formatHex(bytes));
        }
        if (value instanceof java.sql.Blob blob) {
            try {
                return new Blob(HexFormat.of().formatHex(blob.getBytes(1, (int) blob.length())));
            } catch (SQLException e) {
                throw new EngineException(
                        PlanErrorCode.EXECUTION_FAILED, "could not read a blob of the results: " + e.getMessage(), e);
            }
        }
        return value;
    }

    /**
     * A blob value, compared by its bytes.
     *
     * @param hex the bytes in hexadecimal
     */
    public record Blob(String hex) {}

    static boolean same(Object a, Object b) {
        if (a == null || b == null) {
            return a == b;
        }
        if (a instanceof Double x && b instanceof Double y) {
            return SqliteReals.text(x).equals(SqliteReals.text(y));
        }
        return a.getClass() == b.getClass() && a.equals(b);
    }

    private static String describe(Object value) {
        if (value == null) {
            return "NULL";
        }
        String type;
        if (value instanceof Long) {
            type = "integer";
        } else if (value instanceof Double) {
            type = "real";
        } else if (value instanceof String) {
            type = "text";
        } else if (value instanceof Blob) {
            type = "blob";
        } else {
            type = value.getClass().getSimpleName();
        }
        String text = value instanceof String s
                ? "'" + s + "'"
                : value instanceof Double d ? SqliteReals.text(d) : String.valueOf(value);
        return text + " (" + type + ")";
    }

    private static final Comparator<List<Object>> ROWS = (a, b) -> {
        for (int i = 0; i < a.size(); i++) {
            int c = compareValues(a.get(i), b.get(i));
            if (c != 0) {
                return c;
            }
        }
        return 0;
    };

    private static int compareValues(Object a, Object b) {
        int rank = Integer.compare(rank(a), rank(b));
        if (rank != 0) {
            return rank;
        }
        if (a == null) {
            return 0;
        }
        if (a instanceof Number x && b instanceof Number y) {
            return new BigDecimal(x.toString()).compareTo(new BigDecimal(y.toString()));
        }
        return a.toString().compareTo(b.toString());
    }

    private static int rank(Object value) {
        if (value == null) {
            return 0;
        }
        if (value instanceof Number) {
            return 1;
        }
        return value instanceof String ? 2 : 3;
    }
}

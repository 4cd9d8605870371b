package io.tablequery.dialects.translate;

import java.util.ArrayList;
import java.util.List;

/**
 * Integers and reals where comparing through a double goes wrong: around 2^53, where doubles skip integers, and at the
 * ends of the 64-bit range, where a real's ceiling or floor leaves it; with the comparisons to ask of every pair.
 */
public final class IntegerRealSamples {
    /** The integers of column {@code i}. */
    public static final List<Long> INTEGERS = List.of(
            0L,
            1L,
            -1L,
            9_007_199_254_740_992L,
            9_007_199_254_740_993L,
            -9_007_199_254_740_993L,
            Long.MAX_VALUE,
            Long.MAX_VALUE - 1,
            Long.MIN_VALUE,
            Long.MIN_VALUE + 1,
            1L << 62);

    /** The reals of column {@code r}, NULL included. */
    public static final List<Double> REALS = java.util.Arrays.asList(
            0.0,
            0.5,
            -0.5,
            1.5,
            9_007_199_254_740_992.0,
            9_007_199_254_740_994.0,
            -9_007_199_254_740_994.0,
            9.223372036854775807E18,
            9_223_372_036_854_774_784.0,
            -9.223372036854775808E18,
            -9.223372036854777856E18,
            4.611686018427387904E18,
            1e19,
            -1e30,
            1e30,
            null);

    /** Statements over table {@code w(id, i, r)}, each ordered by id. */
    public static final List<String> QUERIES = queries();

    private IntegerRealSamples() {}

    private static List<String> queries() {
        List<String> queries = new ArrayList<>();
        for (String op : List.of("<", "<=", ">", ">=", "=", "<>", "IS", "IS NOT")) {
            queries.add("SELECT id, i " + op + " r AS v FROM w ORDER BY id");
            queries.add("SELECT id, r " + op + " i AS v FROM w ORDER BY id");
        }
        queries.add("SELECT id, i BETWEEN r AND r + 1 AS v FROM w ORDER BY id");
        queries.add("SELECT id, i IN (SELECT r FROM w AS x WHERE x.id = w.id) AS v FROM w ORDER BY id");
        queries.add("SELECT id, r NOT IN (SELECT i FROM w AS x WHERE x.id = w.id) AS v FROM w ORDER BY id");
        return queries;
    }

    /**
     * Returns the statements that make and fill {@code w}: every integer beside every real.
     *
     * @return the SQLite statements
     */
    public static List<String> script() {
        List<String> script = new ArrayList<>(List.of("CREATE TABLE w(id INTEGER PRIMARY KEY, i INTEGER, r REAL)"));
        int id = 0;
        for (long integer : INTEGERS) {
            for (Double real : REALS) {
                script.add("INSERT INTO w VALUES (" + ++id + ", " + integer + ", "
                        + (real == null ? "NULL" : new java.math.BigDecimal(real).toPlainString()) + ")");
            }
        }
        return script;
    }
}

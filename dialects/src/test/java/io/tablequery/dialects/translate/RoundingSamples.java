package io.tablequery.dialects.translate;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;

/**
 * Reals for {@code round(x, n)}: at, just below and just above every tie ({@code (k + 0.5) / 10^n}) at every precision
 * from 0 to 12, products that land near one, the ends where SQLite leaves a real as it is, and random doubles of every
 * magnitude; with the precisions to ask of each.
 */
public final class RoundingSamples {
    /** The precisions every value is rounded to. */
    public static final List<Integer> PRECISIONS = IntStream.concat(
                    IntStream.rangeClosed(0, 13), IntStream.of(15, 17, 20, 25, 30))
            .boxed()
            .toList();

    /** The least magnitude a target without a double's exact digits rounds (2^-16), see {@code scaledDigits}. */
    public static final double LEAST_EXACT_PRODUCT = 0x1p-16;

    /** How many values at the head of {@link #values} are ends and near-ties picked by hand, not drawn at random. */
    public static final int ENDS = 30;

    private static final int PER_PRECISION = 400;
    private static final int RANDOM = 3_000;

    private RoundingSamples() {}

    /**
     * Returns the values, always the same.
     *
     * @param least the least magnitude of a value other than 0; 0 for all
     * @return the values
     */
    public static List<Double> values(double least) {
        Random random = new Random(20261201L);
        List<Double> values = new ArrayList<>();
        values.add(1899.5 * (1 - 0.1));
        values.add(0.49999999999999994);
        values.add(-2.5);
        values.add(0.0);
        values.add(1e25 + 1);
        values.add(9.3e18);
        values.add(9.999999999999999e22);
        values.add(Double.MIN_VALUE);
        values.add(0x1p-28);
        values.add(3 * 0x1p-26);
        // Around 2^52 and 2^53, where adding 0.5 rounds in binary and SQLite leaves the value as it is.
        for (double base : new double[] {0x1p52, 0x1p53}) {
            for (int step = -3; step <= 3; step++) {
                values.add(base + step);
                values.add(-(base + step));
                values.add(base + step + 0.5);
                values.add(-(base + step + 0.5));
            }
        }
        for (int n = 0; n <= 12; n++) {
            for (int i = 0; i < PER_PRECISION; i++) {
                long k = random.nextInt(2_000_000) - 1_000_000L;
                double tie = (k + 0.5) / Math.pow(10, n);
                values.add(tie);
                values.add(Math.nextUp(tie));
                values.add(Math.nextDown(tie));
                values.add((k + 0.5) * Math.pow(0.1, n));
            }
        }
        for (int i = 0; i < RANDOM; i++) {
            double value = i % 2 == 0
                    ? Double.longBitsToDouble(random.nextLong())
                    : (random.nextDouble() - 0.5) * Math.pow(10, random.nextInt(40) - 30);
            if (Double.isFinite(value)) {
                values.add(value);
            }
        }
        return values.stream().filter(v -> v == 0 || Math.abs(v) >= least).toList();
    }

    /**
     * Creates table {@code r(v REAL)} of the values on the pair's SQLite and copies it to DuckDB.
     *
     * @param engines the pair
     * @param values the values
     * @throws SQLException when a database fails
     */
    public static void load(EnginePair engines, List<Double> values) throws SQLException {
        engines.sqliteScript(List.of("CREATE TABLE r(v REAL)"));
        try (PreparedStatement insert = engines.sqlite.prepareStatement("INSERT INTO r VALUES (?)")) {
            for (double value : values) {
                insert.setDouble(1, value);
                insert.addBatch();
            }
            insert.executeBatch();
        }
        engines.copyTables();
    }

    /**
     * The query of every precision: the value, then its rounding to each of {@link #PRECISIONS}, in rowid order.
     *
     * @return SQLite SQL
     */
    public static String query() {
        StringBuilder sql = new StringBuilder("SELECT v");
        for (int n : PRECISIONS) {
            sql.append(", round(v, ").append(n).append(")");
        }
        return sql.append(" FROM r ORDER BY rowid").toString();
    }

    /**
     * Lists the roundings two answers of {@link #query} differ in, the first 20.
     *
     * @param expected SQLite's answer
     * @param actual the target's
     * @return the differences, each as a line
     */
    public static List<String> differences(EnginePair.Rows expected, EnginePair.Rows actual) {
        List<String> differences = new ArrayList<>();
        for (int r = 0; r < expected.rows().size() && differences.size() < 20; r++) {
            List<Object> want = expected.rows().get(r);
            List<Object> got = actual.rows().get(r);
            for (int c = 1; c < want.size() && differences.size() < 20; c++) {
                if (!EnginePair.Rows.sameValue(want.get(c), got.get(c))) {
                    differences.add("round(%s, %d): sqlite %s, translated %s"
                            .formatted(want.get(0), PRECISIONS.get(c - 1), want.get(c), got.get(c)));
                }
            }
        }
        return differences;
    }
}

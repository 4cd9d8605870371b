package io.tablequery.engine.ingest.layout;

import io.tablequery.engine.ingest.CellKind;
import io.tablequery.engine.ingest.RawRow;
import io.tablequery.engine.ingest.values.CellValue;
import io.tablequery.engine.ingest.values.ValueClass;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.regex.Pattern;

/**
 * Tells verified total rows from data rows while a table's rows go by. A row is a total when its label reads like
 * one ({@code Total}, {@code North Total}, {@code Grand total}, {@code 合计}, ...) <em>and</em> every number in it
 * equals, within the rounding of its last digit, the sum of its column over the rows it closes: the data rows since
 * the previous total (a subtotal, or the only total), all data rows of the table (a grand total), or the subtotals
 * since the previous grand total. A row with a total's label whose numbers do not add up is data, and only flagged.
 * The rows a verified total closes are counted once: its numbers never enter the sums.
 */
public final class TotalsTracker {
    /** What a row with a total's label turned out to be. */
    public enum Verdict {
        /** Its numbers add up: it closes the rows above it, and is moved out of the data. */
        TOTAL,
        /** Its numbers do not add up, or it has none: it stays a data row, flagged. */
        UNVERIFIED
    }

    static final Pattern TOTAL = Pattern.compile("(?iu)^\\s*(grand\\s+|sub-?)?totals?\\b.*"
            + "|^.*\\S\\s+(grand\\s+)?totals?\\s*$"
            + "|^\\s*(sum|gesamt|summe|totaal|somme|suma)\\s*:?\\s*$"
            + "|^\\s*(合计|總計|总计|小计|小計|合計|共计|總和|总和).*");

    /** The first letters of the words {@link #TOTAL} begins with, in both cases; {@code ſ} folds to {@code s}. */
    private static final String FIRST_LETTERS = "gGsStTſ合總总小計计共";

    private double[] group = new double[0];
    private double[] table = new double[0];
    private double[] subtotals = new double[0];
    private long[] groupCounts = new long[0];
    private long[] tableCounts = new long[0];
    private long[] subtotalCounts = new long[0];
    private double[] candidate = new double[0];
    private boolean[] numeric = new boolean[0];

    /**
     * Tells whether a row's label, its first non-blank cell, reads like a total's.
     *
     * @param row the row
     * @return true when the label is text of a total's kind
     */
    public static boolean labelled(RawRow row) {
        for (int c = 0; c < row.width(); c++) {
            if (!row.isBlank(c)) {
                return row.kind(c) == CellKind.TEXT
                        && row.text(c).length() < 100
                        && mayBeTotal(row.text(c))
                        && TOTAL.matcher(row.text(c)).matches();
            }
        }
        return false;
    }

    /**
     * A cheap test every label matching {@link #TOTAL} passes, so that the expression runs on few of a large table's
     * rows: such a label begins (after the spaces {@code \\s} skips) with a letter of its first word, or it contains
     * {@code total}.
     */
    static boolean mayBeTotal(String label) {
        int start = 0;
        while (start < label.length() && isRegexSpace(label.charAt(start))) {
            start++;
        }
        if (start == label.length()) {
            return false;
        }
        if (FIRST_LETTERS.indexOf(label.charAt(start)) >= 0) {
            return true;
        }
        for (int i = start; i + 5 <= label.length(); i++) {
            if (label.regionMatches(true, i, "total", 0, 5)) {
                return true;
            }
        }
        return false;
    }

    private static boolean isRegexSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\u000B' || c == '\f' || c == '\r';
    }

    /**
     * Adds a data row's number to its column's sums.
     *
     * @param column the source column
     * @param value the classified cell
     */
    public void add(int column, CellValue value) {
        if (!isNumber(value)) {
            return;
        }
        grow(column + 1);
        double x = number(value);
        group[column] += x;
        table[column] += x;
        groupCounts[column]++;
        tableCounts[column]++;
    }

    /** Starts the check of a row with a total's label. */
    public void beginCandidate() {
        Arrays.fill(numeric, false);
    }

    /**
     * Notes one cell of the row under check.
     *
     * @param column the source column
     * @param value the classified cell
     */
    public void candidateCell(int column, CellValue value) {
        if (isNumber(value)) {
            grow(column + 1);
            numeric[column] = true;
            candidate[column] = number(value);
        }
    }

    /**
     * Decides the row under check, and counts a verified total as closing the rows above it.
     *
     * @return whether the row is a total
     */
    public Verdict decide() {
        boolean any = false;
        for (boolean n : numeric) {
            any |= n;
        }
        if (!any) {
            return Verdict.UNVERIFIED;
        }
        if (matches(group, groupCounts)) {
            for (int c = 0; c < numeric.length; c++) {
                if (numeric[c]) {
                    subtotals[c] += candidate[c];
                    subtotalCounts[c]++;
                }
            }
            clear(group, groupCounts);
            return Verdict.TOTAL;
        }
        if (matches(table, tableCounts) || matches(subtotals, subtotalCounts)) {
            clear(group, groupCounts);
            clear(table, tableCounts);
            clear(subtotals, subtotalCounts);
            return Verdict.TOTAL;
        }
        return Verdict.UNVERIFIED;
    }

    private boolean matches(double[] sums, long[] counts) {
        for (int c = 0; c < numeric.length; c++) {
            if (numeric[c] && (counts[c] == 0 || !closeEnough(candidate[c], sums[c]))) {
                return false;
            }
        }
        return true;
    }

    /** Equal within the rounding of the total's last digit, and within what adding doubles loses. */
    static boolean closeEnough(double total, double sum) {
        if (!Double.isFinite(total) || !Double.isFinite(sum)) {
            return false;
        }
        int scale = Math.max(0, BigDecimal.valueOf(total).stripTrailingZeros().scale());
        double halfUnit = scale > 15 ? 0 : 0.5 * Math.pow(10, -scale);
        double slack = 1e-9 * Math.max(1, Math.max(Math.abs(total), Math.abs(sum)));
        return Math.abs(total - sum) <= halfUnit + slack;
    }

    private static boolean isNumber(CellValue value) {
        return value.cls() == ValueClass.INT || value.cls() == ValueClass.REAL;
    }

    private static double number(CellValue value) {
        return value.cls() == ValueClass.INT ? value.longValue() : value.doubleValue();
    }

    private static void clear(double[] sums, long[] counts) {
        Arrays.fill(sums, 0);
        Arrays.fill(counts, 0);
    }

    private void grow(int width) {
        if (width <= group.length) {
            return;
        }
        int size = Math.max(width, group.length * 2);
        group = Arrays.copyOf(group, size);
        table = Arrays.copyOf(table, size);
        subtotals = Arrays.copyOf(subtotals, size);
        groupCounts = Arrays.copyOf(groupCounts, size);
        tableCounts = Arrays.copyOf(tableCounts, size);
        subtotalCounts = Arrays.copyOf(subtotalCounts, size);
        candidate = Arrays.copyOf(candidate, size);
        numeric = Arrays.copyOf(numeric, size);
    }
}

package io.tablequery.engine.ingest.values;

import io.tablequery.engine.ingest.CellKind;
import io.tablequery.engine.ingest.RawRow;
import java.util.List;

/** Counts, for one source column, the classes of its values over all data rows: the evidence for its type. */
public final class ColumnStats {
    private final long[] counts = new long[ValueClass.values().length];
    long percentValues;
    long plainNumbers;
    long orderDependentDates;
    long dayFirstOnly;
    long monthFirstOnly;
    long nonBooleanIntegers;
    long nonCanonicalTemporals;

    /**
     * Counts the classes of one row's cells into per-column statistics, growing the list to the row's width.
     *
     * @param into the statistics by source column
     * @param row the row
     * @param classifier classifies its cells
     * @param dateLike by source column, whether the source declares it a date
     * @param scratch a holder to classify into
     */
    public static void addRow(
            List<ColumnStats> into, RawRow row, CellClassifier classifier, boolean[] dateLike, CellValue scratch) {
        while (into.size() < row.width()) {
            into.add(new ColumnStats());
        }
        for (int c = 0; c < row.width(); c++) {
            if (row.kind(c) != CellKind.BLANK) {
                classifier.classify(row, c, c < dateLike.length && dateLike[c], scratch);
                into.get(c).add(scratch);
            }
        }
    }

    /** Counts one classified value. */
    public void add(CellValue value) {
        counts[value.cls.ordinal()]++;
        switch (value.cls) {
            case INT, REAL -> {
                if (value.has(CellValue.PERCENT)) {
                    percentValues++;
                } else {
                    plainNumbers++;
                }
                if (value.cls == ValueClass.INT && value.longValue != 0 && value.longValue != 1) {
                    nonBooleanIntegers++;
                }
            }
            case DATE, DATETIME -> {
                if (value.has(CellValue.NOT_CANONICAL)) {
                    nonCanonicalTemporals++;
                }
                if (value.has(CellValue.ORDER_DEPENDENT)) {
                    orderDependentDates++;
                    if (value.longValue == CellValue.INVALID) {
                        dayFirstOnly++;
                    } else if (value.dayFirstValue == CellValue.INVALID) {
                        monthFirstOnly++;
                    }
                }
            }
            default -> {}
        }
    }

    /** Counts a value of a class without its details, as when only its class is known. */
    public void add(ValueClass cls) {
        counts[cls.ordinal()]++;
    }

    /** How many values of a class the column holds. */
    public long count(ValueClass cls) {
        return counts[cls.ordinal()];
    }

    /** How many dates the column holds whose day and month order only the whole column can settle. */
    public long orderDependentDates() {
        return orderDependentDates;
    }

    /** Values that are present: anything but blanks, missing-value markers, errors and uncached formulas. */
    public long present() {
        return count(ValueClass.INT)
                + count(ValueClass.REAL)
                + count(ValueClass.DATE)
                + count(ValueClass.DATETIME)
                + count(ValueClass.TIME)
                + count(ValueClass.BOOL)
                + count(ValueClass.TEXT)
                + count(ValueClass.BLOB);
    }

    /** Whether the column holds anything at all, markers and errors included. */
    public boolean isEmpty() {
        return present() == 0
                && count(ValueClass.NULL_MARKER) == 0
                && count(ValueClass.ERROR) == 0
                && count(ValueClass.UNCACHED) == 0;
    }

    /** The most frequent present class, or NULL when nothing is present. */
    public ValueClass dominant() {
        ValueClass best = ValueClass.NULL;
        long bestCount = 0;
        for (ValueClass cls : ValueClass.values()) {
            if (cls != ValueClass.NULL
                    && cls != ValueClass.NULL_MARKER
                    && cls != ValueClass.ERROR
                    && cls != ValueClass.UNCACHED
                    && counts[cls.ordinal()] > bestCount) {
                best = cls;
                bestCount = counts[cls.ordinal()];
            }
        }
        return best;
    }
}

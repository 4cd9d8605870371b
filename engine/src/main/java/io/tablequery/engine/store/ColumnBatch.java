package io.tablequery.engine.store;

import io.tablequery.engine.catalog.ColumnType;
import java.util.List;

/**
 * A block of rows in columnar form, with each row's provenance row number. INTEGER and BOOLEAN (0/1) values are
 * longs, DATE values epoch days, TIMESTAMP values epoch microseconds, REAL values doubles, TEXT values strings and
 * BLOB values byte arrays. Every cell starts out NULL.
 *
 * <p>A cell may also carry its source value (a Long, Double, String or byte array read from an uploaded SQLite
 * database); the SQLite copy then stores that value as it was, so it keeps its storage class.
 *
 * <p>Once handed to a writer, a batch is read by both storage threads and must not change.
 */
public final class ColumnBatch {
    private final List<ColumnType> types;
    private final int capacity;
    private final long[] rowNumbers;
    private final long[][] longs;
    private final double[][] doubles;
    private final Object[][] objects;
    private final boolean[][] present;
    private Object[][] sourceValues;
    private int size;

    /**
     * Creates an empty batch.
     *
     * @param types the column types
     * @param capacity the most rows it holds
     */
    public ColumnBatch(List<ColumnType> types, int capacity) {
        this.types = List.copyOf(types);
        this.capacity = capacity;
        this.rowNumbers = new long[capacity];
        int width = types.size();
        this.longs = new long[width][];
        this.doubles = new double[width][];
        this.objects = new Object[width][];
        this.present = new boolean[width][capacity];
        for (int c = 0; c < width; c++) {
            switch (types.get(c)) {
                case REAL -> doubles[c] = new double[capacity];
                case TEXT, BLOB -> objects[c] = new Object[capacity];
                default -> longs[c] = new long[capacity];
            }
        }
    }

    /**
     * Appends a row whose cells are all NULL.
     *
     * @param rowNumber the row's provenance row number
     * @return the row's index in the batch
     */
    public int addRow(long rowNumber) {
        if (size == capacity) {
            throw new IllegalStateException("batch is full");
        }
        rowNumbers[size] = rowNumber;
        return size++;
    }

    /** Sets an INTEGER, BOOLEAN (0/1), DATE (epoch day) or TIMESTAMP (epoch micros) cell. */
    public void setLong(int column, int row, long value) {
        longs[column][row] = value;
        present[column][row] = true;
    }

    /** Sets a REAL cell. */
    public void setDouble(int column, int row, double value) {
        doubles[column][row] = value;
        present[column][row] = true;
    }

    /** Sets a TEXT (String) or BLOB (byte[]) cell; null leaves it NULL. */
    public void setObject(int column, int row, Object value) {
        objects[column][row] = value;
        present[column][row] = value != null;
    }

    /** Sets the value the source held for a cell, for the SQLite copy to store unchanged. */
    public void setSourceValue(int column, int row, Object value) {
        if (sourceValues == null) {
            sourceValues = new Object[types.size()][];
        }
        if (sourceValues[column] == null) {
            sourceValues[column] = new Object[capacity];
        }
        sourceValues[column][row] = value;
    }

    /** Returns the value the source held for a cell, or null when the cell has none. */
    public Object sourceValue(int column, int row) {
        return sourceValues == null || sourceValues[column] == null ? null : sourceValues[column][row];
    }

    /** Returns the number of rows. */
    public int size() {
        return size;
    }

    /** Tells whether the batch has no room left. */
    public boolean isFull() {
        return size == capacity;
    }

    /** Returns the column types. */
    public List<ColumnType> types() {
        return types;
    }

    /** Returns a row's provenance row number. */
    public long rowNumber(int row) {
        return rowNumbers[row];
    }

    /** Tells whether a cell is NULL. */
    public boolean isNull(int column, int row) {
        return !present[column][row];
    }

    /** Returns a long-backed cell's value. */
    public long longValue(int column, int row) {
        return longs[column][row];
    }

    /** Returns a REAL cell's value. */
    public double doubleValue(int column, int row) {
        return doubles[column][row];
    }

    /** Returns a TEXT or BLOB cell's value. */
    public Object object(int column, int row) {
        return objects[column][row];
    }
}

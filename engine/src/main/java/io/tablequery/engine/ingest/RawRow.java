package io.tablequery.engine.ingest;

import java.util.Arrays;

/**
 * One row of raw cells as a reader saw it. Readers reuse one instance and reset it for every row; a consumer that
 * keeps a row past the call that delivered it must {@link #copy()} it.
 */
public final class RawRow {
    private static final CellKind[] KINDS = CellKind.values();
    private static final NumberFormatKind[] FORMATS = NumberFormatKind.values();

    private long rowNumber;
    private int width;
    private byte[] kinds = new byte[16];
    private byte[] formats = new byte[16];
    private double[] numbers = new double[16];
    private long[] longs = new long[16];
    private Object[] objects = new Object[16];

    /**
     * Clears the row for reuse.
     *
     * @param rowNumber the row number a person sees: the spreadsheet row, the CSV record number, or the rowid
     */
    public void reset(long rowNumber) {
        Arrays.fill(kinds, 0, width, (byte) CellKind.BLANK.ordinal());
        Arrays.fill(objects, 0, width, null);
        this.rowNumber = rowNumber;
        this.width = 0;
    }

    /**
     * Returns the row number.
     *
     * @return the row number a person sees
     */
    public long rowNumber() {
        return rowNumber;
    }

    /**
     * Returns one more than the highest column holding a cell.
     *
     * @return the row's width
     */
    public int width() {
        return width;
    }

    /**
     * Sets a number cell.
     *
     * @param column the 0-based column
     * @param value the value
     * @param format how the cell is displayed
     */
    public void setNumber(int column, double value, NumberFormatKind format) {
        slot(column, CellKind.NUMBER);
        numbers[column] = value;
        formats[column] = (byte) format.ordinal();
        objects[column] = null;
    }

    /**
     * Sets a number cell of a spreadsheet with the number format it is displayed in.
     *
     * @param column the 0-based column
     * @param value the value
     * @param format the cell's number format, shared by the cells of its style
     */
    public void setNumber(int column, double value, DisplayFormat format) {
        setNumber(column, value, format.kind());
        objects[column] = format;
    }

    /**
     * Sets an exact integer cell.
     *
     * @param column the 0-based column
     * @param value the value
     */
    public void setLong(int column, long value) {
        slot(column, CellKind.LONG);
        longs[column] = value;
    }

    /**
     * Sets a text cell; an empty string leaves the cell blank.
     *
     * @param column the 0-based column
     * @param value the text
     */
    public void setText(int column, String value) {
        if (value.isEmpty()) {
            return;
        }
        slot(column, CellKind.TEXT);
        objects[column] = value;
    }

    /**
     * Sets a text cell exactly, keeping an empty string as a value (databases distinguish it from NULL).
     *
     * @param column the 0-based column
     * @param value the text
     */
    public void setExactText(int column, String value) {
        slot(column, CellKind.TEXT);
        objects[column] = value;
    }

    /**
     * Sets a boolean cell.
     *
     * @param column the 0-based column
     * @param value the value
     */
    public void setBoolean(int column, boolean value) {
        slot(column, CellKind.BOOLEAN);
        longs[column] = value ? 1 : 0;
    }

    /**
     * Sets an error cell.
     *
     * @param column the 0-based column
     * @param code the error text as the spreadsheet shows it, for example {@code #N/A}
     */
    public void setError(int column, String code) {
        slot(column, CellKind.ERROR);
        objects[column] = code;
    }

    /**
     * Marks a formula cell whose cached value is missing.
     *
     * @param column the 0-based column
     */
    public void setUncachedFormula(int column) {
        slot(column, CellKind.UNCACHED_FORMULA);
    }

    /**
     * Sets a bytes cell.
     *
     * @param column the 0-based column
     * @param value the bytes
     */
    public void setBlob(int column, byte[] value) {
        slot(column, CellKind.BLOB);
        objects[column] = value;
    }

    /**
     * Returns a cell's value as an object: a Long for LONG and BOOLEAN (0/1) cells, a Double for NUMBER cells, the
     * String or byte array for TEXT, ERROR and BLOB cells, null for the rest.
     *
     * @param column the 0-based column
     * @return the value
     */
    public Object valueObject(int column) {
        return switch (kind(column)) {
            case LONG, BOOLEAN -> Long.valueOf(longs[column]);
            case NUMBER -> Double.valueOf(numbers[column]);
            case TEXT, ERROR, BLOB -> objects[column];
            case BLANK, UNCACHED_FORMULA -> null;
        };
    }

    /**
     * Returns the kind of a cell; columns beyond the width are blank.
     *
     * @param column the 0-based column
     * @return the kind
     */
    public CellKind kind(int column) {
        return column < width ? KINDS[kinds[column]] : CellKind.BLANK;
    }

    /**
     * Returns a number cell's value.
     *
     * @param column the 0-based column
     * @return the value
     */
    public double number(int column) {
        return numbers[column];
    }

    /**
     * Returns a number cell's display format.
     *
     * @param column the 0-based column
     * @return the format kind
     */
    public NumberFormatKind format(int column) {
        return FORMATS[formats[column]];
    }

    /**
     * Returns a number cell's number format as the spreadsheet wrote it.
     *
     * @param column the 0-based column
     * @return the format, or null for a number that came without one (from a CSV or a database)
     */
    public DisplayFormat displayFormat(int column) {
        return kind(column) == CellKind.NUMBER ? (DisplayFormat) objects[column] : null;
    }

    /**
     * Returns an integer cell's value, or a boolean cell's value as 0 or 1.
     *
     * @param column the 0-based column
     * @return the value
     */
    public long longValue(int column) {
        return longs[column];
    }

    /**
     * Returns a text or error cell's text.
     *
     * @param column the 0-based column
     * @return the text
     */
    public String text(int column) {
        return (String) objects[column];
    }

    /**
     * Returns a bytes cell's value.
     *
     * @param column the 0-based column
     * @return the bytes
     */
    public byte[] blob(int column) {
        return (byte[]) objects[column];
    }

    /**
     * Tells whether no cell holds anything but ASCII whitespace.
     *
     * @return true if the row is blank
     */
    public boolean isBlank() {
        for (int c = 0; c < width; c++) {
            CellKind kind = KINDS[kinds[c]];
            if (kind == CellKind.TEXT) {
                if (!isBlankText((String) objects[c])) {
                    return false;
                }
            } else if (kind != CellKind.BLANK) {
                return false;
            }
        }
        return true;
    }

    /**
     * Counts the cells that hold anything but whitespace.
     *
     * @return the number of non-blank cells
     */
    public int nonBlankCount() {
        int count = 0;
        for (int c = 0; c < width; c++) {
            if (!isBlank(c)) {
                count++;
            }
        }
        return count;
    }

    /**
     * Tells whether a cell is blank or holds only ASCII whitespace.
     *
     * @param column the 0-based column
     * @return true if blank
     */
    public boolean isBlank(int column) {
        CellKind kind = kind(column);
        return kind == CellKind.BLANK || (kind == CellKind.TEXT && isBlankText((String) objects[column]));
    }

    /**
     * Tells whether text is empty or only ASCII spaces, tabs and line breaks. Other spaces (U+00A0, U+3000, U+2003,
     * ...) are characters someone typed, so a row of them is data, not a gap (Java's {@code isBlank} would count
     * most of them as whitespace).
     */
    static boolean isBlankText(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c != ' ' && c != '\t' && c != '\n' && c != '\r' && c != '\f' && c != '\u000B') {
                return false;
            }
        }
        return true;
    }

    /**
     * Copies one cell of another row into this row.
     *
     * @param column the 0-based column to set here
     * @param from the row to copy from
     * @param fromColumn the column to copy
     */
    public void copyCell(int column, RawRow from, int fromColumn) {
        CellKind kind = from.kind(fromColumn);
        if (kind == CellKind.BLANK) {
            return;
        }
        slot(column, kind);
        numbers[column] = from.numbers[fromColumn];
        longs[column] = from.longs[fromColumn];
        formats[column] = from.formats[fromColumn];
        objects[column] = from.objects[fromColumn];
    }

    /**
     * Makes this row a copy of another, reusing this row's arrays.
     *
     * @param other the row to copy
     */
    public void copyFrom(RawRow other) {
        int width = other.width;
        if (kinds.length < width) {
            int capacity = Math.max(width, kinds.length * 2);
            kinds = new byte[capacity];
            formats = new byte[capacity];
            numbers = new double[capacity];
            longs = new long[capacity];
            objects = new Object[capacity];
        } else {
            Arrays.fill(objects, width, Math.max(width, this.width), null);
        }
        System.arraycopy(other.kinds, 0, kinds, 0, width);
        System.arraycopy(other.formats, 0, formats, 0, width);
        System.arraycopy(other.numbers, 0, numbers, 0, width);
        System.arraycopy(other.longs, 0, longs, 0, width);
        System.arraycopy(other.objects, 0, objects, 0, width);
        this.rowNumber = other.rowNumber;
        this.width = width;
    }

    /**
     * Returns a copy of this row's cells in some columns only, each kept in its column.
     *
     * @param from the first column kept
     * @param to the last column kept
     * @return the copy
     */
    public RawRow columns(int from, int to) {
        RawRow part = new RawRow();
        part.reset(rowNumber);
        for (int c = from; c <= Math.min(to, width - 1); c++) {
            part.copyCell(c, this, c);
        }
        return part;
    }

    /**
     * Returns an independent copy of this row.
     *
     * @return the copy
     */
    public RawRow copy() {
        RawRow copy = new RawRow();
        int capacity = Math.max(width, 1);
        copy.rowNumber = rowNumber;
        copy.width = width;
        copy.kinds = Arrays.copyOf(kinds, capacity);
        copy.formats = Arrays.copyOf(formats, capacity);
        copy.numbers = Arrays.copyOf(numbers, capacity);
        copy.longs = Arrays.copyOf(longs, capacity);
        copy.objects = Arrays.copyOf(objects, capacity);
        return copy;
    }

    private void slot(int column, CellKind kind) {
        if (column < 0) {
            throw new IllegalArgumentException("negative column: " + column);
        }
        if (column >= kinds.length) {
            int capacity = Math.max(column + 1, kinds.length * 2);
            kinds = Arrays.copyOf(kinds, capacity);
            formats = Arrays.copyOf(formats, capacity);
            numbers = Arrays.copyOf(numbers, capacity);
            longs = Arrays.copyOf(longs, capacity);
            objects = Arrays.copyOf(objects, capacity);
        }
        if (column >= width) {
            if (column > width) {
                Arrays.fill(kinds, width, column, (byte) CellKind.BLANK.ordinal());
                Arrays.fill(objects, width, column, null);
            }
            width = column + 1;
        }
        kinds[column] = (byte) kind.ordinal();
    }
}

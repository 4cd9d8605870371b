package io.tablequery.engine.ingest.values;

/**
 * The classified value of one cell; a mutable holder reused for every cell, so classification allocates nothing.
 * Which fields are meaningful depends on {@link #cls}.
 */
public final class CellValue {
    /** A number that came from text in a spreadsheet string cell (a number stored as text). */
    public static final int FROM_TEXT = 1;
    /** A number written with a percent sign. */
    public static final int PERCENT = 1 << 1;
    /** A number written with a currency sign or thousands separators. */
    public static final int CURRENCY = 1 << 2;
    /** A date written with its day and month in an order only the whole column can settle. */
    public static final int ORDER_DEPENDENT = 1 << 3;
    /** A date or time number whose display format hides part of it (the time of day, or the date). */
    public static final int PART_DROPPED = 1 << 4;
    /** Text that needed control characters removed. */
    public static final int CONTROL_REMOVED = 1 << 5;
    /** Text holding replacement characters for bytes the detected encoding could not decode. */
    public static final int UNDECODABLE = 1 << 6;
    /** A date or timestamp read from database text spelled other than the way tablequery writes it back. */
    static final int NOT_CANONICAL = 1 << 7;
    /** A spreadsheet's elapsed time ({@code [h]:mm:ss}), held as its number of seconds. */
    public static final int ELAPSED = 1 << 8;

    /** A date reading that does not exist (such as the day-first reading of {@code 12/31/2024}). */
    public static final long INVALID = Long.MIN_VALUE;

    ValueClass cls;
    /** INT value, BOOL 0/1, DATE epoch day (month-first reading when order-dependent), DATETIME epoch micros. */
    long longValue;
    /** For order-dependent dates: the day-first reading, or {@link #INVALID}. */
    long dayFirstValue;

    double doubleValue;
    /** The original text, for TEXT and for values that came from text; null otherwise. */
    String text;

    /**
     * For text whose NUL characters were removed ({@link #CONTROL_REMOVED}), the text as the file holds it with each
     * NUL written {@code \0}; null otherwise.
     */
    String withNul;

    byte[] blob;
    int flags;

    void reset() {
        cls = ValueClass.NULL;
        longValue = 0;
        dayFirstValue = INVALID;
        doubleValue = 0;
        text = null;
        withNul = null;
        blob = null;
        flags = 0;
    }

    /** Tells whether any of the flags ({@link #PERCENT}, ...) is set. */
    public boolean has(int flag) {
        return (flags & flag) != 0;
    }

    /** The value's class, which says which of the other values are meaningful. */
    public ValueClass cls() {
        return cls;
    }

    /** The INT value, BOOL 0/1, DATE epoch day (month-first when order-dependent) or DATETIME epoch micros. */
    public long longValue() {
        return longValue;
    }

    /** For an order-dependent date, its day-first reading, or {@link #INVALID}. */
    public long dayFirstValue() {
        return dayFirstValue;
    }

    /** The REAL value, or the spreadsheet number a date or time came from. */
    public double doubleValue() {
        return doubleValue;
    }

    /** The original text, for TEXT and for values that came from text; null otherwise. */
    public String text() {
        return text;
    }

    /**
     * Returns the text as the file holds it, when its NUL characters were removed ({@link #CONTROL_REMOVED}).
     *
     * @return the text with each NUL written {@code \0}, or null
     */
    public String withNul() {
        return withNul;
    }

    /** The BLOB value. */
    public byte[] blob() {
        return blob;
    }
}

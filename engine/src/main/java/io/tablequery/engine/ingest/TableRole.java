package io.tablequery.engine.ingest;

/** What a table made from a sheet holds. */
public enum TableRole {
    /** The data rows of a table in the sheet. */
    DATA,
    /** The total and subtotal rows of the table before it, moved out so that its sums count each row once. */
    TOTALS,
    /**
     * The long form of the crosstab of the table before it: one row per data row and column of numbers, with the
     * header rows' labels as columns (see {@link io.tablequery.engine.ingest.layout.LongForm}).
     */
    LONG
}

package io.tablequery.engine.ingest;

/** How a spreadsheet displays a number cell, which decides whether it is a date, a time or a plain number. */
public enum NumberFormatKind {
    GENERAL,
    PERCENT,
    DATE,
    DATETIME,
    TIME,
    /** Elapsed time such as {@code [h]:mm:ss}. */
    DURATION
}

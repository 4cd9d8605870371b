package io.tablequery.engine.ingest.values;

/** What a cell's value turned out to be, the unit of type inference. */
public enum ValueClass {
    /** Blank or empty. */
    NULL,
    /** Text that stands for a missing value ({@code N/A}, {@code -}, whitespace). */
    NULL_MARKER,
    /** A spreadsheet error value. */
    ERROR,
    /** A formula without a cached value. */
    UNCACHED,
    INT,
    REAL,
    DATE,
    DATETIME,
    /** A time of day or a duration; stored as text. */
    TIME,
    BOOL,
    TEXT,
    BLOB
}

package io.tablequery.engine.ingest;

/** The raw kind of a cell as its source file stores it, before any interpretation. */
public enum CellKind {
    /** No value. */
    BLANK,
    /** A floating-point number, with a number format telling how it is displayed. */
    NUMBER,
    /** An exact 64-bit integer (SQLite databases). */
    LONG,
    /** Text: a spreadsheet string cell or any CSV field. */
    TEXT,
    /** A boolean cell. */
    BOOLEAN,
    /** A spreadsheet error value such as {@code #N/A}. */
    ERROR,
    /** A formula whose cached value the file does not hold. */
    UNCACHED_FORMULA,
    /** Bytes (SQLite databases). */
    BLOB
}

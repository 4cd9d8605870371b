package io.tablequery.dialects.translate;

/** The static storage class of a translated expression, as SQLite would report it with {@code typeof}. */
public enum SqlType {
    /** Only NULL. */
    NULL,
    /** A 64-bit integer (DuckDB BIGINT or a narrower integer). */
    INTEGER,
    /** A double (DuckDB DOUBLE). */
    REAL,
    /** Text (DuckDB VARCHAR). */
    TEXT,
    /** Bytes (DuckDB BLOB). */
    BLOB,
    /** A DuckDB BOOLEAN, which SQLite sees as the integer 0 or 1. */
    BOOLEAN,
    /** Values of several storage classes in one column; nothing built on it translates. */
    MIXED;

    /** The class a value of this type compares in: numbers together, then text, then blobs. */
    int comparisonClass() {
        return switch (this) {
            case NULL -> 0;
            case INTEGER, REAL, BOOLEAN -> 1;
            case TEXT -> 2;
            case BLOB -> 3;
            case MIXED -> -1;
        };
    }
}

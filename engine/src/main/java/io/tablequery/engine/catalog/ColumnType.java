package io.tablequery.engine.catalog;

/**
 * The logical type of a column, and how each copy stores it.
 *
 * <p>The SQLite copy uses the types SQLite users expect: dates and timestamps as ISO-8601 text, booleans as 0/1
 * integers. The DuckDB copy uses native DATE, TIMESTAMP and BOOLEAN columns.
 */
public enum ColumnType {
    INTEGER("INTEGER", "BIGINT"),
    REAL("REAL", "DOUBLE"),
    TEXT("TEXT", "VARCHAR"),
    /** A calendar date; SQLite text {@code YYYY-MM-DD}. */
    DATE("TEXT", "DATE"),
    /** A date and time without zone; SQLite text {@code YYYY-MM-DD HH:MM:SS[.SSS]}. */
    TIMESTAMP("TEXT", "TIMESTAMP"),
    /** True or false; SQLite integer 1 or 0. */
    BOOLEAN("INTEGER", "BOOLEAN"),
    /** Bytes, only from imported SQLite databases. */
    BLOB("BLOB", "BLOB");

    private final String sqliteType;
    private final String duckDbType;

    ColumnType(String sqliteType, String duckDbType) {
        this.sqliteType = sqliteType;
        this.duckDbType = duckDbType;
    }

    /**
     * Returns the type declared for this column in the SQLite copy.
     *
     * @return a SQLite type name
     */
    public String sqliteType() {
        return sqliteType;
    }

    /**
     * Returns the native type of this column in the DuckDB copy.
     *
     * @return a DuckDB type name
     */
    public String duckDbType() {
        return duckDbType;
    }

    /**
     * Tells whether the SQLite copy stores this type as ISO text beside a native DuckDB temporal column.
     *
     * @return true for DATE and TIMESTAMP
     */
    public boolean isTemporal() {
        return this == DATE || this == TIMESTAMP;
    }
}

package io.tablequery.dialects.translate;

import static java.util.Objects.requireNonNull;

import io.tablequery.dialects.SqliteAffinity;

/**
 * A column as the translator sees it.
 *
 * @param name the column's name
 * @param type the storage class of its values in the DuckDB copy; {@link SqlType#MIXED} when they differ
 * @param affinity its SQLite affinity ({@link SqliteAffinity#BLOB} for a column declared without a type, {@link SqliteAffinity#NONE} for an expression's)
 * @param dateValues for a text column whose every value is an ISO-8601 date {@code YYYY-MM-DD} of a year from 1 to
 *     9999 (a fact ingest knows of the dates it wrote), the column of the same relation that holds the same values as
 *     a SQL {@code DATE}; else null. Comparisons with dates and date functions then read it instead of parsing text.
 * @param neverNull whether no value of the column is NULL where it is read (for a stored table, a fact of its current
 *     version; not on the side of an outer join that may have no row), so {@code IN} may be spelled as {@code EXISTS}
 */
public record ColumnSchema(String name, SqlType type, SqliteAffinity affinity, String dateValues, boolean neverNull) {
    public ColumnSchema {
        requireNonNull(name, "name is null");
        requireNonNull(type, "type is null");
        requireNonNull(affinity, "affinity is null");
        if (dateValues != null && type != SqlType.TEXT) {
            throw new IllegalArgumentException("only text columns hold dates as text: " + name);
        }
    }

    /**
     * A column of which nothing more is known.
     *
     * @param name the column's name
     * @param type the storage class of its values
     * @param affinity its SQLite affinity
     */
    public ColumnSchema(String name, SqlType type, SqliteAffinity affinity) {
        this(name, type, affinity, null, false);
    }

    /**
     * The same column, its text known to be ISO dates that another column of its relation holds as SQL dates.
     *
     * @param dates that column's name
     * @return the column
     */
    public ColumnSchema withDateValues(String dates) {
        return new ColumnSchema(name, type, affinity, dates, neverNull);
    }

    /**
     * The same column, known to hold no NULL where it is read, or no longer known to.
     *
     * @param never whether it holds no NULL
     * @return the column
     */
    public ColumnSchema withNeverNull(boolean never) {
        return never == neverNull ? this : new ColumnSchema(name, type, affinity, dateValues, never);
    }

    /**
     * Describes a column of a stored table by its declared SQLite type.
     *
     * @param name the column name
     * @param declaredType the SQLite declared type
     * @param mixed whether its values are of more than one storage class
     * @return the column
     */
    public static ColumnSchema declared(String name, String declaredType, boolean mixed) {
        SqliteAffinity affinity = SqliteAffinity.of(declaredType);
        SqlType type =
                switch (affinity) {
                    case INTEGER -> SqlType.INTEGER;
                    case REAL -> SqlType.REAL;
                    case TEXT -> SqlType.TEXT;
                    case BLOB, NUMERIC, NONE -> SqlType.MIXED;
                };
        return new ColumnSchema(name, mixed ? SqlType.MIXED : type, affinity);
    }
}

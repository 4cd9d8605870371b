package io.tablequery.dialects.translate;

import static java.util.Objects.requireNonNull;

import io.tablequery.dialects.SqliteAffinity;

/**
 * A column as the translator sees it.
 *
 * @param name the column's name
 * @param type the storage class of its values in the DuckDB copy; {@link SqlType#MIXED} when they differ
 * @param affinity its SQLite affinity ({@link SqliteAffinity#BLOB} for a column declared without a type, {@link SqliteAffinity#NONE} for an expression's)
 * @param facts what is known of its values ({@link ColumnFacts#dateValues} names a column of the same relation)
 */
public record ColumnSchema(String name, SqlType type, SqliteAffinity affinity, ColumnFacts facts) {
    public ColumnSchema {
        requireNonNull(name, "name is null");
        requireNonNull(type, "type is null");
        requireNonNull(affinity, "affinity is null");
        requireNonNull(facts, "facts is null");
        if (facts.dateValues() != null && type != SqlType.TEXT) {
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
        this(name, type, affinity, ColumnFacts.NONE);
    }

    /** The column of the same relation that holds its text as SQL dates ({@link ColumnFacts#dateValues}), or null. */
    public String dateValues() {
        return facts.dateValues();
    }

    /** Whether it holds no NULL where it is read ({@link ColumnFacts#neverNull}). */
    public boolean neverNull() {
        return facts.neverNull();
    }

    /**
     * The same column, with these facts.
     *
     * @param known the facts
     * @return the column
     */
    public ColumnSchema withFacts(ColumnFacts known) {
        return new ColumnSchema(name, type, affinity, known);
    }

    /**
     * The same column, known to hold no NULL where it is read, or no longer known to.
     *
     * @param never whether it holds no NULL
     * @return the column
     */
    public ColumnSchema withNeverNull(boolean never) {
        return never == neverNull() ? this : withFacts(facts.withNeverNull(never));
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

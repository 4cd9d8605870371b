package io.tablequery.dialects.translate;

import io.tablequery.dialects.SqliteAffinity;

/**
 * A translated expression: its DuckDB SQL, the storage class of its values, its SQLite affinity, and its value when
 * it is a constant the translator can fold.
 *
 * @param sql the DuckDB SQL
 * @param type the storage class
 * @param affinity the SQLite affinity ({@link SqliteAffinity#NONE} for none)
 * @param constant the folded value (Long, Double, String or {@link Blob}), or null
 * @param collation the collation named by a {@code COLLATE}, upper case, or null
 * @param textForm for a {@link SqlType#MIXED} value of several storage classes that each render as text exactly
 *     (integers, text, real constants), the same value rendered as text, which
 *     is exact where it is consumed as text; else null
 * @param unionForm for a {@link SqlType#MIXED} value of integers and reals, the same value as a DuckDB
 *     {@code UNION(i BIGINT, r DOUBLE)}, which keeps each row's storage class where the value is a result column;
 *     else null
 * @param facts what is known of the value when it is a column read ({@link ColumnFacts#dateValues} is the SQL of the
 *     dates); {@link ColumnFacts#NONE} for any other expression
 */
record Typed(
        String sql,
        SqlType type,
        SqliteAffinity affinity,
        Object constant,
        String collation,
        String textForm,
        String unionForm,
        ColumnFacts facts) {
    /** The DuckDB type a result column of integers and reals is, row by row. */
    static final String NUMBER_UNION = "UNION(i BIGINT, r DOUBLE)";

    Typed(
            String sql,
            SqlType type,
            SqliteAffinity affinity,
            Object constant,
            String collation,
            String textForm,
            String unionForm) {
        this(sql, type, affinity, constant, collation, textForm, unionForm, ColumnFacts.NONE);
    }

    Typed(String sql, SqlType type, SqliteAffinity affinity, Object constant, String collation, String textForm) {
        this(sql, type, affinity, constant, collation, textForm, null);
    }

    Typed(String sql, SqlType type, SqliteAffinity affinity, Object constant, String collation) {
        this(sql, type, affinity, constant, collation, null, null);
    }

    /** A blob constant, by its hex digits. */
    record Blob(String hex) {}

    static Typed of(String sql, SqlType type) {
        return new Typed(sql, type, SqliteAffinity.NONE, null, null);
    }

    static Typed nullValue() {
        return new Typed("NULL", SqlType.NULL, SqliteAffinity.NONE, null, null);
    }

    static Typed constant(Number value) {
        if (value instanceof Long l) {
            return new Typed(Long.toString(l), SqlType.INTEGER, SqliteAffinity.NONE, l, null);
        } else if (value instanceof Double d) {
            return new Typed(realSql(d), SqlType.REAL, SqliteAffinity.NONE, d, null);
        }
        throw new IllegalArgumentException("not a constant: " + value);
    }

    static Typed constant(Blob value) {
        return new Typed("from_hex('" + value.hex() + "')", SqlType.BLOB, SqliteAffinity.NONE, value, null);
    }

    /** A text constant, spelled as the target spells it. */
    static Typed text(String value, SqlDialect dialect) {
        return new Typed(dialect.literal(value), SqlType.TEXT, SqliteAffinity.NONE, value, null);
    }

    static Typed bool(boolean value) {
        return of(value ? "TRUE" : "FALSE", SqlType.BOOLEAN);
    }

    /** A DOUBLE literal DuckDB reads as the same double. */
    static String realSql(double value) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            throw new Refusal("a real value beyond the double range");
        }
        return "CAST('" + Double.toString(value) + "' AS DOUBLE)";
    }

    boolean isConstant() {
        return constant != null;
    }

    boolean isNullLiteral() {
        return type == SqlType.NULL;
    }

    Typed withAffinity(SqliteAffinity newAffinity) {
        return new Typed(sql, type, newAffinity, constant, collation, null, null, facts);
    }

    /** The SQL of the same values as SQL dates ({@link ColumnFacts#dateValues}), or null. */
    String dateValues() {
        return facts.dateValues();
    }

    /** Whether the value is a column known to hold no NULL where it is read ({@link ColumnFacts#neverNull}). */
    boolean neverNull() {
        return facts.neverNull();
    }

    /** The same value with these facts. */
    Typed withFacts(ColumnFacts known) {
        return new Typed(sql, type, affinity, constant, collation, textForm, unionForm, known);
    }

    /** The same text, known to be ISO dates that {@code dates} holds as SQL dates. */
    Typed withDateValues(String dates) {
        return withFacts(facts.withDateValues(dates));
    }

    Typed withCollation(String newCollation) {
        return new Typed(sql, type, affinity, constant, newCollation, null, null, facts.withDateValues(null));
    }
}

package io.tablequery.dialects;

import static java.util.Objects.requireNonNull;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * SQLite's column affinities and the rules that derive one from a declared type (SQLite documentation, "Datatypes
 * In SQLite", section 3.1): the first rule that matches the upper-cased declared type wins.
 */
public enum SqliteAffinity {
    INTEGER("INTEGER"),
    TEXT("TEXT"),
    BLOB(""),
    REAL("REAL"),
    NUMERIC("NUMERIC"),
    /**
     * No affinity: what an expression that is not a column has (a literal, a function, an operator). A column
     * declared without a type has {@link #BLOB}; the two differ beside a TEXT column, whose affinity SQLite applies
     * to an expression without one but not to a BLOB column. {@link #of} never returns it.
     */
    NONE("");

    /** A type name, optionally with one or two signed numeric arguments; nothing else is copied into DDL. */
    private static final Pattern PLAIN_TYPE_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*( +[A-Za-z_][A-Za-z0-9_]*)*"
            + "( *\\( *[+-]?[0-9]+(\\.[0-9]+)? *(, *[+-]?[0-9]+(\\.[0-9]+)? *)?\\))?");

    private final String typeName;

    SqliteAffinity(String typeName) {
        this.typeName = typeName;
    }

    /**
     * Derives the affinity of a declared column type.
     *
     * @param declaredType the type as declared, possibly empty
     * @return its affinity
     */
    public static SqliteAffinity of(String declaredType) {
        String type = requireNonNull(declaredType, "declaredType is null").toUpperCase(Locale.ROOT);
        if (type.contains("INT")) {
            return INTEGER;
        } else if (type.contains("CHAR") || type.contains("CLOB") || type.contains("TEXT")) {
            return TEXT;
        } else if (type.isBlank() || type.contains("BLOB")) {
            return BLOB;
        } else if (type.contains("REAL") || type.contains("FLOA") || type.contains("DOUB")) {
            return REAL;
        }
        return NUMERIC;
    }

    /**
     * Returns a declared type that is safe to write into a {@code CREATE TABLE} statement and has the same affinity:
     * the type itself when it is a plain type name such as {@code VARCHAR(30)} or {@code UNSIGNED BIG INT}, else
     * the name of its affinity (empty for BLOB, which SQLite gives a column declared without a type).
     *
     * @param declaredType the type as a source schema declares it
     * @return a type name to declare
     */
    public static String safeTypeName(String declaredType) {
        String type = requireNonNull(declaredType, "declaredType is null").strip();
        if (type.isEmpty() || PLAIN_TYPE_NAME.matcher(type).matches()) {
            return type;
        }
        return of(type).typeName;
    }
}

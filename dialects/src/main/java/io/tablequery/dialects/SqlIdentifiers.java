package io.tablequery.dialects;

import static java.util.Objects.requireNonNull;

/**
 * Quotes identifiers and string literals the way both SQLite and DuckDB read them.
 *
 * <p>Both engines take a double-quoted identifier with embedded double quotes doubled, and a single-quoted string
 * literal with embedded single quotes doubled. Identifiers are always quoted by tablequery, so names made from file,
 * sheet and column names (spaces, punctuation, CJK letters) need no further escaping.
 */
public final class SqlIdentifiers {
    private SqlIdentifiers() {}

    /**
     * Returns {@code name} as a quoted identifier.
     *
     * @param name any name without NUL characters
     * @return the name in double quotes, embedded double quotes doubled
     * @throws IllegalArgumentException if the name is empty or holds a NUL character, which neither engine accepts
     */
    public static String quote(String name) {
        requireNonNull(name, "name is null");
        if (name.isEmpty()) {
            throw new IllegalArgumentException("identifier is empty");
        }
        if (name.indexOf('\0') >= 0) {
            throw new IllegalArgumentException("identifier contains a NUL character");
        }
        return '"' + name.replace("\"", "\"\"") + '"';
    }

    /**
     * Returns {@code schema.name} with both parts quoted.
     *
     * @param schema the schema name
     * @param name the object name
     * @return the qualified, quoted name
     */
    public static String quote(String schema, String name) {
        return quote(schema) + '.' + quote(name);
    }

    /**
     * Returns {@code value} as a single-quoted SQL string literal.
     *
     * @param value any text without NUL characters
     * @return the text in single quotes, embedded single quotes doubled
     * @throws IllegalArgumentException if the value holds a NUL character
     */
    public static String literal(String value) {
        requireNonNull(value, "value is null");
        if (value.indexOf('\0') >= 0) {
            throw new IllegalArgumentException("string literal contains a NUL character");
        }
        return '\'' + value.replace("'", "''") + '\'';
    }
}

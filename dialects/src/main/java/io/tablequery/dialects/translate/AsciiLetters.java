package io.tablequery.dialects.translate;

/**
 * Which ASCII letters a text column's values hold, the only letters SQLite's {@code LIKE} folds: a column of one case
 * matches a pattern folded to that case without folding its own values.
 */
public enum AsciiLetters {
    /** No value holds an ASCII letter. */
    NONE,
    /** Some values hold lower-case ASCII letters; none holds an upper-case one. */
    LOWER,
    /** Some values hold upper-case ASCII letters; none holds a lower-case one. */
    UPPER,
    /** Letters of both cases, or not known. */
    BOTH;

    /**
     * The letters of values that hold these and those.
     *
     * @param hasUpper whether some value holds an upper-case ASCII letter
     * @param hasLower whether some value holds a lower-case ASCII letter
     * @return the letters
     */
    public static AsciiLetters of(boolean hasUpper, boolean hasLower) {
        return hasUpper ? (hasLower ? BOTH : UPPER) : (hasLower ? LOWER : NONE);
    }
}

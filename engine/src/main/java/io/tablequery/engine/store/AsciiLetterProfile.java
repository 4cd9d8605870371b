package io.tablequery.engine.store;

import io.tablequery.dialects.translate.AsciiLetters;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * Profiles which ASCII letters a TEXT column's values hold ({@link AsciiLetters}), the same in SQL over a stored
 * table and in Java over values on their way in. In SQL an ASCII value is compared with its {@code lower} and
 * {@code upper} (which change exactly its ASCII letters of the other case); only a value with other characters takes
 * a regular expression, which costs about four times as much (measured over the text columns of TPC-H's lineitem at sf1:
 * 455 ms in this form, 2,091 ms with regular expressions on every value, against 813-884 ms for the counts,
 * minimum and maximum the profile takes anyway).
 */
final class AsciiLetterProfile {
    private AsciiLetterProfile() {}

    /**
     * The two aggregates of a column's value, whether some value holds an upper-case and a lower-case ASCII letter.
     *
     * @param value the value's SQL
     * @return two aggregate expressions, comma-separated
     */
    static String aggregates(String value) {
        return ("bool_or(CASE WHEN strlen(%1$s) = length(%1$s) THEN %1$s <> lower(%1$s)"
                        + " ELSE regexp_matches(%1$s, '[A-Z]') END),"
                        + " bool_or(CASE WHEN strlen(%1$s) = length(%1$s) THEN %1$s <> upper(%1$s)"
                        + " ELSE regexp_matches(%1$s, '[a-z]') END)")
                .formatted(value);
    }

    /**
     * Reads the two aggregates of {@link #aggregates}.
     *
     * @param rs the result, on its row
     * @param at the column of the first
     * @return the letters
     * @throws SQLException on a database failure
     */
    static AsciiLetters read(ResultSet rs, int at) throws SQLException {
        return AsciiLetters.of(rs.getBoolean(at), rs.getBoolean(at + 1));
    }

    /**
     * The letters of values in Java.
     *
     * @param values the values
     * @return the letters
     */
    static AsciiLetters of(Iterable<String> values) {
        boolean upper = false;
        boolean lower = false;
        for (String value : values) {
            for (int i = 0; i < value.length() && !(upper && lower); i++) {
                char c = value.charAt(i);
                upper |= c >= 'A' && c <= 'Z';
                lower |= c >= 'a' && c <= 'z';
            }
        }
        return AsciiLetters.of(upper, lower);
    }
}

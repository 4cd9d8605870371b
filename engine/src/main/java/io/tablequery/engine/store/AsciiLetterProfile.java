package io.tablequery.engine.store;

import io.tablequery.dialects.translate.AsciiLetters;
import io.tablequery.engine.catalog.ColumnType;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.StringJoiner;

/**
 * Profiles which ASCII letters a TEXT column's values hold ({@link AsciiLetters}), the same in SQL over a stored
 * table and in Java over values on their way in. In SQL an ASCII value is compared with its {@code lower} and
 * {@code upper} (which change exactly its ASCII letters of the other case); only a value with other characters takes
 * a regular expression, which costs about four times as much (measured over the text columns of TPC-H's lineitem at
 * sf1: 455 ms in this form, 2,091 ms with regular expressions on every value, against 813-884 ms for the counts,
 * minimum and maximum the profile takes anyway).
 */
final class AsciiLetterProfile {
    private AsciiLetterProfile() {}

    /**
     * Adds the two aggregates of each TEXT column among some of a table's, in column order: whether some value holds
     * an upper-case and whether some value holds a lower-case ASCII letter.
     *
     * @param aggregates the select list they join
     * @param columns the table's columns
     * @param first the first column profiled
     * @param end the column after the last
     */
    static void add(StringJoiner aggregates, List<StoredColumn> columns, int first, int end) {
        for (int i = first; i < end; i++) {
            if (columns.get(i).type() == ColumnType.TEXT) {
                aggregates.add(("bool_or(CASE WHEN strlen(%1$s) = length(%1$s) THEN %1$s <> lower(%1$s)"
                                + " ELSE regexp_matches(%1$s, '[A-Z]') END),"
                                + " bool_or(CASE WHEN strlen(%1$s) = length(%1$s) THEN %1$s <> upper(%1$s)"
                                + " ELSE regexp_matches(%1$s, '[a-z]') END)")
                        .formatted(DuckDbStorage.valueColumn(i)));
            }
        }
    }

    /**
     * Reads what {@link #add} added.
     *
     * @param rs the result, on its row
     * @param at the result column of the first aggregate
     * @param columns the table's columns
     * @param first the first column profiled
     * @param end the column after the last
     * @return the letters of each column profiled, null for a column not of text
     * @throws SQLException on a database failure
     */
    static AsciiLetters[] read(ResultSet rs, int at, List<StoredColumn> columns, int first, int end)
            throws SQLException {
        AsciiLetters[] letters = new AsciiLetters[end - first];
        int next = at;
        for (int k = 0; k < letters.length; k++) {
            if (columns.get(first + k).type() == ColumnType.TEXT) {
                letters[k] = AsciiLetters.of(rs.getBoolean(next), rs.getBoolean(next + 1));
                next += 2;
            }
        }
        return letters;
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

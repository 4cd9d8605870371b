package io.tablequery.engine.catalog;

import static java.util.Objects.requireNonNull;

import io.tablequery.dialects.translate.AsciiLetters;
import java.util.List;

/**
 * What the values of one column look like, in the SQLite copy's representation (ISO text dates, 0/1 booleans).
 *
 * @param name the column name
 * @param nullCount how many rows hold NULL
 * @param distinctCount how many distinct non-null values there are
 * @param min the smallest value as text, or null when every value is NULL
 * @param max the largest value as text, or null when every value is NULL
 * @param values when the column has few distinct values ({@link TableProfile#VALUE_LIMIT} or fewer), all of them,
 *     most frequent first; otherwise empty
 * @param letters for a TEXT column, which ASCII letters its values hold; null for another column or a profile kept
 *     before this was profiled
 */
public record ColumnProfile(
        String name,
        long nullCount,
        long distinctCount,
        String min,
        String max,
        List<String> values,
        AsciiLetters letters) {
    public ColumnProfile {
        requireNonNull(name, "name is null");
        values = List.copyOf(requireNonNull(values, "values is null"));
    }

    /**
     * A profile that does not know which letters the values hold.
     *
     * @param name the column name
     * @param nullCount how many rows hold NULL
     * @param distinctCount how many distinct non-null values there are
     * @param min the smallest value as text, or null
     * @param max the largest value as text, or null
     * @param values the values of a column with few, else empty
     */
    public ColumnProfile(String name, long nullCount, long distinctCount, String min, String max, List<String> values) {
        this(name, nullCount, distinctCount, min, max, values, null);
    }
}

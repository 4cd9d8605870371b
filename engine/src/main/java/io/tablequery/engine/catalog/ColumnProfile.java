package io.tablequery.engine.catalog;

import static java.util.Objects.requireNonNull;

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
 */
public record ColumnProfile(
        String name, long nullCount, long distinctCount, String min, String max, List<String> values) {
    public ColumnProfile {
        requireNonNull(name, "name is null");
        values = List.copyOf(requireNonNull(values, "values is null"));
    }
}

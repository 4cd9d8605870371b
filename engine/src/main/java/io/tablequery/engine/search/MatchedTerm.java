package io.tablequery.engine.search;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * A word of the query that matched a table, and where.
 *
 * @param term the query word as written
 * @param fields where it matched: {@code name}, {@code columns}, {@code values} or {@code description}
 * @param values for a word matched in the table's values, the values it matched and their columns (at most {@link
 *     #VALUES_SHOWN}), the reason to read in the answer; else empty
 */
public record MatchedTerm(String term, List<String> fields, List<Value> values) {
    /** The most values shown for one word. */
    public static final int VALUES_SHOWN = 2;

    public MatchedTerm {
        requireNonNull(term, "term is null");
        fields = List.copyOf(requireNonNull(fields, "fields is null"));
        values = List.copyOf(requireNonNull(values, "values is null"));
    }

    /**
     * A word matched where no value is shown: in names, columns or descriptions.
     *
     * @param term the query word as written
     * @param fields where it matched
     */
    public MatchedTerm(String term, List<String> fields) {
        this(term, fields, List.of());
    }

    /**
     * A value of a table's column that a word of the query matched.
     *
     * @param column the column
     * @param value the value, as its column profile lists it
     */
    public record Value(String column, String value) {
        public Value {
            requireNonNull(column, "column is null");
            requireNonNull(value, "value is null");
        }
    }
}

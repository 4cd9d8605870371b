package io.tablequery.engine.search;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * A word of the query that matched a table, and where.
 *
 * @param term the query word as written
 * @param fields where it matched: {@code name}, {@code columns}, {@code values} or {@code description}
 */
public record MatchedTerm(String term, List<String> fields) {
    public MatchedTerm {
        requireNonNull(term, "term is null");
        fields = List.copyOf(requireNonNull(fields, "fields is null"));
    }
}

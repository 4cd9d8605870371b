package io.tablequery.engine.search;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * The answer of search-tables.
 *
 * @param query the query as given
 * @param topK how many tables were asked for
 * @param hits the tables found, best first
 * @param unreadMeanings how many of the workspace's tables have no meaning vectors yet, and so could be found by
 *     their words only
 */
public record SearchResult(String query, int topK, List<TableHit> hits, int unreadMeanings) {
    public SearchResult {
        requireNonNull(query, "query is null");
        hits = List.copyOf(requireNonNull(hits, "hits is null"));
    }
}

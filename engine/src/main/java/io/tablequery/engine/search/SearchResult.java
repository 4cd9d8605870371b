package io.tablequery.engine.search;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * The answer of search-tables.
 *
 * @param query the query as given
 * @param topK how many tables were asked for
 * @param hits the tables found, best first; the tables of {@code set} first, when there is one
 * @param set the tables that together cover a question naming several things and join, when one table does not;
 *     else null
 * @param unreadMeanings how many of the workspace's tables have no meaning vectors yet, and so could be found by
 *     their words only
 */
public record SearchResult(String query, int topK, List<TableHit> hits, TableSet set, int unreadMeanings) {
    public SearchResult {
        requireNonNull(query, "query is null");
        hits = List.copyOf(requireNonNull(hits, "hits is null"));
    }
}

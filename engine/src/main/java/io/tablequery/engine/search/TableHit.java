package io.tablequery.engine.search;

import static java.util.Objects.requireNonNull;

import io.tablequery.engine.catalog.TableInfo;
import java.util.List;

/**
 * One table found by search-tables.
 *
 * @param table the table
 * @param fileName the name of the file it was made from
 * @param score the BM25 score
 * @param matched the query words that matched, in query order
 */
public record TableHit(TableInfo table, String fileName, float score, List<MatchedTerm> matched) {
    public TableHit {
        requireNonNull(table, "table is null");
        requireNonNull(fileName, "fileName is null");
        matched = List.copyOf(requireNonNull(matched, "matched is null"));
    }
}

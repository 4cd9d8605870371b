package io.tablequery.engine.search;

import static java.util.Objects.requireNonNull;

import io.tablequery.engine.catalog.TableInfo;
import io.tablequery.engine.joins.TableJoin;
import java.util.List;

/**
 * One table found by search-tables.
 *
 * @param table the table
 * @param fileName the name of the file it was made from
 * @param relevance the table's fused score as a share of the first table's, so 1 for the first and less or equal
 *     down the ranking past the set of tables listed first ({@link SearchResult#set}); null for a join partner, which
 *     stands where the table it joins puts it
 * @param score the BM25 score; 0 for a table that no query word matched among the best matches of the words
 * @param similarity the highest cosine of the question's vector with the table's, by the models that ranked it by
 *     meaning; null when no ranking by meaning holds it
 * @param matched the query words that matched, in query order
 * @param joins for a join partner, which follows the table it joins in the ranking, its joins with that table; for
 *     a table of the set listed first, its joins with the set's tables before it; else empty
 * @param similarTo for a table found by its meaning alone, the text of it the question's meaning is near; else null
 * @param sameLayout how many other tables of the workspace have this table's columns, in its order (tables that differ
 *     only in their rows: a file, sheet or value tells them apart)
 */
public record TableHit(
        TableInfo table,
        String fileName,
        Double relevance,
        float score,
        Float similarity,
        List<MatchedTerm> matched,
        List<TableJoin> joins,
        String similarTo,
        int sameLayout) {
    public TableHit {
        requireNonNull(table, "table is null");
        requireNonNull(fileName, "fileName is null");
        matched = List.copyOf(requireNonNull(matched, "matched is null"));
        joins = List.copyOf(requireNonNull(joins, "joins is null"));
    }
}

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
 * @param score the BM25 score; 0 for a table that no query word matched among the best matches of the words
 * @param matched the query words that matched, in query order
 * @param joins for a join partner, which follows the table it joins in the ranking, its joins with that table;
 *     empty for a table found by its words or meaning
 * @param similarTo for a table found by its meaning alone, the text of it the question's meaning is near; else null
 */
public record TableHit(
        TableInfo table,
        String fileName,
        float score,
        List<MatchedTerm> matched,
        List<TableJoin> joins,
        String similarTo) {
    public TableHit {
        requireNonNull(table, "table is null");
        requireNonNull(fileName, "fileName is null");
        matched = List.copyOf(requireNonNull(matched, "matched is null"));
        joins = List.copyOf(requireNonNull(joins, "joins is null"));
    }
}

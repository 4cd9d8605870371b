package io.tablequery.server.views;

import io.tablequery.engine.catalog.ColumnInfo;
import io.tablequery.engine.catalog.FileRefs;
import io.tablequery.engine.joins.TableJoin;
import io.tablequery.engine.plan.SkillNames;
import io.tablequery.engine.search.MatchedTerm;
import io.tablequery.engine.search.SearchResult;
import io.tablequery.engine.search.TableHit;
import io.tablequery.engine.search.TableSet;
import io.tablequery.engine.skill.SearchText;
import java.util.List;

/**
 * The answer of search-tables.
 *
 * @param query the query
 * @param topK how many tables were asked for
 * @param tables the tables found, best first; the tables of {@code set} first when there is one
 * @param set the tables that together match a question naming several things and join, with their join conditions,
 *     when no one table matches all its words; else null
 * @param unreadMeanings how many of the workspace's tables are not yet read for meaning, found by their words only
 * @param text the same answer as the compact text agents read
 */
public record SearchView(String query, int topK, List<Hit> tables, TableSet set, int unreadMeanings, String text) {
    /**
     * One table found.
     *
     * @param name the table name
     * @param file the F-reference of its file
     * @param fileName the file name
     * @param sheet the S-number
     * @param sheetName the sheet name
     * @param rowCount the rows
     * @param columns the column names
     * @param relevance the table's fused score as a share of the first table's (1 for the first, falling or equal
     *     down the list past the set listed first); null for a join partner, which stands after the table it joins
     * @param score the BM25 score of its words; 0 for a table no word of the question matched
     * @param similarity the cosine of the question's meaning with the table's, when meaning ranked it; else null
     * @param matched the query words that matched, and where
     * @param layoutWarnings why the table's layout may not be a table, when ingest found signs of that
     * @param joins for a join partner, its joins with the table listed before it that it follows; for a table of the
     *     set, its joins with the set's tables before it; else empty
     * @param similarTo for a table found by its meaning alone, the text of it the question is near; else null
     * @param sameLayout how many other tables of the workspace have the same columns in the same order: tables that
     *     differ only in their rows, which the file, sheet and values tell apart
     */
    public record Hit(
            String name,
            String file,
            String fileName,
            int sheet,
            String sheetName,
            long rowCount,
            List<String> columns,
            Double relevance,
            float score,
            Float similarity,
            List<MatchedTerm> matched,
            List<String> layoutWarnings,
            List<TableJoin> joins,
            String similarTo,
            int sameLayout) {}

    /**
     * Shows a search result.
     *
     * @param result the result
     * @param names how the caller names the tools, for the text\'s hints
     * @return its view
     */
    public static SearchView of(SearchResult result, SkillNames names) {
        List<Hit> hits = result.hits().stream().map(SearchView::hit).toList();
        return new SearchView(
                result.query(),
                result.topK(),
                hits,
                result.set(),
                result.unreadMeanings(),
                SearchText.format(result, names));
    }

    private static Hit hit(TableHit hit) {
        var table = hit.table();
        return new Hit(
                table.name(),
                FileRefs.format(table.fileNumber()),
                hit.fileName(),
                table.sheetNumber(),
                table.sheetName(),
                table.rowCount(),
                table.columns().stream().map(ColumnInfo::name).toList(),
                hit.relevance(),
                hit.score(),
                hit.similarity(),
                hit.matched(),
                table.layoutWarnings(),
                hit.joins(),
                hit.similarTo(),
                hit.sameLayout());
    }
}

package io.tablequery.engine.exec;

import io.tablequery.engine.provenance.SheetRef;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;

/**
 * Reads the citations of a table's first rows from its lineage query, in SQL any of the engines speaks: the lineage
 * rows of each table row are made unique, joined into ranges of consecutive R-numbers per sheet, and only the first
 * ranges of each row leave the engine, with the count of all its rows. The text is made here, so it is the same on
 * every engine. An engine that can summarize a row's rows without sorting them all ({@link RangeSummaries}) cites
 * from the summaries the rows they decide, and lists only the others.
 */
final class RowCitations {
    private RowCitations() {}

    /**
     * Reads the citations of rows 1 to {@code rows}: from the table's row summaries when it has them, then from the
     * lineage query for the rows they leave undecided.
     *
     * @param connection the session's connection
     * @param lineage how the table's rows are cited; its query, in the engine's dialect, lists {@code o} (the row's
     *     number, from 1), {@code f}, {@code s}, {@code r}
     * @param rows how many of the first rows to cite
     * @param summarized the query of the first rows' summaries ({@code o}, then each summary column), or null
     * @return each cited row's citation by row number; rows no source row made are absent
     * @throws SQLException when the engine fails a query
     * @throws QueryWatchdog.TimedOut when they run longer than the lineage's time limit
     */
    static Map<Long, String> read(Connection connection, RowLineage lineage, long rows, String summarized)
            throws SQLException, QueryWatchdog.TimedOut {
        int ranges = lineage.ranges();
        Map<Long, String> citations = new HashMap<>();
        try (Statement statement = connection.createStatement()) {
            QueryWatchdog.run(statement, lineage.timeout().toNanos(), () -> {
                Collection<Long> only = summarized == null
                        ? null
                        : RangeSummaries.citeSummarized(statement, summarized, lineage.summary(), ranges, citations);
                if (only != null && only.isEmpty()) {
                    return null;
                }
                String listed = CitationRanges.listed(lineage.query(), rows, only);
                try (LineageStage stage = LineageStage.keep(statement, lineage.query(), rows)) {
                    Collection<Long> left =
                            lineage.summaries() ? RangeSummaries.cite(statement, listed, ranges, citations) : only;
                    if (left == null || !left.isEmpty()) {
                        collect(statement.executeQuery(CitationRanges.windowed(listed, left, ranges)), citations);
                    }
                }
                return null;
            });
        }
        return citations;
    }

    private static void collect(ResultSet rs, Map<Long, String> citations) throws SQLException {
        CitationRanges ranges = new CitationRanges();
        try (rs) {
            while (rs.next()) {
                ranges.add(
                        rs.getLong(1),
                        new SheetRef(rs.getInt(2), rs.getInt(3)),
                        rs.getLong(4),
                        rs.getLong(5),
                        rs.getLong(6));
            }
        }
        ranges.citeInto(citations);
    }
}

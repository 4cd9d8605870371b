package io.tablequery.engine.exec;

import io.tablequery.engine.provenance.LineageQuery;
import io.tablequery.engine.provenance.RowCitation;
import io.tablequery.engine.provenance.SheetRef;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

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
     * @param unique whether the query lists each source row of a table row once, so need not be made unique
     * @param rows how many of the first rows to cite
     * @param summarized the query of the first rows' summaries ({@code o}, then each summary column), or null
     * @return each cited row's citation by row number; rows no source row made are absent
     * @throws SQLException when the engine fails a query
     * @throws QueryWatchdog.TimedOut when they run longer than the lineage's time limit
     */
    static Map<Long, String> read(
            Connection connection, RowLineage lineage, boolean unique, long rows, String summarized)
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
                String listed = listed(lineage.query(), unique, rows, only);
                try (LineageStage stage = LineageStage.keep(statement, lineage.query(), rows)) {
                    Collection<Long> left =
                            lineage.summaries() ? RangeSummaries.cite(statement, listed, ranges, citations) : only;
                    if (left == null || !left.isEmpty()) {
                        collect(statement.executeQuery(windowed(listed, left, ranges)), citations);
                    }
                }
                return null;
            });
        }
        return citations;
    }

    /**
     * The lineage rows of the table's rows 1 to {@code rows} ({@code o}, {@code f}, {@code s}, {@code r}), each once;
     * only those of the rows of {@code only} unless it is null.
     *
     * @param query the table's lineage query, its stages kept
     * @param unique whether the query lists each source row of a table row once, so need not be made unique
     * @param rows how many of the first rows
     * @param only the rows wanted, or null for all
     * @return the query
     */
    static String listed(LineageQuery query, boolean unique, long rows, Collection<Long> only) {
        return "SELECT %s o, f, s, r FROM (%s) AS x WHERE o <= %d AND r >= 1%s"
                .formatted(unique ? "" : "DISTINCT", query.listing(), rows, in(only, " AND "));
    }

    /** The condition that {@code o} is one of the rows, after {@code joiner}; nothing when all rows are wanted. */
    private static String in(Collection<Long> only, String joiner) {
        if (only == null) {
            return "";
        }
        StringJoiner in = new StringJoiner(", ", joiner + "o IN (", ")");
        only.forEach(o -> in.add(Long.toString(o)));
        return in.toString();
    }

    /** The first ranges of each row, made with window functions; only the rows of {@code only} unless it is null. */
    private static String windowed(String listed, Collection<Long> only, int ranges) {
        String filter = in(only, " WHERE ");
        return """
                WITH l AS (SELECT o, f, s, r FROM (%s) AS y%s),
                i AS (SELECT o, f, s, r, r - row_number() OVER (PARTITION BY o, f, s ORDER BY r) AS island FROM l),
                g AS (SELECT o, f, s, min(r) AS lo, max(r) AS hi FROM i GROUP BY o, f, s, island),
                n AS (SELECT o, f, s, lo, hi, row_number() OVER (PARTITION BY o ORDER BY f, s, lo) AS k,
                  sum(hi - lo + 1) OVER (PARTITION BY o) AS total FROM g)
                SELECT o, f, s, lo, hi, total FROM n WHERE k <= %d ORDER BY o, k""".formatted(listed, filter, ranges);
    }

    private static void collect(ResultSet rs, Map<Long, String> citations) throws SQLException {
        try (rs) {
            long current = -1;
            long total = 0;
            List<RowCitation.Range> shown = new ArrayList<>();
            while (rs.next()) {
                long o = rs.getLong(1);
                if (o != current) {
                    if (current >= 0) {
                        citations.put(current, RowCitation.format(shown, total));
                    }
                    current = o;
                    shown = new ArrayList<>();
                    total = rs.getLong(6);
                }
                shown.add(
                        new RowCitation.Range(new SheetRef(rs.getInt(2), rs.getInt(3)), rs.getLong(4), rs.getLong(5)));
            }
            if (current >= 0) {
                citations.put(current, RowCitation.format(shown, total));
            }
        }
    }
}

package io.tablequery.engine.exec;

import io.tablequery.engine.provenance.RowCitation;
import io.tablequery.engine.provenance.SheetRef;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the citations of a table's first rows from its lineage query, in SQL any of the engines speaks: the lineage
 * rows of each table row are made unique, joined into ranges of consecutive R-numbers per sheet, and only the first
 * ranges of each row leave the engine, with the count of all its rows. The text is made here, so it is the same on
 * every engine.
 */
final class RowCitations {
    private RowCitations() {}

    /**
     * Reads the citations of rows 1 to {@code rows}.
     *
     * @param connection the session's connection
     * @param lineage the table's lineage query in the engine's dialect: {@code o} (the row's number, from 1), {@code
     *     f}, {@code s}, {@code r}
     * @param rows how many of the first rows to cite
     * @param unique whether the query lists each source row of a table row once, so need not be made unique
     * @param ranges the most ranges one citation shows
     * @param timeout how long the query may run
     * @return each cited row's citation by row number; rows no source row made are absent
     * @throws SQLException when the engine fails the query
     * @throws QueryWatchdog.TimedOut when it runs longer than {@code timeout}
     */
    static Map<Long, String> read(
            Connection connection, String lineage, boolean unique, long rows, int ranges, Duration timeout)
            throws SQLException, QueryWatchdog.TimedOut {
        String sql = """
                WITH l AS (SELECT %s o, f, s, r FROM (%s) AS x WHERE o <= %d AND r >= 1),
                i AS (SELECT o, f, s, r, r - row_number() OVER (PARTITION BY o, f, s ORDER BY r) AS island FROM l),
                g AS (SELECT o, f, s, min(r) AS lo, max(r) AS hi FROM i GROUP BY o, f, s, island),
                n AS (SELECT o, f, s, lo, hi, row_number() OVER (PARTITION BY o ORDER BY f, s, lo) AS k,
                  sum(hi - lo + 1) OVER (PARTITION BY o) AS total FROM g)
                SELECT o, f, s, lo, hi, total FROM n WHERE k <= %d ORDER BY o, k""".formatted(unique ? "" : "DISTINCT", lineage, rows, ranges);
        Map<Long, String> citations = new HashMap<>();
        try (Statement statement = connection.createStatement()) {
            QueryWatchdog.run(statement, timeout.toNanos(), () -> {
                collect(statement.executeQuery(sql), citations);
                return null;
            });
        }
        return citations;
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

package io.tablequery.engine.exec;

import io.tablequery.engine.provenance.LineageQuery;
import io.tablequery.engine.provenance.RowCitation;
import io.tablequery.engine.provenance.SheetRef;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

/**
 * The SQL, the same in every engine that has window functions, that turns a table's lineage rows into each row's first
 * ranges of consecutive R-numbers per sheet and the count of all its rows, and the citations made of them in Java, so
 * that every engine writes the same text.
 */
public final class CitationRanges {
    private final Map<Long, String> citations = new HashMap<>();
    private long current = -1;
    private long total;
    private List<RowCitation.Range> shown = new ArrayList<>();

    /**
     * The lineage rows of the table's rows 1 to {@code rows} ({@code o}, {@code f}, {@code s}, {@code r}), each once;
     * only those of the rows of {@code only} unless it is null.
     *
     * @param query the table's lineage query, its stages kept
     * @param rows how many of the first rows
     * @param only the rows wanted, or null for all
     * @return the query
     */
    public static String listed(LineageQuery query, long rows, Collection<Long> only) {
        return "SELECT %s o, f, s, r FROM (%s) AS x WHERE o <= %d AND r IS NOT NULL%s"
                .formatted(query.unique() ? "" : "DISTINCT", query.listing(), rows, in(only, " AND "));
    }

    /**
     * The first ranges of each row of a listing, made with window functions ({@code o}, {@code f}, {@code s}, {@code
     * lo}, {@code hi}, then the row's {@code total}), in the order {@link #add} takes them.
     *
     * @param listed the lineage rows, each once ({@link #listed})
     * @param only the rows wanted, or null for all
     * @param ranges the most ranges of a row
     * @return the query
     */
    public static String windowed(String listed, Collection<Long> only, int ranges) {
        String filter = in(only, " WHERE ");
        return """
                WITH l AS (SELECT o, f, s, r FROM (%s) AS y%s),
                i AS (SELECT o, f, s, r, r - row_number() OVER (PARTITION BY o, f, s ORDER BY r) AS island FROM l),
                g AS (SELECT o, f, s, min(r) AS lo, max(r) AS hi FROM i GROUP BY o, f, s, island),
                n AS (SELECT o, f, s, lo, hi, row_number() OVER (PARTITION BY o ORDER BY f, s, lo) AS k,
                  sum(hi - lo + 1) OVER (PARTITION BY o) AS total FROM g)
                SELECT o, f, s, lo, hi, total FROM n WHERE k <= %d ORDER BY o, k""".formatted(listed, filter, ranges);
    }

    /**
     * The lineage of the table's rows 1 to {@code rows} as the lineage download lists it: {@code row}, {@code
     * citation} (such as {@code F1S2R5}), {@code file}, {@code sheet}, {@code source_row}, ordered by them.
     *
     * @param query the table's lineage query, its stages kept
     * @param rows how many of the first rows
     * @param textType the engine's name of the text type
     * @return the query
     */
    public static String download(LineageQuery query, long rows, String textType) {
        return ("SELECT o AS \"row\", 'F' || CAST(f AS %1$s) || 'S' || CAST(s AS %1$s) || 'R' || CAST(r AS %1$s)"
                        + " AS citation, f AS file, s AS sheet, r AS source_row FROM (%2$s) AS d ORDER BY o, f, s, r")
                .formatted(textType, listed(query, rows, null));
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

    /**
     * Takes the next row of a {@link #windowed} query.
     *
     * @param o the table row
     * @param sheet the range's sheet
     * @param lo its first R-number
     * @param hi its last
     * @param rows how many source rows the table row has in all
     */
    public void add(long o, SheetRef sheet, long lo, long hi, long rows) {
        if (o != current) {
            finish();
            current = o;
            shown = new ArrayList<>();
            total = rows;
        }
        shown.add(new RowCitation.Range(sheet, lo, hi));
    }

    /**
     * Puts the citations of the rows taken into a map.
     *
     * @param into each row's citation by row number
     */
    public void citeInto(Map<Long, String> into) {
        finish();
        into.putAll(citations);
    }

    private void finish() {
        if (current >= 0) {
            citations.put(current, RowCitation.format(shown, total));
            current = -1;
        }
    }
}

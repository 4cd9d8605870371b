package io.tablequery.engine.exec;

import static io.tablequery.dialects.SqlIdentifiers.quote;

import io.tablequery.engine.provenance.LineageSummary;
import io.tablequery.engine.provenance.RowCitation;
import io.tablequery.engine.provenance.SheetRef;
import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Cites rows from a summary of each row's source rows per sheet, made in one pass without sorting them all: their
 * count, the largest, and the smallest few (DuckDB's bounded aggregate {@code min(r, n)}). A sheet's first ranges are
 * known when the smallest few hold more ranges than a citation shows, or all the sheet's rows, or when the others run
 * unbroken up to the largest. A row some sheet of which leaves its shown ranges unknown is left to the windowed
 * listing. Only DuckDB speaks this SQL.
 */
final class RangeSummaries {
    /**
     * How many values the lists of a table's read rows may hold in all to be read whole rather than listed, beyond
     * those of short lists: TPC-H q17's one row of about 600 values at sf0.1 is then cited without its listing, which
     * took 3.5 to 5 ms.
     */
    static final long READ_WHOLE = 16_384;

    private RangeSummaries() {}

    /** One sheet's summary: its rows' count, the largest R-number, and the smallest ones in order, each once. */
    record Summary(SheetRef sheet, long count, long largest, long[] smallest) {}

    /** What a summary tells of a sheet's ranges in order: the first ones, and whether they are all of them. */
    private record Known(List<RowCitation.Range> ranges, boolean all) {}

    /**
     * Cites the rows the summaries decide.
     *
     * @param statement the statement to run on
     * @param listed the rows to cite, {@code o, f, s, r}, each source row of a row once
     * @param ranges the most ranges one citation shows
     * @param citations where to put each decided row's citation
     * @return the rows the summaries left undecided
     * @throws SQLException when the engine fails the query
     */
    static Set<Long> cite(Statement statement, String listed, int ranges, Map<Long, String> citations)
            throws SQLException {
        String sql = ("SELECT o, f, s, count(*) AS n, max(r) AS hi, min(r, %d) AS lo FROM (%s) AS y"
                        + " GROUP BY o, f, s ORDER BY o, f, s")
                .formatted(LineageSummary.smallest(ranges), listed);
        Set<Long> left = new TreeSet<>();
        try (ResultSet rs = statement.executeQuery(sql)) {
            long current = -1;
            List<Summary> sheets = new ArrayList<>();
            while (rs.next()) {
                long o = rs.getLong(1);
                if (o != current && current >= 0) {
                    decide(current, sheets, ranges, citations, left);
                    sheets = new ArrayList<>();
                }
                current = o;
                sheets.add(new Summary(
                        new SheetRef(rs.getInt(2), rs.getInt(3)),
                        rs.getLong(4),
                        rs.getLong(5),
                        values(rs.getArray(6))));
            }
            if (current >= 0) {
                decide(current, sheets, ranges, citations, left);
            }
        }
        return left;
    }

    /**
     * The columns that read a table's summaries: each summary column as it is, and for a table of row lists
     * ({@link LineageSummary#lists}), in place of their listing, each list of a row whose lists are short, else NULL,
     * which leaves the row to the listing: a short list costs less to read whole than to unnest, make unique and
     * summarize. A row's lists are short when they hold at most as many values as a summary keeps of a sheet, or,
     * for a few rows, their share of {@value #READ_WHOLE} values. A column of a group's one row is read as it is.
     *
     * @param qualifier the table's alias
     * @param summary its summary columns
     * @param ranges the most ranges one citation shows
     * @param rows how many rows are read
     * @return the columns to select, one per summary column
     */
    static List<String> columns(String qualifier, LineageSummary summary, int ranges, long rows) {
        List<String> lengths = new ArrayList<>();
        for (LineageSummary.Column column : summary.columns()) {
            lengths.add(column.single() ? "1" : "len(" + qualifier + "." + quote(column.name()) + ")");
        }
        long longest = Math.max(LineageSummary.smallest(ranges), READ_WHOLE / Math.max(1, rows));
        String shortLists = String.join(" + ", lengths) + " <= " + longest;
        return summary.columns().stream()
                .map(column -> qualifier + "." + quote(column.name()))
                .map(read -> summary.lists() ? "CASE WHEN " + shortLists + " THEN " + read + " END" : read)
                .toList();
    }

    /**
     * Cites the rows their own summaries decide: rows of a table that ran with row summaries of its sources, each
     * summary the list {@code [count, largest, smallest...]}, or with row lists, each read whole or NULL
     * ({@link #columns}); a column of a group's one row holds its R-number, or NULL for none.
     *
     * @param statement the statement to run on
     * @param summarized the rows' summaries: {@code o}, then a column per source, in the order of {@code summary}
     * @param summary the sources the summary columns count rows of
     * @param ranges the most ranges one citation shows
     * @param citations where to put each decided row's citation
     * @return the rows their summaries left undecided; a row of no source rows is decided, without a citation
     * @throws SQLException when the engine fails the query
     */
    static Set<Long> citeSummarized(
            Statement statement, String summarized, LineageSummary summary, int ranges, Map<Long, String> citations)
            throws SQLException {
        Set<Long> left = new TreeSet<>();
        try (ResultSet rs = statement.executeQuery(summarized)) {
            while (rs.next()) {
                long row = rs.getLong(1);
                List<Summary> sheets = new ArrayList<>();
                boolean read = summary.lists() ? listed(rs, summary, sheets) : parsed(rs, summary, sheets);
                if (!read) {
                    left.add(row);
                } else if (!sheets.isEmpty()) {
                    sheets.sort(Comparator.comparing(Summary::sheet));
                    decide(row, sheets, ranges, citations, left);
                }
            }
        }
        return left;
    }

    /** Reads a row's summaries into {@code sheets}, those of no rows left out; false when one is not readable. */
    private static boolean parsed(ResultSet rs, LineageSummary summary, List<Summary> sheets) throws SQLException {
        boolean read = true;
        for (int i = 0; i < summary.columns().size(); i++) {
            LineageSummary.Column column = summary.columns().get(i);
            Summary sheet =
                    column.single() ? single(column.sheet(), rs, i + 2) : summary(column.sheet(), rs.getArray(i + 2));
            if (sheet == null) {
                read = false;
            } else if (sheet.count() > 0) {
                sheets.add(sheet);
            }
        }
        return read;
    }

    /**
     * Reads a row's lists into {@code sheets}: each sheet's R-numbers (an outer join's missing side lists
     * NULL), each once, all of them kept; false when a list is NULL (too long to read whole, or no list at all).
     */
    private static boolean listed(ResultSet rs, LineageSummary summary, List<Summary> sheets) throws SQLException {
        Map<SheetRef, long[]> bySheet = new TreeMap<>();
        for (int i = 0; i < summary.columns().size(); i++) {
            long[] values;
            if (summary.columns().get(i).single()) {
                values = oneRow(rs, i + 2);
            } else {
                Array array = rs.getArray(i + 2);
                if (array == null) {
                    return false;
                }
                values = rowNumbers((Object[]) array.getArray());
            }
            bySheet.merge(summary.columns().get(i).sheet(), values, RangeSummaries::concat);
        }
        bySheet.forEach((sheet, values) -> {
            if (values.length > 0) {
                sheets.add(distinct(sheet, values));
            }
        });
        return true;
    }

    /**
     * A sheet's R-numbers, all of them in order, each once.
     *
     * @param sheet the sheet
     * @param values its R-numbers, at least one, in any order and repeated or not; sorted in place
     * @return their summary, which holds them all
     */
    static Summary distinct(SheetRef sheet, long[] values) {
        Arrays.sort(values);
        int unique = 0;
        for (int k = 0; k < values.length; k++) {
            if (k == 0 || values[k] != values[k - 1]) {
                values[unique++] = values[k];
            }
        }
        return new Summary(sheet, unique, values[unique - 1], Arrays.copyOf(values, unique));
    }

    /** The R-numbers of a list: its values but NULL (an outer join's missing side lists NULL). */
    private static long[] rowNumbers(Object[] list) {
        long[] values = new long[list.length];
        int kept = 0;
        for (Object value : list) {
            if (value instanceof Number number) {
                values[kept++] = number.longValue();
            }
        }
        return kept == values.length ? values : Arrays.copyOf(values, kept);
    }

    /** Two arrays of R-numbers as one, for a sheet read by more than one column. */
    static long[] concat(long[] first, long[] second) {
        long[] both = Arrays.copyOf(first, first.length + second.length);
        System.arraycopy(second, 0, both, first.length, second.length);
        return both;
    }

    /** Reads a group's one row, its R-number or NULL for none, as a summary of one row or of none. */
    private static Summary single(SheetRef sheet, ResultSet rs, int column) throws SQLException {
        return oneRow(sheet, oneRow(rs, column));
    }

    /** The summary of a group of no rows of a sheet. */
    static Summary none(SheetRef sheet) {
        return new Summary(sheet, 0, 0, new long[0]);
    }

    /**
     * A group's one row of a sheet as a summary of that row, or of none.
     *
     * @param sheet the sheet
     * @param row the row's R-number, or none
     * @return the summary
     */
    static Summary oneRow(SheetRef sheet, long[] row) {
        return new Summary(sheet, row.length, row.length == 0 ? 0 : row[0], row);
    }

    /** A group's one row as the R-numbers it holds: its own, or none for NULL. */
    private static long[] oneRow(ResultSet rs, int column) throws SQLException {
        long value = rs.getLong(column);
        return rs.wasNull() ? new long[0] : new long[] {value};
    }

    /**
     * Reads a summary, the list {@code [count, largest, smallest...]}; null when it is not such a list of R-numbers
     * (the row is then listed instead). A count of 0 has no values: a group of no rows of the sheet is {@code [0,
     * NULL]}.
     */
    private static Summary summary(SheetRef sheet, Array array) throws SQLException {
        Object[] parts = array == null ? new Object[0] : (Object[]) array.getArray();
        if (parts.length > 0 && parts[0] instanceof Number count && count.longValue() == 0) {
            return none(sheet);
        }
        long[] values = new long[parts.length];
        for (int i = 0; i < parts.length; i++) {
            if (!(parts[i] instanceof Number value)) {
                return null;
            }
            values[i] = value.longValue();
        }
        return summary(sheet, values);
    }

    /**
     * Reads a summary from its parts, {@code [count, largest, smallest...]}.
     *
     * @param sheet the sheet it summarizes
     * @param parts its parts, none of them NULL
     * @return the summary; null when the parts are not such a list (the row is then listed instead); a count of 0 has
     *     no values
     */
    static Summary summary(SheetRef sheet, long[] parts) {
        if (parts.length < 2) {
            return null;
        }
        long count = parts[0];
        if (count == 0) {
            return none(sheet);
        }
        if (parts.length == 2) {
            return null;
        }
        long[] smallest =
                Arrays.stream(parts, 2, parts.length).distinct().sorted().toArray();
        return count < smallest.length ? null : new Summary(sheet, count, parts[1], smallest);
    }

    private static long[] values(Array array) throws SQLException {
        Object[] values = (Object[]) array.getArray();
        long[] sorted = new long[values.length];
        for (int i = 0; i < values.length; i++) {
            sorted[i] = ((Number) values[i]).longValue();
        }
        Arrays.sort(sorted);
        return sorted;
    }

    /**
     * Cites a row from its sheets' summaries, in sheet order, when they decide its shown ranges; else leaves it.
     *
     * @param row the row's number
     * @param sheets its sheets' summaries, in sheet order, those of no rows left out
     * @param ranges the most ranges one citation shows
     * @param citations where its citation goes
     * @param left where it goes when undecided
     */
    static void decide(long row, List<Summary> sheets, int ranges, Map<Long, String> citations, Set<Long> left) {
        List<RowCitation.Range> shown = new ArrayList<>();
        long total = 0;
        boolean decided = true;
        for (Summary sheet : sheets) {
            total += sheet.count();
            if (decided && shown.size() < ranges) {
                Known known = known(sheet);
                for (RowCitation.Range range : known.ranges()) {
                    if (shown.size() < ranges) {
                        shown.add(range);
                    }
                }
                decided = known.all() || shown.size() == ranges;
            }
        }
        if (decided) {
            citations.put(row, RowCitation.format(shown, total));
        } else {
            left.add(row);
        }
    }

    /** The ranges of a sheet's smallest rows, all of its ranges when its other rows are none or run unbroken. */
    private static Known known(Summary sheet) {
        long[] values = sheet.smallest();
        List<RowCitation.Range> ranges = new ArrayList<>();
        int start = 0;
        for (int i = 1; i <= values.length; i++) {
            if (i == values.length || values[i] != values[i - 1] + 1) {
                ranges.add(new RowCitation.Range(sheet.sheet(), values[start], values[i - 1]));
                start = i;
            }
        }
        long others = sheet.count() - values.length;
        if (others == 0) {
            return new Known(ranges, true);
        }
        long last = values[values.length - 1];
        if (sheet.largest() - last == others) {
            RowCitation.Range tail = ranges.remove(ranges.size() - 1);
            ranges.add(new RowCitation.Range(sheet.sheet(), tail.first(), sheet.largest()));
            return new Known(ranges, true);
        }
        ranges.remove(ranges.size() - 1);
        return new Known(ranges, false);
    }
}

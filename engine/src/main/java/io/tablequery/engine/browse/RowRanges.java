package io.tablequery.engine.browse;

import static java.util.Objects.requireNonNull;

import io.tablequery.engine.error.EngineException;
import java.util.ArrayList;
import java.util.List;

/**
 * The rows of a sheet asked for, as the person sees their numbers: {@code 5}, {@code 5-9}, {@code 1-3,120-140}.
 *
 * @param ranges the inclusive ranges, in the order given
 */
public record RowRanges(List<Range> ranges) {
    /** The most rows one request may name, over all its ranges. */
    public static final long MAX_ROWS = 500;

    /**
     * One inclusive range.
     *
     * @param first its first row: 1 or more in a spreadsheet, any rowid in a table of a SQLite database
     * @param last its last row
     */
    public record Range(long first, long last) {}

    public RowRanges {
        ranges = List.copyOf(requireNonNull(ranges, "ranges is null"));
        if (rowsIn(ranges) > MAX_ROWS) {
            throw invalid("ask for at most %d rows at a time".formatted(MAX_ROWS));
        }
    }

    /** How many distinct rows ranges cover. */
    private static long rowsIn(List<Range> ranges) {
        List<Range> sorted = new ArrayList<>(ranges);
        sorted.sort((a, b) -> Long.compare(a.first(), b.first()));
        long total = 0;
        long covered = Long.MIN_VALUE;
        for (Range range : sorted) {
            // A database table's rows may be numbered from 0 or below (their rowids).
            long from = covered == Long.MIN_VALUE ? range.first() : Math.max(range.first(), covered + 1);
            if (range.last() >= from) {
                total += range.last() - from + 1;
                covered = range.last();
            }
        }
        return total;
    }

    /**
     * Parses a list of ranges.
     *
     * @param text such as {@code 5}, {@code 5-9} or {@code 1-3,120-140}
     * @return the ranges
     * @throws EngineException INVALID_RANGE when the text is not such a list, a range runs backwards, or the ranges
     *     cover more than {@link #MAX_ROWS} rows
     */
    public static RowRanges parse(String text) {
        if (text == null || text.isBlank()) {
            throw invalid("name the rows to show, such as rows=5 or rows=1-3,120-140");
        }
        List<Range> ranges = new ArrayList<>();
        for (String part : text.split(",", -1)) {
            String[] bounds = part.strip().split("-", -1);
            if (bounds.length > 2) {
                throw invalid("'%s' is not a row or a range of rows such as 5-9".formatted(part.strip()));
            }
            long first = number(bounds[0], part);
            long last = bounds.length == 2 ? number(bounds[1], part) : first;
            if (first < 1 || last < first) {
                throw invalid("rows are numbered from 1 and a range runs forwards, not '%s'".formatted(part.strip()));
            }
            if (last - first >= MAX_ROWS) {
                throw invalid("ask for at most %d rows at a time".formatted(MAX_ROWS));
            }
            ranges.add(new Range(first, last));
        }
        return new RowRanges(ranges);
    }

    /**
     * Tells whether a row is in one of the ranges.
     *
     * @param row a row number
     * @return true if asked for
     */
    public boolean contains(long row) {
        for (Range range : ranges) {
            if (row >= range.first() && row <= range.last()) {
                return true;
            }
        }
        return false;
    }

    /** The last row asked for. */
    long last() {
        return ranges.stream().mapToLong(Range::last).max().orElse(0);
    }

    private static long number(String text, String part) {
        try {
            return Long.parseLong(text.strip());
        } catch (NumberFormatException e) {
            throw invalid("'%s' is not a row or a range of rows such as 5-9".formatted(part.strip()));
        }
    }

    private static EngineException invalid(String message) {
        return new EngineException(BrowseErrorCode.INVALID_RANGE, message);
    }
}

package io.tablequery.engine.provenance;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The text of one row's citation: its source rows per file and sheet, as ranges, such as {@code F1S1R5-R9,R12;F2S1R3},
 * with {@code ;...+1,284 rows} at the end when only the first ranges are shown; {@code F1S2} alone cites a whole sheet.
 * A table of an uploaded SQLite database numbers its rows by rowid, which may be 0 or negative: {@code F1S1R-5-R-3,R0}.
 */
public final class RowCitation {
    /** How many ranges a citation shows unless asked otherwise. */
    public static final int DEFAULT_RANGES = 20;

    private static final Pattern SHEET_PART =
            Pattern.compile("F(\\d+)S(\\d+)(?:(R-?\\d+(?:-R-?\\d+)?(?:,R-?\\d+(?:-R-?\\d+)?)*))?");
    private static final Pattern RANGE = Pattern.compile("R(-?\\d+)(?:-R(-?\\d+))?");
    private static final Pattern MORE = Pattern.compile("\\.\\.\\.\\+([\\d,]+) rows?");

    private RowCitation() {}

    /**
     * Rows {@code first} to {@code last} of one sheet.
     *
     * @param sheet the sheet
     * @param first the first R-number: from 1 in a spreadsheet or CSV, any rowid (0 and negative ones too) in a table
     *     of an uploaded SQLite database
     * @param last the last R-number, at least {@code first}
     */
    public record Range(SheetRef sheet, long first, long last) {
        public Range {
            requireNonNull(sheet, "sheet is null");
            if (last < first) {
                throw new IllegalArgumentException("bad range %d..%d".formatted(first, last));
            }
        }

        /** Returns how many rows the range holds. */
        public long rows() {
            return last - first + 1;
        }
    }

    /**
     * What a citation names: whole sheets and ranges of rows.
     *
     * @param sheets the sheets cited whole, in the order written
     * @param ranges the row ranges, in the order written
     * @param more how many further rows the citation leaves unshown
     */
    public record Parsed(List<SheetRef> sheets, List<Range> ranges, long more) {
        public Parsed {
            sheets = List.copyOf(sheets);
            ranges = List.copyOf(ranges);
        }
    }

    /**
     * Writes a citation.
     *
     * @param shown the ranges to show, in sheet and row order
     * @param total how many rows the whole citation holds, at least those of {@code shown}
     * @return the text
     */
    public static String format(List<Range> shown, long total) {
        StringBuilder text = new StringBuilder();
        SheetRef current = null;
        long rows = 0;
        for (Range range : shown) {
            if (range.sheet().equals(current)) {
                text.append(',');
            } else {
                if (current != null) {
                    text.append(';');
                }
                range.sheet().appendTo(text);
                current = range.sheet();
            }
            text.append('R').append(range.first());
            if (range.last() > range.first()) {
                text.append("-R").append(range.last());
            }
            rows += range.rows();
        }
        if (total > rows) {
            if (!text.isEmpty()) {
                text.append(';');
            }
            text.append(String.format(Locale.ROOT, "...+%,d %s", total - rows, total - rows == 1 ? "row" : "rows"));
        }
        return text.toString();
    }

    /**
     * Reads a citation, or several joined by {@code ;} or white space.
     *
     * @param text the citation
     * @return what it names, or null when a part is no citation
     */
    public static Parsed parse(String text) {
        List<SheetRef> sheets = new ArrayList<>();
        List<Range> ranges = new ArrayList<>();
        long more = 0;
        Matcher unshown = MORE.matcher(requireNonNull(text, "text is null"));
        StringBuilder rest = new StringBuilder();
        while (unshown.find()) {
            more += Long.parseLong(unshown.group(1).replace(",", ""));
            unshown.appendReplacement(rest, ";");
        }
        unshown.appendTail(rest);
        for (String part : rest.toString().split("[;\\s]+")) {
            String trimmed = part.strip();
            if (trimmed.isEmpty()) {
                continue;
            }
            Matcher sheetPart = SHEET_PART.matcher(trimmed);
            if (!sheetPart.matches()) {
                return null;
            }
            SheetRef sheet = new SheetRef(Integer.parseInt(sheetPart.group(1)), Integer.parseInt(sheetPart.group(2)));
            if (sheetPart.group(3) == null) {
                sheets.add(sheet);
                continue;
            }
            Matcher range = RANGE.matcher(sheetPart.group(3));
            while (range.find()) {
                long first = Long.parseLong(range.group(1));
                long last = range.group(2) == null ? first : Long.parseLong(range.group(2));
                if (last < first) {
                    return null;
                }
                ranges.add(new Range(sheet, first, last));
            }
        }
        return new Parsed(sheets, ranges, more);
    }
}

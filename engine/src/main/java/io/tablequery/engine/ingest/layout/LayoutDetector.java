package io.tablequery.engine.ingest.layout;

import io.tablequery.engine.ingest.CellRange;
import io.tablequery.engine.ingest.RawRow;
import io.tablequery.engine.ingest.SheetSource;
import io.tablequery.engine.ingest.values.CellClassifier;
import io.tablequery.engine.ingest.values.ValueClass;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.StringJoiner;

/**
 * Finds where a sheet's table sits from its first rows: narrow rows at the top are titles; the first row as wide as
 * the table whose cells are labels (text, or values of a different kind than the data below them) is the header;
 * up to two more rows continue the header when merged cells or group labels say so (a label over several columns,
 * with the sub-labels below it). Merged header cells name every column they span; a group label without a merge
 * names the columns to its right that carry a sub-label. What the rows under the header add (a label row, group labels
 * to fill down, a crosstab) is {@link RowHeaders}'s to read.
 */
public final class LayoutDetector {
    /** No header row is given. */
    public static final long NO_HINT = Long.MIN_VALUE;

    private static final int HEADER_SEARCH_ROWS = 20;
    private static final int WIDTH_ROWS = 50;
    private static final int MAX_HEADER_ROWS = 3;
    private static final Set<ValueClass> TYPED =
            EnumSet.of(ValueClass.INT, ValueClass.REAL, ValueClass.DATE, ValueClass.DATETIME, ValueClass.BOOL);

    private final List<RawRow> rows;
    private final List<CellRange> merges;
    private final SheetSample sample;
    private final Map<Long, Integer> indexByRow = new HashMap<>();

    private LayoutDetector(List<RawRow> rows, List<CellRange> merges, CellClassifier classifier) {
        this.rows = rows;
        this.merges = merges;
        this.sample = new SheetSample(rows, classifier);
        for (int i = 0; i < rows.size(); i++) {
            indexByRow.put(rows.get(i).rowNumber(), i);
        }
    }

    /**
     * Detects the layout of a sheet.
     *
     * @param rows the sheet's first non-blank rows, in order
     * @param merges the sheet's merged regions
     * @param classifier classifies the cells
     * @param sheet the sheet; a sheet with known columns (a database table) has no layout to detect
     * @return the layout
     */
    public static Layout detect(
            List<RawRow> rows, List<CellRange> merges, CellClassifier classifier, SheetSource sheet) {
        return detect(rows, merges, classifier, sheet, NO_HINT);
    }

    /**
     * Detects the layout of a sheet whose header row is known from the rows around it: a header of labels over only
     * some of the columns, as a stacked table may have, or one below a preface of narrow rows the usual rules would
     * take for the header.
     *
     * @param rows the sheet's first non-blank rows, in order
     * @param merges the sheet's merged regions
     * @param classifier classifies the cells
     * @param sheet the sheet
     * @param headerHint the row number of the header, or {@link #NO_HINT}
     * @return the layout
     */
    public static Layout detect(
            List<RawRow> rows, List<CellRange> merges, CellClassifier classifier, SheetSource sheet, long headerHint) {
        if (!sheet.knownColumns().isEmpty()) {
            Map<Integer, String> names = new LinkedHashMap<>();
            for (int c = 0; c < sheet.knownColumns().size(); c++) {
                names.put(c, sheet.knownColumns().get(c).name());
            }
            return new Layout(List.of(), List.of(), List.of(), names, List.of());
        }
        return new LayoutDetector(rows, merges, classifier).detect(headerHint);
    }

    private Layout detect(long headerHint) {
        int n = rows.size();
        int widest = 0;
        for (int i = 0; i < Math.min(n, WIDTH_ROWS); i++) {
            widest = Math.max(widest, rows.get(i).nonBlankCount());
        }
        int needed = widest <= 2 ? widest : (widest + 1) / 2;
        int header = -1;
        for (int i = 0; i < Math.min(n, HEADER_SEARCH_ROWS); i++) {
            if (rows.get(i).nonBlankCount() < needed || isMergedTitle(i)) {
                continue;
            }
            if (isHeaderLike(i)) {
                header = i;
            }
            break;
        }
        if (header >= 0 && header == n - 1 && rows.get(header).nonBlankCount() == 1) {
            // A lone value with nothing below it is data, not the label of an empty column.
            header = -1;
        }
        if (headerHint != NO_HINT) {
            for (int i = 0; i < n; i++) {
                if (rows.get(i).rowNumber() == headerHint) {
                    header = i;
                }
            }
        }
        if (header < 0) {
            return new Layout(
                    List.of(),
                    List.of(),
                    List.of(),
                    Map.of(),
                    n == 0
                            ? List.of()
                            : List.of("no header row found: every row is data and columns are named by their letters"));
        }
        List<Integer> headerRows = new ArrayList<>(List.of(header));
        for (int next = header + 1; next < n && headerRows.size() < MAX_HEADER_ROWS; next++) {
            boolean adjacent = rows.get(next).rowNumber() == rows.get(next - 1).rowNumber() + 1;
            if (!adjacent || !isHeaderLike(next) || !continuesHeader(headerRows, next)) {
                break;
            }
            headerRows.add(next);
        }
        List<Long> titleRows = new ArrayList<>();
        List<String> titles = new ArrayList<>();
        for (int i = 0; i < header; i++) {
            titleRows.add(rows.get(i).rowNumber());
            titles.add(rowText(i));
        }
        List<Long> headerRowNumbers = new ArrayList<>(
                headerRows.stream().map(i -> rows.get(i).rowNumber()).toList());
        Map<Integer, List<String>> parts = headerParts(headerRows);
        Map<Integer, String> names = new LinkedHashMap<>();
        parts.forEach((column, labels) -> names.put(column, String.join("_", labels)));
        List<String> notes = new ArrayList<>();
        labelRepeatsFromAbove(header, names).ifPresent(notes::add);
        RowHeaders.Reading reading = new RowHeaders(sample)
                .read(headerRows.get(headerRows.size() - 1), headerRows.size(), parts, names, notes);
        reading.labelRow().ifPresent(headerRowNumbers::add);
        return new Layout(titleRows, titles, headerRowNumbers, names, notes, reading.fillDown(), reading.crosstab());
    }

    /**
     * Tells apart the columns whose header repeats another's ({@code Hour, Volume, Hour, Volume}) by the labels of the
     * row right above the header, a title row of group labels ({@code Palo Verde} over the first two, {@code Artesia}
     * over the next): each such column is named {@code label_header}, its label being the text above it, or of the
     * merged cell over it, or else the nearest text to its left in that row. Repeats that the row above does not tell
     * apart (the same label over all of them, a repeat with no label, or no row above) keep their header, made unique
     * later with {@code _2}.
     *
     * @param header the index of the first header row
     * @param names the header names by column, changed in place
     * @return the report's note on what was renamed, when something was
     */
    private Optional<String> labelRepeatsFromAbove(int header, Map<Integer, String> names) {
        int above = header - 1;
        if (above < 0 || rows.get(above).rowNumber() != rows.get(header).rowNumber() - 1) {
            return Optional.empty();
        }
        Map<String, List<Integer>> byName = new LinkedHashMap<>();
        names.forEach((column, name) -> byName.computeIfAbsent(name.toLowerCase(Locale.ROOT), k -> new ArrayList<>())
                .add(column));
        List<String> renamed = new ArrayList<>();
        for (List<Integer> repeated : byName.values()) {
            if (repeated.size() < 2) {
                continue;
            }
            Map<Integer, String> labels = new LinkedHashMap<>();
            for (int column : repeated) {
                String label = labelAbove(above, column);
                if (label != null && !label.isEmpty()) {
                    labels.put(column, label);
                }
            }
            if (labels.size() < repeated.size() || new HashSet<>(labels.values()).size() < 2) {
                continue;
            }
            labels.forEach((column, label) -> {
                String name = label + "_" + names.get(column);
                names.put(column, name);
                renamed.add(name);
            });
        }
        if (renamed.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(("columns whose header repeats are named after the labels of row %d above them: %s")
                .formatted(rows.get(above).rowNumber(), String.join(", ", renamed)));
    }

    /** The label of a column in a row of group labels: its text, the merged cell's over it, or the nearest to its left. */
    private String labelAbove(int index, int column) {
        RawRow row = rows.get(index);
        if (!row.isBlank(column)) {
            return sample.cellText(index, column);
        }
        for (CellRange merge : merges) {
            if (merge.contains(row.rowNumber(), column) && merge.firstRow() == row.rowNumber()) {
                return row.isBlank(merge.firstColumn()) ? null : sample.cellText(index, merge.firstColumn());
            }
        }
        for (int c = Math.min(column, row.width()) - 1; c >= 0; c--) {
            if (!row.isBlank(c)) {
                return sample.cellText(index, c);
            }
        }
        return null;
    }

    /** A row whose only value is one cell merged across several columns reads as a title, however wide. */
    private boolean isMergedTitle(int index) {
        RawRow row = rows.get(index);
        if (row.nonBlankCount() != 1) {
            return false;
        }
        for (CellRange merge : merges) {
            if (merge.firstRow() == row.rowNumber() && merge.spansColumns() && !row.isBlank(merge.firstColumn())) {
                return true;
            }
        }
        return false;
    }

    private boolean isHeaderLike(int index) {
        RawRow row = rows.get(index);
        boolean hasBelow = index + 1 < rows.size();
        int text = 0;
        for (int c = 0; c < row.width(); c++) {
            if (row.isBlank(c)) {
                continue;
            }
            ValueClass cls = sample.classOf(index, c);
            if (cls == ValueClass.TEXT || cls == ValueClass.NULL_MARKER) {
                text++;
            } else if (cls == ValueClass.ERROR || cls == ValueClass.UNCACHED || !hasBelow) {
                return false;
            } else if (sameFamily(cls, sample.dominantBelow(c, index + 1))) {
                return false;
            }
        }
        return text > 0;
    }

    private boolean continuesHeader(List<Integer> headerRows, int next) {
        long first = rows.get(headerRows.get(0)).rowNumber();
        long last = rows.get(headerRows.get(headerRows.size() - 1)).rowNumber();
        long nextRow = rows.get(next).rowNumber();
        for (CellRange merge : merges) {
            boolean inHeader = merge.firstRow() >= first && merge.firstRow() <= last;
            if (inHeader && (merge.spansColumns() || merge.lastRow() >= nextRow)) {
                return true;
            }
        }
        RawRow candidate = rows.get(next);
        boolean groupLabels = false;
        boolean contrast = false;
        for (int c = 0; c < candidate.width(); c++) {
            if (candidate.isBlank(c) || sample.classOf(next, c) != ValueClass.TEXT) {
                continue;
            }
            final int column = c;
            if (headerRows.stream().allMatch(i -> rows.get(i).isBlank(column))) {
                groupLabels = true;
            }
            if (next + 1 < rows.size() && TYPED.contains(sample.dominantBelow(c, next + 1))) {
                contrast = true;
            }
        }
        return groupLabels && contrast;
    }

    /** Each header-named column's labels, one per header row that has one, in order and without repeats. */
    private Map<Integer, List<String>> headerParts(List<Integer> headerRows) {
        int width = 0;
        for (int i : headerRows) {
            width = Math.max(width, rows.get(i).width());
        }
        long first = rows.get(headerRows.get(0)).rowNumber();
        long last = rows.get(headerRows.get(headerRows.size() - 1)).rowNumber();
        for (CellRange merge : merges) {
            if (merge.firstRow() >= first && merge.firstRow() <= last) {
                width = Math.max(width, merge.lastColumn() + 1);
            }
        }
        Map<Integer, List<String>> names = new LinkedHashMap<>();
        for (int c = 0; c < width; c++) {
            List<String> parts = new ArrayList<>();
            for (int k = 0; k < headerRows.size(); k++) {
                int index = headerRows.get(k);
                String text = headerText(index, c, first);
                if (text == null && k + 1 < headerRows.size()) {
                    text = groupLabelLeftOf(index, headerRows.get(k + 1), c);
                }
                if (text != null
                        && !text.isEmpty()
                        && (parts.isEmpty() || !parts.get(parts.size() - 1).equals(text))) {
                    parts.add(text);
                }
            }
            if (!parts.isEmpty()) {
                names.put(c, parts);
            }
        }
        return names;
    }

    /** The text of a header cell, or of the merged region covering it; null when blank. */
    private String headerText(int index, int column, long firstHeaderRow) {
        RawRow row = rows.get(index);
        if (!row.isBlank(column)) {
            return sample.cellText(index, column);
        }
        for (CellRange merge : merges) {
            if (merge.contains(row.rowNumber(), column) && merge.firstRow() >= firstHeaderRow) {
                Integer anchor = indexByRow.get(merge.firstRow());
                if (anchor != null && !rows.get(anchor).isBlank(merge.firstColumn())) {
                    return sample.cellText(anchor, merge.firstColumn());
                }
            }
        }
        return null;
    }

    /** A group label to the left in an upper header row that also stands over sub-labels. */
    private String groupLabelLeftOf(int upper, int lower, int column) {
        if (rows.get(lower).isBlank(column)) {
            return null;
        }
        for (int c = column - 1; c >= 0; c--) {
            if (!rows.get(upper).isBlank(c)) {
                return rows.get(lower).isBlank(c) ? null : sample.cellText(upper, c);
            }
            if (rows.get(lower).isBlank(c)) {
                return null;
            }
        }
        return null;
    }

    private String rowText(int index) {
        RawRow row = rows.get(index);
        StringJoiner joiner = new StringJoiner(" ");
        for (int c = 0; c < row.width(); c++) {
            if (!row.isBlank(c)) {
                joiner.add(sample.cellText(index, c));
            }
        }
        return joiner.toString();
    }

    private static boolean sameFamily(ValueClass a, ValueClass b) {
        boolean numericA = a == ValueClass.INT || a == ValueClass.REAL;
        boolean numericB = b == ValueClass.INT || b == ValueClass.REAL;
        boolean temporalA = a == ValueClass.DATE || a == ValueClass.DATETIME;
        boolean temporalB = b == ValueClass.DATE || b == ValueClass.DATETIME;
        return a == b || (numericA && numericB) || (temporalA && temporalB);
    }
}

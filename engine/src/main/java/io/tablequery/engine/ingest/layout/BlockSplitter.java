package io.tablequery.engine.ingest.layout;

import io.tablequery.engine.ingest.CellRange;
import io.tablequery.engine.ingest.RawRow;
import io.tablequery.engine.ingest.SheetSource;
import io.tablequery.engine.ingest.SourceKind;
import io.tablequery.engine.ingest.values.CellClassifier;
import io.tablequery.engine.ingest.values.CellValue;
import io.tablequery.engine.ingest.values.ColumnStats;
import io.tablequery.engine.ingest.values.ValueClass;
import io.tablequery.engine.ingest.values.ValueText;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Splits a sheet read whole into the tables stacked down it. Rows separated by blank rows form segments; a segment
 * starts a new table when it opens with a header row of its own (labels over at least one data row) whose labels
 * sit over a column of numbers or dates: in the table so far (so the row cannot be a row of that table), or, when a
 * title stands above it, in its own rows. A table of text alone is not split, as a header cannot be told from its
 * rows there. A few narrow rows above the sheet's first wide header (a report's period and author, an order's number
 * and customer) are its title rows, not a table. A segment that repeats the table's header without a title continues the
 * table, its header rows left out (a printed report repeats its header on every page), unless the table so far ends
 * with a total's row (two pivot tables, each closed by its grand total). Narrow text rows after a gap
 * become the title of the table below them; at the end of the sheet they are notes under the table, left out of its
 * rows and kept in the report. Tables side by side, apart by blank columns, are split too, when each has a header
 * over two columns or more.
 */
public final class BlockSplitter {
    private static final int TITLE_ROWS = 3;
    /** A sheet that is split declares no column a date (database tables are never split). */
    private static final boolean[] NO_DATES = new boolean[0];

    private static final int PREFACE_ROWS = 12;

    private final List<CellRange> merges;
    private final CellClassifier classifier;
    private final SheetSource sheet;
    private final CellValue scratch = new CellValue();

    private BlockSplitter(List<CellRange> merges, CellClassifier classifier, SheetSource sheet) {
        this.merges = merges;
        this.classifier = classifier;
        this.sheet = sheet;
    }

    /**
     * One table's rows within its sheet.
     *
     * @param rows its rows, titles and header included
     * @param notes what the report should say about rows left out
     * @param headerHint the row that opened it as a header too narrow for the layout's own rule, or {@link
     *     LayoutDetector#NO_HINT}
     */
    public record Block(List<RawRow> rows, List<String> notes, long headerHint) {
        public Block {
            rows = List.copyOf(rows);
            notes = List.copyOf(notes);
        }

        /** A block opened by a header the layout's own rule finds. */
        public Block(List<RawRow> rows, List<String> notes) {
            this(rows, notes, LayoutDetector.NO_HINT);
        }
    }

    /**
     * Splits the rows of a sheet.
     *
     * @param rows the sheet's non-blank rows, in order
     * @param merges the sheet's merged regions
     * @param classifier classifies the cells
     * @param sheet the sheet
     * @return its tables, at least one
     */
    public static List<Block> split(
            List<RawRow> rows, List<CellRange> merges, CellClassifier classifier, SheetSource sheet) {
        if (sheet.kind() == SourceKind.DATABASE || rows.isEmpty()) {
            return List.of(new Block(rows, List.of()));
        }
        return new BlockSplitter(merges, classifier, sheet).split(rows);
    }

    private List<Block> split(List<RawRow> rows) {
        List<Block> blocks = new ArrayList<>();
        Current current = null;
        List<RawRow> pending = new ArrayList<>();
        for (List<RawRow> segment : segments(rows)) {
            if (isTitleOnly(segment)) {
                pending.addAll(segment);
                continue;
            }
            if (current == null) {
                current = start(pending, segment);
            } else {
                Layout own = headerOf(pending, segment);
                boolean narrow = false;
                if (own == null) {
                    own = narrowHeader(pending, segment);
                    narrow = own != null;
                }
                boolean titled = own != null && !own.titleRows().isEmpty();
                if (own != null && blocks.isEmpty() && !titled && isPreface(own, current)) {
                    List<RawRow> preface = new ArrayList<>(current.rows);
                    preface.addAll(pending);
                    current = start(preface, segment);
                    current.headerHint = own.headerRows().get(0);
                } else if (own != null && startsTable(own, segment, current, titled)) {
                    blocks.add(current.block());
                    current = start(pending, segment);
                    current.headerHint = narrow ? own.headerRows().get(0) : LayoutDetector.NO_HINT;
                } else if (own != null && !titled && own.headerNames().equals(current.layout.headerNames())) {
                    current.notes.add((own.headerRows().size() == 1 ? "row %s repeats" : "rows %s repeat")
                                    .formatted(rangeText(own.headerRows()))
                            + " the header; left out");
                    current.append(segment.subList(own.headerRows().size(), segment.size()));
                } else {
                    current.append(pending);
                    current.append(segment);
                }
            }
            pending = new ArrayList<>();
        }
        if (current == null) {
            return List.of(new Block(rows, List.of()));
        }
        if (!pending.isEmpty()) {
            if (current.width() >= 2) {
                for (RawRow note : pending) {
                    current.notes.add("note under the table, row %d, left out of its rows: %s"
                            .formatted(note.rowNumber(), text(note)));
                }
            } else {
                current.append(pending);
            }
        }
        blocks.add(current.block());
        List<Block> split = new ArrayList<>();
        blocks.forEach(block -> split.addAll(sideBySide(block)));
        return split;
    }

    /**
     * Splits a table at columns blank in all its rows when every side is a table of its own: two columns or more
     * under a header, over rows of their own. Sides over the very same rows stay one table (a blank column is then
     * spacing, and splitting would lose which values share a row), unless every side repeats the same header (small
     * multiples: {@code Name | Score} beside {@code Name | Score}, each under its own title); a blank column between
     * single columns never splits.
     */
    private List<Block> sideBySide(Block block) {
        int width = 0;
        for (RawRow row : block.rows()) {
            width = Math.max(width, row.width());
        }
        boolean[] used = new boolean[width];
        for (RawRow row : block.rows()) {
            for (int c = 0; c < row.width(); c++) {
                used[c] |= !row.isBlank(c);
            }
        }
        List<int[]> groups = new ArrayList<>();
        for (int c = 0; c < width; c++) {
            if (!used[c]) {
                continue;
            }
            if (groups.isEmpty() || groups.get(groups.size() - 1)[1] < c - 1) {
                groups.add(new int[] {c, c});
            } else {
                groups.get(groups.size() - 1)[1] = c;
            }
        }
        if (groups.size() < 2) {
            return List.of(block);
        }
        List<Block> parts = new ArrayList<>();
        Set<List<String>> headers = new HashSet<>();
        for (int[] group : groups) {
            List<RawRow> rows = new ArrayList<>();
            for (RawRow row : block.rows()) {
                RawRow part = row.columns(group[0], group[1]);
                if (!part.isBlank()) {
                    rows.add(part);
                }
            }
            Layout layout = LayoutDetector.detect(rows, merges, classifier, sheet);
            if (group[1] == group[0] || layout.headerRows().isEmpty()) {
                return List.of(block);
            }
            headers.add(List.copyOf(layout.headerNames().values()));
            parts.add(new Block(rows, parts.isEmpty() ? block.notes() : List.of()));
        }
        Set<List<Long>> rowSets = new HashSet<>();
        for (Block part : parts) {
            rowSets.add(part.rows().stream().map(RawRow::rowNumber).toList());
        }
        return rowSets.size() == 1 && headers.size() > 1 ? List.of(block) : parts;
    }

    private Current start(List<RawRow> titles, List<RawRow> segment) {
        List<RawRow> rows = new ArrayList<>(titles);
        rows.addAll(segment);
        Layout layout = LayoutDetector.detect(rows, merges, classifier, sheet);
        Current current = new Current(layout);
        current.append(rows);
        return current;
    }

    /**
     * The layout of a segment that opens with a header over data, below at most a few title rows (its own, or the
     * narrow rows above it), or null.
     */
    private Layout headerOf(List<RawRow> titles, List<RawRow> segment) {
        List<RawRow> rows = new ArrayList<>(titles);
        rows.addAll(segment);
        Layout layout = LayoutDetector.detect(rows, merges, classifier, sheet);
        if (layout.headerRows().isEmpty()) {
            return null;
        }
        long header = layout.headerRows().get(0);
        long titlesInSegment =
                segment.stream().filter(r -> r.rowNumber() < header).count();
        long dataRows = segment.stream()
                .filter(r -> r.rowNumber() > layout.lastNonDataRow())
                .count();
        if (titlesInSegment > TITLE_ROWS || dataRows == 0) {
            return null;
        }
        return layout;
    }

    /**
     * A segment may open with labels over only some of its columns (`Operated Kms | 2011/12` over a dozen columns of
     * numbers), too narrow for a header by the layout's rule; its labels still say a new table starts when they sit
     * over numbers or dates. The table itself then takes the row for its title.
     */
    private Layout narrowHeader(List<RawRow> titles, List<RawRow> segment) {
        if (segment.size() < 2 || segment.get(0).nonBlankCount() < 2) {
            return null;
        }
        RawRow first = segment.get(0);
        Map<Integer, String> names = labels(first);
        if (names.isEmpty()) {
            return null;
        }
        List<ColumnStats> below = new ArrayList<>();
        segment.subList(1, segment.size())
                .forEach(row -> ColumnStats.addRow(below, row, classifier, NO_DATES, scratch));
        if (names.keySet().stream().noneMatch(c -> typed(below, c))) {
            return null;
        }
        return new Layout(
                titles.stream().map(RawRow::rowNumber).toList(),
                titles.stream().map(this::text).toList(),
                List.of(first.rowNumber()),
                names,
                List.of());
    }

    /**
     * The rows above a sheet's first header may be a preface rather than a table: a few narrow rows of text (a
     * report's period and author, an order's number and customer) over a header wider than any of them and with no
     * title of its own. They become the title rows of the table below.
     */
    private static boolean isPreface(Layout own, Current current) {
        if (current.rows.size() > PREFACE_ROWS
                || current.width() > 3
                || own.headerNames().size() <= current.width()) {
            return false;
        }
        for (int column = 0; column < current.stats.size(); column++) {
            if (typed(current.stats, column)) {
                return false;
            }
        }
        return true;
    }

    private boolean startsTable(Layout own, List<RawRow> segment, Current current, boolean titled) {
        if (own.headerNames().equals(current.layout.headerNames())) {
            // A repeat continues the table, as a page break repeats its header, unless a total closed the table.
            return titled || TotalsTracker.labelled(current.rows.get(current.rows.size() - 1));
        }
        List<ColumnStats> below = new ArrayList<>();
        for (RawRow row : segment) {
            if (row.rowNumber() > own.lastNonDataRow()) {
                ColumnStats.addRow(below, row, classifier, NO_DATES, scratch);
            }
        }
        for (int column : own.headerNames().keySet()) {
            if (typed(current.stats, column) || titled && typed(below, column)) {
                return true;
            }
        }
        return false;
    }

    private static boolean typed(List<ColumnStats> stats, int column) {
        return column < stats.size() && isTyped(stats.get(column).dominant());
    }

    private static boolean isTyped(ValueClass cls) {
        return cls == ValueClass.INT
                || cls == ValueClass.REAL
                || cls == ValueClass.DATE
                || cls == ValueClass.DATETIME
                || cls == ValueClass.BOOL;
    }

    /** A short run of rows each holding one text cell: a title, or a note. */
    private boolean isTitleOnly(List<RawRow> segment) {
        if (segment.size() > TITLE_ROWS) {
            return false;
        }
        for (RawRow row : segment) {
            if (row.nonBlankCount() != 1) {
                return false;
            }
            for (int c = 0; c < row.width(); c++) {
                if (!row.isBlank(c)) {
                    classifier.classify(row, c, false, scratch);
                    if (scratch.cls() != ValueClass.TEXT) {
                        return false;
                    }
                }
            }
        }
        return true;
    }

    private String text(RawRow row) {
        for (int c = 0; c < row.width(); c++) {
            if (!row.isBlank(c)) {
                classifier.classify(row, c, false, scratch);
                return ValueText.render(scratch);
            }
        }
        return "";
    }

    /**
     * The runs of rows between blank rows, each cut again where it repeats the header row: its own first row of
     * labels, or, in a run that does not open with labels, the header of the runs above it.
     */
    private List<List<RawRow>> segments(List<RawRow> rows) {
        List<List<RawRow>> runs = new ArrayList<>();
        List<RawRow> run = new ArrayList<>();
        for (RawRow row : rows) {
            if (!run.isEmpty() && row.rowNumber() != run.get(run.size() - 1).rowNumber() + 1) {
                runs.add(run);
                run = new ArrayList<>();
            }
            run.add(row);
        }
        if (!run.isEmpty()) {
            runs.add(run);
        }
        List<List<RawRow>> segments = new ArrayList<>();
        Map<Integer, String> header = null;
        for (List<RawRow> segment : runs) {
            Map<Integer, String> opening = labels(segment.get(0));
            if (opening.size() >= 2) {
                header = opening;
            }
            header = atRepeatedHeaders(segment, header, segments);
        }
        return segments;
    }

    /**
     * Cuts a run of rows where a row repeats the header cell for cell, as a report repeats its header over each group
     * or page without a blank row between; a title right above the repeat (one text cell) goes with it. The pieces
     * are then read as blank-separated ones are: a repeat without a title continues the table, its header left out;
     * one under a title starts a table.
     *
     * @param segment the run of rows
     * @param header the header it may repeat, or null to take its first row of labels
     * @param pieces where the pieces go
     * @return the header after the run
     */
    private Map<Integer, String> atRepeatedHeaders(
            List<RawRow> segment, Map<Integer, String> header, List<List<RawRow>> pieces) {
        int start = 0;
        for (int i = 0; i < segment.size(); i++) {
            Map<Integer, String> labels = labels(segment.get(i));
            if (header == null) {
                header = labels.size() >= 2 ? labels : null;
                continue;
            }
            // Rows of one cell over the header at the top of the run are its titles (a year, a name): nothing to cut.
            if (!labels.equals(header)
                    || segment.subList(start, i).stream().allMatch(row -> row.nonBlankCount() <= 1)) {
                continue;
            }
            int cut = i > start + 1 && isTitleOnly(List.of(segment.get(i - 1))) ? i - 1 : i;
            pieces.add(segment.subList(start, cut));
            if (cut < i) {
                pieces.add(segment.subList(cut, i));
            }
            start = i;
        }
        pieces.add(segment.subList(start, segment.size()));
        return header;
    }

    /** A row's text cells by column, or an empty map when it holds anything but text. */
    private Map<Integer, String> labels(RawRow row) {
        Map<Integer, String> labels = new LinkedHashMap<>();
        for (int c = 0; c < row.width(); c++) {
            if (row.isBlank(c)) {
                continue;
            }
            classifier.classify(row, c, false, scratch);
            if (scratch.cls() != ValueClass.TEXT) {
                return Map.of();
            }
            labels.put(c, ValueText.render(scratch));
        }
        return labels;
    }

    private static String rangeText(List<Long> rows) {
        return rows.size() == 1 ? rows.get(0).toString() : rows.get(0) + "-" + rows.get(rows.size() - 1);
    }

    /** The table being gathered, with the classes of its data so far. */
    private final class Current {
        final Layout layout;
        final List<RawRow> rows = new ArrayList<>();
        final List<String> notes = new ArrayList<>();
        final List<ColumnStats> stats = new ArrayList<>();
        int width;
        long headerHint = LayoutDetector.NO_HINT;

        Current(Layout layout) {
            this.layout = layout;
        }

        void append(List<RawRow> more) {
            for (RawRow row : more) {
                rows.add(row);
                width = Math.max(width, row.nonBlankCount());
                if (row.rowNumber() <= layout.lastNonDataRow()) {
                    continue;
                }
                ColumnStats.addRow(stats, row, classifier, NO_DATES, scratch);
            }
        }

        int width() {
            return width;
        }

        Block block() {
            return new Block(rows, notes, headerHint);
        }
    }
}

package io.tablequery.engine.ingest.layout;

import io.tablequery.engine.ingest.CellAddress;
import io.tablequery.engine.ingest.RawRow;
import io.tablequery.engine.ingest.values.ValueClass;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads the row-header side of a header band as a person reads a report: a label row naming the row-header columns,
 * columns that only name the header rows, group labels written once to be filled down, and the crosstab the columns
 * of numbers make under two or more header rows.
 */
final class RowHeaders {
    private final List<RawRow> rows;
    private final SheetSample sample;

    RowHeaders(SheetSample sample) {
        this.rows = sample.rows();
        this.sample = sample;
    }

    /**
     * What the row-header side adds to a layout.
     *
     * @param labelRow the row number of the label row under the header, if there is one
     * @param fillDown the 0-based source columns of group labels to fill down
     * @param crosstab the crosstab of the columns of numbers, or null
     */
    record Reading(Optional<Long> labelRow, List<Integer> fillDown, Layout.Crosstab crosstab) {}

    /**
     * Reads the rows under a header band.
     *
     * @param lastHeader the index of the band's last row
     * @param bandRows the number of rows in the band
     * @param parts each header-named column's labels, one per band row that has one
     * @param names the header names by column, changed in place: the label row names its columns, and a column that
     *     only names the header rows is removed
     * @param notes the report's notes, added to in place
     * @return what the rows add to the layout
     */
    Reading read(
            int lastHeader,
            int bandRows,
            Map<Integer, List<String>> parts,
            Map<Integer, String> names,
            List<String> notes) {
        int last = lastHeader;
        Optional<Long> labelRowNumber = Optional.empty();
        List<String> dimensions = List.of();
        if (isLabelRow(last + 1, parts)) {
            int labelRow = last + 1;
            labelRowNumber = Optional.of(rows.get(labelRow).rowNumber());
            List<String> labels = new ArrayList<>();
            for (int c = 0; c < rows.get(labelRow).width(); c++) {
                if (!rows.get(labelRow).isBlank(c)) {
                    String label = sample.cellText(labelRow, c);
                    names.put(c, label);
                    labels.add(label);
                }
            }
            notes.add("row %d labels the row-header columns below it: %s"
                    .formatted(rows.get(labelRow).rowNumber(), String.join(", ", labels)));
            dimensions = dropHeaderNamingColumns(labelRow, bandRows, parts, names, notes);
            last = labelRow;
        }
        List<Integer> fillDown = fillDownColumns(last + 1, names);
        if (!fillDown.isEmpty()) {
            notes.add("group labels written once and left blank below are filled down in column%s %s"
                    .formatted(
                            fillDown.size() == 1 ? "" : "s",
                            String.join(
                                    ", ",
                                    fillDown.stream()
                                            .map(CellAddress::columnLetters)
                                            .toList())));
        }
        Layout.Crosstab crosstab = crosstab(bandRows, last + 1, parts, names, dimensions);
        return new Reading(labelRowNumber, fillDown, crosstab);
    }

    /**
     * A label row right under the header names the row-header columns, the header's own cells being blank over them:
     * titanic.xlsx's {@code Class | Sex} under {@code Age: Child, Adult} and {@code Survived: No, Yes}. Its cells are
     * text, only in columns left of every column the header names, with values below each; the header's columns are
     * blank in it, and in every row below (a row below with values only left of them makes it a group heading).
     */
    private boolean isLabelRow(int index, Map<Integer, List<String>> parts) {
        if (index + 1 >= rows.size() || parts.isEmpty()) {
            return false;
        }
        RawRow row = rows.get(index);
        boolean between = row.rowNumber() == rows.get(index - 1).rowNumber() + 1
                && rows.get(index + 1).rowNumber() == row.rowNumber() + 1;
        if (!between || row.nonBlankCount() == 0) {
            return false;
        }
        int firstNamed =
                parts.keySet().stream().mapToInt(Integer::intValue).min().orElseThrow();
        for (int column : parts.keySet()) {
            if (!row.isBlank(column)) {
                return false;
            }
        }
        for (int c = 0; c < row.width(); c++) {
            if (row.isBlank(c)) {
                continue;
            }
            if (c >= firstNamed || sample.classOf(index, c) != ValueClass.TEXT || !sample.hasValueBelow(c, index + 1)) {
                return false;
            }
        }
        for (int i = index + 1; i < Math.min(rows.size(), index + 1 + SheetSample.BELOW_ROWS); i++) {
            if (onlyLeftOf(rows.get(i), firstNamed)) {
                // Rows below of the same shape are group headings (Humanities over its subjects), not labels.
                return false;
            }
        }
        return true;
    }

    private static boolean onlyLeftOf(RawRow row, int column) {
        for (int c = column; c < row.width(); c++) {
            if (!row.isBlank(c)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Leaves out the columns between the row headers and the numbers that hold only the names of the header rows
     * ({@code Age} beside {@code Child | Adult}, {@code Survived} beside {@code No | Yes}) and no data.
     *
     * @return the names of the header rows such a column gives, one per header row, or an empty list
     */
    private List<String> dropHeaderNamingColumns(
            int labelRow,
            int bandRows,
            Map<Integer, List<String>> parts,
            Map<Integer, String> names,
            List<String> notes) {
        List<String> dimensions = List.of();
        for (Map.Entry<Integer, List<String>> entry : parts.entrySet()) {
            int column = entry.getKey();
            if (!rows.get(labelRow).isBlank(column) || sample.hasValueBelow(column, labelRow + 1)) {
                continue;
            }
            names.remove(column);
            notes.add("column %s names the header rows (%s) and holds no data; it is not a column of the table"
                    .formatted(CellAddress.columnLetters(column), String.join(", ", entry.getValue())));
            if (entry.getValue().size() == bandRows && dimensions.isEmpty()) {
                dimensions = entry.getValue();
            }
        }
        return dimensions;
    }

    /**
     * The leading columns of row labels in which a group's label is written once and left blank below, to be filled
     * down: of the text columns at the left of the data (the last of them labelling more than three rows in four),
     * every one but the last whose first data cell holds a label, whose labels are all different (one per group), with
     * at least two groups of two rows or more on average (a column of codes, one per row, is no group label), and
     * blank in rows where the last label column has a label that is not a total's (only those are filled: a row
     * without labels, or a subtotal, belongs to no group).
     */
    private List<Integer> fillDownColumns(int dataStart, Map<Integer, String> names) {
        int end = Math.min(rows.size(), dataStart + SheetSample.BELOW_ROWS);
        if (end - dataStart < 2) {
            return List.of();
        }
        int width = 0;
        for (int i = dataStart; i < end; i++) {
            width = Math.max(width, rows.get(i).width());
        }
        List<Integer> labelColumns = new ArrayList<>();
        for (int c = 0; c < width; c++) {
            boolean used = names.containsKey(c) || sample.hasValueBelow(c, dataStart);
            if (!used) {
                if (labelColumns.isEmpty()) {
                    continue;
                }
                break;
            }
            if (sample.dominantBelow(c, dataStart) != ValueClass.TEXT) {
                break;
            }
            labelColumns.add(c);
        }
        if (labelColumns.size() < 2) {
            return List.of();
        }
        int innermost = labelColumns.get(labelColumns.size() - 1);
        int labelled = 0;
        for (int i = dataStart; i < end; i++) {
            labelled += rows.get(i).isBlank(innermost) ? 0 : 1;
        }
        if (labelled * 4 <= (end - dataStart) * 3) {
            // The last label column must label nearly every row, or it is not a column of row labels.
            return List.of();
        }
        List<Integer> fill = new ArrayList<>();
        for (int column : labelColumns.subList(0, labelColumns.size() - 1)) {
            if (rows.get(dataStart).isBlank(column)) {
                break;
            }
            Set<String> labels = new HashSet<>();
            boolean distinct = true;
            int blanks = 0;
            for (int i = dataStart; i < end && distinct; i++) {
                RawRow row = rows.get(i);
                if (row.isBlank(column)) {
                    blanks += row.isBlank(innermost) || TotalsTracker.labelled(row) ? 0 : 1;
                } else {
                    distinct = sample.classOf(i, column) == ValueClass.TEXT && labels.add(sample.cellText(i, column));
                }
            }
            if (!distinct || blanks < labels.size() || labels.size() < 2) {
                break;
            }
            fill.add(column);
        }
        return fill;
    }

    /**
     * The crosstab of the columns of numbers under two or more header rows, each with a label in every header row,
     * right of the row-header columns, with a label of the top row over several of them and one of the bottom row
     * under several (a grid of combinations, not labels wrapped over two rows); null when the header makes none.
     */
    private Layout.Crosstab crosstab(
            int bandRows,
            int dataStart,
            Map<Integer, List<String>> parts,
            Map<Integer, String> names,
            List<String> given) {
        if (bandRows < 2 || dataStart >= rows.size()) {
            return null;
        }
        Map<Integer, List<String>> labels = new LinkedHashMap<>();
        for (int column : names.keySet()) {
            List<String> columnParts = parts.get(column);
            ValueClass below = sample.dominantBelow(column, dataStart);
            if (columnParts != null
                    && columnParts.size() == bandRows
                    && (below == ValueClass.INT || below == ValueClass.REAL)) {
                labels.put(column, columnParts);
            }
        }
        if (labels.size() < 2 || new HashSet<>(labels.values()).size() < labels.size()) {
            return null;
        }
        Set<String> outer = new HashSet<>();
        Set<String> inner = new HashSet<>();
        labels.values().forEach(columnLabels -> {
            outer.add(columnLabels.get(0));
            inner.add(columnLabels.get(bandRows - 1));
        });
        if (outer.size() == labels.size() || inner.size() == labels.size()) {
            // Each label stands over one column only: a label written over two rows, not a grid of combinations.
            return null;
        }
        int firstValue =
                labels.keySet().stream().mapToInt(Integer::intValue).min().orElseThrow();
        boolean rowHeaders = false;
        for (int column : names.keySet()) {
            if (column >= firstValue && !labels.containsKey(column)) {
                return null;
            }
            rowHeaders |= column < firstValue;
        }
        if (!rowHeaders) {
            return null;
        }
        return new Layout.Crosstab(given, labels);
    }
}

package io.tablequery.engine.ingest.layout;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.IntFunction;

/**
 * Where a sheet's table sits: the title rows above it, its header rows, and the name each header gives its column.
 *
 * @param titleRows the row numbers of title rows above the header
 * @param titles the text of each title row
 * @param headerRows the row numbers of the header rows, empty when the sheet has no header
 * @param headerNames the name of each column the header labels, by 0-based source column
 * @param notes what a person should know about the layout, for the ingest report
 * @param fillDown the 0-based source columns of group labels written once per group, whose blank cells take the
 *     label above them
 * @param crosstab the crosstab the header makes of the columns under two or more header rows, or null
 */
public record Layout(
        List<Long> titleRows,
        List<String> titles,
        List<Long> headerRows,
        Map<Integer, String> headerNames,
        List<String> notes,
        List<Integer> fillDown,
        Crosstab crosstab) {
    public Layout {
        titleRows = List.copyOf(requireNonNull(titleRows, "titleRows is null"));
        titles = List.copyOf(requireNonNull(titles, "titles is null"));
        headerRows = List.copyOf(requireNonNull(headerRows, "headerRows is null"));
        headerNames = new TreeMap<>(requireNonNull(headerNames, "headerNames is null"));
        notes = List.copyOf(requireNonNull(notes, "notes is null"));
        fillDown = List.copyOf(requireNonNull(fillDown, "fillDown is null"));
    }

    /** A layout without group labels to fill or a crosstab. */
    public Layout(
            List<Long> titleRows,
            List<String> titles,
            List<Long> headerRows,
            Map<Integer, String> headerNames,
            List<String> notes) {
        this(titleRows, titles, headerRows, headerNames, notes, List.of(), null);
    }

    /**
     * Data starts after this row: the last header row, or the last title row, or, when there is neither, no row at
     * all ({@link Long#MIN_VALUE}, since a database's rowids may be 0 or negative).
     */
    public long lastNonDataRow() {
        if (!headerRows.isEmpty()) {
            return headerRows.get(headerRows.size() - 1);
        }
        return titleRows.isEmpty() ? Long.MIN_VALUE : titleRows.get(titleRows.size() - 1);
    }

    /**
     * The columns of numbers under two or more header rows, each named by one label per header row, as a person reads
     * a crosstab: {@code Child} over {@code No} and {@code Yes}, {@code Adult} over the same two.
     *
     * @param dimensions what each header row's labels are, when cells left of them say so ({@code Age}, {@code
     *     Survived}), one per header row; empty when nothing names them
     * @param labels by 0-based source column of each column of numbers, its label in each header row
     */
    public record Crosstab(List<String> dimensions, Map<Integer, List<String>> labels) {
        public Crosstab {
            dimensions = List.copyOf(requireNonNull(dimensions, "dimensions is null"));
            labels = new TreeMap<>(requireNonNull(labels, "labels is null"));
            labels.replaceAll((column, parts) -> List.copyOf(parts));
        }

        /**
         * Says what the columns of numbers stand for, for a table's description: {@code Its numbers are a crosstab of
         * Age (Child, Adult) by Survived (No, Yes): each of the columns Child_No, ... holds one combination; a total
         * by one of them adds the columns that carry its label.} Without names for the header rows: {@code a crosstab
         * of the header rows' labels (Units, Revenue) by (Jan, Feb, Mar)}.
         *
         * @param columnName the table's name of a source column, for each of the crosstab's
         */
        public String describe(IntFunction<String> columnName) {
            List<String> levels = new ArrayList<>();
            int rows = labels.values().iterator().next().size();
            for (int k = 0; k < rows; k++) {
                Set<String> values = new LinkedHashSet<>();
                for (List<String> parts : labels.values()) {
                    values.add(parts.get(k));
                }
                levels.add("%s(%s)"
                        .formatted(dimensions.isEmpty() ? "" : dimensions.get(k) + " ", String.join(", ", values)));
            }
            List<String> columns =
                    labels.keySet().stream().map(columnName::apply).toList();
            return ("Its numbers are a crosstab of %s: each of the columns %s holds one combination; a total by one of"
                            + " them adds the columns that carry its label.")
                    .formatted(
                            (dimensions.isEmpty() ? "the header rows' labels " : "") + String.join(" by ", levels),
                            String.join(", ", columns));
        }
    }
}

package io.tablequery.engine.ingest.layout;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Where a sheet's table sits: the title rows above it, its header rows, and the name each header gives its column.
 *
 * @param titleRows the row numbers of title rows above the header
 * @param titles the text of each title row
 * @param headerRows the row numbers of the header rows, empty when the sheet has no header
 * @param headerNames the name of each column the header labels, by 0-based source column
 * @param notes what a person should know about the layout, for the ingest report
 */
public record Layout(
        List<Long> titleRows,
        List<String> titles,
        List<Long> headerRows,
        Map<Integer, String> headerNames,
        List<String> notes) {
    public Layout {
        titleRows = List.copyOf(requireNonNull(titleRows, "titleRows is null"));
        titles = List.copyOf(requireNonNull(titles, "titles is null"));
        headerRows = List.copyOf(requireNonNull(headerRows, "headerRows is null"));
        headerNames = new TreeMap<>(requireNonNull(headerNames, "headerNames is null"));
        notes = List.copyOf(requireNonNull(notes, "notes is null"));
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
}

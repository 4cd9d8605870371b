package io.tablequery.engine.ingest;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * What a reader knows about a sheet before its rows arrive.
 *
 * @param number the 1-based position of the sheet in its file
 * @param name the sheet name (the file name for CSV, the table name for databases)
 * @param hidden whether the workbook hides the sheet
 * @param kind the source family
 * @param date1904 whether the workbook counts dates from 1904
 * @param knownColumns the columns the source declares, or empty when the layout must be detected
 */
public record SheetSource(
        int number, String name, boolean hidden, SourceKind kind, boolean date1904, List<KnownColumn> knownColumns) {
    public SheetSource {
        requireNonNull(name, "name is null");
        requireNonNull(kind, "kind is null");
        knownColumns = List.copyOf(requireNonNull(knownColumns, "knownColumns is null"));
        if (number < 1) {
            throw new IllegalArgumentException("sheet number must be at least 1: " + number);
        }
    }
}

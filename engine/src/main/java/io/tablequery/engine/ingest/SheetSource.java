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
 * @param knownIndexes the indexes the source declares, each over the 0-based positions of its columns in key order
 */
public record SheetSource(
        int number,
        String name,
        boolean hidden,
        SourceKind kind,
        boolean date1904,
        List<KnownColumn> knownColumns,
        List<SourceIndex<Integer>> knownIndexes) {
    public SheetSource {
        requireNonNull(name, "name is null");
        requireNonNull(kind, "kind is null");
        knownColumns = List.copyOf(requireNonNull(knownColumns, "knownColumns is null"));
        knownIndexes = List.copyOf(requireNonNull(knownIndexes, "knownIndexes is null"));
        if (number < 1) {
            throw new IllegalArgumentException("sheet number must be at least 1: " + number);
        }
    }

    /** A sheet of a spreadsheet or delimited file, whose columns the layout detection finds. */
    public SheetSource(int number, String name, boolean hidden, SourceKind kind, boolean date1904) {
        this(number, name, hidden, kind, date1904, List.of(), List.of());
    }
}

package io.tablequery.engine.ingest.report;

import io.tablequery.engine.ingest.values.CoercionReport;
import java.util.List;

/**
 * The ingest report of one table made from a sheet, or of a sheet that made none. A sheet that holds several tables
 * (tables stacked down it, or a table and the table of its total rows) has one entry for each, in sheet order.
 *
 * @param sheet the S-number
 * @param name the sheet name
 * @param hidden whether the workbook hides it
 * @param status {@code table}, {@code N tables}, {@code empty...} or {@code skipped: ...}
 * @param table the table made from it, or null
 * @param role {@code data}, {@code totals} or {@code long} (a crosstab's long form); null in reports of files ingested before tables had roles (data)
 * @param rowCount its rows
 * @param titleRows title rows above the header
 * @param titles their text
 * @param headerRows header rows
 * @param firstDataRow its first row, or null
 * @param lastDataRow its last row, or null
 * @param totalRows rows with a total's label whose numbers do not add up, kept as data rows
 * @param movedTotalRows the verified total rows moved out of this data table into {@code totalsTable}, or the rows a
 *     totals table holds
 * @param totalsTable the table holding this table's total rows, or null
 * @param layoutWarnings why its layout may not be a table, when it may not
 * @param notes layout and naming notes
 * @param coercions every coercion, counted by column and kind, with examples
 */
public record SheetReport(
        int sheet,
        String name,
        boolean hidden,
        String status,
        String table,
        String role,
        long rowCount,
        List<Long> titleRows,
        List<String> titles,
        List<Long> headerRows,
        Long firstDataRow,
        Long lastDataRow,
        List<Long> totalRows,
        List<Long> movedTotalRows,
        String totalsTable,
        List<String> layoutWarnings,
        List<String> notes,
        List<CoercionReport> coercions) {
    /**
     * The report of a sheet that made no table.
     *
     * @param sheet the S-number
     * @param name the sheet name
     * @param hidden whether the workbook hides it
     * @param status why it made none
     * @return the report
     */
    static SheetReport withoutTable(int sheet, String name, boolean hidden, String status) {
        return new SheetReport(
                sheet, name, hidden, status, null, null, 0, null, null, null, null, null, null, null, null, null, null,
                null);
    }

    public SheetReport {
        titleRows = orEmpty(titleRows);
        titles = orEmpty(titles);
        headerRows = orEmpty(headerRows);
        totalRows = orEmpty(totalRows);
        movedTotalRows = orEmpty(movedTotalRows);
        layoutWarnings = orEmpty(layoutWarnings);
        notes = orEmpty(notes);
        coercions = orEmpty(coercions);
    }

    private static <T> List<T> orEmpty(List<T> list) {
        return list == null ? List.of() : List.copyOf(list);
    }
}

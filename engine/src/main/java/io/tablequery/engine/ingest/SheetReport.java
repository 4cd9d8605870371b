package io.tablequery.engine.ingest;

import java.util.List;

/**
 * The ingest report of one sheet.
 *
 * @param sheet the S-number
 * @param name the sheet name
 * @param hidden whether the workbook hides it
 * @param status {@code table}, {@code empty...} or {@code skipped: ...}
 * @param table the table made from it, or null
 * @param rowCount its data rows
 * @param titleRows title rows above the header
 * @param titles their text
 * @param headerRows header rows
 * @param firstDataRow the first data row, or null
 * @param lastDataRow the last data row, or null
 * @param totalRows rows whose first cell reads like a total
 * @param notes layout and naming notes
 * @param coercions every coercion, counted by column and kind, with examples
 */
public record SheetReport(
        int sheet,
        String name,
        boolean hidden,
        String status,
        String table,
        long rowCount,
        List<Long> titleRows,
        List<String> titles,
        List<Long> headerRows,
        Long firstDataRow,
        Long lastDataRow,
        List<Long> totalRows,
        List<String> notes,
        List<CoercionReport> coercions) {}

package io.tablequery.server.views;

import io.tablequery.engine.catalog.SheetInfo;

/**
 * A sheet of an uploaded file.
 *
 * @param sheet the S-number
 * @param name the sheet name
 * @param hidden whether the workbook hides it
 * @param table the table made from it, or null
 * @param status {@code table}, {@code empty...} or {@code skipped: ...}
 */
public record SheetView(int sheet, String name, boolean hidden, String table, String status) {
    static SheetView of(SheetInfo sheet) {
        return new SheetView(sheet.number(), sheet.name(), sheet.hidden(), sheet.tableName(), sheet.status());
    }
}

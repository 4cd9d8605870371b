package io.tablequery.engine.catalog;

import static java.util.Objects.requireNonNull;

/**
 * One sheet of an uploaded file, whether or not it became a table.
 *
 * @param number the 1-based position of the sheet in its workbook (1 for CSV)
 * @param name the sheet name
 * @param hidden whether the sheet is hidden in the workbook
 * @param tableName the table made from it, or null when the sheet produced none
 * @param status {@code table}, {@code empty}, or {@code skipped: <reason>}
 */
public record SheetInfo(int number, String name, boolean hidden, String tableName, String status) {
    public SheetInfo {
        requireNonNull(name, "name is null");
        requireNonNull(status, "status is null");
        if (number < 1) {
            throw new IllegalArgumentException("sheet number must be at least 1: " + number);
        }
    }
}

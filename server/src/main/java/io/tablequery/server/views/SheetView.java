package io.tablequery.server.views;

import io.tablequery.engine.catalog.SheetInfo;
import java.util.List;

/**
 * A sheet of an uploaded file.
 *
 * @param sheet the S-number
 * @param name the sheet name
 * @param hidden whether the workbook hides it
 * @param table the first table made from it, or null
 * @param tables every table made from it, in order: a sheet of stacked tables gives several, and a table whose total
 *     rows were moved out has its {@code __totals} table beside it
 * @param status {@code table}, {@code N tables}, {@code empty...} or {@code skipped: ...}
 */
public record SheetView(int sheet, String name, boolean hidden, String table, List<String> tables, String status) {
    public SheetView {
        // A server from before sheets listed their tables sends none: its one table stands for them.
        tables = tables != null ? List.copyOf(tables) : table != null ? List.of(table) : List.of();
    }

    /**
     * Shows a sheet with the tables made from it.
     *
     * @param sheet the catalog's sheet
     * @param tables the names of the tables made from it; empty when they are not known (a version since replaced),
     *     and then the first table the sheet recorded stands for them
     * @return its view
     */
    static SheetView of(SheetInfo sheet, List<String> tables) {
        List<String> made = tables.isEmpty() && sheet.tableName() != null ? List.of(sheet.tableName()) : tables;
        return new SheetView(sheet.number(), sheet.name(), sheet.hidden(), sheet.tableName(), made, sheet.status());
    }
}

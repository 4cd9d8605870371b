package io.tablequery.engine.ingest;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * A table of a sheet about to be written, with what naming it takes.
 *
 * @param sheet the S-number
 * @param sheetName the sheet's name
 * @param part the table's number within the sheet, from 0
 * @param role what it holds
 * @param dataPart for a totals table or a long form, the part of the data table it belongs to; else its own part
 * @param titles the title rows above its header
 * @param position for a data table, its place among the sheet's data tables, from 1
 * @param tablesInSheet the data tables of the sheet
 */
public record TableSlot(
        int sheet,
        String sheetName,
        int part,
        TableRole role,
        int dataPart,
        List<String> titles,
        int position,
        int tablesInSheet) {
    public TableSlot {
        requireNonNull(sheetName, "sheetName is null");
        requireNonNull(role, "role is null");
        titles = List.copyOf(titles);
    }
}

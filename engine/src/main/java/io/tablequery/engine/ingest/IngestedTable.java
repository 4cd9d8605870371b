package io.tablequery.engine.ingest;

import static java.util.Objects.requireNonNull;

import io.tablequery.engine.catalog.ColumnInfo;
import java.util.List;

/**
 * A table made from a sheet, written to both copies under its stage names and waiting for the upload to commit.
 *
 * @param columns its columns
 * @param rowCount its data rows
 * @param titleRows the row numbers of title rows above the header
 * @param titles their text
 * @param headerRows the row numbers of the header rows
 * @param firstDataRow the first data row, or -1 when there is none
 * @param lastDataRow the last data row, or -1
 * @param totalRows rows whose first cell reads like a total
 * @param coercions what changed on the way in
 * @param notes what a person should know about the layout and the names
 */
public record IngestedTable(
        List<ColumnInfo> columns,
        long rowCount,
        List<Long> titleRows,
        List<String> titles,
        List<Long> headerRows,
        long firstDataRow,
        long lastDataRow,
        List<Long> totalRows,
        List<CoercionReport> coercions,
        List<String> notes) {
    public IngestedTable {
        columns = List.copyOf(requireNonNull(columns, "columns is null"));
        titleRows = List.copyOf(titleRows);
        titles = List.copyOf(titles);
        headerRows = List.copyOf(headerRows);
        totalRows = List.copyOf(totalRows);
        coercions = List.copyOf(coercions);
        notes = List.copyOf(notes);
    }
}

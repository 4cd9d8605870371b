package io.tablequery.engine.ingest;

import static java.util.Objects.requireNonNull;

import io.tablequery.engine.catalog.ColumnInfo;
import io.tablequery.engine.ingest.values.CoercionReport;
import java.util.List;

/**
 * A table made from a sheet, written to both copies under its stage names and waiting for the upload to commit. A
 * sheet may hold several: each table stacked down it, and for a table with verified total rows, the table of those
 * rows.
 *
 * @param part its number within the sheet, from 0
 * @param role what it holds
 * @param dataPart for a totals table or a long form, the part of the data table it belongs to; else its own part
 * @param columns its columns
 * @param rowCount its rows
 * @param titleRows the row numbers of title rows above the header
 * @param titles their text
 * @param headerRows the row numbers of the header rows
 * @param firstDataRow its first row, or -1 when there is none
 * @param lastDataRow its last row, or -1
 * @param totalRows rows with a total's label whose numbers do not add up to the rows above them, kept as data
 * @param movedTotalRows for a data table, its verified total rows, moved to its totals table; for a totals table,
 *     the rows it holds (the first thousand)
 * @param coercions what changed on the way in
 * @param notes what a person should know about the layout and the names
 * @param layoutWarnings why the layout may not be a table, when it may not: an agent should look before trusting it
 * @param crosstab what the columns of numbers stand for when they are a crosstab under two or more header rows, or
 *     null
 * @param rowStride how its rowids number its rows ({@link io.tablequery.engine.catalog.TableInfo#rowStride()}): 1,
 *     or for a long form its number of columns of numbers
 */
public record IngestedTable(
        int part,
        TableRole role,
        int dataPart,
        List<ColumnInfo> columns,
        long rowCount,
        List<Long> titleRows,
        List<String> titles,
        List<Long> headerRows,
        long firstDataRow,
        long lastDataRow,
        List<Long> totalRows,
        List<Long> movedTotalRows,
        List<CoercionReport> coercions,
        List<String> notes,
        List<String> layoutWarnings,
        String crosstab,
        int rowStride) {
    public IngestedTable {
        requireNonNull(role, "role is null");
        columns = List.copyOf(requireNonNull(columns, "columns is null"));
        titleRows = List.copyOf(titleRows);
        titles = List.copyOf(titles);
        headerRows = List.copyOf(headerRows);
        totalRows = List.copyOf(totalRows);
        movedTotalRows = List.copyOf(movedTotalRows);
        coercions = List.copyOf(coercions);
        notes = List.copyOf(notes);
        layoutWarnings = List.copyOf(layoutWarnings);
    }
}

package io.tablequery.engine.browse;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * Cells of an original file's sheet as the person sees them in it: the rows asked for, each with its non-blank cells,
 * and the merged ranges that touch them. Read from the bytes uploaded, not from the tables made of them, so titles,
 * headers, notes and total rows are there too.
 *
 * @param file the file's reference, such as {@code F3}
 * @param fileName the file's name
 * @param sheet the sheet's number in the file (the {@code S} of a citation)
 * @param sheetName the sheet's name (the file's for CSV, the table's for a database)
 * @param rows the rows asked for that hold a value, in row order
 * @param merges the merged ranges that overlap the rows asked for, such as {@code A1:D1}
 * @param columns how many columns the rows span, at most {@link SourceCellsReader#MAX_COLUMNS}
 * @param cutColumns whether a row held values beyond {@code columns}, which are left out
 */
public record SourceCells(
        String file,
        String fileName,
        int sheet,
        String sheetName,
        List<Row> rows,
        List<String> merges,
        int columns,
        boolean cutColumns) {
    public SourceCells {
        requireNonNull(file, "file is null");
        requireNonNull(fileName, "fileName is null");
        requireNonNull(sheetName, "sheetName is null");
        rows = List.copyOf(rows);
        merges = List.copyOf(merges);
    }

    /**
     * One row of the sheet.
     *
     * @param row its number, as the spreadsheet shows it (for a database table, its rowid)
     * @param cells its non-blank cells, left to right
     */
    public record Row(long row, List<Cell> cells) {
        public Row {
            cells = List.copyOf(cells);
        }
    }

    /**
     * One cell.
     *
     * @param column its 0-based column
     * @param address its address, such as {@code C7}
     * @param text what it shows: a spreadsheet's number or date as its number format displays it (as Excel would,
     *     {@code 0.09}, {@code 12.5%}, {@code 3/14/24}), a CSV's or database's value as its plain text, text as
     *     written, an error as its code
     * @param value what a table made of the cell holds, when that differs from {@code text}: the number with all its
     *     digits ({@code 0.08999999999999986}), the date in ISO form; null otherwise
     * @param kind what it holds: {@code number}, {@code date}, {@code boolean}, {@code text}, {@code error},
     *     {@code formula} (a formula without a cached value) or {@code blob}
     */
    public record Cell(
            int column,
            String address,
            String text,
            @JsonInclude(JsonInclude.Include.NON_NULL) String value,
            String kind) {
        public Cell {
            requireNonNull(address, "address is null");
            requireNonNull(text, "text is null");
            requireNonNull(kind, "kind is null");
        }
    }
}

package io.tablequery.engine.catalog;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * A queryable table made from one sheet of one uploaded file.
 *
 * @param name the table name, unique in the workspace ignoring case; always quoted in SQL
 * @param fileNumber the F-number of the source file
 * @param sheetNumber the S-number of the source sheet (1 for CSV)
 * @param sheetName the sheet's name (the file name for CSV)
 * @param rowCount the number of data rows
 * @param columns the columns in order
 * @param description a generated description of the table
 * @param storageName the name of the physical DuckDB table behind the table's views
 * @param layoutWarnings why its layout may not be a table, when ingest found signs of that; an agent should look at
 *     its rows before trusting an aggregate over it
 * @param totalsOf for a table of total rows moved out of another table, that table's name; null otherwise
 * @param rowStride how the table numbers its rows: a row's {@code rowid} is its sheet row times the stride plus its
 *     place among the rows made of that sheet row; 1 (a row's rowid is its sheet row) but for a crosstab's long form,
 *     whose stride is its number of columns of numbers. A citation names the sheet row, {@link #sheetRow}
 */
public record TableInfo(
        String name,
        int fileNumber,
        int sheetNumber,
        String sheetName,
        long rowCount,
        List<ColumnInfo> columns,
        String description,
        String storageName,
        List<String> layoutWarnings,
        String totalsOf,
        int rowStride) {
    public TableInfo {
        requireNonNull(name, "name is null");
        requireNonNull(sheetName, "sheetName is null");
        columns = List.copyOf(requireNonNull(columns, "columns is null"));
        requireNonNull(description, "description is null");
        requireNonNull(storageName, "storageName is null");
        layoutWarnings = layoutWarnings == null ? List.of() : List.copyOf(layoutWarnings);
        if (rowStride < 1) {
            throw new IllegalArgumentException("rowStride is below 1: " + rowStride);
        }
    }

    /**
     * Tells whether the table was made beside another of its sheet, its total rows or its crosstab's long form: search
     * and join discovery offer the table it was made from, whose description names it.
     *
     * @return true for a totals table or a long form
     */
    public boolean companion() {
        return totalsOf != null || longForm();
    }

    /**
     * Tells whether the table is a crosstab's long form, several of whose rows share a sheet row.
     *
     * @return true when its rows are numbered in a stride above 1
     */
    public boolean longForm() {
        return rowStride > 1;
    }

    /**
     * The sheet row a row of this table was made from, as its citation names it.
     *
     * @param rowid the row's rowid
     * @return its sheet row
     */
    public long sheetRow(long rowid) {
        return rowStride == 1 ? rowid : Math.floorDiv(rowid, rowStride);
    }

    /**
     * Returns the provenance prefix of this table's rows, for example {@code F1S2}.
     *
     * @return {@code F<file>S<sheet>}
     */
    public String sourceRef() {
        return FileRefs.format(fileNumber) + "S" + sheetNumber;
    }
}

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
        String totalsOf) {
    public TableInfo {
        requireNonNull(name, "name is null");
        requireNonNull(sheetName, "sheetName is null");
        columns = List.copyOf(requireNonNull(columns, "columns is null"));
        requireNonNull(description, "description is null");
        requireNonNull(storageName, "storageName is null");
        layoutWarnings = layoutWarnings == null ? List.of() : List.copyOf(layoutWarnings);
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

package io.tablequery.server.views;

import io.tablequery.engine.catalog.CatalogSnapshot;
import io.tablequery.engine.catalog.FileRefs;
import io.tablequery.engine.catalog.TableInfo;
import java.util.List;
import java.util.function.Function;

/**
 * A table.
 *
 * @param name its name, to be quoted in SQL
 * @param file the reference of its source file
 * @param fileName the source file's name
 * @param sheet its S-number
 * @param sheetName its sheet's name
 * @param rowCount its rows
 * @param columns its columns
 * @param description its generated description
 * @param layoutWarnings why its layout may not be a table, when ingest found signs of that
 * @param duckdb where its DuckDB copy is: {@code ready}, {@code pending} (being made after the upload, which answered
 *     once its SQLite copy committed) or {@code failed}; null from a server that does not say
 */
public record TableView(
        String name,
        String file,
        String fileName,
        int sheet,
        String sheetName,
        long rowCount,
        List<ColumnView> columns,
        String description,
        List<String> layoutWarnings,
        String duckdb) {
    /**
     * Shows a table.
     *
     * @param table the catalog's table
     * @param catalog the catalog, for the file name
     * @param duckDbState where the table's DuckDB copy is ({@code Workspace#duckDbState})
     * @return its view
     */
    public static TableView of(TableInfo table, CatalogSnapshot catalog, Function<TableInfo, String> duckDbState) {
        String fileName = catalog.fileName(table.fileNumber());
        return new TableView(
                table.name(),
                FileRefs.format(table.fileNumber()),
                fileName,
                table.sheetNumber(),
                table.sheetName(),
                table.rowCount(),
                table.columns().stream().map(ColumnView::of).toList(),
                table.description(),
                table.layoutWarnings(),
                duckDbState.apply(table));
    }
}

package io.tablequery.server.views;

import io.tablequery.engine.catalog.CatalogSnapshot;
import io.tablequery.engine.catalog.SourceFile;
import io.tablequery.engine.catalog.TableInfo;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * An uploaded file.
 *
 * @param file its reference, for example {@code F3}
 * @param name the uploaded name
 * @param format the detected format
 * @param sizeBytes its size
 * @param sha256 the hex SHA-256 of its bytes
 * @param uploadedAt when its upload committed
 * @param sheets its sheets
 * @param duckdb where each of its tables' DuckDB copy is ({@code ready}, {@code pending}, {@code failed}), by table
 *     name; empty for a file whose tables are gone
 */
public record FileView(
        String file,
        String name,
        String format,
        long sizeBytes,
        String sha256,
        Instant uploadedAt,
        List<SheetView> sheets,
        Map<String, String> duckdb) {
    public FileView {
        // A server from before the DuckDB copy followed the upload sends none.
        duckdb = duckdb == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(duckdb));
    }

    /**
     * Shows a current file with every table made from each of its sheets.
     *
     * @param file the catalog's file
     * @param tables the file's tables
     * @param duckDbState where a table's DuckDB copy is ({@code Workspace#duckDbState})
     * @return its view
     */
    public static FileView of(SourceFile file, List<TableInfo> tables, Function<TableInfo, String> duckDbState) {
        Map<String, String> states = new LinkedHashMap<>();
        tables.forEach(table -> states.put(table.name(), duckDbState.apply(table)));
        return new FileView(
                file.ref(),
                file.name(),
                file.format(),
                file.sizeBytes(),
                file.sha256(),
                file.uploadedAt(),
                file.sheets().stream()
                        .map(sheet -> SheetView.of(
                                sheet,
                                tables.stream()
                                        .filter(table -> table.sheetNumber() == sheet.number())
                                        .map(TableInfo::name)
                                        .toList()))
                        .toList(),
                states);
    }

    /**
     * Shows the current files, each with its tables.
     *
     * @param catalog the catalog
     * @param duckDbState where a table's DuckDB copy is ({@code Workspace#duckDbState})
     * @return the files, in the catalog's order
     */
    public static List<FileView> current(CatalogSnapshot catalog, Function<TableInfo, String> duckDbState) {
        return catalog.files().stream()
                .map(file -> of(file, catalog.tablesOf(file.number()), duckDbState))
                .toList();
    }

    /**
     * Shows a file whose tables are gone (removed, or a version since replaced): each sheet with the first table it
     * recorded.
     *
     * @param file the catalog's file
     * @return its view
     */
    public static FileView of(SourceFile file) {
        return of(file, List.of(), table -> null);
    }
}

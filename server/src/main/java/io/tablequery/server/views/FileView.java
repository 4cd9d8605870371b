package io.tablequery.server.views;

import io.tablequery.engine.catalog.CatalogSnapshot;
import io.tablequery.engine.catalog.SourceFile;
import io.tablequery.engine.catalog.TableInfo;
import java.time.Instant;
import java.util.List;

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
 */
public record FileView(
        String file,
        String name,
        String format,
        long sizeBytes,
        String sha256,
        Instant uploadedAt,
        List<SheetView> sheets) {
    /**
     * Shows a current file with every table made from each of its sheets.
     *
     * @param file the catalog's file
     * @param tables the file's tables
     * @return its view
     */
    public static FileView of(SourceFile file, List<TableInfo> tables) {
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
                        .toList());
    }

    /**
     * Shows the current files, each with its tables.
     *
     * @param catalog the catalog
     * @return the files, in the catalog's order
     */
    public static List<FileView> current(CatalogSnapshot catalog) {
        return catalog.files().stream()
                .map(file -> of(file, catalog.tablesOf(file.number())))
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
        return of(file, List.of());
    }
}

package io.tablequery.server.views;

import io.tablequery.engine.catalog.CatalogSnapshot;
import io.tablequery.engine.catalog.FileRefs;
import io.tablequery.engine.catalog.TableInfo;
import io.tablequery.engine.workspace.IngestResult;
import java.util.List;
import java.util.function.Function;

/**
 * A committed upload.
 *
 * @param file the stored file
 * @param tables the tables made from it
 * @param replaced the reference of the file of the same name it replaced, or null
 * @param coercedCells how many cells were converted on the way in (the file's report lists them)
 * @param warnings what the uploader should know, such as skipped sheets
 */
public record UploadView(
        FileView file, List<TableView> tables, String replaced, long coercedCells, List<String> warnings) {
    /**
     * Shows an upload.
     *
     * @param result the committed upload
     * @param catalog the catalog after it
     * @param duckDbState where a table's DuckDB copy is ({@code Workspace#duckDbState}): following the upload
     * @return its view
     */
    public static UploadView of(IngestResult result, CatalogSnapshot catalog, Function<TableInfo, String> duckDbState) {
        return new UploadView(
                FileView.of(result.file(), result.tables(), duckDbState),
                result.tables().stream()
                        .map(t -> TableView.of(t, catalog, duckDbState))
                        .toList(),
                result.replaced() == null ? null : FileRefs.format(result.replaced()),
                result.report().coercedCells(),
                result.warnings());
    }
}

package io.tablequery.server.views;

import io.tablequery.engine.catalog.SourceFile;
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
     * Shows a file.
     *
     * @param file the catalog's file
     * @return its view
     */
    public static FileView of(SourceFile file) {
        return new FileView(
                file.ref(),
                file.name(),
                file.format(),
                file.sizeBytes(),
                file.sha256(),
                file.uploadedAt(),
                file.sheets().stream().map(SheetView::of).toList());
    }
}

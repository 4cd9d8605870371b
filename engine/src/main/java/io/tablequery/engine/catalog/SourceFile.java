package io.tablequery.engine.catalog;

import static java.util.Objects.requireNonNull;

import java.time.Instant;
import java.util.List;

/**
 * An uploaded file, kept byte for byte in the workspace.
 *
 * @param number the F-number, given at upload, 1-based and never reused in the workspace
 * @param name the file name as uploaded
 * @param format the detected format ({@code xlsx}, {@code xls}, {@code csv}, {@code sqlite})
 * @param sizeBytes the size of the stored bytes
 * @param sha256 the hex SHA-256 of the stored bytes
 * @param uploadedAt when the upload committed
 * @param storedPath the path of the stored copy, relative to the workspace directory
 * @param sheets the sheets in workbook order
 */
public record SourceFile(
        int number,
        String name,
        String format,
        long sizeBytes,
        String sha256,
        Instant uploadedAt,
        String storedPath,
        List<SheetInfo> sheets) {
    public SourceFile {
        requireNonNull(name, "name is null");
        requireNonNull(format, "format is null");
        requireNonNull(sha256, "sha256 is null");
        requireNonNull(uploadedAt, "uploadedAt is null");
        requireNonNull(storedPath, "storedPath is null");
        sheets = List.copyOf(requireNonNull(sheets, "sheets is null"));
        if (number < 1) {
            throw new IllegalArgumentException("file number must be at least 1: " + number);
        }
    }

    /**
     * Returns this file with no table named on its sheets, as a superseded version is once its tables belong to
     * the version that replaced it.
     *
     * @return the changed record
     */
    public SourceFile withoutTables() {
        return new SourceFile(
                number,
                name,
                format,
                sizeBytes,
                sha256,
                uploadedAt,
                storedPath,
                sheets.stream()
                        .map(sheet -> new SheetInfo(sheet.number(), sheet.name(), sheet.hidden(), null, sheet.status()))
                        .toList());
    }

    /**
     * Returns the file's reference, for example {@code F3}.
     *
     * @return {@code F<number>}
     */
    public String ref() {
        return FileRefs.format(number);
    }
}

package io.tablequery.engine.ingest;

import static java.util.Objects.requireNonNull;

/**
 * What became of one sheet of an uploaded file.
 *
 * @param number the S-number
 * @param name the sheet name
 * @param hidden whether the workbook hides it
 * @param status {@code table}, {@code empty...} or {@code skipped: ...}
 * @param table the table, or null when the sheet produced none
 */
public record IngestedSheet(int number, String name, boolean hidden, String status, IngestedTable table) {
    public IngestedSheet {
        requireNonNull(name, "name is null");
        requireNonNull(status, "status is null");
    }
}

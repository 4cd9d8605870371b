package io.tablequery.engine.ingest;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * An uploaded file after ingest, before its upload commits.
 *
 * @param format the detected format
 * @param details what the reader found out about the file
 * @param sheets every sheet, in order
 */
public record IngestedFile(SourceFormat format, SourceDetails details, List<IngestedSheet> sheets) {
    public IngestedFile {
        requireNonNull(format, "format is null");
        requireNonNull(details, "details is null");
        sheets = List.copyOf(requireNonNull(sheets, "sheets is null"));
    }

    /**
     * Tells whether any sheet became a table.
     *
     * @return true if at least one table was made
     */
    public boolean hasTables() {
        return sheets.stream().anyMatch(sheet -> !sheet.tables().isEmpty());
    }
}

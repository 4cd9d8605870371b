package io.tablequery.engine.workspace;

import static java.util.Objects.requireNonNull;

import io.tablequery.engine.catalog.SourceFile;
import io.tablequery.engine.catalog.TableInfo;
import io.tablequery.engine.ingest.report.IngestReport;
import java.util.List;

/**
 * A committed upload.
 *
 * @param file the stored file with its F-number
 * @param tables the tables made from it
 * @param replaced the F-number of the file of the same name it replaced, or null
 * @param report the ingest report
 * @param warnings what the uploader should know (skipped sheets)
 */
public record IngestResult(
        SourceFile file, List<TableInfo> tables, Integer replaced, IngestReport report, List<String> warnings) {
    public IngestResult {
        requireNonNull(file, "file is null");
        tables = List.copyOf(requireNonNull(tables, "tables is null"));
        requireNonNull(report, "report is null");
        warnings = List.copyOf(requireNonNull(warnings, "warnings is null"));
    }
}

package io.tablequery.engine.workspace;

import static java.util.Objects.requireNonNull;

import java.time.Instant;
import java.util.List;

/**
 * A consistent copy of a workspace that other tools read, as {@code manifest.json} in the copy describes it: the
 * SQLite copy as one file, and every table as a Parquet file with native types and each row's citation.
 *
 * @param workspace the workspace's name
 * @param exportedAt when the copy was taken
 * @param sqlite the SQLite copy, relative to the export directory
 * @param citationColumn the name of the Parquet files' last column, which cites each row ({@code F1S2R5})
 * @param tables every table
 */
public record WorkspaceExport(
        String workspace, Instant exportedAt, String sqlite, String citationColumn, List<Table> tables) {
    public WorkspaceExport {
        requireNonNull(workspace, "workspace is null");
        requireNonNull(exportedAt, "exportedAt is null");
        tables = List.copyOf(tables);
    }

    /**
     * One exported table.
     *
     * @param name the table's name
     * @param file the reference of its source file
     * @param sheet its S-number
     * @param rows its rows
     * @param parquet its Parquet file, relative to the export directory
     */
    public record Table(String name, String file, int sheet, long rows, String parquet) {}
}

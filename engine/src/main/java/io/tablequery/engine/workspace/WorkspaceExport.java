package io.tablequery.engine.workspace;

import static java.util.Objects.requireNonNull;

import io.tablequery.engine.catalog.CatalogErrorCode;
import io.tablequery.engine.error.EngineException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;

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
     * Refuses a target that exists and is not an empty directory, before anything is exported into it.
     *
     * @param target the export's directory
     * @throws EngineException EXPORT_TARGET_EXISTS, or EXPORT_FAILED when it cannot be looked at
     */
    public static void requireNewDirectory(Path target) {
        Path absolute = target.toAbsolutePath().normalize();
        try {
            if (Files.isDirectory(absolute)) {
                try (Stream<Path> entries = Files.list(absolute)) {
                    if (entries.findAny().isEmpty()) {
                        return;
                    }
                }
            }
            if (Files.exists(absolute)) {
                throw new EngineException(
                        CatalogErrorCode.EXPORT_TARGET_EXISTS,
                        "%s exists and is not an empty directory; export into a new directory".formatted(absolute));
            }
        } catch (IOException e) {
            throw new EngineException(
                    CatalogErrorCode.EXPORT_FAILED, "cannot look at %s: %s".formatted(absolute, e.getMessage()), e);
        }
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

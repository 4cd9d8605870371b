package io.tablequery.engine.workspace;

import static java.util.Objects.requireNonNull;

import io.tablequery.engine.catalog.SourceFile;
import io.tablequery.engine.catalog.TableInfo;
import java.util.List;

/**
 * What {@link Workspace#deleteFile} removed, read inside the removal so that no upload can come between.
 *
 * @param file the removed file or version
 * @param tables the tables removed with it: every table of a current file, none for a superseded version
 */
public record RemovedFile(SourceFile file, List<TableInfo> tables) {
    public RemovedFile {
        requireNonNull(file, "file is null");
        tables = List.copyOf(tables);
    }
}

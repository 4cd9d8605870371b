package io.tablequery.engine.workspace;

import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.ingest.IngestListener;
import java.nio.file.Path;

/**
 * Runs in a child JVM for {@link WideSheetsTest}: uploads one file into a new workspace and prints {@code TABLE rows
 * columns} for each table it made, or {@code REFUSED code}. A native crash ends the process without either.
 */
public final class WideSheetChild {
    private WideSheetChild() {}

    public static void main(String[] args) {
        try (Workspace workspace = Workspace.open(Path.of(args[0]))) {
            Path file = Path.of(args[1]);
            IngestResult result = workspace.ingest(file, file.getFileName().toString(), IngestListener.NONE);
            result.tables()
                    .forEach(table -> System.out.println(
                            "TABLE " + table.rowCount() + " " + table.columns().size()));
        } catch (EngineException e) {
            System.out.println("REFUSED " + e.getErrorCode().name());
        }
    }
}

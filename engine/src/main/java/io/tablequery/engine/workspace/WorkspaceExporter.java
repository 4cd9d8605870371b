package io.tablequery.engine.workspace;

import io.tablequery.engine.catalog.CatalogErrorCode;
import io.tablequery.engine.catalog.CatalogSnapshot;
import io.tablequery.engine.catalog.FileRefs;
import io.tablequery.engine.catalog.TableInfo;
import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.json.JsonCodec;
import io.tablequery.engine.store.DuckDbStorage;
import io.tablequery.engine.store.ParquetCopy;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.duckdb.DuckDBConnection;

/**
 * Writes a workspace's export into a new directory: {@code tables.sqlite} by {@code VACUUM INTO} (one file, nothing
 * left in a write-ahead log), {@code parquet/<table>.parquet} for every table, and {@code manifest.json}. The
 * workspace's DuckDB database cannot write files (external access is off and locked), so the rows go as an Arrow
 * stream into a DuckDB of this export's own, in memory, which writes the Parquet files. The copy is made in a
 * sibling directory and renamed into place, so a directory at the target is always a whole export.
 */
final class WorkspaceExporter {
    /** The Parquet files' citation column, as run-sql names it. */
    static final String CITATION_COLUMN = "__src";

    private WorkspaceExporter() {}

    /** Exports, under the workspace's write lock, so that no upload changes it meanwhile. */
    static WorkspaceExport export(WorkspaceStorage storage, CatalogSnapshot catalog, Path target) {
        Path absolute = target.toAbsolutePath().normalize();
        WorkspaceExport.requireNewDirectory(absolute);
        Path partial = absolute.resolveSibling(
                absolute.getFileName() + ".partial-" + ProcessHandle.current().pid());
        try {
            FileTrees.delete(partial);
            Files.createDirectories(partial.resolve("parquet"));
            Path sqliteCopy = partial.resolve("tables.sqlite");
            try (PreparedStatement vacuum = storage.writer().prepareStatement("VACUUM INTO ?")) {
                vacuum.setString(1, sqliteCopy.toString());
                vacuum.execute();
            }
            try (Connection copy = DriverManager.getConnection("jdbc:sqlite:" + sqliteCopy);
                    Statement statement = copy.createStatement()) {
                // A reader that cannot write beside the file (a read-only mount) cannot open a WAL database.
                statement.execute("PRAGMA journal_mode = DELETE");
            }
            List<WorkspaceExport.Table> tables = parquet(storage, catalog, partial);
            WorkspaceExport export =
                    new WorkspaceExport(storage.name(), Instant.now(), "tables.sqlite", CITATION_COLUMN, tables);
            Files.writeString(
                    partial.resolve("manifest.json"),
                    JsonCodec.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(export),
                    StandardCharsets.UTF_8);
            Files.deleteIfExists(absolute);
            Files.move(partial, absolute);
            return export;
        } catch (IOException | SQLException | RuntimeException e) {
            FileTrees.delete(partial);
            if (e instanceof EngineException engine) {
                throw engine;
            }
            throw new EngineException(
                    CatalogErrorCode.EXPORT_FAILED,
                    "could not export workspace '%s' to %s: %s".formatted(storage.name(), absolute, e.getMessage()),
                    e);
        }
    }

    private static List<WorkspaceExport.Table> parquet(
            WorkspaceStorage storage, CatalogSnapshot catalog, Path directory) throws SQLException {
        List<WorkspaceExport.Table> tables = new ArrayList<>();
        Set<String> fileNames = new HashSet<>();
        try (DuckDBConnection source = storage.openDuckDb();
                ParquetCopy copy = new ParquetCopy()) {
            for (TableInfo table : catalog.tables()) {
                String fileName = "parquet/" + uniqueFileName(table.name(), fileNames) + ".parquet";
                copy.write(source, DuckDbStorage.exportSql(table, citationColumn(table)), directory.resolve(fileName));
                tables.add(new WorkspaceExport.Table(
                        table.name(),
                        FileRefs.format(table.fileNumber()),
                        table.sheetNumber(),
                        table.rowCount(),
                        fileName));
            }
        }
        return tables;
    }

    /** The citation column's name: {@code __src}, unless the table has a column of that name. */
    private static String citationColumn(TableInfo table) {
        String name = CITATION_COLUMN;
        while (hasColumn(table, name)) {
            name = "_" + name;
        }
        return name;
    }

    private static boolean hasColumn(TableInfo table, String name) {
        return table.columns().stream().anyMatch(column -> column.name().equalsIgnoreCase(name));
    }

    /** A file name for a table: its name without path separators or a leading dot, unique ignoring case. */
    private static String uniqueFileName(String table, Set<String> taken) {
        String base = table.replace('/', '_').replace('\\', '_').replace('\0', '_');
        if (base.startsWith(".")) {
            base = "_" + base;
        }
        String name = base;
        for (int i = 2; !taken.add(name.toLowerCase(Locale.ROOT)); i++) {
            name = base + "_" + i;
        }
        return name;
    }
}

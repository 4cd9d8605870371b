package io.tablequery.engine.workspace;

import static io.tablequery.dialects.SqlIdentifiers.quote;

import io.tablequery.engine.catalog.CatalogSnapshot;
import io.tablequery.engine.catalog.FileRefs;
import io.tablequery.engine.catalog.VersionStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Brings a workspace back to its last commit when it opens: removes what an interrupted upload left (stage tables,
 * uncommitted file copies, temp files and spools). The SQLite commit is the record; the DuckDB copy is made to match
 * it by the {@link DuckDbFollower}.
 */
final class WorkspaceRecovery {
    private static final Logger LOG = LoggerFactory.getLogger(WorkspaceRecovery.class);
    private static final Pattern FILE_DIRECTORY = Pattern.compile("F[0-9]{1,9}");

    private final WorkspaceStorage storage;
    private final PublishedCatalog catalog;

    WorkspaceRecovery(WorkspaceStorage storage, PublishedCatalog catalog) {
        this.storage = storage;
        this.catalog = catalog;
    }

    /** Reads the committed catalog and removes what did not commit. */
    void recover() throws SQLException, IOException {
        Connection sqlite = storage.writer();
        try (Statement statement = sqlite.createStatement()) {
            List<String> stale = new ArrayList<>();
            try (ResultSet rs = statement.executeQuery(
                    "SELECT name FROM sqlite_schema WHERE type = 'table' AND name LIKE 'tq\\_stage\\_%' ESCAPE '\\'")) {
                while (rs.next()) {
                    stale.add(rs.getString(1));
                }
            }
            for (String table : stale) {
                statement.execute("DROP TABLE " + quote(table));
            }
        }
        catalog.reload(sqlite);
        CatalogSnapshot snapshot = catalog.snapshot();
        FileVersions versions = new FileVersions(snapshot, VersionStore.list(sqlite));
        WorkspacePaths paths = storage.paths();
        Set<String> current = new HashSet<>();
        snapshot.files().forEach(file -> current.add(FileRefs.format(file.number())));
        try (var entries = Files.list(paths.files())) {
            for (Path entry : entries.toList()) {
                String fileName = entry.getFileName().toString();
                boolean known = current.contains(fileName) || keptVersion(versions, fileName);
                if (!known) {
                    LOG.warn(
                            "workspace {}: removing {}, left by an upload that did not commit",
                            storage.name(),
                            fileName);
                    FileTrees.delete(entry);
                }
            }
        }
        try (var entries = Files.list(paths.tmp())) {
            for (Path entry : entries.toList()) {
                FileTrees.delete(entry);
            }
        }
    }

    /** Whether a directory under {@code files/} holds the kept bytes of a superseded version. */
    private static boolean keptVersion(FileVersions versions, String fileName) {
        if (!FILE_DIRECTORY.matcher(fileName).matches()) {
            return false;
        }
        int number = Integer.parseInt(fileName.substring(1));
        return FileRefs.format(number).equals(fileName) && versions.keepsContentOf(number);
    }
}

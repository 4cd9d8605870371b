package io.tablequery.engine.workspace;

import static io.tablequery.dialects.SqlIdentifiers.quote;

import io.tablequery.engine.catalog.CatalogSnapshot;
import io.tablequery.engine.catalog.CatalogStore;
import io.tablequery.engine.catalog.FileRefs;
import io.tablequery.engine.catalog.TableInfo;
import io.tablequery.engine.catalog.TableProfile;
import io.tablequery.engine.catalog.VersionStore;
import io.tablequery.engine.store.DuckDbCatalog;
import io.tablequery.engine.store.DuckDbRebuilder;
import io.tablequery.engine.store.TableProfiler;
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
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.duckdb.DuckDBConnection;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Brings a workspace back to its last commit when it opens: removes what an interrupted upload left (stage tables,
 * uncommitted file copies, temp files) and, when its DuckDB copy opens, rebuilds the tables a crash left missing
 * there. The SQLite commit is the record; everything else is made to match it.
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
        if (snapshot.tables().stream().anyMatch(table -> snapshot.profile(table).isEmpty())) {
            // A workspace made before profiles were kept: get-schemas reads them, and they come from DuckDB.
            storage.duckDb();
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

    /**
     * Brings a newly opened DuckDB copy in line with the catalog: rebuilds the tables a crash left missing, and
     * profiles the tables of a workspace made before profiles were kept.
     */
    void repairDuckDb(DuckDBConnection connection) throws SQLException {
        Connection sqlite = storage.writer();
        List<String> repaired = DuckDbCatalog.reconcile(
                connection, catalog.snapshot().tables(), new DuckDbRebuilder(sqlite, connection));
        if (!repaired.isEmpty()) {
            // After a crash, or after changes made while this copy was not open (it opens at first use).
            LOG.info(
                    "workspace {}: brought the DuckDB copy of {} up to date with the catalog",
                    storage.name(),
                    repaired);
        }
        CatalogSnapshot snapshot = catalog.snapshot();
        List<TableInfo> missing = snapshot.tables().stream()
                .filter(table -> snapshot.profile(table).isEmpty())
                .toList();
        if (missing.isEmpty()) {
            return;
        }
        Map<String, TableProfile> profiles = TableProfiler.profile(connection, missing);
        storage.inTransaction(() -> {
            for (TableInfo table : missing) {
                CatalogStore.insertProfile(sqlite, table, profiles.get(table.name()));
            }
        });
        LOG.info("workspace {}: profiled {} tables", storage.name(), missing.size());
        catalog.reload(sqlite);
    }
}

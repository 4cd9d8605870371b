package io.tablequery.engine.workspace;

import io.tablequery.engine.catalog.CatalogErrorCode;
import io.tablequery.engine.catalog.CatalogSnapshot;
import io.tablequery.engine.catalog.CatalogStore;
import io.tablequery.engine.catalog.FileRefs;
import io.tablequery.engine.catalog.FileVersion;
import io.tablequery.engine.catalog.SupersededFile;
import io.tablequery.engine.catalog.VersionStore;
import io.tablequery.engine.error.EngineException;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;

/**
 * The superseded versions a workspace keeps, beside its current files: what an F-number names, the bytes and report
 * of a version, and the retention setting applied after each replacement. Reads go through the workspace's SQLite
 * readers; changes through its write connection, in its transactions, under its write lock.
 */
final class SupersededVersions {
    private final WorkspaceStorage storage;
    private final WorkspacePaths paths;
    private final int keep;

    SupersededVersions(WorkspaceStorage storage) {
        this.storage = storage;
        this.paths = storage.paths();
        this.keep = storage.options().keepVersions();
    }

    /** The version chains of a catalog. */
    FileVersions chains(CatalogSnapshot catalog) {
        try (SqliteSession session = storage.sqliteSession()) {
            return new FileVersions(catalog, VersionStore.list(session.connection()));
        } catch (SQLException e) {
            throw Databases.storageFailure("could not read the file versions of " + paths.directory(), e);
        }
    }

    /** What an F-number names. */
    FileVersion find(CatalogSnapshot catalog, int number) {
        return chains(catalog).find(number).orElseThrow(() -> fileNotFound(number));
    }

    /** Where a version's original bytes are. */
    Path content(FileVersion version) {
        requireContent(version);
        return paths.directory().resolve(version.file().storedPath());
    }

    /** A version's ingest report, as JSON. */
    String reportJson(FileVersion version) {
        requireContent(version);
        int number = version.file().number();
        try (SqliteSession session = storage.sqliteSession()) {
            Optional<String> json = version.current()
                    ? CatalogStore.reportJson(session.connection(), number)
                    : VersionStore.reportJson(session.connection(), number);
            return json.orElseThrow(() -> fileNotFound(number));
        } catch (SQLException e) {
            throw Databases.storageFailure("could not read the report of " + FileRefs.format(number), e);
        }
    }

    /** Removes one superseded version: its record, report and bytes. */
    void remove(SupersededFile version) {
        storage.inTransaction(() -> VersionStore.delete(storage.writer(), version));
        FileTrees.delete(paths.fileDirectory(version.file().number()));
    }

    /** Drops the bytes and reports of a file's superseded versions beyond the retention setting. */
    void applyRetention(CatalogSnapshot catalog, int number) {
        if (keep == WorkspaceOptions.ALL_VERSIONS) {
            // Nothing is ever dropped: reading every version's record would only cost time as versions pile up.
            return;
        }
        List<SupersededFile> dropped = chains(catalog).beyondRetention(number, keep);
        if (dropped.isEmpty()) {
            return;
        }
        storage.inTransaction(() -> {
            for (SupersededFile version : dropped) {
                VersionStore.dropContent(storage.writer(), version.file().number());
            }
        });
        dropped.forEach(
                version -> FileTrees.delete(paths.fileDirectory(version.file().number())));
    }

    private static void requireContent(FileVersion version) {
        if (!version.contentKept()) {
            throw new EngineException(
                    CatalogErrorCode.FILE_CONTENT_DROPPED,
                    ("%s (%s) was replaced by %s at %s, and its bytes and report were dropped since: the workspace"
                                    + " keeps only the newest superseded versions; %s is the current version")
                            .formatted(
                                    version.file().ref(),
                                    version.file().name(),
                                    FileRefs.format(version.supersededBy()),
                                    version.supersededAt(),
                                    FileRefs.format(version.latest())));
        }
    }

    /** The error for an F-number that names no file: never had one, or it was removed. */
    static EngineException fileNotFound(int fileNumber) {
        return new EngineException(
                CatalogErrorCode.FILE_NOT_FOUND,
                "no file %s in this workspace; list the files to".formatted(FileRefs.format(fileNumber))
                        + " see their F-numbers");
    }
}

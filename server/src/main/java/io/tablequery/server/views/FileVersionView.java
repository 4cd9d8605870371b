package io.tablequery.server.views;

import io.tablequery.engine.catalog.CatalogSnapshot;
import io.tablequery.engine.catalog.FileRefs;
import io.tablequery.engine.catalog.FileVersion;
import java.time.Instant;

/**
 * What an F-number names, as {@code GET /v1/workspaces/{ws}/files/{ref}} answers: the file, current or superseded,
 * and where its bytes are.
 *
 * @param file the file as it was when it was current
 * @param status {@code current} or {@code superseded}
 * @param supersededBy the reference of the version that replaced it, or null
 * @param supersededAt when it was replaced, or null
 * @param latest the reference of the file's current version
 * @param contentAvailable whether its original bytes and ingest report can be read
 * @param content the route of its original bytes, or null when they were dropped
 */
public record FileVersionView(
        FileView file,
        String status,
        String supersededBy,
        Instant supersededAt,
        String latest,
        boolean contentAvailable,
        String content) {
    /**
     * Shows a version.
     *
     * @param version the version
     * @param workspace the workspace's name, for the route of its bytes
     * @param catalog the catalog, for a current version's tables
     * @return its view
     */
    public static FileVersionView of(FileVersion version, String workspace, CatalogSnapshot catalog) {
        return new FileVersionView(
                version.current()
                        ? FileView.of(
                                version.file(), catalog.tablesOf(version.file().number()), table -> null)
                        : FileView.of(version.file()),
                version.current() ? "current" : "superseded",
                version.supersededBy() == null ? null : FileRefs.format(version.supersededBy()),
                version.supersededAt(),
                FileRefs.format(version.latest()),
                version.contentKept(),
                version.contentKept()
                        ? "/v1/workspaces/%s/files/%s/content"
                                .formatted(workspace, version.file().ref())
                        : null);
    }
}

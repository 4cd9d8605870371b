package io.tablequery.engine.catalog;

import static java.util.Objects.requireNonNull;

import java.time.Instant;

/**
 * What an F-number names: a current file, or a superseded version of one, with what replaced it.
 *
 * @param file the file, as it was when it was current
 * @param supersededBy the F-number of the version that replaced it, or null for a current file
 * @param supersededAt when it was replaced, or null
 * @param latest the F-number of the current version of the file; its own for a current file
 * @param contentKept whether its bytes and ingest report can be read
 */
public record FileVersion(
        SourceFile file, Integer supersededBy, Instant supersededAt, int latest, boolean contentKept) {
    public FileVersion {
        requireNonNull(file, "file is null");
        if ((supersededBy == null) != (supersededAt == null)) {
            throw new IllegalArgumentException("a superseded version has both a successor and a time");
        }
    }

    /**
     * Tells whether this is the current version.
     *
     * @return true when nothing replaced it
     */
    public boolean current() {
        return supersededBy == null;
    }
}

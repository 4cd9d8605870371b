package io.tablequery.engine.catalog;

import static java.util.Objects.requireNonNull;

import java.time.Instant;

/**
 * An earlier version of a file, which an upload of the same name replaced. Its F-number keeps naming it, so that a
 * citation of it stays valid: the catalog keeps its record for good, and its bytes and ingest report as long as the
 * workspace's retention setting keeps them.
 *
 * @param file the version as it was when it was replaced; its sheets name the tables it had then
 * @param supersededBy the F-number of the version that replaced it
 * @param supersededAt when that happened
 * @param contentKept whether its bytes and report are still kept
 */
public record SupersededFile(SourceFile file, int supersededBy, Instant supersededAt, boolean contentKept) {
    public SupersededFile {
        requireNonNull(file, "file is null");
        requireNonNull(supersededAt, "supersededAt is null");
    }
}

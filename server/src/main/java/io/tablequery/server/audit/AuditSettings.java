package io.tablequery.server.audit;

import java.time.Duration;

/**
 * How the audit log is written.
 *
 * @param enabled whether calls are recorded at all
 * @param keepText whether a line keeps its plan's or query's text (else only its hash)
 * @param maxText the most characters of text a line keeps; longer text is cut and marked
 * @param fileBytes the size from which a file is closed and the next line starts a new one
 * @param fileAge the age from which a file is closed and the next line starts a new one
 * @param keepFiles how many files a workspace keeps; the oldest beyond them are deleted
 * @param queue how many lines may wait for the writer; a line beyond them is dropped and counted, never waited for
 */
public record AuditSettings(
        boolean enabled, boolean keepText, int maxText, long fileBytes, Duration fileAge, int keepFiles, int queue) {
    /** On, with text up to 4,096 characters, files of 64 MiB or a day, 30 files kept, 65,536 lines queued. */
    public static final AuditSettings DEFAULTS =
            new AuditSettings(true, true, 4096, 64L << 20, Duration.ofDays(1), 30, 65_536);

    /** No audit log. */
    public static final AuditSettings OFF = new AuditSettings(false, false, 0, 1, Duration.ofDays(1), 1, 1);

    public AuditSettings {
        if (maxText < 0 || fileBytes < 1 || keepFiles < 1 || queue < 1 || fileAge.isNegative() || fileAge.isZero()) {
            throw new IllegalArgumentException("audit settings out of range");
        }
    }

    /**
     * Returns these settings keeping only the hash of a call's plan or query.
     *
     * @return the changed settings
     */
    public AuditSettings withoutText() {
        return new AuditSettings(enabled, false, maxText, fileBytes, fileAge, keepFiles, queue);
    }

    /**
     * Returns these settings with other file limits.
     *
     * @param newFileBytes the size from which a new file starts
     * @param newFileAge the age from which a new file starts
     * @param newKeepFiles how many files a directory keeps
     * @return the changed settings
     */
    public AuditSettings withFiles(long newFileBytes, Duration newFileAge, int newKeepFiles) {
        return new AuditSettings(enabled, keepText, maxText, newFileBytes, newFileAge, newKeepFiles, queue);
    }
}

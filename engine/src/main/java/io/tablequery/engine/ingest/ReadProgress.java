package io.tablequery.engine.ingest;

/** Hears how far a reader has got through its input. */
@FunctionalInterface
public interface ReadProgress {
    /** Ignores progress. */
    ReadProgress NONE = (done, total) -> {};

    /**
     * Reports progress.
     *
     * @param done the units (bytes) consumed so far
     * @param total the total units, or -1 if unknown
     */
    void advanced(long done, long total);
}

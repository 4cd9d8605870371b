package io.tablequery.engine.ingest;

/** Hears the progress of an ingest, for progress bars. */
@FunctionalInterface
public interface IngestListener {
    /** Ignores progress. */
    IngestListener NONE = progress -> {};

    /**
     * Reports progress; called from the ingesting thread, at most every megabyte or so.
     *
     * @param progress how far the ingest has got
     */
    void progressed(IngestProgress progress);
}

package io.tablequery.engine.workspace;

import static java.util.Objects.requireNonNull;

import io.tablequery.engine.ingest.IngestSettings;

/**
 * How a workspace is opened.
 *
 * @param ingest ingest limits and sizes
 * @param duckDbThreads DuckDB worker threads
 * @param duckDbMemoryLimit DuckDB's memory limit, for example {@code 2GB}
 */
public record WorkspaceOptions(IngestSettings ingest, int duckDbThreads, String duckDbMemoryLimit) {
    /** The defaults: two DuckDB threads and a 2 GB memory limit. */
    public static final WorkspaceOptions DEFAULTS = new WorkspaceOptions(IngestSettings.DEFAULTS, 2, "2GB");

    public WorkspaceOptions {
        requireNonNull(ingest, "ingest is null");
        requireNonNull(duckDbMemoryLimit, "duckDbMemoryLimit is null");
        if (duckDbThreads < 1) {
            throw new IllegalArgumentException("duckDbThreads must be at least 1");
        }
        if (!duckDbMemoryLimit.matches("[0-9]+(\\.[0-9]+)?\\s*[KMGT]i?B")) {
            throw new IllegalArgumentException("invalid DuckDB memory limit: " + duckDbMemoryLimit);
        }
    }
}

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

    /**
     * The defaults of a server, where many queries run at once: one DuckDB thread per workspace, so each query runs
     * on the thread that asked and the cores go to more queries rather than to DuckDB's workers waiting on each
     * other. Measured on 2 cores under 64 clients in four alternations, this served 5-35% more requests than two
     * threads; one large query alone takes about twice as long.
     */
    public static final WorkspaceOptions SERVED = new WorkspaceOptions(IngestSettings.DEFAULTS, 1, "2GB");

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

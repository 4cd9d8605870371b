package io.tablequery.engine.workspace;

import static java.util.Objects.requireNonNull;

import io.tablequery.engine.ingest.IngestSettings;

/**
 * How a workspace is opened.
 *
 * @param ingest ingest limits and sizes
 * @param duckDbThreads DuckDB worker threads
 * @param duckDbMemoryLimit DuckDB's memory limit, for example {@code 2GB}
 * @param keepVersions how many superseded versions of each file keep their bytes and ingest report, newest first
 *     ({@link #ALL_VERSIONS} for every one); older ones keep only their record
 * @param search how search-tables ranks tables
 */
public record WorkspaceOptions(
        IngestSettings ingest, int duckDbThreads, String duckDbMemoryLimit, int keepVersions, SearchMode search) {
    /** Keep the bytes and report of every superseded version. */
    public static final int ALL_VERSIONS = Integer.MAX_VALUE;

    /**
     * The defaults of a workspace opened in a process of its own: two DuckDB threads, a 2 GB memory limit, search by
     * words, so that a library or one-shot command that does not search loads no model. The commands that search
     * ({@code tq serve}, {@code tq mcp}, {@code tq search-tables}) ask for {@link SearchMode#MEANING} unless told
     * otherwise.
     */
    public static final WorkspaceOptions DEFAULTS =
            new WorkspaceOptions(IngestSettings.DEFAULTS, 2, "2GB", ALL_VERSIONS, SearchMode.LEXICAL);

    /**
     * The defaults of a server, where many queries run at once: one DuckDB thread per workspace, so each query runs
     * on the thread that asked and the cores go to more queries rather than to DuckDB's workers waiting on each
     * other. Measured on 2 cores under 64 clients in four alternations, this served 5-35% more requests than two
     * threads; one large query alone takes about twice as long. Tables are searched by their meaning too.
     */
    public static final WorkspaceOptions SERVED =
            new WorkspaceOptions(IngestSettings.DEFAULTS, 1, "2GB", ALL_VERSIONS, SearchMode.MEANING);

    public WorkspaceOptions {
        requireNonNull(ingest, "ingest is null");
        requireNonNull(duckDbMemoryLimit, "duckDbMemoryLimit is null");
        requireNonNull(search, "search is null");
        if (keepVersions < 0) {
            throw new IllegalArgumentException("keepVersions must be 0 or more");
        }
        if (duckDbThreads < 1) {
            throw new IllegalArgumentException("duckDbThreads must be at least 1");
        }
        if (!duckDbMemoryLimit.matches("[0-9]+(\\.[0-9]+)?\\s*[KMGT]i?B")) {
            throw new IllegalArgumentException("invalid DuckDB memory limit: " + duckDbMemoryLimit);
        }
    }

    /**
     * Options with every superseded version kept.
     *
     * @param ingest ingest limits and sizes
     * @param duckDbThreads DuckDB worker threads
     * @param duckDbMemoryLimit DuckDB's memory limit
     */
    public WorkspaceOptions(IngestSettings ingest, int duckDbThreads, String duckDbMemoryLimit) {
        this(ingest, duckDbThreads, duckDbMemoryLimit, ALL_VERSIONS, SearchMode.LEXICAL);
    }

    /**
     * Returns these options with another retention of superseded versions.
     *
     * @param versions how many superseded versions of each file keep their content
     * @return the changed options
     */
    public WorkspaceOptions withKeepVersions(int versions) {
        return new WorkspaceOptions(ingest, duckDbThreads, duckDbMemoryLimit, versions, search);
    }

    /**
     * Returns these options with another DuckDB memory limit.
     *
     * @param limit DuckDB's memory limit, for example {@code 2GB}
     * @return the changed options
     */
    public WorkspaceOptions withDuckDbMemoryLimit(String limit) {
        return new WorkspaceOptions(ingest, duckDbThreads, limit, keepVersions, search);
    }

    /**
     * Returns these options with another way of ranking tables.
     *
     * @param mode how search-tables ranks tables
     * @return the changed options
     */
    public WorkspaceOptions withSearch(SearchMode mode) {
        return new WorkspaceOptions(ingest, duckDbThreads, duckDbMemoryLimit, keepVersions, mode);
    }
}

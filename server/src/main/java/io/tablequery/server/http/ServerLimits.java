package io.tablequery.server.http;

import static java.util.Objects.requireNonNull;

import io.tablequery.server.auth.Quota;
import java.time.Duration;

/**
 * How much work a server takes on at once. Queries (search, schemas, run-sql, translate, the DuckDB tools) and
 * ingests each take a slot; a request without a free slot waits in a bounded queue, and is answered 429 {@code
 * TOO_MANY_REQUESTS} when the queue is full or its wait runs out. A large query, one naming tables of more than
 * {@code largeQueryRows} rows in all, also needs one of its workspace's few large-query slots, so that large scans
 * never hold every slot and small questions keep being answered beside them.
 *
 * @param queriesPerWorkspace queries running at once on one workspace
 * @param largeQueriesPerWorkspace large queries running at once on one workspace, at most {@code queriesPerWorkspace}
 * @param largeQueryRows the rows a query's tables may hold in all before it counts as large
 * @param queriesTotal queries running at once on the server
 * @param queueLength requests waiting for a slot at once, beyond which a request is refused at once
 * @param queueWait how long a request waits for a slot
 * @param ingests uploads being ingested at once on the server
 * @param keyQuota the quota of a workspace key that has none of its own ({@link KeyQuotas})
 */
public record ServerLimits(
        int queriesPerWorkspace,
        int largeQueriesPerWorkspace,
        long largeQueryRows,
        int queriesTotal,
        int queueLength,
        Duration queueWait,
        int ingests,
        Quota keyQuota) {
    /**
     * Four queries per workspace, two of them large (over 100,000 rows), sixteen in all, sixty-four waiting up to ten
     * seconds, two ingests.
     */
    public static final ServerLimits DEFAULTS = new ServerLimits(4, 2, 100_000, 16, 64, Duration.ofSeconds(10), 2);

    public ServerLimits {
        requireNonNull(queueWait, "queueWait is null");
        requireNonNull(keyQuota, "keyQuota is null");
        if (queriesPerWorkspace < 1
                || largeQueriesPerWorkspace < 1
                || largeQueriesPerWorkspace > queriesPerWorkspace
                || largeQueryRows < 0
                || queriesTotal < 1
                || queueLength < 0
                || ingests < 1
                || queueWait.isNegative()) {
            throw new IllegalArgumentException("invalid server limits");
        }
    }

    /**
     * Limits without a default key quota.
     *
     * @param queriesPerWorkspace queries running at once on one workspace
     * @param largeQueriesPerWorkspace large queries running at once on one workspace
     * @param largeQueryRows the rows a query's tables may hold in all before it counts as large
     * @param queriesTotal queries running at once on the server
     * @param queueLength requests waiting for a slot at once
     * @param queueWait how long a request waits for a slot
     * @param ingests uploads being ingested at once on the server
     */
    public ServerLimits(
            int queriesPerWorkspace,
            int largeQueriesPerWorkspace,
            long largeQueryRows,
            int queriesTotal,
            int queueLength,
            Duration queueWait,
            int ingests) {
        this(
                queriesPerWorkspace,
                largeQueriesPerWorkspace,
                largeQueryRows,
                queriesTotal,
                queueLength,
                queueWait,
                ingests,
                Quota.NONE);
    }

    /**
     * Returns these limits with another default key quota.
     *
     * @param quota the quota of a workspace key that has none of its own
     * @return the changed limits
     */
    public ServerLimits withKeyQuota(Quota quota) {
        return new ServerLimits(
                queriesPerWorkspace,
                largeQueriesPerWorkspace,
                largeQueryRows,
                queriesTotal,
                queueLength,
                queueWait,
                ingests,
                quota);
    }
}

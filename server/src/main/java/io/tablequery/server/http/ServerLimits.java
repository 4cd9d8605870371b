package io.tablequery.server.http;

import static java.util.Objects.requireNonNull;

import java.time.Duration;

/**
 * How much work a server takes on at once. Queries (search, schemas, run-sql, translate, the DuckDB tools) and
 * ingests each take a slot; a request without a free slot waits in a bounded queue, and is answered 429 {@code
 * TOO_MANY_REQUESTS} when the queue is full or its wait runs out.
 *
 * @param queriesPerWorkspace queries running at once on one workspace
 * @param queriesTotal queries running at once on the server
 * @param queueLength requests waiting for a slot at once, beyond which a request is refused at once
 * @param queueWait how long a request waits for a slot
 * @param ingests uploads being ingested at once on the server
 */
public record ServerLimits(
        int queriesPerWorkspace, int queriesTotal, int queueLength, Duration queueWait, int ingests) {
    /** Four queries per workspace, sixteen in all, sixty-four waiting up to ten seconds, two ingests. */
    public static final ServerLimits DEFAULTS = new ServerLimits(4, 16, 64, Duration.ofSeconds(10), 2);

    public ServerLimits {
        requireNonNull(queueWait, "queueWait is null");
        if (queriesPerWorkspace < 1 || queriesTotal < 1 || queueLength < 0 || ingests < 1 || queueWait.isNegative()) {
            throw new IllegalArgumentException("invalid server limits");
        }
    }
}

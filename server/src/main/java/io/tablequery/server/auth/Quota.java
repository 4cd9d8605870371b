package io.tablequery.server.auth;

/**
 * What one key may ask of a server: requests per minute and calls at once; 0 is no limit.
 *
 * @param requestsPerMinute requests a minute, on average, with a minute's worth allowed at once
 * @param concurrentCalls calls running at once
 */
public record Quota(int requestsPerMinute, int concurrentCalls) {
    /** No limit. */
    public static final Quota NONE = new Quota(0, 0);

    public Quota {
        if (requestsPerMinute < 0 || concurrentCalls < 0) {
            throw new IllegalArgumentException("a quota is 0 (no limit) or more");
        }
    }

    /** Tells whether the quota limits nothing. */
    public boolean unlimited() {
        return requestsPerMinute == 0 && concurrentCalls == 0;
    }
}

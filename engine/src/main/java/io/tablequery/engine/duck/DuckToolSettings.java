package io.tablequery.engine.duck;

import static java.util.Objects.requireNonNull;

import io.tablequery.engine.exec.QueryDeadline;
import java.time.Duration;

/**
 * The DuckDB tools' limits, as the seed gives them.
 *
 * @param maxRows rows a response carries ({@code rowCount} still gives the full count)
 * @param maxStringChars characters of a string value before it is cut
 * @param defaultSampleRows getSampleRows' default {@code limit}
 * @param maxSampleRows getSampleRows' largest {@code limit}
 * @param queryTimeout how long one query may run
 */
public record DuckToolSettings(
        int maxRows, int maxStringChars, int defaultSampleRows, int maxSampleRows, Duration queryTimeout) {
    /** 10 rows, 2,000 characters, samples of 10 up to 100, 30 seconds. */
    public static final DuckToolSettings DEFAULTS =
            new DuckToolSettings(10, 2000, 10, 100, Duration.ofSeconds(QueryDeadline.DEFAULT_TIMEOUT_SECONDS));

    public DuckToolSettings {
        requireNonNull(queryTimeout, "queryTimeout is null");
        if (maxRows < 1 || maxStringChars < 1 || defaultSampleRows < 1 || maxSampleRows < defaultSampleRows) {
            throw new IllegalArgumentException("invalid DuckDB tool limits");
        }
    }

    /**
     * Returns a copy with another query time limit.
     *
     * @param timeout how long one query may run
     * @return the new settings
     */
    public DuckToolSettings withQueryTimeout(Duration timeout) {
        return new DuckToolSettings(maxRows, maxStringChars, defaultSampleRows, maxSampleRows, timeout);
    }
}

package io.tablequery.benchmarks;

import java.util.Arrays;

/** Percentiles of measured latencies. */
final class Percentiles {
    private Percentiles() {}

    /**
     * The nearest-rank percentile of latencies, in milliseconds.
     *
     * @param nanos the latencies in nanoseconds
     * @param quantile 0.50 for the median, 0.99 for the 99th percentile
     * @return the percentile in milliseconds, or NaN when there are none
     */
    static double millis(long[] nanos, double quantile) {
        if (nanos.length == 0) {
            return Double.NaN;
        }
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        return sorted[(int) Math.min(sorted.length - 1, Math.floor(quantile * sorted.length))] / 1e6;
    }
}

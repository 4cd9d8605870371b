package io.tablequery.benchmarks;

/**
 * One child JVM's runs of one contender: the first run (cold: class loading and JIT compilation included, as a
 * command-line user meets it) and the median of the runs after it (warm, as a long-running server meets it).
 *
 * @param contender the contender's name
 * @param rows the rows it read or ingested
 * @param coldMillis the first run's time
 * @param warmMillis the median time of the later runs, or -1 when there were none
 * @param peakHeapMb the peak of the JVM's heap use
 */
public record Measurement(String contender, long rows, long coldMillis, long warmMillis, long peakHeapMb) {
    /**
     * Returns the cold throughput.
     *
     * @return rows per second of the first run
     */
    public double coldRowsPerSecond() {
        return rate(coldMillis);
    }

    /**
     * Returns the warm throughput.
     *
     * @return rows per second of the later runs' median
     */
    public double warmRowsPerSecond() {
        return rate(warmMillis);
    }

    private double rate(long millis) {
        return millis <= 0 ? 0 : rows * 1000.0 / millis;
    }
}

package io.tablequery.benchmarks;

import java.util.Arrays;

/** The median of repeated timings. */
final class Medians {
    private Medians() {}

    /** The middle value, or the mean of the two middle values of an even count. */
    static double of(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int middle = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }
}

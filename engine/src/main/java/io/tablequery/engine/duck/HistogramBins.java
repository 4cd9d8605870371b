package io.tablequery.engine.duck;

import java.math.BigDecimal;
import java.math.MathContext;

/**
 * Equal bins over a range, with Vega's rule for a readable step: a power of ten near span / 20, refined by 2 and 5,
 * such that at most {@code maxBins} bins cover the range. The first bin starts at a multiple of the step.
 *
 * @param start where the first bin starts
 * @param step the width of each bin
 */
record HistogramBins(double start, double step) {
    /** The most bins a histogram has. */
    static final int MAX_BINS = 20;

    static HistogramBins of(double min, double max, int maxBins) {
        double span = max - min;
        if (span <= 0) {
            span = min == 0 ? 1 : Math.abs(min);
        }
        int level = (int) Math.ceil(Math.log10(maxBins));
        double step = Math.pow(10, Math.round(Math.log10(span)) - level);
        while (Math.ceil(span / step) > maxBins) {
            step *= 10;
        }
        for (int divide : new int[] {5, 2}) {
            double finer = step / divide;
            if (span / finer <= maxBins) {
                step = finer;
            }
        }
        step = round(step);
        return new HistogramBins(round(Math.floor(min / step) * step), step);
    }

    /** Where bin {@code index} starts, without the noise of binary fractions. */
    double edge(long index) {
        return round(start + index * step);
    }

    private static double round(double value) {
        return new BigDecimal(value).round(new MathContext(12)).doubleValue();
    }
}

package io.tablequery.engine.duck;

/**
 * What a chart draws: its kind and title, and the columns of its data that x, y and the series are read from.
 *
 * @param kind the chart
 * @param title its title
 * @param x the x column; for a histogram, the column binned (the data holds {@link #BIN_START} and {@link #BIN_END})
 * @param y the y column of the data: a summed column, a count of rows, or for a scatter plot any column
 * @param counted whether y counts rows rather than summing a column
 * @param series the column that splits the data into colored series, or null
 * @param bins a histogram's bins, or null
 */
record ChartData(
        ChartKind kind,
        String title,
        ChartField x,
        ChartField y,
        boolean counted,
        ChartField series,
        HistogramBins bins) {
    /** A histogram bin's start. */
    static final String BIN_START = "bin_start";
    /** A histogram bin's end. */
    static final String BIN_END = "bin_end";
}

package io.tablequery.engine.duck;

/**
 * What the chart tool was asked to draw.
 *
 * @param source the rows to chart, as a FROM item: a quoted table or a parenthesized query
 * @param kind the chart
 * @param x the x column (for a pie, the slices' labels)
 * @param y the y column, or null to count rows
 * @param series the column splitting the data into series, or null
 * @param title the title, or null for one made from the columns
 * @param png whether to render a PNG as well
 */
record ChartRequest(String source, ChartKind kind, String x, String y, String series, String title, boolean png) {}

package io.tablequery.engine.duck;

import java.awt.Color;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryLabelPositions;
import org.jfree.chart.axis.DateAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.category.LineAndShapeRenderer;
import org.jfree.chart.renderer.xy.StandardXYBarPainter;
import org.jfree.chart.renderer.xy.XYBarRenderer;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.data.general.DefaultPieDataset;
import org.jfree.data.xy.XYIntervalSeries;
import org.jfree.data.xy.XYIntervalSeriesCollection;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * Draws a chart as a PNG with JFreeChart, on the server and without a display, from the same rows its Vega-Lite
 * specification carries. Categories are the values' text; dates and timestamps are placed on a time axis.
 */
final class ChartPng {
    /** The image's width in pixels. */
    static final int WIDTH = 800;
    /** The image's height in pixels. */
    static final int HEIGHT = 500;

    static {
        System.setProperty("java.awt.headless", "true");
    }

    /** Category labels stand upright up to this many categories and are turned 45 degrees beyond. */
    private static final int UPRIGHT_LABELS_UP_TO = 10;

    private ChartPng() {}

    static byte[] render(ChartData chart, List<Map<String, Object>> rows) {
        JFreeChart drawn =
                switch (chart.kind()) {
                    case BAR -> bars(chart, rows);
                    case LINE, SCATTER ->
                        chart.x().numeric() || chart.x().temporal() ? xy(chart, rows) : categoryLines(chart, rows);
                    case ARC -> pie(chart, rows);
                    case HISTOGRAM -> histogram(chart, rows);
                };
        drawn.setBackgroundPaint(Color.WHITE);
        drawn.getPlot().setBackgroundPaint(Color.WHITE);
        if (drawn.getPlot() instanceof CategoryPlot plot) {
            plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
            if (plot.getCategories() != null && plot.getCategories().size() > UPRIGHT_LABELS_UP_TO) {
                // Upright labels of many categories would be cut to "..." in their narrow columns.
                plot.getDomainAxis().setCategoryLabelPositions(CategoryLabelPositions.UP_45);
            }
        } else if (drawn.getPlot() instanceof XYPlot plot) {
            plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
            plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
        }
        ByteArrayOutputStream png = new ByteArrayOutputStream();
        try {
            ChartUtils.writeChartAsPNG(png, drawn, WIDTH, HEIGHT);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return png.toByteArray();
    }

    private static JFreeChart bars(ChartData chart, List<Map<String, Object>> rows) {
        return ChartFactory.createBarChart(
                chart.title(), chart.x().name(), chart.y().name(), categories(chart, rows));
    }

    private static JFreeChart categoryLines(ChartData chart, List<Map<String, Object>> rows) {
        JFreeChart drawn = ChartFactory.createLineChart(
                chart.title(), chart.x().name(), chart.y().name(), categories(chart, rows));
        if (chart.kind() == ChartKind.SCATTER) {
            ((CategoryPlot) drawn.getPlot()).setRenderer(new LineAndShapeRenderer(false, true));
        }
        return drawn;
    }

    private static DefaultCategoryDataset categories(ChartData chart, List<Map<String, Object>> rows) {
        DefaultCategoryDataset dataset = new DefaultCategoryDataset();
        for (Map<String, Object> row : rows) {
            Number y = number(row.get(chart.y().name()));
            if (y != null) {
                dataset.addValue(
                        y, seriesKey(chart, row), label(row.get(chart.x().name())));
            }
        }
        return dataset;
    }

    private static JFreeChart xy(ChartData chart, List<Map<String, Object>> rows) {
        XYSeriesCollection dataset = new XYSeriesCollection();
        for (Map<String, Object> row : rows) {
            Number x = chart.x().temporal()
                    ? (Number) epochMillis(row.get(chart.x().name()))
                    : number(row.get(chart.x().name()));
            Number y = number(row.get(chart.y().name()));
            if (x == null || y == null) {
                continue;
            }
            String key = seriesKey(chart, row);
            int index = dataset.getSeriesIndex(key);
            XYSeries series = index >= 0 ? dataset.getSeries(index) : new XYSeries(key, false, true);
            if (index < 0) {
                dataset.addSeries(series);
            }
            series.add(x, y);
        }
        JFreeChart drawn = chart.kind() == ChartKind.SCATTER
                ? ChartFactory.createScatterPlot(
                        chart.title(), chart.x().name(), chart.y().name(), dataset)
                : ChartFactory.createXYLineChart(
                        chart.title(),
                        chart.x().name(),
                        chart.y().name(),
                        dataset,
                        PlotOrientation.VERTICAL,
                        chart.series() != null,
                        true,
                        false);
        if (chart.x().temporal()) {
            ((XYPlot) drawn.getPlot()).setDomainAxis(new DateAxis(chart.x().name()));
        }
        return drawn;
    }

    private static JFreeChart pie(ChartData chart, List<Map<String, Object>> rows) {
        DefaultPieDataset<String> dataset = new DefaultPieDataset<>();
        for (Map<String, Object> row : rows) {
            Number y = number(row.get(chart.y().name()));
            if (y != null && y.doubleValue() > 0) {
                dataset.setValue(label(row.get(chart.x().name())), y);
            }
        }
        return ChartFactory.createPieChart(chart.title(), dataset);
    }

    private static JFreeChart histogram(ChartData chart, List<Map<String, Object>> rows) {
        XYIntervalSeries bins = new XYIntervalSeries(chart.y().name());
        for (Map<String, Object> row : rows) {
            double start = number(row.get(ChartData.BIN_START)).doubleValue();
            double end = number(row.get(ChartData.BIN_END)).doubleValue();
            double count = number(row.get(chart.y().name())).doubleValue();
            bins.add((start + end) / 2, start, end, count, 0, count);
        }
        XYIntervalSeriesCollection dataset = new XYIntervalSeriesCollection();
        dataset.addSeries(bins);
        JFreeChart drawn = ChartFactory.createXYBarChart(
                chart.title(),
                chart.x().name(),
                false,
                chart.y().name(),
                dataset,
                PlotOrientation.VERTICAL,
                false,
                true,
                false);
        XYBarRenderer bars = (XYBarRenderer) ((XYPlot) drawn.getPlot()).getRenderer();
        bars.setBarPainter(new StandardXYBarPainter());
        bars.setShadowVisible(false);
        bars.setDrawBarOutline(true);
        bars.setDefaultOutlinePaint(Color.WHITE);
        return drawn;
    }

    private static String seriesKey(ChartData chart, Map<String, Object> row) {
        return chart.series() == null
                ? chart.y().name()
                : label(row.get(chart.series().name()));
    }

    private static String label(Object value) {
        return Objects.toString(value, "(null)");
    }

    private static Number number(Object value) {
        if (value instanceof Number number) {
            return number;
        }
        if (value instanceof String text) {
            try {
                return Double.valueOf(text);
            } catch (NumberFormatException e) {
                return null;
            }
        }
        return null;
    }

    /** A date or timestamp as the tools write it ({@code 2025-01-02}, {@code 2025-01-02 10:00:00+00}). */
    private static Double epochMillis(Object value) {
        if (!(value instanceof String text) || text.length() < 10) {
            return null;
        }
        try {
            if (text.length() == 10) {
                return (double) LocalDate.parse(text)
                        .atStartOfDay()
                        .toInstant(ZoneOffset.UTC)
                        .toEpochMilli();
            }
            String local = text.endsWith("+00") ? text.substring(0, text.length() - 3) : text;
            return (double) LocalDateTime.parse(local.replace(' ', 'T'))
                    .toInstant(ZoneOffset.UTC)
                    .toEpochMilli();
        } catch (DateTimeParseException e) {
            return null;
        }
    }
}

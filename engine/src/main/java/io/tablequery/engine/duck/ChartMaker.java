package io.tablequery.engine.duck;

import static io.tablequery.dialects.SqlIdentifiers.quote;

import io.tablequery.engine.exec.QueryDeadline;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Makes a chart in DuckDB: the rows are reduced there (summed per x, or counted into bins) so that a chart of ten
 * million rows carries at most {@link #MAX_POINTS} data rows, which become the Vega-Lite specification's inline data
 * and, when asked, a PNG.
 */
final class ChartMaker {
    /** The most data rows a specification carries; more are cut and {@code _truncatedRows} says so. */
    static final int MAX_POINTS = 5000;

    private static final String ORDER = "__tq_order";
    private static final ChartField COUNT = new ChartField("count", "BIGINT");

    private ChartMaker() {}

    /** An argument the columns of the source do not support, said in a way an agent can act on. */
    private static final class Refused extends Exception {
        private static final long serialVersionUID = 1L;

        Refused(String message) {
            super(message, null, false, false);
        }
    }

    static ChartResult make(Connection duckDb, QueryDeadline deadline, ChartRequest request, int maxStringChars)
            throws SQLException {
        List<ChartField> columns = columns(duckDb, deadline, request.source());
        try {
            ChartData chart = chart(duckDb, deadline, request, columns);
            DuckResults.Read read = chart.kind() == ChartKind.HISTOGRAM
                    ? binned(duckDb, deadline, request.source(), chart)
                    : reduced(duckDb, deadline, request.source(), chart, maxStringChars);
            String png = request.png() ? Base64.getEncoder().encodeToString(ChartPng.render(chart, read.rows())) : null;
            return new ChartResult(
                    true,
                    chart.kind().label(),
                    VegaLiteSpec.of(chart, read.rows()),
                    read.rowCount(),
                    read.truncatedRows() ? Boolean.TRUE : null,
                    png,
                    null,
                    null);
        } catch (Refused e) {
            return ChartResult.failure(DuckToolErrorCode.INVALID_ARGUMENT, e.getMessage());
        }
    }

    /** Checks the arguments against the source's columns and settles what is drawn. */
    private static ChartData chart(
            Connection duckDb, QueryDeadline deadline, ChartRequest request, List<ChartField> columns)
            throws Refused, SQLException {
        ChartKind kind = request.kind();
        ChartField x = column("x", request.x(), columns)
                .orElseThrow(() -> new Refused("a chart needs x, the column along its x axis"));
        ChartField y = column("y", request.y(), columns).orElse(null);
        ChartField series = column("series", request.series(), columns).orElse(null);
        if (series != null && (series.equals(x) || series.equals(y))) {
            throw new Refused("series must be a column other than x and y");
        }
        if (y != null && y.equals(x)) {
            throw new Refused("y must be a column other than x");
        }
        switch (kind) {
            case BAR, LINE, ARC -> {
                if (y != null && !y.numeric()) {
                    throw new Refused(
                            "y is summed per x, so it must be a number column; \"%s\" is %s. Leave y out to count rows instead."
                                    .formatted(y.name(), y.type()));
                }
                if (kind == ChartKind.ARC && series != null) {
                    throw new Refused("a pie has no series; put the categories in x");
                }
            }
            case SCATTER -> {
                if (y == null) {
                    throw new Refused("a scatter plot needs y, the column along its y axis");
                }
            }
            case HISTOGRAM -> {
                if (y != null || series != null) {
                    throw new Refused("a histogram counts the values of x in bins; leave out y and series");
                }
                if (!x.numeric()) {
                    throw new Refused("a histogram bins numbers; \"%s\" is %s. Use a bar chart to count categories."
                            .formatted(x.name(), x.type()));
                }
                return histogram(duckDb, deadline, request, x);
            }
        }
        ChartField shown = y != null ? y : count(x, series);
        String title = request.title() != null
                ? request.title()
                : kind == ChartKind.SCATTER
                        ? "%s against %s".formatted(shown.name(), x.name())
                        : "%s by %s".formatted(shown.name(), x.name());
        return new ChartData(kind, title, x, shown, y == null, series, null);
    }

    private static ChartData histogram(Connection duckDb, QueryDeadline deadline, ChartRequest request, ChartField x)
            throws Refused, SQLException {
        String column = quote(x.name());
        double min;
        double max;
        try (Statement statement = deadline.watch(duckDb.createStatement());
                ResultSet rs = statement.executeQuery(
                        "SELECT min(%1$s::DOUBLE), max(%1$s::DOUBLE), count(%1$s) FROM %2$s WHERE isfinite(%1$s::DOUBLE)"
                                .formatted(column, request.source()))) {
            rs.next();
            if (rs.getLong(3) == 0) {
                throw new Refused("\"%s\" has no values to bin".formatted(x.name()));
            }
            min = rs.getDouble(1);
            max = rs.getDouble(2);
        }
        String title = request.title() != null ? request.title() : "distribution of " + x.name();
        return new ChartData(
                ChartKind.HISTOGRAM, title, x, COUNT, true, null, HistogramBins.of(min, max, HistogramBins.MAX_BINS));
    }

    /** The counted column's name: {@code count}, unless x or the series has it. */
    private static ChartField count(ChartField x, ChartField series) {
        boolean taken = x.name().equalsIgnoreCase(COUNT.name())
                || series != null && series.name().equalsIgnoreCase(COUNT.name());
        return taken ? new ChartField("rows", "BIGINT") : COUNT;
    }

    /**
     * Reduces the source to the chart's rows: bars, lines and slices sum y (or count rows) per x and series, ordered by
     * x when x is a number or a date (and always for lines), else in the order x first appears in the source, so that
     * a query's ORDER BY orders the bars; a scatter plot keeps every row.
     */
    private static DuckResults.Read reduced(
            Connection duckDb, QueryDeadline deadline, String source, ChartData chart, int maxStringChars)
            throws SQLException {
        String x = quote(chart.x().name());
        String series =
                chart.series() == null ? "" : ", " + quote(chart.series().name());
        String y = quote(chart.y().name());
        String sql;
        if (chart.kind() == ChartKind.SCATTER) {
            sql = "SELECT %s, %s%s FROM %s".formatted(x, y, series, source);
        } else {
            String value = chart.counted() ? "count(*)" : "sum(" + y + ")";
            boolean ordered = chart.kind() == ChartKind.LINE
                    || chart.x().numeric()
                    || chart.x().temporal();
            String order = ordered ? x + " NULLS LAST" + series : "min(" + ORDER + ")";
            sql = "SELECT %s%s, %s AS %s FROM (SELECT *, row_number() OVER () AS %s FROM %s) GROUP BY ALL ORDER BY %s"
                    .formatted(x, series, value, y, ORDER, source, order);
        }
        try (Statement statement = deadline.watch(duckDb.createStatement());
                ResultSet rs = statement.executeQuery(sql)) {
            return DuckResults.read(rs, MAX_POINTS, maxStringChars);
        }
    }

    /** Counts the finite values of x in each bin; empty bins between others are given with a count of 0. */
    private static DuckResults.Read binned(Connection duckDb, QueryDeadline deadline, String source, ChartData chart)
            throws SQLException {
        String x = quote(chart.x().name());
        HistogramBins bins = chart.bins();
        Map<Long, Long> counts = new LinkedHashMap<>();
        try (Statement statement = deadline.watch(duckDb.createStatement());
                ResultSet rs =
                        statement.executeQuery(("SELECT floor((%1$s::DOUBLE - %2$s) / %3$s)::BIGINT AS b, count(*)"
                                        + " FROM %4$s WHERE isfinite(%1$s::DOUBLE) GROUP BY b ORDER BY b")
                                .formatted(x, bins.start(), bins.step(), source))) {
            while (rs.next()) {
                counts.put(rs.getLong(1), rs.getLong(2));
            }
        }
        List<Map<String, Object>> rows = new ArrayList<>();
        long first = counts.keySet().iterator().next();
        long last = first;
        for (long b : counts.keySet()) {
            last = b;
        }
        for (long b = first; b <= last; b++) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put(ChartData.BIN_START, bins.edge(b));
            row.put(ChartData.BIN_END, bins.edge(b + 1));
            row.put(chart.y().name(), counts.getOrDefault(b, 0L));
            rows.add(row);
        }
        return new DuckResults.Read(List.of(), rows, rows.size(), false);
    }

    private static List<ChartField> columns(Connection duckDb, QueryDeadline deadline, String source)
            throws SQLException {
        List<ChartField> columns = new ArrayList<>();
        try (Statement statement = deadline.watch(duckDb.createStatement());
                ResultSet rs = statement.executeQuery("SELECT * FROM " + source + " LIMIT 0")) {
            ResultSetMetaData meta = rs.getMetaData();
            for (int i = 1; i <= meta.getColumnCount(); i++) {
                columns.add(new ChartField(meta.getColumnLabel(i), meta.getColumnTypeName(i)));
            }
        }
        return columns;
    }

    /** The column an argument names, exactly or else ignoring case. */
    private static Optional<ChartField> column(String argument, String name, List<ChartField> columns) throws Refused {
        if (name == null || name.isBlank()) {
            return Optional.empty();
        }
        for (ChartField column : columns) {
            if (column.name().equals(name)) {
                return Optional.of(column);
            }
        }
        for (ChartField column : columns) {
            if (column.name().toLowerCase(Locale.ROOT).equals(name.toLowerCase(Locale.ROOT))) {
                return Optional.of(column);
            }
        }
        throw new Refused("%s names \"%s\", which is not a column of the chart's rows; the columns are: %s"
                .formatted(
                        argument, name, columns.stream().map(ChartField::name).collect(Collectors.joining(", "))));
    }
}

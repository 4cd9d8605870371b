package io.tablequery.engine.duck;

import static io.tablequery.dialects.SqlIdentifiers.quote;

import io.tablequery.engine.catalog.ColumnInfo;
import io.tablequery.engine.catalog.TableInfo;
import io.tablequery.engine.exec.QueryDeadline;
import io.tablequery.engine.ingest.values.CoercionReport;
import io.tablequery.engine.store.DuckDbStorage;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.StringJoiner;

/**
 * Computes analyzeDataQuality with DuckDB aggregates, a fixed number of scans whatever the table's size: one for
 * counts, bounds, means and quartiles of every column; one for outliers and text that reads as numbers or dates; one
 * for duplicate rows.
 */
final class DataQualityAnalyzer {
    private DataQualityAnalyzer() {}

    static DataQualityResult analyze(
            Connection duckDb, QueryDeadline deadline, TableInfo table, List<CoercionReport> coercions)
            throws SQLException {
        String from = " FROM " + quote(DuckDbStorage.NATIVE_SCHEMA, table.name());
        List<ColumnInfo> columns = table.columns();
        List<String> types = new ArrayList<>();
        try (Statement statement = deadline.watch(duckDb.createStatement());
                ResultSet rs = statement.executeQuery("SELECT * " + from + " LIMIT 0")) {
            for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
                types.add(rs.getMetaData().getColumnTypeName(i));
            }
        }
        StringJoiner first = new StringJoiner(", ", "SELECT count(*), ", from);
        for (int i = 0; i < columns.size(); i++) {
            String c = quote(columns.get(i).name());
            first.add("count(%1$s), count(DISTINCT %1$s), min(%1$s)::VARCHAR, max(%1$s)::VARCHAR".formatted(c));
            first.add(
                    DuckTypes.isNumeric(types.get(i))
                            ? "avg(%1$s)::DOUBLE, quantile_cont(%1$s, 0.25)::DOUBLE, quantile_cont(%1$s, 0.75)::DOUBLE"
                                    .formatted(c)
                            : "NULL, NULL, NULL");
        }
        long rows;
        long[] nonNull = new long[columns.size()];
        long[] distinct = new long[columns.size()];
        String[] min = new String[columns.size()];
        String[] max = new String[columns.size()];
        Double[] mean = new Double[columns.size()];
        double[][] fences = new double[columns.size()][];
        try (Statement statement = deadline.watch(duckDb.createStatement());
                ResultSet rs = statement.executeQuery(first.toString())) {
            rs.next();
            rows = rs.getLong(1);
            for (int i = 0; i < columns.size(); i++) {
                int at = 2 + i * 7;
                nonNull[i] = rs.getLong(at);
                distinct[i] = rs.getLong(at + 1);
                min[i] = rs.getString(at + 2);
                max[i] = rs.getString(at + 3);
                mean[i] = (Double) rs.getObject(at + 4);
                Object q1 = rs.getObject(at + 5);
                Object q3 = rs.getObject(at + 6);
                if (q1 != null && q3 != null) {
                    double iqr = (Double) q3 - (Double) q1;
                    fences[i] = new double[] {(Double) q1 - 1.5 * iqr, (Double) q3 + 1.5 * iqr};
                }
            }
        }
        StringJoiner second = new StringJoiner(", ", "SELECT ", from);
        for (int i = 0; i < columns.size(); i++) {
            String c = quote(columns.get(i).name());
            second.add(
                    fences[i] == null
                            ? "NULL"
                            : "count(*) FILTER (WHERE %s < %s OR %s > %s)"
                                    .formatted(c, literal(fences[i][0]), c, literal(fences[i][1])));
            second.add(
                    types.get(i).equals("VARCHAR")
                            ? ("count(*) FILTER (WHERE TRY_CAST(replace(trim(%1$s), ',', '') AS DOUBLE) IS NOT NULL),"
                                            + " count(*) FILTER (WHERE TRY_CAST(trim(%1$s) AS DATE) IS NOT NULL)")
                                    .formatted(c)
                            : "NULL, NULL");
        }
        List<DataQualityResult.ColumnQuality> qualities = new ArrayList<>();
        List<String> findings = new ArrayList<>();
        try (Statement statement = deadline.watch(duckDb.createStatement());
                ResultSet rs = statement.executeQuery(second.toString())) {
            rs.next();
            for (int i = 0; i < columns.size(); i++) {
                int at = 1 + i * 3;
                String name = columns.get(i).name();
                long nulls = rows - nonNull[i];
                DataQualityResult.Outliers outliers = fences[i] == null
                        ? null
                        : new DataQualityResult.Outliers(rs.getLong(at), fences[i][0], fences[i][1]);
                Long numbers = mostButNotAll((Long) rs.getObject(at + 1), nonNull[i]);
                Long dates = mostButNotAll((Long) rs.getObject(at + 2), nonNull[i]);
                qualities.add(new DataQualityResult.ColumnQuality(
                        name,
                        types.get(i),
                        nulls,
                        rows == 0 ? 0 : nulls / (double) rows,
                        distinct[i],
                        min[i],
                        max[i],
                        mean[i],
                        outliers,
                        numbers,
                        dates));
                findings(findings, name, rows, nulls, distinct[i], outliers, numbers, dates, nonNull[i]);
            }
        }
        long duplicates = duplicates(duckDb, deadline, columns, from);
        if (duplicates > 0) {
            findings.add("%,d rows repeat an earlier row in every column".formatted(duplicates));
        }
        coercions.forEach(c -> findings.add(
                "ingest changed %,d cells of \"%s\": %s".formatted(c.count(), c.column(), c.description())));
        return new DataQualityResult(true, table.name(), rows, duplicates, qualities, coercions, findings, null, null);
    }

    private static long duplicates(Connection duckDb, QueryDeadline deadline, List<ColumnInfo> columns, String from)
            throws SQLException {
        StringJoiner all = new StringJoiner(", ");
        columns.forEach(column -> all.add(quote(column.name())));
        String sql = "SELECT COALESCE(sum(n - 1), 0) FROM (SELECT count(*) AS n" + from + " GROUP BY " + all + ")";
        try (Statement statement = deadline.watch(duckDb.createStatement());
                ResultSet rs = statement.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static void findings(
            List<String> findings,
            String name,
            long rows,
            long nulls,
            long distinct,
            DataQualityResult.Outliers outliers,
            Long numbers,
            Long dates,
            long nonNull) {
        if (rows > 0 && nulls == rows) {
            findings.add("\"%s\" is empty".formatted(name));
        } else if (nulls > 0 && nulls * 5 >= rows) {
            findings.add("\"%s\" is %.0f%% null".formatted(name, 100.0 * nulls / rows));
        }
        if (rows > 1 && distinct == 1) {
            findings.add("\"%s\" holds one value only".formatted(name));
        }
        if (outliers != null && outliers.count() > 0) {
            findings.add(String.format(
                    Locale.ROOT,
                    "\"%s\" has %,d outliers outside [%.4g, %.4g]",
                    name,
                    outliers.count(),
                    outliers.lowerFence(),
                    outliers.upperFence()));
        }
        if (numbers != null) {
            findings.add("\"%s\" is text, but %,d of its %,d values read as numbers: the others may be typos or notes"
                    .formatted(name, numbers, nonNull));
        }
        if (dates != null) {
            findings.add("\"%s\" is text, but %,d of its %,d values read as dates".formatted(name, dates, nonNull));
        }
    }

    /** Returns the count when more than half but not all of the values qualify, else null. */
    private static Long mostButNotAll(Long count, long nonNull) {
        return count != null && count * 2 > nonNull && count < nonNull ? count : null;
    }

    private static String literal(double value) {
        return Double.isFinite(value) ? Double.toString(value) + "::DOUBLE" : "NULL";
    }
}

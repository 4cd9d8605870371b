package io.tablequery.engine.store;

import io.tablequery.dialects.translate.AsciiLetters;
import io.tablequery.engine.catalog.ColumnProfile;
import io.tablequery.engine.catalog.ColumnType;
import io.tablequery.engine.catalog.TableProfile;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

/**
 * Profiles a batch of a small table's columns in two statements whatever their number: one of counts, minima and
 * maxima, and one that unnests every row into (column, value) pairs and groups them, from which each column's
 * distinct count and value list follow. The distinct count of a column is one hash table per column in DuckDB,
 * costly in statements of many columns; the grouped pairs are one hash table for all.
 *
 * <p>The value lists are as {@link TableProfiler}'s: most frequent first, ties in the column's own order ({@link
 * ProfileValues}). Reals are grouped by DuckDB's shortest text with -0.0 made 0.0, as DuckDB holds the two equal.
 */
final class LongFormProfile {
    private LongFormProfile() {}

    /** A value of a column and how many rows hold it. */
    private record Group(String value, long rows) {}

    static List<ColumnProfile> batch(Statement statement, List<StoredColumn> columns, int first, int end, String from)
            throws SQLException {
        StringJoiner aggregates = new StringJoiner(", ", "SELECT count(*), ", from);
        StringJoiner indexes = new StringJoiner(", ", "[", "]");
        StringJoiner values = new StringJoiner(", ", "[", "]");
        for (int i = first; i < end; i++) {
            String value = TableProfiler.sqliteValue(columns.get(i), i);
            aggregates.add("count(%1$s), min(%1$s)::VARCHAR, max(%1$s)::VARCHAR".formatted(value));
            indexes.add(Integer.toString(i));
            values.add(
                    columns.get(i).type() == ColumnType.REAL
                            ? "CAST((" + value + " + 0.0) AS VARCHAR)"
                            : "CAST(" + value + " AS VARCHAR)");
        }
        int width = end - first;
        AsciiLetterProfile.add(aggregates, columns, first, end);
        AsciiLetters[] letters;
        long rows;
        long[] nonNull = new long[width];
        String[] min = new String[width];
        String[] max = new String[width];
        try (ResultSet rs = statement.executeQuery(aggregates.toString())) {
            rs.next();
            rows = rs.getLong(1);
            for (int k = 0; k < width; k++) {
                nonNull[k] = rs.getLong(2 + k * 3);
                ColumnType type = columns.get(first + k).type();
                min[k] = ProfileValues.fromDuckDb(type, rs.getString(3 + k * 3));
                max[k] = ProfileValues.fromDuckDb(type, rs.getString(4 + k * 3));
            }
            letters = AsciiLetterProfile.read(rs, 2 + width * 3, columns, first, end);
        }
        // Only the groups of columns with few values come back (their value lists), and each column's count of
        // groups, so memory stays small however many distinct values the table holds.
        Map<Integer, List<Group>> groups = new HashMap<>();
        Map<Integer, Long> distinct = new HashMap<>();
        String pairs = "WITH g AS (SELECT i, v, count(*) AS n FROM (SELECT UNNEST(" + indexes + ") AS i, UNNEST("
                + values + ") AS v" + from + ") WHERE v IS NOT NULL GROUP BY i, v),"
                + " d AS (SELECT i, count(*) AS distinct_values FROM g GROUP BY i)"
                + " SELECT d.i, g.v, g.n, d.distinct_values FROM d LEFT JOIN g ON g.i = d.i AND d.distinct_values <= "
                + TableProfile.VALUE_LIMIT;
        try (ResultSet rs = statement.executeQuery(pairs)) {
            while (rs.next()) {
                distinct.put(rs.getInt(1), rs.getLong(4));
                String value = rs.getString(2);
                if (value != null) {
                    int column = rs.getInt(1);
                    groups.computeIfAbsent(column, c -> new ArrayList<>())
                            .add(new Group(
                                    ProfileValues.fromDuckDb(columns.get(column).type(), value), rs.getLong(3)));
                }
            }
        }
        List<ColumnProfile> profiles = new ArrayList<>();
        for (int k = 0; k < width; k++) {
            StoredColumn column = columns.get(first + k);
            List<Group> found = groups.getOrDefault(first + k, List.of());
            long distinctValues = distinct.getOrDefault(first + k, 0L);
            List<String> listed = List.of();
            if (!found.isEmpty()) {
                listed = found.stream()
                        .sorted(Comparator.comparingLong(Group::rows)
                                .reversed()
                                .thenComparing(Group::value, ProfileValues.order(column.type())))
                        .map(Group::value)
                        .toList();
            }
            profiles.add(new ColumnProfile(
                    column.name(), rows - nonNull[k], distinctValues, min[k], max[k], listed, letters[k]));
        }
        return profiles;
    }
}

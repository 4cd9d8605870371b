package io.tablequery.engine.skill;

import static io.tablequery.dialects.SqlIdentifiers.quote;

import io.tablequery.engine.catalog.CatalogSnapshot;
import io.tablequery.engine.catalog.ColumnInfo;
import io.tablequery.engine.catalog.ColumnProfile;
import io.tablequery.engine.catalog.TableInfo;
import io.tablequery.engine.catalog.TableProfile;
import io.tablequery.engine.joins.JoinGraph;
import io.tablequery.engine.result.CellText;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.StringJoiner;

/**
 * Describes tables for get-schemas: the {@code CREATE TABLE} of the SQLite copy, sample rows picked for variety,
 * and the column profiles kept in the catalog.
 *
 * <p>Sample rows come from a bounded set of candidates (the first 200 rows and ten short runs spread over the rowid
 * range, each read by rowid seek, so a large table is never scanned) and are picked greedily: each pick is the row
 * that shows the most values not yet shown, then the most non-null values.
 */
final class SchemaDescriber {
    static final int SAMPLE_ROWS = 5;
    static final int SAMPLE_CELL_MAX = 200;
    private static final int HEAD_CANDIDATES = 200;
    private static final int SPREAD_RUNS = 10;
    private static final int RUN_LENGTH = 10;

    private SchemaDescriber() {}

    static TableSchema describe(Connection sqlite, CatalogSnapshot catalog, JoinGraph joins, TableInfo table)
            throws SQLException {
        List<String> types = declaredTypes(sqlite, table);
        StringJoiner create = new StringJoiner(",\n", "CREATE TABLE " + quote(table.name()) + " (\n", "\n);");
        for (int i = 0; i < table.columns().size(); i++) {
            create.add(
                    "  " + quote(table.columns().get(i).name()) + (types.get(i).isEmpty() ? "" : " " + types.get(i)));
        }
        Map<Long, List<String>> candidates = candidates(sqlite, table);
        List<Long> picked = pick(candidates, table.columns().size());
        List<List<String>> rows = new ArrayList<>();
        for (Long rowid : picked) {
            rows.add(candidates.get(rowid).stream()
                    .map(value -> CellText.cut(value, SAMPLE_CELL_MAX, CellText.CUT_MARK))
                    .toList());
        }
        List<ColumnProfile> profiles =
                catalog.profile(table).map(TableProfile::columns).orElse(List.of());
        String fileName = catalog.fileName(table.fileNumber());
        return new TableSchema(
                table,
                fileName,
                create.toString(),
                types,
                rows,
                picked.stream().map(table::sheetRow).toList(),
                profiles,
                joins.of(table.name()));
    }

    private static List<String> declaredTypes(Connection sqlite, TableInfo table) throws SQLException {
        Map<String, String> byName = new LinkedHashMap<>();
        try (PreparedStatement ps = sqlite.prepareStatement("SELECT name, type FROM pragma_table_info(?)")) {
            ps.setString(1, table.name());
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    byName.put(rs.getString(1), rs.getString(2));
                }
            }
        }
        List<String> types = new ArrayList<>();
        for (ColumnInfo column : table.columns()) {
            types.add(byName.getOrDefault(column.name(), column.type().sqliteType()));
        }
        return types;
    }

    private static Map<Long, List<String>> candidates(Connection sqlite, TableInfo table) throws SQLException {
        StringJoiner columns = new StringJoiner(", ", "SELECT rowid, ", " FROM " + quote(table.name()));
        table.columns().forEach(column -> columns.add(quote(column.name())));
        Map<Long, List<String>> rows = new LinkedHashMap<>();
        read(sqlite, columns + " ORDER BY rowid LIMIT " + HEAD_CANDIDATES, List.of(), rows);
        if (table.rowCount() > HEAD_CANDIDATES) {
            long min;
            long max;
            try (PreparedStatement ps =
                            sqlite.prepareStatement("SELECT min(rowid), max(rowid) FROM " + quote(table.name()));
                    ResultSet rs = ps.executeQuery()) {
                rs.next();
                min = rs.getLong(1);
                max = rs.getLong(2);
            }
            String run = columns + " WHERE rowid >= ? ORDER BY rowid LIMIT " + RUN_LENGTH;
            for (int i = 1; i <= SPREAD_RUNS; i++) {
                long from = min + (long) ((max - min) * (i / (double) (SPREAD_RUNS + 1)));
                read(sqlite, run, List.of(from), rows);
            }
        }
        return rows;
    }

    private static void read(Connection sqlite, String sql, List<Long> parameters, Map<Long, List<String>> rows)
            throws SQLException {
        try (PreparedStatement ps = sqlite.prepareStatement(sql)) {
            for (int i = 0; i < parameters.size(); i++) {
                ps.setLong(i + 1, parameters.get(i));
            }
            try (ResultSet rs = ps.executeQuery()) {
                int columns = rs.getMetaData().getColumnCount();
                while (rs.next()) {
                    List<String> row = new ArrayList<>(columns - 1);
                    for (int c = 2; c <= columns; c++) {
                        row.add(rs.getString(c));
                    }
                    rows.putIfAbsent(rs.getLong(1), row);
                }
            }
        }
    }

    /** Picks up to {@link #SAMPLE_ROWS} rows that together show the most different values; returns rowids in order. */
    static List<Long> pick(Map<Long, List<String>> candidates, int columnCount) {
        List<Set<String>> shown = new ArrayList<>();
        for (int c = 0; c < columnCount; c++) {
            shown.add(new HashSet<>());
        }
        List<Long> picked = new ArrayList<>();
        Set<Long> left = new HashSet<>(candidates.keySet());
        while (picked.size() < SAMPLE_ROWS && !left.isEmpty()) {
            Long best = null;
            long bestScore = -1;
            for (Map.Entry<Long, List<String>> entry : candidates.entrySet()) {
                if (!left.contains(entry.getKey())) {
                    continue;
                }
                long score = 0;
                List<String> row = entry.getValue();
                for (int c = 0; c < columnCount; c++) {
                    String value = row.get(c);
                    if (value != null) {
                        score += shown.get(c).contains(value) ? 1 : columnCount + 1;
                    }
                }
                if (score > bestScore) {
                    best = entry.getKey();
                    bestScore = score;
                }
            }
            left.remove(best);
            picked.add(best);
            List<String> row = candidates.get(best);
            for (int c = 0; c < columnCount; c++) {
                if (row.get(c) != null) {
                    shown.get(c).add(row.get(c));
                }
            }
        }
        picked.sort(Comparator.naturalOrder());
        return picked;
    }
}

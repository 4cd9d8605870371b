package io.tablequery.engine.store;

import static io.tablequery.dialects.SqlIdentifiers.quote;

import io.tablequery.engine.catalog.ColumnInfo;
import io.tablequery.engine.catalog.ColumnProfile;
import io.tablequery.engine.catalog.TableInfo;
import io.tablequery.engine.catalog.TableProfile;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;

/**
 * Computes a table's column profiles from its DuckDB copy, which scans columns far faster than SQLite. Values are
 * read in the SQLite copy's representation (the text twins of dates, booleans as 0/1), so the profiles describe what
 * SQLite plans see.
 */
public final class TableProfiler {
    private TableProfiler() {}

    /**
     * Profiles the physical table behind a table.
     *
     * @param duckDb a connection to the workspace's DuckDB database
     * @param table the table, whose physical table must exist
     * @return the profiles in column order
     * @throws SQLException on a database failure
     */
    public static TableProfile profile(Connection duckDb, TableInfo table) throws SQLException {
        List<ColumnInfo> columns = table.columns();
        String from = " FROM " + quote(DuckDbStorage.STORE_SCHEMA, table.storageName());
        StringJoiner aggregates = new StringJoiner(", ", "SELECT count(*), ", from);
        for (int i = 0; i < columns.size(); i++) {
            String value = sqliteValue(columns.get(i), i);
            aggregates.add(
                    "count(%1$s), count(DISTINCT %1$s), min(%1$s)::VARCHAR, max(%1$s)::VARCHAR".formatted(value));
        }
        List<ColumnProfile> profiles = new ArrayList<>();
        try (Statement statement = duckDb.createStatement();
                ResultSet rs = statement.executeQuery(aggregates.toString())) {
            rs.next();
            long rows = rs.getLong(1);
            for (int i = 0; i < columns.size(); i++) {
                int at = 2 + i * 4;
                long distinct = rs.getLong(at + 1);
                List<String> values = distinct > 0 && distinct <= TableProfile.VALUE_LIMIT
                        ? values(duckDb, sqliteValue(columns.get(i), i), from)
                        : List.of();
                profiles.add(new ColumnProfile(
                        columns.get(i).name(),
                        rows - rs.getLong(at),
                        distinct,
                        rs.getString(at + 2),
                        rs.getString(at + 3),
                        values));
            }
        }
        return new TableProfile(profiles);
    }

    private static List<String> values(Connection duckDb, String value, String from) throws SQLException {
        List<String> values = new ArrayList<>();
        String sql = "SELECT %1$s::VARCHAR%2$s WHERE %1$s IS NOT NULL GROUP BY %1$s ORDER BY count(*) DESC, %1$s"
                .formatted(value, from);
        try (Statement statement = duckDb.createStatement();
                ResultSet rs = statement.executeQuery(sql)) {
            while (rs.next()) {
                values.add(rs.getString(1));
            }
        }
        return values;
    }

    private static String sqliteValue(ColumnInfo column, int index) {
        return switch (column.type()) {
            case DATE, TIMESTAMP -> DuckDbStorage.textColumn(index);
            case BOOLEAN -> "CAST(" + DuckDbStorage.valueColumn(index) + " AS BIGINT)";
            default -> DuckDbStorage.valueColumn(index);
        };
    }
}

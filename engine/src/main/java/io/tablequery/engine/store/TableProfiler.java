package io.tablequery.engine.store;

import static io.tablequery.dialects.SqlIdentifiers.quote;

import io.tablequery.dialects.translate.AsciiLetters;
import io.tablequery.engine.catalog.ColumnProfile;
import io.tablequery.engine.catalog.ColumnType;
import io.tablequery.engine.catalog.TableInfo;
import io.tablequery.engine.catalog.TableProfile;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

/**
 * Computes a table's column profiles from its DuckDB copy, which scans columns far faster than SQLite. Values are
 * read in the SQLite copy's representation (the text twins of dates, booleans as 0/1), so the profiles describe what
 * SQLite plans see.
 *
 * <p>A table of up to {@value #LONG_FORM_CELLS} cells is profiled in long form ({@link LongFormProfile}); a larger
 * one {@value #BATCH} columns at a time, the value lists of a batch's columns in one statement.
 * One statement over every column would cost DuckDB a distinct-count table per column at once: at 350 columns it
 * overflowed the native stack (the process died) and at a few hundred it ran out of memory, while a narrow sheet of
 * the same size took milliseconds.
 */
public final class TableProfiler {
    /** How many columns one profiling statement covers. */
    static final int BATCH = 16;
    /**
     * Up to how many cells a table is profiled in long form ({@link LongFormProfile}): one statement groups every
     * (column, value) pair, so a wide table of few rows costs what a narrow one of as many cells costs.
     */
    static final long LONG_FORM_CELLS = 1_000_000;
    /** How many columns one long-form statement covers. */
    static final int LONG_FORM_BATCH = 256;

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
        return profile(duckDb, table, LONG_FORM_CELLS);
    }

    /**
     * Profiles the physical tables behind several tables.
     *
     * @param duckDb a connection to the workspace's DuckDB database
     * @param tables the tables, whose physical tables must exist
     * @return each table's profile by its name
     * @throws SQLException on a database failure
     */
    public static Map<String, TableProfile> profile(Connection duckDb, List<TableInfo> tables) throws SQLException {
        Map<String, TableProfile> profiles = new HashMap<>();
        for (TableInfo table : tables) {
            profiles.put(table.name(), profile(duckDb, table));
        }
        return profiles;
    }

    /** Profiles a table, in long form when it has at most {@code longFormCells} cells. */
    static TableProfile profile(Connection duckDb, TableInfo table, long longFormCells) throws SQLException {
        List<StoredColumn> columns = StoredColumn.of(table);
        return profile(duckDb, table.storageName(), columns, table.rowCount(), longFormCells);
    }

    /** Profiles a physical table of known columns and rows, in long form when it has at most that many cells. */
    static TableProfile profile(
            Connection duckDb, String storageName, List<StoredColumn> columns, long rows, long longFormCells)
            throws SQLException {
        String from = " FROM " + quote(DuckDbStorage.STORE_SCHEMA, storageName);
        List<ColumnProfile> profiles = new ArrayList<>();
        try (Statement statement = duckDb.createStatement()) {
            if (rows * columns.size() <= longFormCells) {
                for (int first = 0; first < columns.size(); first += LONG_FORM_BATCH) {
                    profiles.addAll(LongFormProfile.batch(
                            statement, columns, first, Math.min(columns.size(), first + LONG_FORM_BATCH), from));
                }
            } else {
                for (int first = 0; first < columns.size(); first += BATCH) {
                    profiles.addAll(batch(statement, columns, first, Math.min(columns.size(), first + BATCH), from));
                }
            }
        }
        return new TableProfile(profiles);
    }

    private static List<ColumnProfile> batch(
            Statement statement, List<StoredColumn> columns, int first, int end, String from) throws SQLException {
        StringJoiner aggregates = new StringJoiner(", ", "SELECT count(*), ", from);
        for (int i = first; i < end; i++) {
            aggregates.add("count(%1$s), count(DISTINCT %1$s), min(%1$s)::VARCHAR, max(%1$s)::VARCHAR"
                    .formatted(sqliteValue(columns.get(i), i)));
        }
        int lettersAt = 2 + (end - first) * 4;
        AsciiLetterProfile.add(aggregates, columns, first, end);
        AsciiLetters[] letters;
        long rows;
        long[] nonNull = new long[end - first];
        long[] distinct = new long[end - first];
        String[] min = new String[end - first];
        String[] max = new String[end - first];
        try (ResultSet rs = statement.executeQuery(aggregates.toString())) {
            rs.next();
            rows = rs.getLong(1);
            for (int k = 0; k < end - first; k++) {
                int at = 2 + k * 4;
                ColumnType type = columns.get(first + k).type();
                nonNull[k] = rs.getLong(at);
                distinct[k] = rs.getLong(at + 1);
                min[k] = ProfileValues.fromDuckDb(type, rs.getString(at + 2));
                max[k] = ProfileValues.fromDuckDb(type, rs.getString(at + 3));
            }
            letters = AsciiLetterProfile.read(rs, lettersAt, columns, first, end);
        }
        Map<Integer, List<String>> values = values(statement, columns, first, distinct, from);
        List<ColumnProfile> profiles = new ArrayList<>();
        for (int k = 0; k < end - first; k++) {
            profiles.add(new ColumnProfile(
                    columns.get(first + k).name(),
                    rows - nonNull[k],
                    distinct[k],
                    min[k],
                    max[k],
                    values.getOrDefault(first + k, List.of()),
                    letters[k]));
        }
        return profiles;
    }

    /**
     * The values of the batch's columns that have few, most frequent first (ties by value), in one statement: each
     * column's groups ranked in its own branch.
     */
    private static Map<Integer, List<String>> values(
            Statement statement, List<StoredColumn> columns, int first, long[] distinct, String from)
            throws SQLException {
        StringJoiner branches = new StringJoiner(" UNION ALL ", "SELECT i, v FROM (", ") ORDER BY i, r");
        int listed = 0;
        for (int k = 0; k < distinct.length; k++) {
            if (distinct[k] > 0 && distinct[k] <= TableProfile.VALUE_LIMIT) {
                branches.add(("SELECT %3$d AS i, %1$s::VARCHAR AS v, row_number() OVER (ORDER BY count(*) DESC, %1$s)"
                                + " AS r%2$s WHERE %1$s IS NOT NULL GROUP BY %1$s")
                        .formatted(sqliteValue(columns.get(first + k), first + k), from, first + k));
                listed++;
            }
        }
        Map<Integer, List<String>> values = new HashMap<>();
        if (listed == 0) {
            return values;
        }
        try (ResultSet rs = statement.executeQuery(branches.toString())) {
            while (rs.next()) {
                int column = rs.getInt(1);
                values.computeIfAbsent(column, c -> new ArrayList<>())
                        .add(ProfileValues.fromDuckDb(columns.get(column).type(), rs.getString(2)));
            }
        }
        return values;
    }

    static String sqliteValue(StoredColumn column, int index) {
        return switch (column.type()) {
            case DATE, TIMESTAMP -> DuckDbStorage.textColumn(index);
            case BOOLEAN -> "CAST(" + DuckDbStorage.valueColumn(index) + " AS BIGINT)";
            default -> DuckDbStorage.valueColumn(index);
        };
    }
}

package io.tablequery.engine.testing;

import static io.tablequery.dialects.SqlIdentifiers.quote;

import io.tablequery.engine.store.DuckDbStorage;
import io.tablequery.engine.workspace.Workspace;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Reads a table back from each copy of a workspace, as lists of rows whose first value is the row number. */
public final class TableReader {
    private TableReader() {}

    /** Rows of the SQLite copy: rowid, then the columns, as JDBC returns them. */
    public static List<List<Object>> sqlite(Workspace workspace, String table) {
        try (Connection connection = workspace.openSqliteReader()) {
            return rows(connection, "SELECT rowid, * FROM " + quote(table) + " ORDER BY rowid");
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Rows of the DuckDB compatibility view (SQLite's representation), as {@link DuckDbStorage#sqliteRowsSql} reads
     * them: rowid, then the columns.
     */
    public static List<List<Object>> duckDbSqliteView(Workspace workspace, String table) {
        try (Connection connection = workspace.openDuckDb()) {
            return rows(
                    connection,
                    DuckDbStorage.sqliteRowsSql(workspace.catalog().table(table).orElseThrow()));
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Rows of the DuckDB native view, with the physical row number first. */
    public static List<List<Object>> duckDbNative(Workspace workspace, String table) {
        try (Connection connection = workspace.openDuckDb()) {
            return rows(connection, "SELECT * FROM main." + quote(table));
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Runs a query and returns its rows. */
    public static List<List<Object>> rows(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet rs = statement.executeQuery(sql)) {
            ResultSetMetaData meta = rs.getMetaData();
            List<List<Object>> rows = new ArrayList<>();
            while (rs.next()) {
                Object[] row = new Object[meta.getColumnCount()];
                for (int i = 0; i < row.length; i++) {
                    row[i] = rs.getObject(i + 1);
                }
                rows.add(Arrays.asList(row));
            }
            return rows;
        }
    }

    /** Column names of a query's result. */
    public static List<String> columnNames(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet rs = statement.executeQuery(sql)) {
            List<String> names = new ArrayList<>();
            for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
                names.add(rs.getMetaData().getColumnLabel(i));
            }
            return names;
        }
    }
}

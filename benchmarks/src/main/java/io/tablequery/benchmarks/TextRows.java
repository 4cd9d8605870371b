package io.tablequery.benchmarks;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/** Reads a query's whole result over JDBC as a client that shows it would: every value as text. */
final class TextRows {
    private TextRows() {}

    /**
     * Runs a query and reads every value as text.
     *
     * @param connection the connection
     * @param sql the query
     * @return the rows read
     * @throws SQLException when the query fails
     */
    static long read(Connection connection, String sql) throws SQLException {
        long rows = 0;
        try (Statement statement = connection.createStatement();
                ResultSet rs = statement.executeQuery(sql)) {
            int columns = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                for (int c = 1; c <= columns; c++) {
                    rs.getString(c);
                }
                rows++;
            }
        }
        return rows;
    }
}

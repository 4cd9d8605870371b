package io.tablequery.engine.workspace;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;

/**
 * Reads a Parquet file with whatever DuckDB driver is on the class path and prints its version, row count and columns:
 * {@link WorkspaceExportTest} runs it in a JVM of its own with DuckDB 1.x.
 */
public final class ParquetReadCheck {
    private ParquetReadCheck() {}

    /**
     * Reads the file.
     *
     * @param args the Parquet file
     * @throws Exception when it cannot be read
     */
    public static void main(String[] args) throws Exception {
        try (Connection connection = DriverManager.getConnection("jdbc:duckdb:");
                Statement statement = connection.createStatement()) {
            try (ResultSet rs = statement.executeQuery("SELECT version()")) {
                rs.next();
                System.out.println("version " + rs.getString(1));
            }
            String file = "'" + args[0].replace("'", "''") + "'";
            try (ResultSet rs = statement.executeQuery("SELECT count(*) FROM read_parquet(" + file + ")")) {
                rs.next();
                System.out.println("rows " + rs.getLong(1));
            }
            try (ResultSet rs = statement.executeQuery("DESCRIBE SELECT * FROM read_parquet(" + file + ")")) {
                while (rs.next()) {
                    System.out.println("column " + rs.getString(1) + " " + rs.getString(2));
                }
            }
        }
    }
}

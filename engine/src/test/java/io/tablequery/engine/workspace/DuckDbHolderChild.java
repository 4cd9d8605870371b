package io.tablequery.engine.workspace;

import java.sql.Connection;
import java.sql.DriverManager;

/**
 * A process that opens a DuckDB file, as a user's DuckDB shell would, says {@code OPEN} and holds it until killed.
 */
public final class DuckDbHolderChild {
    private DuckDbHolderChild() {}

    public static void main(String[] args) throws Exception {
        try (Connection connection = DriverManager.getConnection("jdbc:duckdb:" + args[0])) {
            System.out.println("OPEN");
            System.out.flush();
            Thread.sleep(Long.MAX_VALUE);
        }
    }
}

package io.tablequery.benchmarks;

import io.tablequery.engine.workspace.Workspace;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Whether a query's SQLite text runs unchanged on DuckDB with the translation's answer, so that its time there tells
 * the query's form apart from the translation's cost. The answers are compared as {@link TpchAnswers#compare} compares
 * the two engines' rows.
 */
final class AsWritten {
    private AsWritten() {}

    /**
     * Runs both on the workspace's DuckDB copy and compares their answers.
     *
     * @param workspace the workspace
     * @param sqlite the query's SQLite text
     * @param translated its translation
     * @return empty when the text runs unchanged with the same answer, else why not
     */
    static Optional<String> whyNot(Workspace workspace, String sqlite, String translated) {
        List<List<String>> expected;
        try {
            expected = rows(workspace, translated);
        } catch (SQLException e) {
            return Optional.of("the translation failed: " + e.getMessage());
        }
        List<List<String>> actual;
        try {
            actual = rows(workspace, sqlite);
        } catch (SQLException e) {
            return Optional.of("does not run on DuckDB");
        }
        return TpchAnswers.compare(actual, expected).map(difference -> "answers otherwise on DuckDB");
    }

    private static List<List<String>> rows(Workspace workspace, String sql) throws SQLException {
        List<List<String>> rows = new ArrayList<>();
        try (Connection connection = workspace.openDuckDb();
                Statement statement = connection.createStatement();
                ResultSet rs = statement.executeQuery(sql)) {
            int columns = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                List<String> row = new ArrayList<>(columns);
                for (int c = 1; c <= columns; c++) {
                    row.add(rs.getString(c));
                }
                rows.add(row);
            }
        }
        return rows;
    }
}

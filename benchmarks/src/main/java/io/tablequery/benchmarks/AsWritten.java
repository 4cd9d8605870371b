package io.tablequery.benchmarks;

import io.tablequery.engine.workspace.Workspace;
import java.math.BigDecimal;
import java.math.MathContext;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.StringJoiner;

/**
 * Whether a query's SQLite text runs unchanged on DuckDB with the translation's answer, so that its time there tells
 * the query's form apart from the translation's cost. Answers are compared as sorted rows, numbers to 8 significant
 * digits (the two sum reals in other orders) and every other value by its text.
 */
final class AsWritten {
    private static final MathContext DIGITS = new MathContext(8);

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
        List<String> expected;
        try {
            expected = rows(workspace, translated);
        } catch (SQLException e) {
            return Optional.of("the translation failed: " + e.getMessage());
        }
        List<String> actual;
        try {
            actual = rows(workspace, sqlite);
        } catch (SQLException e) {
            return Optional.of("does not run on DuckDB");
        }
        return expected.equals(actual) ? Optional.empty() : Optional.of("answers otherwise on DuckDB");
    }

    private static List<String> rows(Workspace workspace, String sql) throws SQLException {
        List<String> rows = new ArrayList<>();
        try (Connection connection = workspace.openDuckDb();
                Statement statement = connection.createStatement();
                ResultSet rs = statement.executeQuery(sql)) {
            int columns = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                StringJoiner row = new StringJoiner("|");
                for (int c = 1; c <= columns; c++) {
                    row.add(text(rs.getObject(c)));
                }
                rows.add(row.toString());
            }
        }
        rows.sort(null);
        return rows;
    }

    private static String text(Object value) {
        if (value instanceof Number number) {
            return new BigDecimal(number.toString())
                    .round(DIGITS)
                    .stripTrailingZeros()
                    .toPlainString();
        }
        return String.valueOf(value);
    }
}

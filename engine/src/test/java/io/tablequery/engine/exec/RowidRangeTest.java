package io.tablequery.engine.exec;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The rowid range a plan that lists rows reads of each table it reads comes from the ends of the table's B-tree: a
 * {@code min} and a {@code max} in one SELECT had SQLite scan the whole table (half a second for TPC-H's lineitem at
 * sf1, on every such plan).
 */
class RowidRangeTest {
    @TempDir
    Path dir;

    @Test
    void readsBothEndsWithoutAScan() throws SQLException {
        try (Connection sqlite = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("t.sqlite"));
                Statement statement = sqlite.createStatement()) {
            statement.execute("CREATE TABLE \"line items\" (qty INTEGER)");
            statement.execute("INSERT INTO \"line items\" (rowid, qty) VALUES (-7, 1), (3, 2), (4000000000, 3)");
            List<String> plan = new ArrayList<>();
            try (ResultSet rs =
                    statement.executeQuery("EXPLAIN QUERY PLAN " + TranslationCatalog.rowidRange("line items"))) {
                while (rs.next()) {
                    plan.add(rs.getString("detail"));
                }
            }
            assertThat(plan)
                    .noneMatch(step -> step.startsWith("SCAN") && step.contains("line items"))
                    .filteredOn(step -> step.startsWith("SEARCH") && step.contains("line items"))
                    .hasSize(2);
            try (ResultSet rs = statement.executeQuery(TranslationCatalog.rowidRange("line items"))) {
                rs.next();
                assertThat(rs.getLong(1)).isEqualTo(-7);
                assertThat(rs.getLong(2)).isEqualTo(4_000_000_000L);
            }
            assertThat(statement
                            .executeQuery("EXPLAIN QUERY PLAN SELECT min(rowid), max(rowid) FROM \"line items\"")
                            .getString("detail"))
                    .as("the form that scans, which the check above tells apart")
                    .startsWith("SCAN")
                    .contains("line items");
        }
    }
}

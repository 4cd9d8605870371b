package io.tablequery.samples;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablequery.engine.catalog.CatalogSnapshot;
import io.tablequery.engine.catalog.ColumnInfo;
import io.tablequery.engine.catalog.TableInfo;
import io.tablequery.engine.workspace.IngestResult;
import io.tablequery.engine.workspace.Workspace;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sample files ingest as the README describes them, and the committed files in {@code samples/files} hold the
 * same tables and values as a fresh run of the generator, so the two cannot drift apart.
 */
class SampleFilesTest {
    @TempDir
    Path dir;

    @Test
    void samplesShowTheLayoutsTheyStandFor() throws Exception {
        List<Path> files = SampleFiles.writeAll(dir.resolve("generated"));
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            for (Path file : files) {
                workspace.ingest(file);
            }
            CatalogSnapshot catalog = workspace.catalog();
            assertThat(catalog.tables())
                    .extracting(TableInfo::name)
                    .containsExactly(
                            "sales_2025_q1",
                            "sales_2025_q1__totals",
                            "sales_2025_q1__long",
                            "sales_2025_q2",
                            "sales_2025_q2__totals",
                            "sales_2025_q2__long",
                            "sales_2025_targets",
                            "库存_库存表",
                            "库存_仓库代码",
                            "orders");
            TableInfo q1 = catalog.table("sales_2025_q1").orElseThrow();
            assertThat(q1.columns())
                    .extracting(ColumnInfo::name)
                    .containsExactly(
                            "Region",
                            "City",
                            "Units_Jan",
                            "Units_Feb",
                            "Units_Mar",
                            "Revenue (USD)_Jan",
                            "Revenue (USD)_Feb",
                            "Revenue (USD)_Mar");
            assertThat(q1.rowCount()).isEqualTo(9);
            assertThat(q1.description())
                    .contains("Row 14 is a total of the rows above and is in table 'sales_2025_q1__totals'");
            assertThat(query(workspace, "SELECT sum(\"Units_Apr\") FROM \"sales_2025_q2\""))
                    .containsExactly("1188");
            assertThat(query(workspace, "SELECT rowid, \"Units_Apr\" FROM \"sales_2025_q2__totals\""))
                    .containsExactly("14|1188");
            assertThat(query(
                            workspace,
                            "SELECT sum(\"Units\"), typeof(\"Units\"), count(*) FROM \"sales_2025_q2__long\" WHERE"
                                    + " header_2 = 'Apr'"))
                    .as("the long form of the quarter's crosstab, without its total row, a column for each measure")
                    .containsExactly("1188|integer|9");
            assertThat(query(workspace, "SELECT count(*) FROM \"sales_2025_q1\" WHERE \"Region\" = 'East'"))
                    .containsExactly("3");
            assertThat(query(workspace, "SELECT \"类别\", count(*) FROM \"库存_库存表\" GROUP BY 1 ORDER BY 1"))
                    .containsExactly("办公用品|3", "电子产品|4", "食品饮料|2");
            assertThat(catalog.file(2).orElseThrow().sheets().get(1).hidden()).isTrue();
            TableInfo orders = catalog.table("orders").orElseThrow();
            assertThat(orders.rowCount()).isEqualTo(200);
            assertThat(query(workspace, "SELECT max(rowid), typeof(\"total\"), typeof(\"discount\") FROM \"orders\""))
                    .containsExactly("202|real|real");
        }
    }

    @Test
    void committedSamplesMatchTheGenerator() throws Exception {
        List<Path> generated = SampleFiles.writeAll(dir.resolve("generated"));
        Path committed = Path.of(System.getProperty("tq.samples", "files"));
        try (Workspace fresh = Workspace.open(dir.resolve("fresh"));
                Workspace stored = Workspace.open(dir.resolve("stored"))) {
            for (Path file : generated) {
                IngestResult a = fresh.ingest(file);
                IngestResult b = stored.ingest(committed.resolve(file.getFileName()));
                assertThat(b.file().sheets()).isEqualTo(a.file().sheets());
                for (TableInfo table : a.tables()) {
                    String sql = "SELECT rowid, * FROM \"" + table.name() + "\" ORDER BY rowid";
                    assertThat(query(stored, sql)).as(table.name()).isEqualTo(query(fresh, sql));
                }
            }
        }
    }

    private static List<String> query(Workspace workspace, String sql) throws Exception {
        List<String> rows = new ArrayList<>();
        try (Connection connection = workspace.openSqliteReader();
                Statement statement = connection.createStatement();
                ResultSet rs = statement.executeQuery(sql)) {
            while (rs.next()) {
                StringBuilder row = new StringBuilder();
                for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
                    row.append(i > 1 ? "|" : "").append(rs.getString(i));
                }
                rows.add(row.toString());
            }
        }
        return rows;
    }
}

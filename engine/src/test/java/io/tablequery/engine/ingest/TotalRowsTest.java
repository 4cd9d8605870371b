package io.tablequery.engine.ingest;

import static io.tablequery.engine.testing.Rows.row;
import static io.tablequery.engine.testing.Workbooks.r;
import static org.assertj.core.api.Assertions.assertThat;

import io.tablequery.engine.catalog.TableInfo;
import io.tablequery.engine.ingest.report.SheetReport;
import io.tablequery.engine.testing.Rows;
import io.tablequery.engine.testing.TableReader;
import io.tablequery.engine.testing.Workbooks;
import io.tablequery.engine.workspace.IngestResult;
import io.tablequery.engine.workspace.Workspace;
import io.tablequery.engine.workspace.WorkspaceOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Total rows that add up to the rows above them move to a {@code <table>__totals} companion table, keeping their row
 * numbers, so that a SUM over the table counts each row once; total-like rows that do not add up stay, flagged.
 */
class TotalRowsTest {
    @TempDir
    Path dir;

    @Test
    void aTotalThatAddsUpMovesToItsOwnTable() throws Exception {
        Path file = Workbooks.write(
                dir.resolve("sales.xlsx"),
                List.of(
                        r("Region", "Units", "Revenue"),
                        r("North", 10, 100.5),
                        r("South", 20, 200.25),
                        r("East", 5, 50),
                        r("Total", 35, 350.75)));
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            IngestResult result = workspace.ingest(file);
            assertThat(result.tables())
                    .extracting(TableInfo::name)
                    .containsExactly("sales_sheet1", "sales_sheet1__totals");
            assertThat(sqlite(workspace, "SELECT sum(\"Units\"), sum(\"Revenue\") FROM \"sales_sheet1\""))
                    .containsExactly(row(35, 350.75));
            assertThat(duckDb(workspace, "SELECT CAST(sum(\"Units\") AS BIGINT) FROM \"sales_sheet1\""))
                    .containsExactly(row(35));
            assertThat(Rows.normalizeAll(TableReader.sqlite(workspace, "sales_sheet1__totals")))
                    .containsExactly(row(5, "Total", 35, 350.75));
            assertThat(workspace.catalog().table("sales_sheet1").orElseThrow().description())
                    .contains("Row 5 is a total of the rows above and is in table 'sales_sheet1__totals'; this table"
                            + " holds data rows only.");
            SheetReport report = result.report().sheets().get(0);
            assertThat(report.movedTotalRows()).containsExactly(5L);
            assertThat(report.totalsTable()).isEqualTo("sales_sheet1__totals");
            assertThat(report.totalRows()).isEmpty();
            assertThat(result.file().sheets().get(0).status()).isEqualTo("table");
            assertThat(workspace
                            .catalog()
                            .table("sales_sheet1__totals")
                            .orElseThrow()
                            .totalsOf())
                    .isEqualTo("sales_sheet1");
            assertThat(workspace.searchTables("sales total revenue", 5).hits())
                    .extracting(hit -> hit.table().name())
                    .containsExactly("sales_sheet1");
        }
    }

    @Test
    void subtotalsPerGroupAndTheGrandTotalAllMove() throws Exception {
        Path file = Workbooks.write(
                dir.resolve("groups.xlsx"),
                List.of(
                        r("Region", "Product", "Units", "Revenue"),
                        r("North", "a", 1, 10.1),
                        r("North", "b", 2, 20.2),
                        r("North Total", null, 3, 30.3),
                        r("South", "c", 4, 40.4),
                        r("South Total", null, 4, 40.4),
                        r("Grand Total", null, 7, 70.7)));
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            workspace.ingest(file);
            assertThat(sqlite(workspace, "SELECT count(*), sum(\"Units\") FROM \"groups_sheet1\""))
                    .containsExactly(row(3, 7));
            assertThat(sqlite(workspace, "SELECT rowid, \"Region\" FROM \"groups_sheet1__totals\" ORDER BY rowid"))
                    .containsExactly(row(4, "North Total"), row(6, "South Total"), row(7, "Grand Total"));
        }
    }

    @Test
    void aTotalLikeRowThatDoesNotAddUpStaysAndIsFlagged() throws Exception {
        Path file = Workbooks.write(
                dir.resolve("odd.xlsx"),
                List.of(r("Item", "Units"), r("Shampoo", 3), r("Soap", 4), r("Total", 99), r("Total", null)));
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            IngestResult result = workspace.ingest(file);
            assertThat(result.tables()).extracting(TableInfo::name).containsExactly("odd_sheet1");
            assertThat(sqlite(workspace, "SELECT count(*) FROM \"odd_sheet1\"")).containsExactly(row(4));
            assertThat(result.report().sheets().get(0).totalRows()).containsExactly(4L, 5L);
            assertThat(result.tables().get(0).description())
                    .contains("Rows 4, 5 read like total rows, but their numbers do not add up to the rows above (or"
                            + " could not be checked); kept as data");
        }
    }

    @Test
    void aTotalMatchesWithinTheRoundingOfItsLastDigitOnly() throws Exception {
        Path file = Workbooks.write(
                dir.resolve("round.xlsx"),
                List.of(
                        r("Part", "Share", "Weight"),
                        r("a", 3.333, 1.04),
                        r("b", 3.333, 1.04),
                        r("c", 3.334, 1.04),
                        r("Total", 10, 3.1)));
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            IngestResult result = workspace.ingest(file);
            // 10 is 10.000 rounded to its last digit, and 3.1 is 3.12 rounded to its one.
            assertThat(result.tables()).hasSize(2);
        }
        Path wrong = Workbooks.write(
                dir.resolve("wrong.xlsx"),
                List.of(r("Part", "Weight"), r("a", 1.04), r("b", 1.04), r("c", 1.04), r("Total", 3.2)));
        try (Workspace workspace = Workspace.open(dir.resolve("ws2"))) {
            IngestResult result = workspace.ingest(wrong);
            assertThat(result.tables()).hasSize(1);
            assertThat(result.report().sheets().get(0).totalRows()).containsExactly(5L);
        }
    }

    @Test
    void aCsvStreamedPastItsSampleMovesItsTotalToo() throws Exception {
        StringBuilder csv = new StringBuilder("day,amount\n");
        long sum = 0;
        for (int i = 1; i <= 500; i++) {
            csv.append("d").append(i).append(',').append(i).append('\n');
            sum += i;
        }
        csv.append("Total,").append(sum).append('\n');
        Path file = Files.writeString(dir.resolve("ledger.csv"), csv);
        WorkspaceOptions small = new WorkspaceOptions(new IngestSettings(2000, 50, 500_000, 64, 20, 1 << 20), 1, "1GB");
        try (Workspace workspace = Workspace.open(dir.resolve("ws"), small)) {
            IngestResult result = workspace.ingest(file);
            assertThat(result.tables()).extracting(TableInfo::name).containsExactly("ledger", "ledger__totals");
            assertThat(sqlite(workspace, "SELECT count(*), sum(amount) FROM ledger"))
                    .containsExactly(row(500, sum));
            assertThat(sqlite(workspace, "SELECT rowid, amount FROM ledger__totals"))
                    .containsExactly(row(502, sum));
        }
    }

    @Test
    void aReplacedFileKeepsItsTableNames() throws Exception {
        List<Object[]> rows = new ArrayList<>(List.of(r("k", "v"), r("a", 1), r("b", 2), r("Total", 3)));
        Path file = Workbooks.write(dir.resolve("book.xlsx"), rows);
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            workspace.ingest(file);
            rows.set(3, r("c", 3));
            rows.add(r("Total", 6));
            Workbooks.write(file, rows);
            IngestResult again = workspace.ingest(file);
            assertThat(again.tables())
                    .extracting(TableInfo::name)
                    .containsExactly("book_sheet1", "book_sheet1__totals");
            assertThat(workspace.catalog().tables()).hasSize(2);
            assertThat(sqlite(workspace, "SELECT sum(v) FROM book_sheet1")).containsExactly(row(6));
        }
    }

    private static List<List<Object>> sqlite(Workspace workspace, String sql) throws SQLException {
        try (Connection connection = workspace.openSqliteReader()) {
            return Rows.normalizeAll(TableReader.rows(connection, sql));
        }
    }

    private static List<List<Object>> duckDb(Workspace workspace, String sql) throws SQLException {
        try (Connection connection = workspace.openDuckDb()) {
            return Rows.normalizeAll(TableReader.rows(connection, sql));
        }
    }
}

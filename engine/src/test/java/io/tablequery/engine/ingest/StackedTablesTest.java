package io.tablequery.engine.ingest;

import static io.tablequery.engine.testing.Rows.row;
import static io.tablequery.engine.testing.Workbooks.r;
import static org.assertj.core.api.Assertions.assertThat;

import io.tablequery.engine.catalog.ColumnInfo;
import io.tablequery.engine.catalog.TableInfo;
import io.tablequery.engine.testing.Rows;
import io.tablequery.engine.testing.TableReader;
import io.tablequery.engine.testing.Workbooks;
import io.tablequery.engine.workspace.IngestResult;
import io.tablequery.engine.workspace.Workspace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Tables stacked down one sheet become one table each, with their own header, title and true row numbers. */
class StackedTablesTest {
    @TempDir
    Path dir;

    @Test
    void eachStackedBlockIsATableOfItsOwn() throws Exception {
        Path file = Workbooks.write(
                dir.resolve("almanac.xlsx"),
                Arrays.asList(
                        r("Indian Railways almanac"),
                        null,
                        r("Operated Kms", "2011/12", "2012/13"),
                        r("Broad gauge", 55188, 56000),
                        r("Metre gauge", 6809, 6500),
                        r("Narrow gauge", 2463, 2400),
                        null,
                        r("Rolling stock"),
                        r("Type", "Units", "In service"),
                        r("Locomotives", 10499, 9800),
                        r("Coaches", 62924, 60000),
                        null,
                        r("Stations", "Count"),
                        r("Junctions", 300),
                        r("Halts", 2000),
                        null,
                        r("Source: Ministry of Railways")));
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            IngestResult result = workspace.ingest(file);
            assertThat(result.tables())
                    .extracting(TableInfo::name)
                    .containsExactly(
                            "almanac_sheet1_indian_railways_almanac",
                            "almanac_sheet1_rolling_stock",
                            "almanac_sheet1_3");
            assertThat(result.tables().get(0).columns())
                    .extracting(ColumnInfo::name)
                    .containsExactly("Operated Kms", "2011/12", "2012/13");
            assertThat(result.tables().get(1).columns())
                    .extracting(ColumnInfo::name)
                    .containsExactly("Type", "Units", "In service");
            assertThat(result.tables().get(2).columns())
                    .extracting(ColumnInfo::name)
                    .containsExactly("Stations", "Count");
            assertThat(rows(workspace, "almanac_sheet1_rolling_stock"))
                    .containsExactly(row(10, "Locomotives", 10499, 9800), row(11, "Coaches", 62924, 60000));
            assertThat(rows(workspace, "almanac_sheet1_3"))
                    .containsExactly(row(14, "Junctions", 300), row(15, "Halts", 2000));
            assertThat(result.tables().get(1).description())
                    .contains("table 2 of the 3 stacked in the sheet")
                    .contains("Title: 'Rolling stock'");
            assertThat(result.file().sheets().get(0).status()).isEqualTo("3 tables");
            assertThat(result.report().sheets().get(2).notes())
                    .contains("note under the table, row 17, left out of its rows: Source: Ministry of Railways");
            assertThat(result.tables())
                    .allSatisfy(t -> assertThat(t.sourceRef()).isEqualTo("F1S1"));
        }
    }

    @Test
    void aHeaderOfLabelsOverOnlySomeColumnsStartsATableToo() throws Exception {
        Path file = Workbooks.write(
                dir.resolve("kms.xlsx"),
                Arrays.asList(
                        r("Line", "2003/04", "2004/05", "2005/06"),
                        r("Bakerloo", 888, 885, 906),
                        r("Central", 2824, 3042, 3283),
                        r("TOTAL ALL LINES", 3712, 3927, 4189),
                        null,
                        r("Operated Kms", "2011/12"),
                        r("Bakerloo", 266, 269, 270),
                        r("Central", 916, 921, 925),
                        r("TOTAL ALL LINES", 1182, 1190, 1195)));
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            IngestResult result = workspace.ingest(file);
            assertThat(result.tables())
                    .extracting(TableInfo::name)
                    .containsExactly("kms_sheet1", "kms_sheet1__totals", "kms_sheet1_2", "kms_sheet1_2__totals");
            assertThat(result.tables().get(2).columns())
                    .extracting(ColumnInfo::name)
                    .containsExactly("Operated Kms", "2011/12", "col_C", "col_D");
            assertThat(rows(workspace, "kms_sheet1_2"))
                    .containsExactly(row(7, "Bakerloo", 266, 269, 270), row(8, "Central", 916, 921, 925));
            assertThat(rows(workspace, "kms_sheet1__totals"))
                    .containsExactly(row(4, "TOTAL ALL LINES", 3712, 3927, 4189));
        }
    }

    @Test
    void aHeaderRepeatedAfterAGapContinuesTheTable() throws Exception {
        Path file = Workbooks.write(
                dir.resolve("pages.xlsx"),
                Arrays.asList(r("Name", "Qty"), r("a", 1), r("b", 2), null, r("Name", "Qty"), r("c", 3)));
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            IngestResult result = workspace.ingest(file);
            assertThat(result.tables()).extracting(TableInfo::name).containsExactly("pages_sheet1");
            assertThat(rows(workspace, "pages_sheet1")).containsExactly(row(2, "a", 1), row(3, "b", 2), row(6, "c", 3));
            assertThat(result.report().sheets().get(0).notes()).contains("row 5 repeats the header; left out");
        }
    }

    @Test
    void gapsInsideATableDoNotSplitIt() throws Exception {
        Path file = Workbooks.write(
                dir.resolve("people.xlsx"),
                Arrays.asList(
                        r("Name", "City"),
                        r("Ann", "Oslo"),
                        null,
                        r("Bob", "Rome"),
                        r("Cy", "Pisa"),
                        null,
                        r("Vegetables"),
                        r("Dan", "Bern"),
                        r("Eve", "Gent")));
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            IngestResult result = workspace.ingest(file);
            assertThat(result.tables()).hasSize(1);
            assertThat(result.tables().get(0).rowCount()).isEqualTo(6);
        }
        Path numbers = Workbooks.write(
                dir.resolve("sections.xlsx"),
                Arrays.asList(
                        r("Item", "Qty"), r("apple", 3), null, r("Vegetables"), r("carrot", 4), null, r("leek", 5)));
        try (Workspace workspace = Workspace.open(dir.resolve("ws2"))) {
            IngestResult result = workspace.ingest(numbers);
            assertThat(result.tables()).hasSize(1);
            assertThat(result.tables().get(0).rowCount()).isEqualTo(4);
        }
    }

    @Test
    void aCsvWithTwoTablesBecomesTwoTables() throws Exception {
        Path file = Files.writeString(
                dir.resolve("two.csv"),
                "city,population\nOslo,700000\nRome,2800000\n\nyear,rainfall_mm\n2020,812\n2021,790\n");
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            IngestResult result = workspace.ingest(file);
            assertThat(result.tables()).extracting(TableInfo::name).containsExactly("two", "two_2");
            assertThat(rows(workspace, "two_2")).containsExactly(row(6, 2020, 812), row(7, 2021, 790));
        }
    }

    private static List<List<Object>> rows(Workspace workspace, String table) {
        return Rows.normalizeAll(TableReader.sqlite(workspace, table));
    }
}

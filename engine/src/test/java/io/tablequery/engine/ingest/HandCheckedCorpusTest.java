package io.tablequery.engine.ingest;

import static io.tablequery.engine.testing.Rows.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import io.tablequery.dialects.testing.Corpora;
import io.tablequery.dialects.testing.CorpusSuite;
import io.tablequery.engine.catalog.ColumnInfo;
import io.tablequery.engine.catalog.ColumnType;
import io.tablequery.engine.catalog.SheetInfo;
import io.tablequery.engine.catalog.TableInfo;
import io.tablequery.engine.ingest.report.SheetReport;
import io.tablequery.engine.ingest.values.CoercionExample;
import io.tablequery.engine.testing.Rows;
import io.tablequery.engine.testing.TableReader;
import io.tablequery.engine.workspace.IngestResult;
import io.tablequery.engine.workspace.Workspace;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Files of the shared corpora whose contents were checked by hand: row counts, names, types and cell values. */
@CorpusSuite
class HandCheckedCorpusTest {
    private static final String FASTEXCEL = "spreadsheets/fastexcel/tests/fixtures/";
    private static final String CALAMINE = "spreadsheets/calamine/tests/";
    private static final String TIDYXL = "spreadsheets/misc/tidyxl/tests/testthat/";
    private static final String COMMONS_CSV = "csv/commons-csv/src/test/resources/org/apache/commons/csv/";

    @TempDir
    Path dir;

    private Workspace workspace;

    @BeforeEach
    void open() {
        workspace = Workspace.open(dir.resolve("ws"));
    }

    @AfterEach
    void close() {
        workspace.close();
    }

    @Test
    void errorCellsBecomeNullAndAreReported() {
        IngestResult result = ingest(FASTEXCEL + "sheet-with-na.xlsx");
        assertRows("sheet_with_na_sheet1", row(2, "A", null), row(3, "B", 100));
        assertRows("sheet_with_na_broken_refs", row(2, 1), row(3, null));
        assertThat(result.report().sheets())
                .flatExtracting(SheetReport::coercions)
                .extracting(c -> c.examples().get(0).original())
                .containsExactly("#N/A", "#REF!");
    }

    @Test
    void findsHeadersBelowTitlesAndBlankRows() {
        IngestResult result = ingest(FASTEXCEL + "fixture-changing-header-location.xlsx");
        assertRows("fixture_changing_header_location_sheet1", row(3, 1, 2019), row(4, 2, 2020));
        assertThat(result.report().sheets().get(0).titles()).containsExactly("Years Sheet");
        assertRows("fixture_changing_header_location_sheet2", row(1, 1, 3, 5), row(2, 2, 4, 6));
        assertThat(columns("fixture_changing_header_location_sheet2")).containsExactly("col_A", "col_B", "col_C");
        assertRows("fixture_changing_header_location_sheet3", row(13, 1, 2019), row(14, 2, 2020));
    }

    @Test
    void keepsTheColumnLettersOfATableAwayFromA1() {
        ingest(FASTEXCEL + "sheet-and-table-with-offset.xlsx");
        TableInfo table =
                workspace.catalog().table("sheet_and_table_with_without_table").orElseThrow();
        assertThat(table.columns())
                .extracting(ColumnInfo::name, ColumnInfo::source)
                .containsExactly(tuple("Column at H10", "H"), tuple("Column at I10", "I"), tuple("Column at K10", "K"));
        assertRows(table.name(), row(11, 1, 4, 7), row(12, 2, 5, 8), row(13, 3, 6, 9));
    }

    @Test
    void readsASheetWithoutHeaderFromItsFirstValues() {
        ingest(FASTEXCEL + "no-header.xlsx");
        assertThat(columns("no_header_feuille_1")).containsExactly("col_A", "col_B");
        assertThat(TableReader.sqlite(workspace, "no_header_feuille_1")).hasSize(6);
        assertThat(Rows.normalize(
                        TableReader.sqlite(workspace, "no_header_feuille_1").get(0)))
                .isEqualTo(row(3, "a", 0));
    }

    @Test
    void readsTwoRowHeadersOfAnXlsFileAndItsDates() {
        IngestResult result = ingest(FASTEXCEL + "null-bytes-in-columns-names.xls");
        TableInfo table = result.tables().get(0);
        assertThat(table.rowCount()).isEqualTo(8760);
        assertThat(result.report().sheets().get(0).headerRows()).containsExactly(5L, 6L);
        assertThat(table.columns().get(0)).isEqualTo(new ColumnInfo("Day", ColumnType.DATE, "A"));
        assertThat(table.columns().get(3).name()).isEqualTo("E.ON_region JČ (grid 0011)");
        assertThat(Rows.normalize(TableReader.sqlite(workspace, table.name()).get(0))
                        .subList(0, 5))
                .isEqualTo(row(7, "2019-01-01", 1, 1, 1.0525212));
    }

    @Test
    void ingestsHiddenSheetsAndMarksThem() {
        IngestResult result = ingest(FASTEXCEL + "fixture-sheets-different-visibilities.xlsx");
        assertThat(result.file().sheets())
                .extracting(SheetInfo::name, SheetInfo::hidden)
                .containsExactly(tuple("Visible", false), tuple("Hidden", true), tuple("VeryHidden", true));
        assertThat(workspace
                        .catalog()
                        .table("fixture_sheets_different_hidden")
                        .orElseThrow()
                        .description())
                .contains("a hidden sheet");
    }

    @Test
    void readsEachSheetOfAWorkbook() {
        ingest(CALAMINE + "temperature-table.xlsx");
        assertRows("temperature_table_sheet1", row(2, "celsius", 22.2222), row(3, "fahrenheit", 72.0));
        assertRows("temperature_table_sheet2", row(2, "something", 12.5), row(3, "else", 64.0));
    }

    @Test
    void readsDatesOfBothDateSystemsAlike() {
        ingest(CALAMINE + "date.xlsx");
        ingest(CALAMINE + "date_1904.xlsx");
        List<List<Object>> expected =
                List.of(row(1, "2021-01-01", 15), row(2, "2021-01-02", 16), row(3, "255:10:10", 17));
        assertThat(Rows.normalizeAll(TableReader.sqlite(workspace, "date_sheet1")))
                .isEqualTo(expected);
        assertThat(Rows.normalizeAll(TableReader.sqlite(workspace, "date_1904_sheet1")))
                .isEqualTo(expected);
    }

    @Test
    void readsAWideRowOfMixedTypes() {
        ingest(CALAMINE + "issue_174.xlsx");
        assertRows(
                "issue_174_sheet1",
                row(
                        2,
                        123,
                        "Test Contact Name",
                        "Test Contact Number",
                        "Hello Address",
                        "My City",
                        1.5,
                        1,
                        1.201,
                        "Nothing SPL",
                        "No Remarks",
                        "My Company?"));
    }

    @Test
    void fillsAVerticallyMergedCellDownward() {
        IngestResult result = ingest(CALAMINE + "merged_range.xlsx");
        assertRows(
                "merged_range_sheet2",
                row(3, null, "B3", "C3", null, "E3", null, null, null),
                row(4, null, "B4", "C3", null, "E4", null, null, null));
        assertThat(result.report().sheets().get(1).coercions()).singleElement().satisfies(c -> assertThat(c.examples())
                .containsExactly(new CoercionExample("C4", "(merged)", "C3")));
    }

    @Test
    void skipsAReportHeaderAndReadsDurationsAsText() {
        IngestResult result = ingest(FASTEXCEL + "single-sheet-skip-rows-durations.xlsx");
        SheetReport sheet = result.report().sheets().get(0);
        assertThat(sheet.headerRows()).containsExactly(11L);
        assertThat(sheet.titles()).hasSize(8).first().isEqualTo("Comprehensive Work Time Analytics For 87103");
        TableInfo table = result.tables().get(0);
        assertThat(table.rowCount()).isEqualTo(2);
        assertThat(table.columns().get(1)).isEqualTo(new ColumnInfo("Day", ColumnType.DATE, "C"));
        assertThat(Rows.normalize(TableReader.sqlite(workspace, table.name()).get(0))
                        .subList(0, 9))
                .isEqualTo(
                        row(12, "Abc", "2024-01-19", "Program A", "abc123", 553119, "abc@company.com", 87103, 89.63));
    }

    @Test
    void splitsTheAlmanacsStackedTablesAndMovesTheirTotals() {
        IngestResult result = ingest(TIDYXL + "lu-performance-data-almanac.xlsx");
        List<SheetReport> stacked = result.report().sheets().stream()
                .filter(s -> s.name().equals("Operated KMs PEAK old") && "data".equals(s.role()))
                .toList();
        assertThat(stacked).hasSize(12);
        SheetReport fourth = stacked.get(3);
        assertThat(fourth.headerRows()).containsExactly(85L);
        assertThat(fourth.firstDataRow()).isEqualTo(86L);
        assertThat(fourth.lastDataRow()).isEqualTo(95L);
        assertThat(fourth.movedTotalRows()).containsExactly(96L);
        assertThat(columns(fourth.table()).subList(0, 2)).containsExactly("Operated Kms", "2011/12");
        // The second table's own total row does not add up in its 2012/13 column: it stays, flagged.
        assertThat(stacked.get(1).movedTotalRows()).isEmpty();
        assertThat(stacked.get(1).totalRows()).containsExactly(26L);
    }

    @Test
    void keepsLeadingZeroIdsAndJapaneseText() {
        ingest(COMMONS_CSV + "CSV-196/japanese.csv");
        TableInfo table = workspace.catalog().table("japanese").orElseThrow();
        assertThat(table.columns().subList(0, 3))
                .extracting(ColumnInfo::type)
                .containsExactly(ColumnType.TEXT, ColumnType.DATE, ColumnType.TEXT);
        assertThat(Rows.normalize(TableReader.sqlite(workspace, "japanese").get(2))
                        .subList(0, 4))
                .isEqualTo(row(4, "00000000000003", "2017-01-01", "きちんと節分近くには咲いてる。自然の力ってすごいな～"));
    }

    @Test
    void readsSemicolonsAndQuotedEmptyFields() {
        IngestResult result = ingest(COMMONS_CSV + "CSV-213/999751170.patch.csv");
        assertThat(result.report().delimiter()).isEqualTo("semicolon");
        assertThat(columns("999751170_patch")).containsExactly("CHANELID", "ADDRESS");
        assertRows("999751170_patch", row(2, 27, null));
    }

    @Test
    void readsMultiLineFieldsWithoutHeader() {
        ingest(COMMONS_CSV + "CSV-290/psql.csv");
        assertRows(
                "psql",
                row(1, 1, "abc", "test line 1\ntest line 2", null, null),
                row(2, 2, "xyz", "\\b:\b \\t:\t \\n:\n \\r:\r", "a", "b"),
                row(3, 3, "a", "b,c,d", "\"quoted\"", "e"));
    }

    private IngestResult ingest(String relative) {
        return workspace.ingest(Corpora.resolve(relative));
    }

    private List<String> columns(String table) {
        return workspace.catalog().table(table).orElseThrow().columns().stream()
                .map(ColumnInfo::name)
                .toList();
    }

    @SafeVarargs
    private void assertRows(String table, List<Object>... expected) {
        assertThat(Rows.normalizeAll(TableReader.sqlite(workspace, table))).containsExactly(expected);
        assertThat(Rows.normalizeAll(TableReader.duckDbSqliteView(workspace, table)))
                .containsExactly(expected);
    }
}

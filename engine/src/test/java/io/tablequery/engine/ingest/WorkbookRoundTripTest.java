package io.tablequery.engine.ingest;

import static io.tablequery.engine.testing.Rows.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import io.tablequery.engine.catalog.ColumnInfo;
import io.tablequery.engine.catalog.ColumnType;
import io.tablequery.engine.catalog.SheetInfo;
import io.tablequery.engine.catalog.TableInfo;
import io.tablequery.engine.ingest.report.SheetReport;
import io.tablequery.engine.ingest.values.CoercionExample;
import io.tablequery.engine.ingest.values.CoercionKind;
import io.tablequery.engine.ingest.values.CoercionReport;
import io.tablequery.engine.testing.Rows;
import io.tablequery.engine.testing.ShopWorkbook;
import io.tablequery.engine.testing.TableReader;
import io.tablequery.engine.workspace.IngestResult;
import io.tablequery.engine.workspace.Workspace;
import java.nio.file.Path;
import java.sql.Date;
import java.sql.Timestamp;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A generated workbook with every layout and value type, in xlsx and xls: every cell read back from the SQLite copy
 * and from both DuckDB views equals what was written, with the right F, S and R.
 */
class WorkbookRoundTripTest {
    private static final List<List<Object>> SALES = List.of(
            row(5, "East", "2025-01-15", 10, 1200.5, 12, 1300.25),
            row(6, "East", "2025-02-15", 7, 800.0, 9, 950.75),
            row(7, "West", "2025-03-01", 5, 500.0, 6, 640.0));

    private static final List<List<Object>> SALES_TOTALS = List.of(row(8, "Total", null, 22, 2500.5, 27, 2891.0));

    private static final List<List<Object>> TYPES = List.of(
            row(
                    2,
                    1,
                    10.5,
                    0.25,
                    1234.5,
                    "2024-02-29",
                    "2024-02-29 13:45:30",
                    "12:00:00",
                    1,
                    "上海",
                    "00123",
                    "x",
                    "a",
                    "d",
                    "1",
                    2),
            row(
                    3,
                    2,
                    12.0,
                    0.5,
                    99.0,
                    "1999-12-31",
                    "1999-12-31 23:59:59",
                    "18:00:00",
                    0,
                    "東京",
                    "00456",
                    "y",
                    "b",
                    "e",
                    "two",
                    4),
            row(
                    4,
                    3,
                    null,
                    0.125,
                    0.0,
                    "2000-01-01",
                    "2000-01-01 00:00:01",
                    "06:00:00",
                    1,
                    "Zürich",
                    "07",
                    "z",
                    "c",
                    "f",
                    "3",
                    6));

    private static final DateTimeFormatter TIMESTAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"xlsx", "xls"})
    void everyCellReadsBackFromBothCopies(String format) throws Exception {
        Path file = ShopWorkbook.write(dir.resolve("shop." + format));
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            IngestResult result = workspace.ingest(file);

            assertThat(result.file().sheets())
                    .extracting(SheetInfo::name, SheetInfo::hidden, SheetInfo::tableName)
                    .containsExactly(
                            tuple("Sales", false, "shop_sales"),
                            tuple("Types", false, "shop_types"),
                            tuple("Lookup", true, "shop_lookup"),
                            tuple("Notes", false, null));
            assertThat(result.file().sheets().get(3).status()).startsWith("empty");

            TableInfo sales = workspace.catalog().table("shop_sales").orElseThrow();
            assertThat(sales.fileNumber()).isEqualTo(1);
            assertThat(sales.sheetNumber()).isEqualTo(1);
            assertThat(sales.columns())
                    .extracting(ColumnInfo::name, ColumnInfo::type)
                    .containsExactly(
                            tuple("Region", ColumnType.TEXT),
                            tuple("Date", ColumnType.DATE),
                            tuple("Q1_Units", ColumnType.INTEGER),
                            tuple("Q1_Revenue", ColumnType.REAL),
                            tuple("Q2_Units", ColumnType.INTEGER),
                            tuple("Q2_Revenue", ColumnType.REAL));
            assertThat(sales.description())
                    .contains("Title: 'Quarterly Sales Report 2025'")
                    .contains("Header in rows 3-4")
                    .contains("Row 8 is a total of the rows above and is in table 'shop_sales__totals'; this table"
                            + " holds data rows only.");
            assertBothCopies(workspace, "shop_sales", SALES);
            assertBothCopies(workspace, "shop_sales__totals", SALES_TOTALS);
            assertThat(workspace
                            .catalog()
                            .table("shop_sales__totals")
                            .orElseThrow()
                            .description())
                    .startsWith("Total rows of table 'shop_sales', moved out of it so that its sums count each row"
                            + " once: Sheet 'Sales' of 'shop.");

            TableInfo types = workspace.catalog().table("shop_types").orElseThrow();
            assertThat(types.sheetNumber()).isEqualTo(2);
            assertThat(types.columns())
                    .extracting(ColumnInfo::name)
                    .containsExactly(
                            "id", "amount", "share", "price", "day", "moment", "clock", "active", "city", "code",
                            "col_K", "note", "note_2", "mixed", "doubled");
            assertThat(types.columns())
                    .extracting(ColumnInfo::type)
                    .containsExactly(
                            ColumnType.INTEGER,
                            ColumnType.REAL,
                            ColumnType.REAL,
                            ColumnType.REAL,
                            ColumnType.DATE,
                            ColumnType.TIMESTAMP,
                            ColumnType.TEXT,
                            ColumnType.BOOLEAN,
                            ColumnType.TEXT,
                            ColumnType.TEXT,
                            ColumnType.TEXT,
                            ColumnType.TEXT,
                            ColumnType.TEXT,
                            ColumnType.TEXT,
                            ColumnType.INTEGER);
            assertBothCopies(workspace, "shop_types", TYPES);

            assertBothCopies(workspace, "shop_lookup", List.of(row(2, "a", 1), row(3, "b", 2)));

            SheetReport salesReport = result.report().sheets().get(0);
            assertThat(salesReport.headerRows()).containsExactly(3L, 4L);
            assertThat(salesReport.titleRows()).containsExactly(1L);
            assertThat(salesReport.totalRows()).isEmpty();
            assertThat(salesReport.movedTotalRows()).containsExactly(8L);
            assertThat(salesReport.totalsTable()).isEqualTo("shop_sales__totals");
            assertThat(salesReport.coercions()).singleElement().satisfies(c -> {
                assertThat(c.kind()).isEqualTo(CoercionKind.MERGED_CELL_FILLED);
                assertThat(c.column()).isEqualTo("Region");
                assertThat(c.examples()).containsExactly(new CoercionExample("A6", "(merged)", "East"));
            });
            assertThat(result.report().sheets())
                    .extracting(SheetReport::table, SheetReport::role)
                    .startsWith(
                            tuple("shop_sales", "data"),
                            tuple("shop_sales__totals", "totals"),
                            tuple("shop_sales__long", "long"),
                            tuple("shop_types", "data"));
            assertThat(Rows.normalizeAll(TableReader.sqlite(workspace, "shop_sales__long")))
                    .as("the long form of the quarters' crosstab, of the data rows only (the total row 8 is not in"
                            + " it), a row per quarter with a column for each measure, each of its type")
                    .containsExactly(
                            row(10, "East", "2025-01-15", "Q1", 10, 1200.5),
                            row(11, "East", "2025-01-15", "Q2", 12, 1300.25),
                            row(12, "East", "2025-02-15", "Q1", 7, 800.0),
                            row(13, "East", "2025-02-15", "Q2", 9, 950.75),
                            row(14, "West", "2025-03-01", "Q1", 5, 500.0),
                            row(15, "West", "2025-03-01", "Q2", 6, 640.0));
            assertThat(workspace
                            .catalog()
                            .table("shop_sales__long")
                            .orElseThrow()
                            .columns())
                    .extracting(ColumnInfo::name, ColumnInfo::type)
                    .containsExactly(
                            tuple("Region", ColumnType.TEXT),
                            tuple("Date", ColumnType.DATE),
                            tuple("header_1", ColumnType.TEXT),
                            tuple("Units", ColumnType.INTEGER),
                            tuple("Revenue", ColumnType.REAL));
            SheetReport typesReport = result.report().sheets().get(3);
            assertThat(typesReport.coercions())
                    .extracting(CoercionReport::column, CoercionReport::kind, CoercionReport::count)
                    .containsExactlyInAnyOrder(
                            tuple("amount", CoercionKind.NUMBER_STORED_AS_TEXT, 1L),
                            tuple("amount", CoercionKind.ERROR_TO_NULL, 1L),
                            tuple("clock", CoercionKind.VALUE_STORED_AS_TEXT, 3L),
                            tuple("mixed", CoercionKind.VALUE_STORED_AS_TEXT, 2L));
            assertThat(typesReport.notes()).contains("column K has no header; named col_K");
        }
    }

    private static void assertBothCopies(Workspace workspace, String table, List<List<Object>> expected) {
        assertThat(Rows.normalizeAll(TableReader.sqlite(workspace, table))).isEqualTo(expected);
        assertThat(Rows.normalizeAll(TableReader.duckDbSqliteView(workspace, table)))
                .isEqualTo(expected);
        List<List<Object>> nativeRows = TableReader.duckDbNative(workspace, table);
        assertThat(nativeRows).hasSize(expected.size());
        for (int r = 0; r < expected.size(); r++) {
            List<Object> want = expected.get(r).subList(1, expected.get(r).size());
            List<Object> got = nativeRows.get(r);
            for (int c = 0; c < want.size(); c++) {
                Object value = got.get(c);
                Object text = value instanceof Boolean b ? Long.valueOf(b ? 1 : 0) : value;
                if (value instanceof Timestamp timestamp) {
                    text = timestamp.toLocalDateTime().format(TIMESTAMP);
                } else if (value instanceof LocalDate || value instanceof Date) {
                    text = value.toString();
                }
                assertThat(Rows.normalize(Arrays.asList(text)).get(0))
                        .as("%s row %d column %d", table, r, c)
                        .isEqualTo(want.get(c));
            }
        }
    }
}

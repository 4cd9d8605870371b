package io.tablequery.engine.browse;

import static io.tablequery.engine.testing.Workbooks.r;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.testing.Workbooks;
import io.tablequery.engine.testing.Workbooks.SheetRows;
import io.tablequery.engine.workspace.Workspace;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.poi.hssf.usermodel.HSSFWorkbook;
import org.apache.poi.ss.usermodel.Cell;
import org.apache.poi.ss.usermodel.CellStyle;
import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.ss.usermodel.Sheet;
import org.apache.poi.ss.usermodel.Workbook;
import org.apache.poi.xssf.usermodel.XSSFWorkbook;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The cells a citation points at, read from the bytes uploaded: titles, merges, superseded versions, limits. */
class SourceCellsReaderTest {
    @TempDir
    Path dir;

    @Test
    void showsTheRowsAskedForWithTheirMergesAsTheSheetHasThem() throws Exception {
        Path book = Workbooks.write(
                dir.resolve("sales.xlsx"),
                Map.of(
                        "Q1",
                        new SheetRows(
                                List.of(
                                        r("Sales report"),
                                        r("city", "units", "price"),
                                        r("Paris", 3, 2.5),
                                        r("Rome", 4, 0.1 + 0.2)),
                                List.of("A1:C1"))));
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            workspace.ingest(book);
            SourceCells cells = SourceCellsReader.read(workspace, 1, 1, RowRanges.parse("1,3-4,9"));
            assertThat(cells.sheetName()).isEqualTo("Q1");
            assertThat(cells.fileName()).isEqualTo("sales.xlsx");
            assertThat(cells.rows()).extracting(SourceCells.Row::row).containsExactly(1L, 3L, 4L);
            assertThat(cells.rows().get(0).cells().get(0).text()).isEqualTo("Sales report");
            assertThat(cells.rows().get(1).cells())
                    .extracting(SourceCells.Cell::address, SourceCells.Cell::text, SourceCells.Cell::kind)
                    .containsExactly(
                            tuple("A3", "Paris", "text"), tuple("B3", "3", "number"), tuple("C3", "2.5", "number"));
            assertThat(cells.rows().get(2).cells().get(2).text()).isEqualTo("0.3");
            assertThat(cells.merges()).containsExactly("A1:C1");
            assertThat(cells.columns()).isEqualTo(3);
        }
    }

    @Test
    void aSupersededVersionStillShowsItsOwnCells() throws Exception {
        Path csv = dir.resolve("prices.csv");
        Files.writeString(csv, "item,price\npen,1\n");
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            workspace.ingest(csv);
            Files.writeString(csv, "item,price\npen,2\n");
            workspace.ingest(csv);
            assertThat(SourceCellsReader.read(workspace, 1, 1, RowRanges.parse("2"))
                            .rows()
                            .get(0)
                            .cells()
                            .get(1)
                            .text())
                    .isEqualTo("1");
            assertThat(SourceCellsReader.read(workspace, 2, 1, RowRanges.parse("2"))
                            .rows()
                            .get(0)
                            .cells()
                            .get(1)
                            .text())
                    .isEqualTo("2");
        }
    }

    @Test
    void refusesAMissingSheetAndBadRanges() throws Exception {
        Path csv = dir.resolve("prices.csv");
        Files.writeString(csv, "item,price\npen,1\n");
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            workspace.ingest(csv);
            assertThatThrownBy(() -> SourceCellsReader.read(workspace, 1, 2, RowRanges.parse("1")))
                    .isInstanceOf(EngineException.class)
                    .hasMessage("F1 (prices.csv) has no sheet 2; its sheets are numbered from 1 in the order the file"
                            + " lists them");
            assertThatThrownBy(() -> SourceCellsReader.read(workspace, 9, 1, RowRanges.parse("1")))
                    .isInstanceOf(EngineException.class)
                    .hasMessageContaining("F9");
        }
        assertThatThrownBy(() -> RowRanges.parse("5-2")).hasMessageContaining("runs forwards");
        assertThatThrownBy(() -> RowRanges.parse("1-600")).hasMessage("ask for at most 500 rows at a time");
        assertThatThrownBy(() -> RowRanges.parse("a")).hasMessageContaining("is not a row");
        assertThat(RowRanges.parse("1, 3-4").contains(4)).isTrue();
    }

    /**
     * A spreadsheet's numbers show as Excel displays them, from each cell's number format, with the value the table
     * holds beside them: the class of defect where the view printed {@code 0.0899999999999999} for Excel's 0.09.
     */
    @ParameterizedTest
    @ValueSource(strings = {"xlsx", "xls"})
    void numbersShowAsTheirNumberFormatDisplaysThemWithTheStoredValueBeside(String extension) throws Exception {
        Path book = dir.resolve("formats." + extension);
        try (Workbook workbook = extension.equals("xlsx") ? new XSSFWorkbook() : new HSSFWorkbook();
                OutputStream out = Files.newOutputStream(book)) {
            Sheet sheet = workbook.createSheet("Formats");
            Row header = sheet.createRow(0);
            String[] names = {"general", "percent", "money", "date", "elapsed", "big", "plain"};
            for (int c = 0; c < names.length; c++) {
                header.createCell(c).setCellValue(names[c]);
            }
            Row row = sheet.createRow(1);
            String[] formats = {"General", "0.0%", "$#,##0.00", "m/d/yy", "[h]:mm:ss", "General", "0"};
            double[] values = {1.09 - 1.0, 0.125, 1234.5, 45365, 1.5 + 1.0 / 86400, 1234567890123.0, 42};
            for (int c = 0; c < values.length; c++) {
                CellStyle style = workbook.createCellStyle();
                style.setDataFormat(workbook.createDataFormat().getFormat(formats[c]));
                Cell cell = row.createCell(c);
                cell.setCellValue(values[c]);
                cell.setCellStyle(style);
            }
            workbook.write(out);
        }
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            workspace.ingest(book);
            List<SourceCells.Cell> cells = SourceCellsReader.read(workspace, 1, 1, RowRanges.parse("2"))
                    .rows()
                    .get(0)
                    .cells();
            assertThat(cells)
                    .extracting(SourceCells.Cell::text, SourceCells.Cell::value, SourceCells.Cell::kind)
                    .containsExactly(
                            tuple("0.09", "0.09000000000000008", "number"),
                            tuple("12.5%", "0.125", "number"),
                            tuple("$1,234.50", "1234.5", "number"),
                            tuple("3/14/24", "2024-03-14", "date"),
                            tuple("36:00:01", "129601", "number"),
                            tuple("1.23457E+12", "1234567890123", "number"),
                            tuple("42", null, "number"));
        }
    }
}

package io.tablequery.engine.testing;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.LocalDateTime;
import org.apache.poi.hssf.usermodel.HSSFWorkbook;
import org.apache.poi.ss.usermodel.Cell;
import org.apache.poi.ss.usermodel.CellStyle;
import org.apache.poi.ss.usermodel.FormulaError;
import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.ss.usermodel.Sheet;
import org.apache.poi.ss.usermodel.Workbook;
import org.apache.poi.ss.util.CellRangeAddress;
import org.apache.poi.xssf.usermodel.XSSFWorkbook;

/**
 * Writes a workbook holding every layout and value type ingest handles, in xlsx or xls form.
 *
 * <ul>
 *   <li>S1 {@code Sales}: a merged title row, a blank row, a two-row header with merged group labels (Q1, Q2) and
 *       vertically merged labels (Region, Date), a region label merged over two data rows, a total row with
 *       formulas, and styled but empty trailing rows and columns;
 *   <li>S2 {@code Types}: integers, a number stored as text and an error cell, percentages, currency, dates,
 *       timestamps, times, booleans, CJK and accented text, codes with leading zeros, a blank header cell,
 *       duplicate headers, a mixed column, and formulas;
 *   <li>S3 {@code Lookup}: a hidden sheet;
 *   <li>S4 {@code Notes}: empty.
 * </ul>
 */
public final class ShopWorkbook {
    private ShopWorkbook() {}

    /** Writes the workbook; the file name's extension ({@code .xlsx} or {@code .xls}) picks the format. */
    public static Path write(Path file) throws IOException {
        try (Workbook workbook = file.toString().endsWith(".xls") ? new HSSFWorkbook() : new XSSFWorkbook()) {
            Styles styles = new Styles(workbook);
            sales(workbook.createSheet("Sales"), styles);
            types(workbook.createSheet("Types"), styles);
            Sheet lookup = workbook.createSheet("Lookup");
            row(lookup, 0, "k", "v");
            row(lookup, 1, "a", 1.0);
            row(lookup, 2, "b", 2.0);
            workbook.setSheetHidden(2, true);
            workbook.createSheet("Notes");
            workbook.getCreationHelper().createFormulaEvaluator().evaluateAll();
            try (OutputStream out = Files.newOutputStream(file)) {
                workbook.write(out);
            }
        }
        return file;
    }

    private static void sales(Sheet sheet, Styles styles) {
        row(sheet, 0, "Quarterly Sales Report 2025");
        sheet.addMergedRegion(CellRangeAddress.valueOf("A1:F1"));
        Row top = sheet.createRow(2);
        top.createCell(0).setCellValue("Region");
        top.createCell(1).setCellValue("Date");
        top.createCell(2).setCellValue("Q1");
        top.createCell(4).setCellValue("Q2");
        sheet.addMergedRegion(CellRangeAddress.valueOf("A3:A4"));
        sheet.addMergedRegion(CellRangeAddress.valueOf("B3:B4"));
        sheet.addMergedRegion(CellRangeAddress.valueOf("C3:D3"));
        sheet.addMergedRegion(CellRangeAddress.valueOf("E3:F3"));
        Row sub = sheet.createRow(3);
        sub.createCell(2).setCellValue("Units");
        sub.createCell(3).setCellValue("Revenue");
        sub.createCell(4).setCellValue("Units");
        sub.createCell(5).setCellValue("Revenue");
        salesRow(sheet, 4, "East", LocalDate.of(2025, 1, 15), 10, 1200.5, 12, 1300.25, styles);
        salesRow(sheet, 5, null, LocalDate.of(2025, 2, 15), 7, 800, 9, 950.75, styles);
        sheet.addMergedRegion(CellRangeAddress.valueOf("A5:A6"));
        salesRow(sheet, 6, "West", LocalDate.of(2025, 3, 1), 5, 500, 6, 640, styles);
        Row total = sheet.createRow(7);
        total.createCell(0).setCellValue("Total");
        for (int c = 2; c <= 5; c++) {
            char column = (char) ('A' + c);
            Cell cell = total.createCell(c);
            cell.setCellFormula("SUM(%c5:%c7)".formatted(column, column));
            if (c % 2 == 1) {
                cell.setCellStyle(styles.currency);
            }
        }
        for (int r = 8; r < 12; r++) {
            Row empty = sheet.createRow(r);
            for (int c = 0; c < 8; c++) {
                empty.createCell(c).setCellStyle(styles.currency);
            }
        }
    }

    private static void salesRow(
            Sheet sheet,
            int index,
            String region,
            LocalDate date,
            int units1,
            double revenue1,
            int units2,
            double revenue2,
            Styles styles) {
        Row row = sheet.createRow(index);
        if (region != null) {
            row.createCell(0).setCellValue(region);
        }
        Cell day = row.createCell(1);
        day.setCellValue(date);
        day.setCellStyle(styles.date);
        row.createCell(2).setCellValue(units1);
        Cell r1 = row.createCell(3);
        r1.setCellValue(revenue1);
        r1.setCellStyle(styles.currency);
        row.createCell(4).setCellValue(units2);
        Cell r2 = row.createCell(5);
        r2.setCellValue(revenue2);
        r2.setCellStyle(styles.currency);
        row.createCell(7).setCellStyle(styles.currency);
    }

    private static void types(Sheet sheet, Styles styles) {
        row(
                sheet, 0, "id", "amount", "share", "price", "day", "moment", "clock", "active", "city", "code", null,
                "note", "note", "mixed", "doubled");
        Object[][] data = {
            {
                1.0,
                10.5,
                0.25,
                1234.5,
                LocalDate.of(2024, 2, 29),
                LocalDateTime.of(2024, 2, 29, 13, 45, 30),
                0.5,
                true,
                "上海",
                "00123",
                "x",
                "a",
                "d",
                1.0
            },
            {
                2.0,
                "12",
                0.5,
                99.0,
                LocalDate.of(1999, 12, 31),
                LocalDateTime.of(1999, 12, 31, 23, 59, 59),
                0.75,
                false,
                "東京",
                "00456",
                "y",
                "b",
                "e",
                "two"
            },
            {
                3.0,
                FormulaError.NA,
                0.125,
                0.0,
                LocalDate.of(2000, 1, 1),
                LocalDateTime.of(2000, 1, 1, 0, 0, 1),
                0.25,
                true,
                "Zürich",
                "07",
                "z",
                "c",
                "f",
                3.0
            },
        };
        for (int r = 0; r < data.length; r++) {
            Row row = sheet.createRow(r + 1);
            for (int c = 0; c < data[r].length; c++) {
                Cell cell = row.createCell(c);
                set(cell, data[r][c]);
                switch (c) {
                    case 2 -> cell.setCellStyle(styles.percent);
                    case 3 -> cell.setCellStyle(styles.currency);
                    case 4 -> cell.setCellStyle(styles.date);
                    case 5 -> cell.setCellStyle(styles.timestamp);
                    case 6 -> cell.setCellStyle(styles.time);
                    default -> {}
                }
            }
            row.createCell(data[r].length).setCellFormula("A%d*2".formatted(r + 2));
        }
    }

    private static void row(Sheet sheet, int index, Object... values) {
        Row row = sheet.createRow(index);
        for (int c = 0; c < values.length; c++) {
            if (values[c] != null) {
                set(row.createCell(c), values[c]);
            }
        }
    }

    private static void set(Cell cell, Object value) {
        if (value instanceof String text) {
            cell.setCellValue(text);
        } else if (value instanceof Double number) {
            cell.setCellValue(number);
        } else if (value instanceof Boolean bool) {
            cell.setCellValue(bool);
        } else if (value instanceof LocalDate date) {
            cell.setCellValue(date);
        } else if (value instanceof LocalDateTime moment) {
            cell.setCellValue(moment);
        } else if (value instanceof FormulaError error) {
            cell.setCellErrorValue(error.getCode());
        } else {
            throw new IllegalArgumentException("unsupported test value " + value);
        }
    }

    private static final class Styles {
        final CellStyle date;
        final CellStyle timestamp;
        final CellStyle time;
        final CellStyle percent;
        final CellStyle currency;

        Styles(Workbook workbook) {
            date = style(workbook, "yyyy-mm-dd");
            timestamp = style(workbook, "yyyy-mm-dd hh:mm:ss");
            time = style(workbook, "h:mm:ss");
            percent = style(workbook, "0%");
            currency = style(workbook, "\"$\"#,##0.00");
        }

        private static CellStyle style(Workbook workbook, String format) {
            CellStyle style = workbook.createCellStyle();
            style.setDataFormat(workbook.createDataFormat().getFormat(format));
            return style;
        }
    }
}

package io.tablequery.engine.testing;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.ss.usermodel.Sheet;
import org.apache.poi.ss.util.CellRangeAddress;
import org.apache.poi.xssf.usermodel.XSSFWorkbook;

/**
 * Writes small xlsx workbooks from rows of values, as a test lays them out: a row is an array of cells from column A,
 * null for a blank cell; a null row is a blank row. Numbers become numeric cells, everything else text.
 */
public final class Workbooks {
    private Workbooks() {}

    /** One sheet's rows and merged regions ({@code A1:D1}). */
    public record SheetRows(List<Object[]> rows, List<String> merges) {
        public SheetRows(List<Object[]> rows) {
            this(rows, List.of());
        }
    }

    /** Writes a workbook of one sheet named {@code Sheet1}. */
    public static Path write(Path file, List<Object[]> rows) throws IOException {
        return write(file, Map.of("Sheet1", new SheetRows(rows)));
    }

    /** Writes a workbook of sheets in the map's order. */
    public static Path write(Path file, Map<String, SheetRows> sheets) throws IOException {
        try (XSSFWorkbook workbook = new XSSFWorkbook()) {
            for (Map.Entry<String, SheetRows> entry : new LinkedHashMap<>(sheets).entrySet()) {
                Sheet sheet = workbook.createSheet(entry.getKey());
                List<Object[]> rows = entry.getValue().rows();
                for (int r = 0; r < rows.size(); r++) {
                    Object[] values = rows.get(r);
                    if (values == null) {
                        continue;
                    }
                    Row row = sheet.createRow(r);
                    for (int c = 0; c < values.length; c++) {
                        Object value = values[c];
                        if (value instanceof Number number) {
                            row.createCell(c).setCellValue(number.doubleValue());
                        } else if (value != null) {
                            row.createCell(c).setCellValue(value.toString());
                        }
                    }
                }
                for (String merge : entry.getValue().merges()) {
                    sheet.addMergedRegion(CellRangeAddress.valueOf(merge));
                }
            }
            try (OutputStream out = Files.newOutputStream(file)) {
                workbook.write(out);
            }
        }
        return file;
    }

    /** A row of cells. */
    public static Object[] r(Object... values) {
        return values;
    }
}

package io.tablequery.samples;

import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Date;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Random;
import org.apache.poi.ss.usermodel.Cell;
import org.apache.poi.ss.usermodel.CellStyle;
import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.ss.usermodel.Sheet;
import org.apache.poi.ss.usermodel.Workbook;
import org.apache.poi.ss.util.CellRangeAddress;
import org.apache.poi.xssf.usermodel.XSSFWorkbook;

/**
 * Generates the sample files into a directory: {@code java io.tablequery.samples.SampleFiles samples/files}, or
 * {@code mvn -q -pl samples exec:java}. The content is fixed (seeded), so the files regenerate identically in every
 * cell.
 */
public final class SampleFiles {
    /** The sales workbook. */
    public static final String SALES = "sales_2025.xlsx";
    /** The Chinese inventory workbook. */
    public static final String INVENTORY = "库存.xlsx";
    /** The orders CSV. */
    public static final String ORDERS = "orders.csv";

    private static final Date FIXED_TIME =
            Date.from(LocalDate.of(2025, 7, 1).atStartOfDay().toInstant(ZoneOffset.UTC));

    private SampleFiles() {}

    /**
     * Writes the sample files.
     *
     * @param args the target directory
     * @throws IOException when a file cannot be written
     */
    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            throw new IllegalArgumentException("usage: SampleFiles DIRECTORY");
        }
        writeAll(Path.of(args[0]));
    }

    /**
     * Writes the sample files into a directory.
     *
     * @param directory the target directory, created when missing
     * @return the files written
     * @throws IOException when a file cannot be written
     */
    public static List<Path> writeAll(Path directory) throws IOException {
        Files.createDirectories(directory);
        return List.of(
                sales(directory.resolve(SALES)),
                inventory(directory.resolve(INVENTORY)),
                orders(directory.resolve(ORDERS)));
    }

    /**
     * Sales by region and city for two quarters. Each quarter sheet has a merged title, a blank row, a two-row header
     * (Region and City merged down over both rows; Units and Revenue (USD) merged across their three months), region
     * labels merged down over their cities, and a total row of formulas. A third sheet holds the yearly targets.
     */
    static Path sales(Path file) throws IOException {
        String[][] cities = {
            {"East", "Shanghai", "Tokyo", "Seoul"},
            {"West", "London", "Paris", "Berlin"},
            {"Americas", "New York", "Chicago", "São Paulo"}
        };
        try (Workbook workbook = new XSSFWorkbook()) {
            CellStyle money = style(workbook, "\"$\"#,##0.00");
            Random random = new Random(2025);
            for (int quarter = 1; quarter <= 2; quarter++) {
                Sheet sheet = workbook.createSheet("Q" + quarter);
                String[] months =
                        quarter == 1 ? new String[] {"Jan", "Feb", "Mar"} : new String[] {"Apr", "May", "Jun"};
                cell(sheet, 0, 0, "ACME Corp - Sales by Region and City, Q%d 2025".formatted(quarter));
                sheet.addMergedRegion(CellRangeAddress.valueOf("A1:H1"));
                cell(sheet, 2, 0, "Region");
                cell(sheet, 2, 1, "City");
                cell(sheet, 2, 2, "Units");
                cell(sheet, 2, 5, "Revenue (USD)");
                sheet.addMergedRegion(CellRangeAddress.valueOf("A3:A4"));
                sheet.addMergedRegion(CellRangeAddress.valueOf("B3:B4"));
                sheet.addMergedRegion(CellRangeAddress.valueOf("C3:E3"));
                sheet.addMergedRegion(CellRangeAddress.valueOf("F3:H3"));
                for (int m = 0; m < 3; m++) {
                    cell(sheet, 3, 2 + m, months[m]);
                    cell(sheet, 3, 5 + m, months[m]);
                }
                int rowIndex = 4;
                for (String[] region : cities) {
                    int first = rowIndex;
                    for (int c = 1; c < region.length; c++) {
                        Row row = sheet.createRow(rowIndex++);
                        if (c == 1) {
                            row.createCell(0).setCellValue(region[0]);
                        }
                        row.createCell(1).setCellValue(region[c]);
                        for (int m = 0; m < 3; m++) {
                            int units = 40 + random.nextInt(160);
                            row.createCell(2 + m).setCellValue(units);
                            Cell revenue = row.createCell(5 + m);
                            revenue.setCellValue(Math.round(units * (18 + random.nextDouble() * 7) * 100) / 100.0);
                            revenue.setCellStyle(money);
                        }
                    }
                    sheet.addMergedRegion(new CellRangeAddress(first, rowIndex - 1, 0, 0));
                }
                Row total = sheet.createRow(rowIndex);
                total.createCell(0).setCellValue("Total");
                for (int c = 2; c < 8; c++) {
                    char column = (char) ('A' + c);
                    Cell sum = total.createCell(c);
                    sum.setCellFormula("SUM(%c5:%c%d)".formatted(column, column, rowIndex));
                    if (c >= 5) {
                        sum.setCellStyle(money);
                    }
                }
            }
            Sheet targets = workbook.createSheet("Targets");
            String[] header = {"Region", "Annual target (USD)", "Owner", "Reviewed"};
            for (int c = 0; c < header.length; c++) {
                cell(targets, 0, c, header[c]);
            }
            Object[][] rows = {
                {"East", 250000.0, "Li Wei", true},
                {"West", 220000.0, "Emma Clarke", true},
                {"Americas", 300000.0, "Carlos Ruiz", false}
            };
            for (int r = 0; r < rows.length; r++) {
                Row row = targets.createRow(r + 1);
                row.createCell(0).setCellValue((String) rows[r][0]);
                Cell target = row.createCell(1);
                target.setCellValue((Double) rows[r][1]);
                target.setCellStyle(money);
                row.createCell(2).setCellValue((String) rows[r][2]);
                row.createCell(3).setCellValue((Boolean) rows[r][3]);
            }
            return write(workbook, file);
        }
    }

    /**
     * A Chinese inventory sheet: a merged title, one header row, and product categories merged down over their
     * products; prices in yuan, dates of receipt, and a hidden sheet of warehouse codes.
     */
    static Path inventory(Path file) throws IOException {
        Object[][] products = {
            {"电子产品", "笔记本电脑", "14英寸 16GB", 35, 5999.0, LocalDate.of(2025, 3, 2), "上海"},
            {null, "显示器", "27英寸 4K", 120, 1899.0, LocalDate.of(2025, 3, 5), "上海"},
            {null, "无线鼠标", "蓝牙 5.0", 860, 89.9, LocalDate.of(2025, 2, 18), "广州"},
            {null, "机械键盘", "青轴 104键", 240, 329.0, LocalDate.of(2025, 1, 27), "北京"},
            {"办公用品", "A4打印纸", "70g 500张/包", 1500, 22.5, LocalDate.of(2025, 3, 10), "北京"},
            {null, "签字笔", "0.5mm 黑色", 5000, 1.8, LocalDate.of(2025, 2, 28), "广州"},
            {null, "文件夹", "A4 蓝色", 900, 6.5, LocalDate.of(2025, 3, 12), "上海"},
            {"食品饮料", "矿泉水", "550ml×24瓶", 300, 36.0, LocalDate.of(2025, 3, 15), "广州"},
            {null, "咖啡豆", "1kg 中度烘焙", 45, 168.0, LocalDate.of(2025, 3, 1), "上海"},
        };
        try (Workbook workbook = new XSSFWorkbook()) {
            CellStyle yuan = style(workbook, "\"¥\"#,##0.00");
            CellStyle date = style(workbook, "yyyy\"年\"m\"月\"d\"日\"");
            Sheet sheet = workbook.createSheet("库存表");
            cell(sheet, 0, 0, "2025年第一季度库存表");
            sheet.addMergedRegion(CellRangeAddress.valueOf("A1:G1"));
            String[] header = {"类别", "产品名称", "规格", "库存数量", "单价", "入库日期", "仓库"};
            for (int c = 0; c < header.length; c++) {
                cell(sheet, 1, c, header[c]);
            }
            int first = 2;
            for (int r = 0; r < products.length; r++) {
                Row row = sheet.createRow(r + 2);
                Object[] product = products[r];
                if (product[0] != null) {
                    if (r > 0) {
                        sheet.addMergedRegion(new CellRangeAddress(first, r + 1, 0, 0));
                    }
                    first = r + 2;
                    row.createCell(0).setCellValue((String) product[0]);
                }
                row.createCell(1).setCellValue((String) product[1]);
                row.createCell(2).setCellValue((String) product[2]);
                row.createCell(3).setCellValue((Integer) product[3]);
                Cell price = row.createCell(4);
                price.setCellValue((Double) product[4]);
                price.setCellStyle(yuan);
                Cell received = row.createCell(5);
                received.setCellValue((LocalDate) product[5]);
                received.setCellStyle(date);
                row.createCell(6).setCellValue((String) product[6]);
            }
            sheet.addMergedRegion(new CellRangeAddress(first, products.length + 1, 0, 0));
            Sheet codes = workbook.createSheet("仓库代码");
            String[][] warehouses = {
                {"仓库", "代码", "城市"}, {"上海", "SH01", "Shanghai"}, {"北京", "BJ02", "Beijing"}, {"广州", "GZ03", "Guangzhou"}
            };
            for (int r = 0; r < warehouses.length; r++) {
                for (int c = 0; c < 3; c++) {
                    cell(codes, r, c, warehouses[r][c]);
                }
            }
            workbook.setSheetHidden(1, true);
            return write(workbook, file);
        }
    }

    /**
     * Orders as a shop exports them: currency with thousands separators, discounts as percentages, "N/A" where a
     * value is missing, and a blank line where the export split its pages.
     */
    static Path orders(Path file) throws IOException {
        String[] customers = {
            "Acme Ltd",
            "Globex",
            "Initech",
            "Umbrella",
            "Hooli",
            "Stark Industries",
            "Wayne Enterprises",
            "上海贸易有限公司",
            "Müller GmbH",
            "Café Olé"
        };
        String[] cities = {"Shanghai", "London", "Paris", "New York", "Berlin", "上海", "Tokyo", "Chicago"};
        String[][] products = {
            {"Laptop", "1299.00"},
            {"Monitor", "349.50"},
            {"Keyboard", "79.99"},
            {"Mouse", "24.90"},
            {"Desk", "459.00"},
            {"Chair", "289.00"}
        };
        String[] statuses = {"shipped", "shipped", "shipped", "delivered", "delivered", "pending", "cancelled"};
        Random random = new Random(42);
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            out.write("order_id,order_date,customer,city,product,quantity,unit_price,discount,total,status\n");
            LocalDate day = LocalDate.of(2025, 1, 2);
            for (int id = 1001; id <= 1200; id++) {
                if (id == 1101) {
                    out.write("\n");
                }
                String[] product = products[random.nextInt(products.length)];
                int quantity = 1 + random.nextInt(12);
                int discount = random.nextInt(4) * 5;
                double unit = Double.parseDouble(product[1]);
                double total = Math.round(unit * quantity * (100 - discount)) / 100.0;
                String customer = customers[random.nextInt(customers.length)];
                out.write(String.join(
                        ",",
                        Integer.toString(id),
                        day.toString(),
                        customer.contains(" ") || customer.contains(",") ? "\"" + customer + "\"" : customer,
                        cities[random.nextInt(cities.length)],
                        product[0],
                        Integer.toString(quantity),
                        product[1],
                        id % 37 == 0 ? "N/A" : discount + "%",
                        "\"" + String.format(Locale.ROOT, "$%,.2f", total) + "\"",
                        statuses[random.nextInt(statuses.length)]));
                out.write("\n");
                if (random.nextInt(3) == 0) {
                    day = day.plusDays(1);
                }
            }
        }
        return file;
    }

    private static void cell(Sheet sheet, int row, int column, String value) {
        Row target = sheet.getRow(row) != null ? sheet.getRow(row) : sheet.createRow(row);
        target.createCell(column).setCellValue(value);
    }

    private static CellStyle style(Workbook workbook, String format) {
        CellStyle style = workbook.createCellStyle();
        style.setDataFormat(workbook.createDataFormat().getFormat(format));
        return style;
    }

    private static Path write(Workbook workbook, Path file) throws IOException {
        workbook.getCreationHelper().createFormulaEvaluator().evaluateAll();
        ((XSSFWorkbook) workbook).getProperties().getCoreProperties().setCreated(Optional.of(FIXED_TIME));
        try (OutputStream out = Files.newOutputStream(file)) {
            workbook.write(out);
        }
        return file;
    }
}

package io.tablequery.benchmarks;

import io.tablequery.engine.workspace.Workspace;
import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.poi.ss.usermodel.Cell;
import org.apache.poi.ss.usermodel.CellStyle;
import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.ss.usermodel.Sheet;
import org.apache.poi.xssf.streaming.SXSSFWorkbook;

/** Generates the benchmark inputs once, seeded, so every run reads the same bytes. */
final class BenchData {
    private static final String[] CITIES = {
        "Shanghai", "Beijing", "London", "Paris", "New York", "Berlin", "Tokyo", "上海"
    };

    private BenchData() {}

    /**
     * An xlsx of {@code rows} rows by 10 columns (integers, text, dates, decimals), with a shared string table as
     * Excel writes it.
     */
    static Path xlsx(Path directory, int rows) throws IOException {
        Path file = directory.resolve("orders-%d.xlsx".formatted(rows));
        if (Files.exists(file)) {
            return file;
        }
        Files.createDirectories(directory);
        Path partial = directory.resolve(file.getFileName() + ".partial");
        Random random = new Random(7);
        try (SXSSFWorkbook workbook = new SXSSFWorkbook(null, 200, true, true);
                OutputStream out = Files.newOutputStream(partial)) {
            Sheet sheet = workbook.createSheet("orders");
            CellStyle date = workbook.createCellStyle();
            date.setDataFormat(workbook.createDataFormat().getFormat("yyyy-mm-dd"));
            CellStyle money = workbook.createCellStyle();
            money.setDataFormat(workbook.createDataFormat().getFormat("#,##0.00"));
            String[] names = {
                "id", "customer", "city", "order_date", "quantity", "price", "amount", "category", "ship_date", "note"
            };
            Row header = sheet.createRow(0);
            for (int c = 0; c < names.length; c++) {
                header.createCell(c).setCellValue(names[c]);
            }
            for (int r = 1; r <= rows; r++) {
                Row row = sheet.createRow(r);
                row.createCell(0).setCellValue(r);
                row.createCell(1).setCellValue("Customer " + random.nextInt(20_000));
                row.createCell(2).setCellValue(CITIES[random.nextInt(CITIES.length)]);
                Cell ordered = row.createCell(3);
                ordered.setCellValue(LocalDate.of(2020, 1, 1).plusDays(random.nextInt(1500)));
                ordered.setCellStyle(date);
                row.createCell(4).setCellValue(random.nextInt(100));
                Cell price = row.createCell(5);
                price.setCellValue(random.nextInt(100_000) / 100.0);
                price.setCellStyle(money);
                row.createCell(6).setCellValue(random.nextDouble() * 10_000);
                row.createCell(7).setCellValue("cat-" + random.nextInt(30));
                Cell shipped = row.createCell(8);
                shipped.setCellValue(LocalDate.of(2021, 1, 1).plusDays(random.nextInt(1500)));
                shipped.setCellStyle(date);
                row.createCell(9).setCellValue("note " + random.nextInt(1_000_000));
            }
            workbook.write(out);
            workbook.dispose();
        }
        Files.move(partial, file);
        return file;
    }

    /** A CSV of {@code rows} rows by 6 columns: integer, text, text, ISO date, integer, decimal. */
    static Path csv(Path directory, int rows) throws IOException {
        Path file = directory.resolve("orders-%d.csv".formatted(rows));
        if (Files.exists(file)) {
            return file;
        }
        Files.createDirectories(directory);
        Path partial = directory.resolve(file.getFileName() + ".partial");
        Random random = new Random(1);
        LocalDate base = LocalDate.of(2020, 1, 1);
        try (Writer out = Files.newBufferedWriter(partial)) {
            out.write("order_id,customer,city,order_date,quantity,amount\n");
            for (int i = 1; i <= rows; i++) {
                out.write(i + ",Customer " + random.nextInt(50_000) + "," + CITIES[random.nextInt(CITIES.length)] + ","
                        + base.plusDays(random.nextInt(1500)) + "," + (1 + random.nextInt(100)) + ","
                        + random.nextInt(100_000_000) / 100.0 + "\n");
            }
        }
        Files.move(partial, file);
        return file;
    }

    /**
     * Uploads the repository's sample files into a workspace, in name order.
     *
     * @param workspace where they go
     * @param home the repository
     * @throws IOException when the samples cannot be listed
     */
    static void uploadSamples(Workspace workspace, Path home) throws IOException {
        try (Stream<Path> samples = Files.list(home.resolve("samples/files"))) {
            for (Path sample : samples.sorted().toList()) {
                workspace.ingest(sample);
            }
            workspace.awaitDuckDb(Duration.ofHours(1));
        }
    }
}

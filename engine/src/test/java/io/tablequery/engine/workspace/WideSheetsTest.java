package io.tablequery.engine.workspace;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.ss.usermodel.Sheet;
import org.apache.poi.xssf.streaming.SXSSFWorkbook;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Uploads wide sheets, each in a child JVM with the JVM's default thread stack, so that a native crash (at 350
 * columns DuckDB's profiling statement once overflowed the stack and killed the process with no Java error) fails
 * the test instead of the build: every width up to SQLite's 2,000 columns makes its table, and a wider sheet is
 * refused with a code.
 */
class WideSheetsTest {
    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0} × {1} {2}")
    @CsvSource({
        "320, 20, csv",
        "350, 20, csv",
        "700, 300, csv",
        "1000, 20, csv",
        "2000, 100, csv",
        "350, 20, xlsx",
        "2000, 5, xlsx",
    })
    void aWideSheetBecomesOneTable(int columns, int rows, String format) throws Exception {
        Path file = format.equals("csv") ? csv(columns, rows) : xlsx(columns, rows);
        assertThat(upload(file)).containsExactly("TABLE " + rows + " " + columns);
    }

    @ParameterizedTest(name = "{0} columns")
    @CsvSource({"2001", "16384"})
    void aSheetWiderThanSqliteAllowsIsRefusedWithACode(int columns) throws Exception {
        assertThat(upload(csv(columns, 3))).containsExactly("REFUSED NO_DATA");
    }

    private List<String> upload(Path file) throws IOException, InterruptedException {
        Path childTemp = Files.createDirectories(dir.resolve("child-tmp"));
        Process child = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "--add-opens=java.base/java.nio=ALL-UNNAMED",
                        "-Xmx1g",
                        "-Djava.io.tmpdir=" + childTemp,
                        "-cp",
                        System.getProperty("java.class.path"),
                        WideSheetChild.class.getName(),
                        dir.resolve("ws-" + file.getFileName()).toString(),
                        file.toString())
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        List<String> lines;
        try (var out = child.getInputStream()) {
            lines = new String(out.readAllBytes(), StandardCharsets.UTF_8)
                    .lines()
                    .toList();
        }
        assertThat(child.waitFor(5, TimeUnit.MINUTES)).isTrue();
        assertThat(child.exitValue())
                .as("exit status of the child (134/139: killed by a native crash)")
                .isZero();
        return lines;
    }

    private Path csv(int columns, int rows) throws IOException {
        Path file = dir.resolve("wide-%d-%d.csv".formatted(columns, rows));
        Random random = new Random(columns * 31L + rows);
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            for (int c = 0; c < columns; c++) {
                out.write((c > 0 ? "," : "") + "c" + c);
            }
            out.write("\n");
            for (int r = 0; r < rows; r++) {
                for (int c = 0; c < columns; c++) {
                    out.write((c > 0 ? "," : "") + random.nextInt(1000));
                }
                out.write("\n");
            }
        }
        return file;
    }

    private Path xlsx(int columns, int rows) throws IOException {
        Path file = dir.resolve("wide-%d-%d.xlsx".formatted(columns, rows));
        Random random = new Random(columns * 17L + rows);
        try (SXSSFWorkbook workbook = new SXSSFWorkbook();
                OutputStream out = Files.newOutputStream(file)) {
            Sheet sheet = workbook.createSheet("wide");
            Row header = sheet.createRow(0);
            for (int c = 0; c < columns; c++) {
                header.createCell(c).setCellValue("c" + c);
            }
            for (int r = 1; r <= rows; r++) {
                Row row = sheet.createRow(r);
                for (int c = 0; c < columns; c++) {
                    row.createCell(c).setCellValue(random.nextInt(1000));
                }
            }
            workbook.write(out);
            workbook.dispose();
        }
        return file;
    }
}

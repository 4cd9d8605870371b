package io.tablequery.engine.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablequery.engine.catalog.ColumnType;
import io.tablequery.engine.testing.TableReader;
import io.tablequery.engine.workspace.IngestResult;
import io.tablequery.engine.workspace.Workspace;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;
import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.ss.usermodel.Sheet;
import org.apache.poi.xssf.streaming.SXSSFWorkbook;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Cells of the xlsx type {@code d} hold an ISO 8601 date or date and time as text (other writers than Excel make
 * them); they become dates, as Excel shows them, not text.
 */
class IsoDateCellsTest {
    @TempDir
    Path dir;

    @Test
    void isoDateCellsBecomeDatesAndDateTimes() throws IOException {
        Path file = workbook(List.of(
                List.of("2014-02-14T08:27:48.765Z", "2014-02-14"),
                List.of("2020-12-31T23:59:59", "1999-01-01"),
                List.of("1900-01-15T12:00:00+02:00", "2024-02-29")));
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            IngestResult result = workspace.ingest(file);
            assertThat(result.tables()).hasSize(1);
            String table = result.tables().get(0).name();
            assertThat(result.tables().get(0).columns())
                    .extracting(column -> column.type())
                    .containsExactly(ColumnType.TIMESTAMP, ColumnType.DATE);
            assertThat(TableReader.sqlite(workspace, table))
                    .extracting(row -> row.subList(row.size() - 2, row.size()))
                    .containsExactly(
                            List.of("2014-02-14 08:27:48.765", "2014-02-14"),
                            List.of("2020-12-31 23:59:59", "1999-01-01"),
                            List.of("1900-01-15 12:00:00", "2024-02-29"));
        }
    }

    /** A workbook whose data cells are of type {@code d}, as POI cannot write them: its inline strings rewritten. */
    private Path workbook(List<List<String>> rows) throws IOException {
        Path plain = dir.resolve("plain.xlsx");
        try (SXSSFWorkbook workbook = new SXSSFWorkbook();
                OutputStream out = Files.newOutputStream(plain)) {
            Sheet sheet = workbook.createSheet("log");
            Row header = sheet.createRow(0);
            header.createCell(0).setCellValue("seen");
            header.createCell(1).setCellValue("day");
            for (int r = 0; r < rows.size(); r++) {
                Row row = sheet.createRow(r + 1);
                for (int c = 0; c < rows.get(r).size(); c++) {
                    row.createCell(c).setCellValue(rows.get(r).get(c));
                }
            }
            workbook.write(out);
            workbook.dispose();
        }
        Path file = dir.resolve("iso-dates.xlsx");
        try (ZipFile in = new ZipFile(plain.toFile());
                ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(file))) {
            for (ZipEntry entry : Collections.list(in.entries())) {
                byte[] content;
                try (InputStream stream = in.getInputStream(entry)) {
                    content = stream.readAllBytes();
                }
                if (entry.getName().startsWith("xl/worksheets/")) {
                    String xml = new String(content, StandardCharsets.UTF_8)
                            .replaceAll(
                                    "<c r=\"([A-Z]+([2-9]))\" t=\"inlineStr\"><is><t>([^<]*)</t></is></c>",
                                    "<c r=\"$1\" t=\"d\"><v>$3</v></c>");
                    content = xml.getBytes(StandardCharsets.UTF_8);
                }
                out.putNextEntry(new ZipEntry(entry.getName()));
                out.write(content);
                out.closeEntry();
            }
        }
        return file;
    }
}

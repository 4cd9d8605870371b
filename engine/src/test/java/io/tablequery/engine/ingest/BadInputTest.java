package io.tablequery.engine.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.testing.RawWorkbooks;
import io.tablequery.engine.testing.TableReader;
import io.tablequery.engine.workspace.IngestResult;
import io.tablequery.engine.workspace.Workspace;
import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.apache.poi.openxml4j.opc.OPCPackage;
import org.apache.poi.openxml4j.opc.PackageAccess;
import org.apache.poi.poifs.crypt.Decryptor;
import org.apache.poi.poifs.crypt.EncryptionInfo;
import org.apache.poi.poifs.crypt.EncryptionMode;
import org.apache.poi.poifs.crypt.Encryptor;
import org.apache.poi.poifs.filesystem.POIFSFileSystem;
import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.ss.usermodel.Sheet;
import org.apache.poi.xssf.streaming.SXSSFWorkbook;
import org.apache.poi.xssf.usermodel.XSSFWorkbook;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad files get a clear error with a stable code, and the workspace keeps exactly what it had. */
class BadInputTest {
    @TempDir
    Path dir;

    private Workspace workspace;
    private Snapshot before;

    @BeforeEach
    void open() throws Exception {
        workspace = Workspace.open(dir.resolve("ws"));
        Path good = dir.resolve("good.csv");
        Files.writeString(good, "a,b\n1,x\n2,y\n");
        workspace.ingest(good);
        before = snapshot();
    }

    @AfterEach
    void close() throws Exception {
        assertThat(snapshot()).isEqualTo(before);
        assertThat(TableReader.sqlite(workspace, "good")).hasSize(2);
        workspace.close();
    }

    @Test
    void refusesAnEmptyFile() throws IOException {
        Path file = Files.createFile(dir.resolve("empty.csv"));
        assertRefused(file, "EMPTY_FILE", "'empty.csv' is empty (0 bytes); upload a file with data");
    }

    @Test
    void refusesUnsupportedFormats() throws IOException {
        Path pdf = dir.resolve("report.pdf");
        Files.writeString(pdf, "%PDF-1.7\nnot a table");
        assertRefused(
                pdf,
                "UNSUPPORTED_FORMAT",
                "'report.pdf' is a PDF document; supported formats: Excel"
                        + " workbooks (.xlsx, .xlsm, .xlsb, .xls), OpenDocument spreadsheets (.ods), CSV and TSV text (.csv, .tsv, .txt), and SQLite databases"
                        + " (.sqlite, .sqlite3, .db)");
        Path binary = dir.resolve("image.csv");
        byte[] bytes = new byte[4096];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) (i * 31);
        }
        Files.write(binary, bytes);
        assertRefused(binary, "UNSUPPORTED_FORMAT", null);
        Path fake = dir.resolve("fake.xlsx");
        Files.writeString(fake, "a,b\n1,2\n");
        assertRefused(fake, "CORRUPT_FILE", null);
    }

    @Test
    void refusesAnEncryptedWorkbook() throws Exception {
        Path plain = dir.resolve("plain.xlsx");
        try (XSSFWorkbook workbook = new XSSFWorkbook();
                OutputStream out = Files.newOutputStream(plain)) {
            workbook.createSheet("s").createRow(0).createCell(0).setCellValue("secret");
            workbook.write(out);
        }
        Path encrypted = dir.resolve("locked.xlsx");
        try (POIFSFileSystem fs = new POIFSFileSystem()) {
            Encryptor encryptor = new EncryptionInfo(EncryptionMode.agile).getEncryptor();
            encryptor.confirmPassword("password");
            try (OPCPackage pkg = OPCPackage.open(plain.toFile(), PackageAccess.READ_WRITE);
                    OutputStream out = encryptor.getDataStream(fs)) {
                pkg.save(out);
            }
            try (OutputStream out = Files.newOutputStream(encrypted)) {
                fs.writeFilesystem(out);
            }
        }
        assertRefused(
                encrypted,
                "ENCRYPTED_FILE",
                "'locked.xlsx' is password-protected; open it in Excel, remove the"
                        + " password (File > Info > Protect Workbook), save, and upload it again");
    }

    @Test
    void opensAWorkbookEncryptedWithExcelsDefaultPassword() throws Exception {
        Path plain = dir.resolve("plain.xlsx");
        try (XSSFWorkbook workbook = new XSSFWorkbook();
                OutputStream out = Files.newOutputStream(plain)) {
            Row header = workbook.createSheet("s").createRow(0);
            header.createCell(0).setCellValue("item");
            header.createCell(1).setCellValue("n");
            Row row = workbook.getSheet("s").createRow(1);
            row.createCell(0).setCellValue("pens");
            row.createCell(1).setCellValue(12);
            workbook.write(out);
        }
        Path encrypted = dir.resolve("velvet.xlsx");
        try (POIFSFileSystem fs = new POIFSFileSystem()) {
            Encryptor encryptor = new EncryptionInfo(EncryptionMode.agile).getEncryptor();
            encryptor.confirmPassword(Decryptor.DEFAULT_PASSWORD);
            try (OPCPackage pkg = OPCPackage.open(plain.toFile(), PackageAccess.READ_WRITE);
                    OutputStream out = encryptor.getDataStream(fs)) {
                pkg.save(out);
            }
            try (OutputStream out = Files.newOutputStream(encrypted)) {
                fs.writeFilesystem(out);
            }
        }
        IngestResult result = workspace.ingest(encrypted);
        assertThat(TableReader.sqlite(workspace, result.tables().get(0).name()))
                .extracting(r -> r.subList(1, 3))
                .containsExactly(List.of("pens", 12));
        assertThat(Files.list(encrypted.getParent()))
                .noneMatch(p -> p.toString().endsWith(".decrypted.xlsx"));
        workspace.deleteFile(result.file().number());
    }

    @Test
    void namesTheFormatsItCannotReadAndSaysWhatToDo() throws IOException {
        Path numbers = dir.resolve("budget.numbers");
        try (ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(numbers))) {
            RawWorkbooks.entry(zip, "Index/Document.iwa", "not protobuf");
            RawWorkbooks.entry(zip, "Metadata/Properties.plist", "<plist/>");
        }
        assertThat(assertRefused(numbers, "UNSUPPORTED_FORMAT", null).getMessage())
                .contains("an Apple Numbers spreadsheet", "export it", "supported formats");
        Path renamed = dir.resolve("budget.xlsx");
        Files.copy(numbers, renamed);
        assertThat(assertRefused(renamed, "UNSUPPORTED_FORMAT", null).getMessage())
                .contains("Apple iWork");
        Path excel4 = dir.resolve("old.xls");
        Files.write(excel4, new byte[] {0x09, 0x04, 0x06, 0x00, 0x00, 0x00, 0x10, 0x00, 0x00, 0x00});
        assertThat(assertRefused(excel4, "UNSUPPORTED_FORMAT", null).getMessage())
                .contains("Excel 2.x-4.0", "save it as .xlsx", "supported formats")
                .doesNotContain("rename");
        Path excel95 = dir.resolve("ninety-five.xls");
        try (POIFSFileSystem fs = new POIFSFileSystem();
                OutputStream out = Files.newOutputStream(excel95)) {
            fs.createDocument(new java.io.ByteArrayInputStream(new byte[64]), "Book");
            fs.writeFilesystem(out);
        }
        assertThat(assertRefused(excel95, "UNSUPPORTED_FORMAT", null).getMessage())
                .contains("Excel 5.0/95", "supported formats");
    }

    @Test
    void refusesAZipBomb() throws IOException {
        Path bomb = dir.resolve("bomb.xlsx");
        RawWorkbooks.write(bomb, sheet -> {
            byte[] spaces = " ".repeat(1 << 20).getBytes(StandardCharsets.US_ASCII);
            for (int i = 0; i < 300; i++) {
                sheet.write(spaces);
            }
        });
        assertThat(Files.size(bomb)).isLessThan(1 << 20);
        assertThat(assertRefused(bomb, "ZIP_BOMB", null).getMessage()).contains("sheet 's'", "whitespace");
    }

    @Test
    void refusesAWorkbookOfMorePartsThanAnyWorkbookHolds() throws IOException {
        Path parts = dir.resolve("parts.xlsx");
        RawWorkbooks.write(
                parts, sheet -> sheet.write("<row r=\"1\"><c r=\"A1\"><v>1</v></c></row>".getBytes()), null, 100_000);
        assertThat(assertRefused(parts, "ZIP_BOMB", null).getMessage()).contains("100,005 parts");
    }

    @Test
    void readsAWorkbookOfManyParts() throws IOException {
        Path parts = dir.resolve("many.xlsx");
        RawWorkbooks.write(
                parts, sheet -> sheet.write("<row r=\"1\"><c r=\"A1\"><v>1</v></c></row>".getBytes()), null, 5_000);
        IngestResult result = workspace.ingest(parts);
        assertThat(result.tables()).hasSize(1);
        workspace.deleteFile(result.file().number());
    }

    @Test
    void readsASheetThatCompressesToOnePercent() throws IOException {
        Path dense = dir.resolve("dense.xlsx");
        RawWorkbooks.write(dense, sheet -> {
            sheet.write("<row><c t=\"inlineStr\"><is><t>a</t></is></c><c t=\"inlineStr\"><is><t>b</t></is></c></row>"
                    .getBytes(StandardCharsets.UTF_8));
            byte[] row = "<row><c><v>1</v></c><c><v>2</v></c></row>".getBytes(StandardCharsets.UTF_8);
            for (int r = 0; r < 200_000; r++) {
                sheet.write(row);
            }
        });
        try (var zip = new java.util.zip.ZipFile(dense.toFile())) {
            ZipEntry part = zip.getEntry("xl/worksheets/sheet1.xml");
            assertThat((double) part.getCompressedSize() / part.getSize()).isLessThan(0.01);
        }
        IngestResult result = workspace.ingest(dense);
        assertThat(result.tables().get(0).rowCount()).isEqualTo(200_000);
        workspace.deleteFile(result.file().number());
    }

    @Test
    void refusesASheetTooWideAndKeepsTheOtherSheets() throws IOException {
        Path wide = dir.resolve("wide.xlsx");
        try (SXSSFWorkbook workbook = new SXSSFWorkbook();
                OutputStream out = Files.newOutputStream(wide)) {
            Sheet sheet = workbook.createSheet("wide");
            for (int r = 0; r < 2; r++) {
                Row row = sheet.createRow(r);
                for (int c = 0; c < 10_000; c++) {
                    row.createCell(c).setCellValue(r == 0 ? "c" + c : Integer.toString(c));
                }
            }
            workbook.write(out);
            workbook.dispose();
        }
        EngineException error = assertRefused(wide, "NO_DATA", null);
        assertThat(error.getMessage())
                .contains("'wide': skipped: sheet 'wide' of 'wide.xlsx' has values in column NTP (column 10000 of"
                        + " row 1); tablequery takes at most 2000 columns");

        Path mixed = dir.resolve("mixed.xlsx");
        try (SXSSFWorkbook workbook = new SXSSFWorkbook();
                OutputStream out = Files.newOutputStream(mixed)) {
            Sheet narrow = workbook.createSheet("narrow");
            narrow.createRow(0).createCell(0).setCellValue("name");
            narrow.getRow(0).createCell(1).setCellValue("qty");
            narrow.createRow(1).createCell(0).setCellValue("apple");
            narrow.getRow(1).createCell(1).setCellValue(3);
            Row row = workbook.createSheet("wide").createRow(0);
            for (int c = 0; c < 3000; c++) {
                row.createCell(c).setCellValue(c);
            }
            workbook.write(out);
            workbook.dispose();
        }
        IngestResult result = workspace.ingest(mixed);
        assertThat(result.tables()).extracting(t -> t.name()).containsExactly("mixed_narrow");
        assertThat(result.warnings()).singleElement().asString().startsWith("sheet 'wide' skipped: ");
        workspace.deleteFile(result.file().number());
    }

    @Test
    void refusesACsvRecordOfAHundredMegabytes() throws IOException {
        Path huge = dir.resolve("huge.csv");
        try (Writer out = Files.newBufferedWriter(huge)) {
            out.write("id,text\n1,");
            char[] chunk = "x".repeat(1 << 20).toCharArray();
            for (int i = 0; i < 100; i++) {
                out.write(chunk);
            }
            out.write("\n2,short\n");
        }
        EngineException error = assertRefused(huge, "RECORD_TOO_LARGE", null);
        assertThat(error.getMessage()).startsWith("a record of 'huge.csv' is longer than 16777216 characters");
    }

    private EngineException assertRefused(Path file, String code, String message) {
        var assertion = assertThatThrownBy(() -> workspace.ingest(file))
                .isInstanceOf(EngineException.class)
                .satisfies(e ->
                        assertThat(((EngineException) e).getErrorCode().name()).isEqualTo(code))
                .hasMessageContaining(file.getFileName().toString());
        if (message != null) {
            assertion.hasMessage(message);
        }
        try {
            workspace.ingest(file);
        } catch (EngineException e) {
            assertThat(snapshot()).isEqualTo(before);
            return e;
        }
        throw new AssertionError("not refused the second time");
    }

    private Snapshot snapshot() {
        try (Connection sqlite = workspace.openSqliteReader();
                Connection duckDb = workspace.openDuckDb();
                Stream<Path> files = Files.walk(workspace.directory().resolve("files"))) {
            return new Snapshot(
                    workspace.catalog().files().size(),
                    TableReader.rows(sqlite, "SELECT type, name FROM sqlite_schema ORDER BY name"),
                    TableReader.rows(duckDb, "SELECT schema_name, table_name FROM duckdb_tables() ORDER BY ALL"),
                    TableReader.rows(
                            duckDb,
                            "SELECT schema_name, view_name FROM duckdb_views() WHERE NOT internal" + " ORDER BY ALL"),
                    files.map(p -> workspace.directory().relativize(p).toString())
                            .sorted()
                            .toList());
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private record Snapshot(
            int files,
            List<List<Object>> sqliteObjects,
            List<List<Object>> duckDbTables,
            List<List<Object>> duckDbViews,
            List<String> storedFiles) {}
}

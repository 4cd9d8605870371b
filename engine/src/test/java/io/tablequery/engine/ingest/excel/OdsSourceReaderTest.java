package io.tablequery.engine.ingest.excel;

import static io.tablequery.engine.testing.Rows.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablequery.engine.browse.RowRanges;
import io.tablequery.engine.browse.SourceCellsReader;
import io.tablequery.engine.catalog.TableInfo;
import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.testing.Rows;
import io.tablequery.engine.testing.TableReader;
import io.tablequery.engine.workspace.IngestResult;
import io.tablequery.engine.workspace.Workspace;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.CRC32;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** OpenDocument spreadsheets written part by part: values by type, repeats, spans, hidden sheets, repeat bombs. */
class OdsSourceReaderTest {
    private static final String TABLE = "urn:oasis:names:tc:opendocument:xmlns:table:1.0";

    @TempDir
    Path dir;

    @Test
    void readsValuesByTypeRepeatsSpansAndHiddenSheets() throws Exception {
        String rows = "<table:table-row><table:table-cell office:value-type=\"string\"><text:p>city</text:p>"
                + "</table:table-cell><table:table-cell office:value-type=\"string\"><text:p>share</text:p>"
                + "</table:table-cell><table:table-cell office:value-type=\"string\"><text:p>day</text:p>"
                + "</table:table-cell></table:table-row>"
                + "<table:table-row table:number-rows-repeated=\"2\"><table:table-cell office:value-type=\"string\">"
                + "<text:p>Saint<text:s text:c=\"2\"/>Malo</text:p></table:table-cell>"
                + "<table:table-cell office:value-type=\"percentage\" office:value=\"0.25\"><text:p>25%</text:p>"
                + "</table:table-cell><table:table-cell office:value-type=\"date\" office:date-value=\"2024-03-14\">"
                + "<text:p>03/14/24</text:p></table:table-cell></table:table-row>"
                + "<table:table-row><table:table-cell table:number-columns-spanned=\"2\" office:value-type=\"string\">"
                + "<text:p>Total</text:p></table:table-cell><table:covered-table-cell/>"
                + "<table:table-cell office:value-type=\"float\" office:value=\"2\"><text:p>2</text:p>"
                + "</table:table-cell></table:table-row>"
                + "<table:table-row table:number-rows-repeated=\"1048570\"><table:table-cell"
                + " table:number-columns-repeated=\"1024\"/></table:table-row>";
        Path file = ods(dir.resolve("cities.ods"), rows, true);
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            IngestResult result = workspace.ingest(file);
            TableInfo table = result.tables().get(0);
            assertThat(Rows.normalizeAll(TableReader.sqlite(workspace, table.name())))
                    .startsWith(row(2, "Saint  Malo", 0.25, "2024-03-14"), row(3, "Saint  Malo", 0.25, "2024-03-14"));
            assertThat(result.report().sheets())
                    .anySatisfy(sheet -> {
                        assertThat(sheet.name()).isEqualTo("Hidden");
                        assertThat(sheet.hidden()).isTrue();
                    })
                    .anySatisfy(sheet -> {
                        assertThat(sheet.name()).isEqualTo("Cities");
                        assertThat(sheet.hidden()).isFalse();
                    });
            assertThat(SourceCellsReader.read(workspace, 1, 1, RowRanges.parse("4"))
                            .merges())
                    .as("a cell spanned over two columns is a merged range")
                    .containsExactly("A4:B4");
        }
    }

    @Test
    void refusesRowsRepeatedIntoBillionsOfCells() throws Exception {
        String rows = "<table:table-row table:number-rows-repeated=\"1000000\"><table:table-cell"
                + " table:number-columns-repeated=\"1000\" office:value-type=\"float\" office:value=\"1\">"
                + "<text:p>1</text:p></table:table-cell></table:table-row>";
        Path file = ods(dir.resolve("bomb.ods"), rows, false);
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            assertThatThrownBy(() -> workspace.ingest(file))
                    .isInstanceOf(EngineException.class)
                    .satisfies(
                            e -> assertThat(((EngineException) e).getErrorCode().name())
                                    .isEqualTo("ZIP_BOMB"))
                    .hasMessageContaining("repeats its rows and cells");
        }
    }

    @Test
    void aTruncatedOdsIsADamagedFileNotAFailureOfOurs() throws Exception {
        Path whole = ods(
                dir.resolve("whole.ods"),
                "<table:table-row><table:table-cell office:value-type=\"float\""
                        + " office:value=\"1\"><text:p>1</text:p></table:table-cell></table:table-row>",
                false);
        byte[] bytes = Files.readAllBytes(whole);
        Path cut = Files.write(dir.resolve("cut.ods"), Arrays.copyOf(bytes, bytes.length - 40));
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            assertThatThrownBy(() -> workspace.ingest(cut))
                    .isInstanceOf(EngineException.class)
                    .satisfies(
                            e -> assertThat(((EngineException) e).getErrorCode().name())
                                    .isEqualTo("CORRUPT_FILE"));
        }
    }

    /**
     * Elapsed times: a time cell whose style does not wrap at 24 hours ({@code [HH]:MM:SS}) is a duration whatever
     * its length, so a column of them holds seconds throughout, not a time of day where one is under a day.
     */
    @Test
    void timesInAnElapsedStyleAreSecondsEvenUnderADay() throws Exception {
        String styles = "<number:time-style style:name=\"N1\" number:truncate-on-overflow=\"false\">"
                + "<number:hours/><number:text>:</number:text><number:minutes/></number:time-style>"
                + "<style:style style:name=\"ce1\" style:family=\"table-cell\" style:data-style-name=\"N1\"/>";
        String rows = "<table:table-column table:default-cell-style-name=\"Default\"/>"
                + "<table:table-column table:default-cell-style-name=\"ce1\"/><table:table-column/>"
                + "<table:table-row>" + text("task") + text("spent") + text("clock") + "</table:table-row>"
                + "<table:table-row>" + text("a") + time(null, "PT12H00M00S") + time(null, "PT09H30M00S")
                + "</table:table-row><table:table-row>" + text("b") + time("ce1", "PT36H00M01S")
                + time(null, "PT17H00M00S") + "</table:table-row>";
        Path file = ods(dir.resolve("hours.ods"), rows, false, styles);
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            TableInfo table = workspace.ingest(file).tables().get(0);
            assertThat(Rows.normalizeAll(TableReader.sqlite(workspace, table.name())))
                    .containsExactly(row(2, "a", 43200, "09:30:00"), row(3, "b", 129601, "17:00:00"));
        }
    }

    private static String text(String value) {
        return "<table:table-cell office:value-type=\"string\"><text:p>" + value + "</text:p></table:table-cell>";
    }

    private static String time(String style, String value) {
        return "<table:table-cell" + (style == null ? "" : " table:style-name=\"" + style + "\"")
                + " office:value-type=\"time\" office:time-value=\"" + value + "\"><text:p>x</text:p>"
                + "</table:table-cell>";
    }

    private static Path ods(Path file, String rows, boolean hiddenSheet) throws IOException {
        return ods(file, rows, hiddenSheet, "");
    }

    /**
     * A minimal .ods: its mimetype stored first, as the format asks, and a content.xml with one or two sheets.
     *
     * @param styles automatic styles besides the hidden table's
     */
    private static Path ods(Path file, String rows, boolean hiddenSheet, String styles) throws IOException {
        String hidden = hiddenSheet
                ? "<table:table table:name=\"Hidden\" table:style-name=\"ta2\"><table:table-row><table:table-cell"
                        + " office:value-type=\"string\"><text:p>secret</text:p></table:table-cell></table:table-row>"
                        + "</table:table>"
                : "";
        String content = "<?xml version=\"1.0\" encoding=\"UTF-8\"?><office:document-content"
                + " xmlns:office=\"urn:oasis:names:tc:opendocument:xmlns:office:1.0\""
                + " xmlns:style=\"urn:oasis:names:tc:opendocument:xmlns:style:1.0\""
                + " xmlns:text=\"urn:oasis:names:tc:opendocument:xmlns:text:1.0\" xmlns:table=\"" + TABLE + "\""
                + " xmlns:number=\"urn:oasis:names:tc:opendocument:xmlns:datastyle:1.0\">"
                + "<office:automatic-styles>" + styles + "<style:style style:name=\"ta2\" style:family=\"table\">"
                + "<style:table-properties table:display=\"false\"/></style:style></office:automatic-styles>"
                + "<office:body><office:spreadsheet><table:table table:name=\"Cities\">" + rows + "</table:table>"
                + hidden + "</office:spreadsheet></office:body></office:document-content>";
        byte[] mimetype = "application/vnd.oasis.opendocument.spreadsheet".getBytes(StandardCharsets.US_ASCII);
        try (ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(file))) {
            ZipEntry entry = new ZipEntry("mimetype");
            entry.setMethod(ZipEntry.STORED);
            entry.setSize(mimetype.length);
            CRC32 crc = new CRC32();
            crc.update(mimetype);
            entry.setCrc(crc.getValue());
            zip.putNextEntry(entry);
            zip.write(mimetype);
            zip.closeEntry();
            zip.putNextEntry(new ZipEntry("content.xml"));
            zip.write(content.getBytes(StandardCharsets.UTF_8));
            zip.closeEntry();
        }
        return file;
    }
}

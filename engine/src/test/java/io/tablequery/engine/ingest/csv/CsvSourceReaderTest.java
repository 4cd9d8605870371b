package io.tablequery.engine.ingest.csv;

import static io.tablequery.engine.testing.Rows.row;
import static org.assertj.core.api.Assertions.assertThat;

import io.tablequery.engine.catalog.ColumnInfo;
import io.tablequery.engine.catalog.ColumnType;
import io.tablequery.engine.catalog.TableInfo;
import io.tablequery.engine.ingest.values.CoercionKind;
import io.tablequery.engine.ingest.values.CoercionReport;
import io.tablequery.engine.testing.Rows;
import io.tablequery.engine.testing.TableReader;
import io.tablequery.engine.workspace.IngestResult;
import io.tablequery.engine.workspace.Workspace;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class CsvSourceReaderTest {
    private static final String CHINESE = "城市,销售额,日期\n上海,1200,2024-03-01\n北京,800,2024-03-02\n";

    @TempDir
    Path dir;

    @ParameterizedTest
    @CsvSource({
        "UTF-8,false,UTF-8",
        "UTF-8,true,UTF-8 with BOM",
        "UTF-16LE,true,UTF-16LE with BOM",
        "UTF-16BE,true,UTF-16BE with BOM",
        "UTF-16LE,false,UTF-16LE",
        "GBK,false,GB18030",
        "GB18030,false,GB18030"
    })
    void detectsEncodings(String charset, boolean bom, String reported) throws Exception {
        byte[] text = CHINESE.getBytes(Charset.forName(charset));
        byte[] prefix = !bom
                ? new byte[0]
                : switch (charset) {
                    case "UTF-8" -> new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};
                    case "UTF-16LE" -> new byte[] {(byte) 0xFF, (byte) 0xFE};
                    default -> new byte[] {(byte) 0xFE, (byte) 0xFF};
                };
        Path file = dir.resolve("cities.csv");
        Files.write(file, concat(prefix, text));
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            IngestResult result = workspace.ingest(file);
            assertThat(result.report().encoding()).isEqualTo(reported);
            TableInfo table = result.tables().get(0);
            assertThat(table.columns()).extracting(ColumnInfo::name).containsExactly("城市", "销售额", "日期");
            assertThat(Rows.normalizeAll(TableReader.sqlite(workspace, table.name())))
                    .containsExactly(row(2, "上海", 1200, "2024-03-01"), row(3, "北京", 800, "2024-03-02"));
        }
    }

    static Stream<Arguments> delimited() {
        return Stream.of(
                Arguments.of("a;b;c\n1;2;3\n", "semicolon"),
                Arguments.of("a\tb\tc\n1\t2\t3\n", "tab"),
                Arguments.of("a|b|c\n1|2|3\n", "pipe"),
                Arguments.of("a,b,c\n\"1;5\",2,3\n", "comma"));
    }

    @ParameterizedTest
    @MethodSource("delimited")
    void sniffsDelimiters(String content, String delimiter) throws Exception {
        Path file = dir.resolve("data.csv");
        Files.writeString(file, content);
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            IngestResult result = workspace.ingest(file);
            assertThat(result.report().delimiter()).isEqualTo(delimiter);
            assertThat(result.tables().get(0).columns())
                    .extracting(ColumnInfo::name)
                    .containsExactly("a", "b", "c");
        }
    }

    @Test
    void countsEveryRecordIncludingBlankLinesAndTitles() throws Exception {
        Path file = dir.resolve("report.csv");
        Files.writeString(file, "Monthly report,,\n\nname,note,amount\nann,\"two\nlines\",5\n\nbob,x,7\n");
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            IngestResult result = workspace.ingest(file);
            TableInfo table = result.tables().get(0);
            assertThat(result.report().sheets().get(0).titles()).containsExactly("Monthly report");
            assertThat(result.report().sheets().get(0).headerRows()).containsExactly(3L);
            assertThat(Rows.normalizeAll(TableReader.sqlite(workspace, table.name())))
                    .containsExactly(row(4, "ann", "two\nlines", 5), row(6, "bob", "x", 7));
        }
    }

    @Test
    void readsNumbersDatesAndMarkersStrictly() throws Exception {
        Path file = dir.resolve("mixed.csv");
        Files.writeString(
                file,
                String.join(
                                "\n",
                                "code,price,share,when,us_date,eu_date,flag,big",
                                "007,\"$1,234.50\",25%,2024-01-05 10:20:30,03/04/2024,31.12.2024,TRUE,12345678901234567890",
                                "010,N/A,12.5%,2024-01-06T08:00:00,12/25/2024,01.01.2025,false,1",
                                "011,9,-,,,,,2")
                        + "\n");
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            IngestResult result = workspace.ingest(file);
            TableInfo table = result.tables().get(0);
            assertThat(table.columns())
                    .extracting(ColumnInfo::type)
                    .containsExactly(
                            ColumnType.TEXT,
                            ColumnType.REAL,
                            ColumnType.REAL,
                            ColumnType.TIMESTAMP,
                            ColumnType.DATE,
                            ColumnType.DATE,
                            ColumnType.BOOLEAN,
                            ColumnType.TEXT);
            assertThat(Rows.normalizeAll(TableReader.sqlite(workspace, table.name())))
                    .containsExactly(
                            row(
                                    2,
                                    "007",
                                    1234.5,
                                    0.25,
                                    "2024-01-05 10:20:30",
                                    "2024-03-04",
                                    "2024-12-31",
                                    1,
                                    "12345678901234567890"),
                            row(3, "010", null, 0.125, "2024-01-06 08:00:00", "2024-12-25", "2025-01-01", 0, "1"),
                            row(4, "011", 9.0, null, null, null, null, null, "2"));
            List<CoercionReport> coercions = result.report().sheets().get(0).coercions();
            assertThat(coercions)
                    .extracting(CoercionReport::column, CoercionReport::kind, CoercionReport::count)
                    .containsExactlyInAnyOrder(
                            org.assertj.core.groups.Tuple.tuple("price", CoercionKind.CURRENCY_TEXT_TO_NUMBER, 1L),
                            org.assertj.core.groups.Tuple.tuple("price", CoercionKind.NULL_MARKER_TO_NULL, 1L),
                            org.assertj.core.groups.Tuple.tuple("share", CoercionKind.PERCENT_TEXT_TO_NUMBER, 2L),
                            org.assertj.core.groups.Tuple.tuple("share", CoercionKind.NULL_MARKER_TO_NULL, 1L));
        }
    }

    @Test
    void keepsDatesWhoseOrderTheColumnCannotSettleAsText() throws Exception {
        Path file = dir.resolve("dates.csv");
        Files.writeString(file, "d\n03/04/2024\n05/06/2024\n", StandardCharsets.UTF_8);
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            IngestResult result = workspace.ingest(file);
            assertThat(result.tables().get(0).columns().get(0).type()).isEqualTo(ColumnType.TEXT);
            assertThat(result.report().sheets().get(0).notes()).anyMatch(note -> note.contains("day/month order"));
        }
    }

    @Test
    void readsAFileWithoutHeaderAsData() throws Exception {
        Path file = dir.resolve("numbers.csv");
        Files.writeString(file, "1,2.5\n2,3.5\n");
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            TableInfo table = workspace.ingest(file).tables().get(0);
            assertThat(table.columns()).extracting(ColumnInfo::name).containsExactly("col_A", "col_B");
            assertThat(Rows.normalizeAll(TableReader.sqlite(workspace, table.name())))
                    .containsExactly(row(1, 1, 2.5), row(2, 2, 3.5));
        }
    }

    @Test
    void dropsTheSpacesAfterDelimitersWhereQuotedFieldsFollowThem() throws Exception {
        Path file = dir.resolve("greetings.csv");
        Files.writeString(
                file,
                "who, greeting, n\nann, \"Hi, Mom!\", 1\nbob,  \"say \"\"a, b\"\", then\", 2\ncy, plain text, 3\n");
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            IngestResult result = workspace.ingest(file);
            TableInfo table = result.tables().get(0);
            assertThat(table.columns()).extracting(ColumnInfo::name).containsExactly("who", "greeting", "n");
            assertThat(Rows.normalizeAll(TableReader.sqlite(workspace, table.name())))
                    .containsExactly(
                            row(2, "ann", "Hi, Mom!", 1),
                            row(3, "bob", "say \"a, b\", then", 2),
                            row(4, "cy", "plain text", 3));
            assertThat(result.report().notes())
                    .anySatisfy(note -> assertThat(note).contains("spaces after each delimiter"));
        }
    }

    @Test
    void readsFieldsQuotedWithSingleQuotes() throws Exception {
        Path file = dir.resolve("single.csv");
        Files.writeString(file, "'city','note',n\n'Paris','big, old',1\n'Rome','it''s',2\n");
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            IngestResult result = workspace.ingest(file);
            TableInfo table = result.tables().get(0);
            assertThat(table.columns()).extracting(ColumnInfo::name).containsExactly("city", "note", "n");
            assertThat(Rows.normalizeAll(TableReader.sqlite(workspace, table.name())))
                    .containsExactly(row(2, "Paris", "big, old", 1), row(3, "Rome", "it's", 2));
        }
    }

    @Test
    void keepsApostrophesInAFileQuotedWithDoubleQuotes() throws Exception {
        Path file = dir.resolve("apostrophes.csv");
        Files.writeString(file, "name,said\n'Tis,\"it's, fine\"\nO'Brien,'quoted'\n");
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            TableInfo table = workspace.ingest(file).tables().get(0);
            assertThat(Rows.normalizeAll(TableReader.sqlite(workspace, table.name())))
                    .containsExactly(row(2, "'Tis", "it's, fine"), row(3, "O'Brien", "'quoted'"));
        }
    }

    @Test
    void keepsAnEmptyColumnBetweenOthersButNotATrailingDelimiter() throws Exception {
        Path file = dir.resolve("gaps.csv");
        Files.writeString(file, "a,,c,\n1,,x,\n2,,y,\n");
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            IngestResult result = workspace.ingest(file);
            TableInfo table = result.tables().get(0);
            assertThat(table.columns()).extracting(ColumnInfo::name).containsExactly("a", "col_B", "c");
            assertThat(Rows.normalizeAll(TableReader.sqlite(workspace, table.name())))
                    .containsExactly(row(2, 1, null, "x"), row(3, 2, null, "y"));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"\u00A0", "\u2003", "\u3000", "\u1680", "\u205F", "\u2028", "\u001F"})
    void keepsARowOfUnicodeSpacesAsDataButDropsARowOfAsciiSpaces(String space) throws Exception {
        Path file = dir.resolve("spaces.csv");
        Files.writeString(file, "name,note\nann,x\n" + space + "," + space + "\n \t, \nbob,y\n");
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            TableInfo table = workspace.ingest(file).tables().get(0);
            assertThat(Rows.normalizeAll(TableReader.sqlite(workspace, table.name())))
                    .containsExactly(row(2, "ann", "x"), row(3, space, space), row(5, "bob", "y"));
        }
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = new byte[a.length + b.length];
        System.arraycopy(a, 0, out, 0, a.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}

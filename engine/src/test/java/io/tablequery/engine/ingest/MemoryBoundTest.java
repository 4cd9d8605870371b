package io.tablequery.engine.ingest;

import static io.tablequery.engine.testing.RawWorkbooks.repeat;
import static org.assertj.core.api.Assertions.assertThat;

import io.tablequery.engine.testing.RawWorkbooks;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Workbooks built to exhaust a reader's memory, each uploaded in a JVM capped at 1 GB: every one is refused with its
 * code within seconds, and the process stays alive and well under its cap. The class of defect: a limit checked after
 * the text it limits was held whole (a 300 MiB cell answered 500 with an empty body under {@code -Xmx1g}).
 */
class MemoryBoundTest {
    private static final Pattern LINE = Pattern.compile("outcome=(\\S+) ms=(\\d+) peakKb=(-?\\d+)");
    private static final long MIB = 1 << 20;

    /**
     * How large the cells are, in MiB: 64 in the build, past every limit (16 MB a token) and held by any reader that
     * bounds nothing; {@code -Dtq.bombs.cellMiB=400} for the sizes that broke the server before.
     */
    private static final long CELL = Long.getLong("tq.bombs.cellMiB", 64) * MIB;

    @TempDir
    Path dir;

    static Stream<Arguments> bombs() {
        return Stream.of(
                Arguments.of(
                        "a cell of inline text", "RECORD_TOO_LARGE", (Bomb) file -> RawWorkbooks.write(file, sheet -> {
                            sheet.write(bytes("<row r=\"1\"><c r=\"A1\" t=\"inlineStr\"><is><t>"));
                            repeat(sheet, 'a', CELL);
                            sheet.write(bytes("</t></is></c></row>"));
                        })),
                Arguments.of("a shared string", "RECORD_TOO_LARGE", (Bomb) file -> RawWorkbooks.write(
                        file,
                        sheet -> sheet.write(bytes("<row r=\"1\"><c r=\"A1\" t=\"s\"><v>0</v></c></row>")),
                        sst -> {
                            sst.write(bytes("<si><t>"));
                            repeat(sst, 'a', CELL);
                            sst.write(bytes("</t></si>"));
                        },
                        0)),
                Arguments.of("a shared string of runs of 4 MiB", "RECORD_TOO_LARGE", (Bomb) file -> RawWorkbooks.write(
                        file,
                        sheet -> sheet.write(bytes("<row r=\"1\"><c r=\"A1\" t=\"s\"><v>0</v></c></row>")),
                        sst -> {
                            sst.write(bytes("<si>"));
                            for (long run = 0; run < CELL / (4 * MIB); run++) {
                                sst.write(bytes("<r><t>"));
                                repeat(sst, 'b', 4 * MIB);
                                sst.write(bytes("</t></r>"));
                            }
                            sst.write(bytes("</si>"));
                        },
                        0)),
                Arguments.of("a cell of runs of 4 MiB split by comments", "RECORD_TOO_LARGE", (Bomb)
                        file -> RawWorkbooks.write(file, sheet -> {
                            sheet.write(bytes("<row r=\"1\"><c r=\"A1\" t=\"inlineStr\"><is><t>"));
                            for (long run = 0; run < CELL / (4 * MIB); run++) {
                                repeat(sheet, 'd', 4 * MIB);
                                sheet.write(bytes("<!---->"));
                            }
                            sheet.write(bytes("</t></is></c></row>"));
                        })),
                Arguments.of("a row of cells of 10 MiB", "RECORD_TOO_LARGE", (Bomb)
                        file -> RawWorkbooks.write(file, sheet -> {
                            sheet.write(bytes("<row r=\"1\">"));
                            for (long c = 0; c < Math.max(8, CELL / (10 * MIB)); c++) {
                                sheet.write(bytes("<c t=\"inlineStr\"><is><t>"));
                                repeat(sheet, 'c', 10 * MIB);
                                sheet.write(bytes("</t></is></c>"));
                            }
                            sheet.write(bytes("</row>"));
                        })),
                Arguments.of(
                        "6 million styled empty rows", "ZIP_BOMB", (Bomb) file -> RawWorkbooks.write(file, sheet -> {
                            byte[] rows = "<row spans=\"1:10\" s=\"3\" customFormat=\"1\" ht=\"15\"/>"
                                    .repeat(10_000)
                                    .getBytes(StandardCharsets.US_ASCII);
                            for (int i = 0; i < 600; i++) {
                                sheet.write(rows);
                            }
                        })),
                Arguments.of("elements nested 10 million deep", "FILE_TOO_COMPLEX", (Bomb)
                        file -> RawWorkbooks.write(file, sheet -> {
                            byte[] open = "<x>".repeat(100_000).getBytes(StandardCharsets.US_ASCII);
                            for (int i = 0; i < 100; i++) {
                                sheet.write(open);
                            }
                        })));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("bombs")
    void isRefusedWithinSecondsUnderAOneGigabyteHeap(String what, String code, Bomb bomb) throws Exception {
        Path file = bomb.write(dir.resolve("bomb.xlsx"));
        assertThat(Files.size(file)).as("the file uploaded").isLessThan(2 * MIB);

        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx1g",
                "-cp",
                System.getProperty("java.class.path"),
                BombProbe.class.getName(),
                dir.resolve("ws").toString(),
                file.toString()));
        Path output = dir.resolve("probe.out");
        Process probe = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(output.toFile())
                .start();
        assertThat(probe.waitFor(2, TimeUnit.MINUTES))
                .as("%s: the upload ends", what)
                .isTrue();
        String printed = Files.readString(output);
        Matcher line = LINE.matcher(printed);
        assertThat(line.find()).as("%s: %s", what, printed).isTrue();

        assertThat(line.group(1)).as("%s: %s", what, printed).isEqualTo(code);
        assertThat(Long.parseLong(line.group(2))).as("%s: milliseconds", what).isLessThan(30_000);
        long peakMb = Long.parseLong(line.group(3)) / 1024;
        assertThat(peakMb).as("%s: peak resident MB", what).isLessThan(1024);
        System.out.printf("%s: %s in %s ms, peak resident %d MB%n", what, code, line.group(2), peakMb);
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }

    /** Writes a hostile workbook. */
    @FunctionalInterface
    interface Bomb {
        Path write(Path file) throws IOException;
    }
}

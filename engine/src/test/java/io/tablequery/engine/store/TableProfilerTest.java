package io.tablequery.engine.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.tablequery.dialects.translate.AsciiLetters;
import io.tablequery.engine.catalog.ColumnProfile;
import io.tablequery.engine.catalog.ColumnType;
import io.tablequery.engine.catalog.TableInfo;
import io.tablequery.engine.catalog.TableProfile;
import io.tablequery.engine.workspace.Workspace;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A table is profiled three ways by its size: on its way into storage (a small table), in long form over its DuckDB
 * copy (every column's values grouped in one statement), or column batch by column batch. All three must give the
 * same profiles: counts, distinct counts, minima, maxima and value lists in the same order, for every type, NULLs,
 * ties, signed zeros, reals beyond 17 digits, text that UTF-16 and UTF-8 order differently, and which ASCII letters
 * text holds beside other letters of either case.
 */
class TableProfilerTest {
    private static final String[] WORDS = {
        "apple", "Äpfel", "zebra", "Zebra", "城市", "b", "10", "9", "\uD83D\uDE00 smile", "\uFF21 wide", "\uE000 private"
    };
    private static final String[] LOWER_WORDS = {"äpfel", "Äpfel", "城市", "b_c", "x1", "ÉÉ", "été"};
    private static final String[] UPPER_WORDS = {"ABC", "éCOLE", "X-1", "ÄPFEL", "Z"};
    private static final double[] REALS = {0.25, -0.0, 0.0, 0.1 + 0.2, 1e20, 1.5e-7, -3.75, 123456789.123, 2.5};

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(ints = {3, 40, 400})
    void onTheWayInLongFormAndColumnBatchesGiveTheSameProfiles(int rows) throws Exception {
        Path file = mixedCsv(rows, new Random(20261201L + rows));
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            TableInfo table = workspace.ingest(file).tables().get(0);
            assertThat(table.columns())
                    .extracting(column -> column.type())
                    .contains(
                            ColumnType.INTEGER,
                            ColumnType.REAL,
                            ColumnType.TEXT,
                            ColumnType.BOOLEAN,
                            ColumnType.DATE,
                            ColumnType.TIMESTAMP);
            TableProfile onTheWayIn = workspace.catalog().profile(table).orElseThrow();
            try (Connection duckDb = workspace.openDuckDb()) {
                TableProfile longForm = TableProfiler.profile(duckDb, table, Long.MAX_VALUE);
                TableProfile batches = TableProfiler.profile(duckDb, table, 0);
                assertThat(longForm).isEqualTo(batches);
                assertThat(onTheWayIn).isEqualTo(longForm);
            }
            if (rows == 400) {
                assertThat(onTheWayIn.column("small").orElseThrow().values()).hasSizeBetween(2, 7);
                assertThat(onTheWayIn.column("word").orElseThrow().values()).hasSize(WORDS.length);
                assertThat(onTheWayIn.column("many").orElseThrow().values()).isEmpty();
                assertThat(onTheWayIn.columns())
                        .extracting(ColumnProfile::name, ColumnProfile::letters)
                        .contains(
                                tuple("word", AsciiLetters.BOTH),
                                tuple("lower_word", AsciiLetters.LOWER),
                                tuple("upper_word", AsciiLetters.UPPER),
                                tuple("digits", AsciiLetters.NONE),
                                tuple("small", null),
                                tuple("day", null));
                assertThat(onTheWayIn.column("real").orElseThrow().values())
                        .contains("0.0", "0.30000000000000004", "1.0e+20")
                        .doesNotContain("-0.0");
            }
        }
    }

    @Test
    void aTableTooLargeToProfileOnTheWayInIsProfiledFromItsCopy() throws Exception {
        ProfileAccumulator accumulator = new ProfileAccumulator(List.of(new StoredColumn("n", ColumnType.INTEGER)));
        int rows = (int) ProfileAccumulator.MAX_CELLS + 1;
        ColumnBatch batch = new ColumnBatch(List.of(ColumnType.INTEGER), rows);
        IntStream.range(0, rows).forEach(r -> batch.setLong(0, batch.addRow(r + 2), r));
        accumulator.add(batch);
        assertThat(accumulator.profile()).isEmpty();
    }

    private Path mixedCsv(int rows, Random random) throws Exception {
        Path file = dir.resolve("mixed.csv");
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            out.write("id,small,real,word,flag,day,moment,many,wide_reals,lower_word,upper_word,digits\n");
            for (int r = 0; r < rows; r++) {
                boolean early = r < REALS.length;
                out.write(r + ","
                        + (random.nextInt(6) == 0 ? "" : random.nextInt(7) - 3) + ","
                        + (random.nextInt(6) == 0 && !early ? "" : REALS[early ? r : random.nextInt(REALS.length)])
                        + ","
                        + (early ? WORDS[r % WORDS.length] : WORDS[random.nextInt(WORDS.length)]) + ","
                        + (random.nextBoolean() ? "true" : "false") + ","
                        + "2024-0" + (1 + random.nextInt(9)) + "-1" + random.nextInt(10) + ","
                        + "2024-05-0" + (1 + random.nextInt(9)) + " 1" + random.nextInt(10) + ":30:00,"
                        + random.nextInt(1000) + ","
                        + random.nextGaussian() * 1e6 + ","
                        + LOWER_WORDS[random.nextInt(LOWER_WORDS.length)] + ","
                        + UPPER_WORDS[random.nextInt(UPPER_WORDS.length)] + ","
                        + (random.nextInt(5) == 0 ? "" : "#" + random.nextInt(50)) + "\n");
            }
        }
        return file;
    }
}

package io.tablequery.engine.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablequery.engine.catalog.ColumnType;
import io.tablequery.engine.catalog.TableInfo;
import io.tablequery.engine.catalog.TableProfile;
import io.tablequery.engine.workspace.Workspace;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A small table is profiled in long form (every column's values grouped in one statement), a large one column batch
 * by column batch; both must give the same profiles: counts, distinct counts, minima, maxima and value lists in the
 * same order, for every type, NULLs and ties included.
 */
class TableProfilerTest {
    @TempDir
    Path dir;

    @Test
    void longFormAndColumnBatchesGiveTheSameProfiles() throws Exception {
        Path file = dir.resolve("mixed.csv");
        Random random = new Random(20261201);
        String[] words = {"apple", "Äpfel", "zebra", "Zebra", "城市", "b", "", "10", "9"};
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            out.write("id,small,real,word,flag,day,many,wide_reals\n");
            for (int r = 0; r < 400; r++) {
                out.write(r + ","
                        + (random.nextInt(6) == 0 ? "" : random.nextInt(7) - 3) + ","
                        + (random.nextInt(6) == 0 ? "" : (random.nextInt(9) - 4) * 0.25) + ","
                        + words[random.nextInt(words.length)] + ","
                        + (random.nextBoolean() ? "true" : "false") + ","
                        + "2024-0" + (1 + random.nextInt(9)) + "-1" + random.nextInt(10) + ","
                        + random.nextInt(1000) + ","
                        + random.nextGaussian() * 1e6 + "\n");
            }
        }
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            TableInfo table = workspace.ingest(file).tables().get(0);
            assertThat(table.columns())
                    .extracting(column -> column.type())
                    .contains(
                            ColumnType.INTEGER, ColumnType.REAL, ColumnType.TEXT, ColumnType.BOOLEAN, ColumnType.DATE);
            try (Connection duckDb = workspace.openDuckDb()) {
                TableProfile longForm = TableProfiler.profile(duckDb, table, Long.MAX_VALUE);
                TableProfile batches = TableProfiler.profile(duckDb, table, 0);
                assertThat(longForm).isEqualTo(batches);
                assertThat(longForm.column("small").orElseThrow().values()).hasSizeBetween(2, 7);
                assertThat(longForm.column("word").orElseThrow().values()).hasSize(words.length - 1);
                assertThat(longForm.column("many").orElseThrow().values()).isEmpty();
            }
        }
    }
}

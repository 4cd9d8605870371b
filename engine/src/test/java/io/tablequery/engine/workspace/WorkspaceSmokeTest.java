package io.tablequery.engine.workspace;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablequery.engine.catalog.ColumnType;
import io.tablequery.engine.testing.TableReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WorkspaceSmokeTest {
    @TempDir
    Path dir;

    @Test
    void ingestsCsvIntoBothCopies() throws Exception {
        Path csv = dir.resolve("orders.csv");
        Files.writeString(csv, "id,city,day,amount,paid\n1,Shanghai,2024-01-05,12.5,true\n\n2,上海,2024-02-29,7,false\n");
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            IngestResult result = workspace.ingest(csv);
            assertThat(result.file().ref()).isEqualTo("F1");
            assertThat(result.tables()).singleElement().satisfies(table -> {
                assertThat(table.name()).isEqualTo("orders");
                assertThat(table.columns())
                        .extracting(c -> c.type())
                        .containsExactly(
                                ColumnType.INTEGER,
                                ColumnType.TEXT,
                                ColumnType.DATE,
                                ColumnType.REAL,
                                ColumnType.BOOLEAN);
            });
            assertThat(TableReader.sqlite(workspace, "orders"))
                    .containsExactly(
                            Arrays.asList(2, 1, "Shanghai", "2024-01-05", 12.5, 1),
                            Arrays.asList(4, 2, "上海", "2024-02-29", 7.0, 0));
            assertThat(TableReader.duckDbSqliteView(workspace, "orders"))
                    .containsExactly(
                            Arrays.asList(2L, 1L, "Shanghai", "2024-01-05", 12.5, 1L),
                            Arrays.asList(4L, 2L, "上海", "2024-02-29", 7.0, 0L));
            List<List<Object>> nativeRows = TableReader.duckDbNative(workspace, "orders");
            assertThat(nativeRows.get(1).get(2).toString()).isEqualTo("2024-02-29");
            assertThat(nativeRows.get(1).get(4)).isEqualTo(false);
        }
    }
}

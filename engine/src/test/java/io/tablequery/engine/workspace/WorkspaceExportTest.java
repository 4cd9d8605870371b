package io.tablequery.engine.workspace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablequery.engine.catalog.CatalogErrorCode;
import io.tablequery.engine.error.EngineException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** tq export: a copy other tools read, taken while the workspace stays open and its WAL holds the latest upload. */
class WorkspaceExportTest {
    private static final Path DUCKDB_1X = Path.of("target", "compat", "duckdb_jdbc-1.x.jar");

    @TempDir
    Path dir;

    @Test
    void writesOneSqliteFileAndAParquetFilePerTableThatOtherReadersOpen() throws Exception {
        Path csv = Files.writeString(
                dir.resolve("orders.csv"),
                "id,day,city,total,paid\n1,2025-04-01,上海,10.5,true\n2,2025-05-02,Paris,20,false\n3,,Lyon,,true\n",
                StandardCharsets.UTF_8);
        Path out = dir.resolve("export");
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            workspace.ingest(csv);
            assertThat(workspace.directory().resolve("tables.sqlite-wal"))
                    .as("the upload sits in the write-ahead log, where a file copy would miss it")
                    .exists();
            WorkspaceExport export = workspace.export(out);
            assertThat(export.tables())
                    .extracting(WorkspaceExport.Table::name, WorkspaceExport.Table::rows)
                    .containsExactly(org.assertj.core.groups.Tuple.tuple("orders", 3L));
            assertThatThrownBy(() -> workspace.export(out))
                    .isInstanceOf(EngineException.class)
                    .extracting(e -> ((EngineException) e).getErrorCode())
                    .isEqualTo(CatalogErrorCode.EXPORT_TARGET_EXISTS.toErrorCode());
        }

        assertThat(out.resolve("tables.sqlite-wal")).doesNotExist();
        try (Connection sqlite = DriverManager.getConnection("jdbc:sqlite:" + out.resolve("tables.sqlite"));
                Statement statement = sqlite.createStatement();
                ResultSet rs =
                        statement.executeQuery("SELECT rowid, id, day, city, total, paid FROM orders ORDER BY rowid")) {
            List<String> rows = new ArrayList<>();
            while (rs.next()) {
                rows.add(rs.getLong(1) + "|" + rs.getObject(2) + "|" + rs.getObject(3) + "|" + rs.getObject(4) + "|"
                        + rs.getObject(5) + "|" + rs.getObject(6));
            }
            assertThat(rows)
                    .containsExactly("2|1|2025-04-01|上海|10.5|1", "3|2|2025-05-02|Paris|20.0|0", "4|3|null|Lyon|null|1");
        }
        assertThat(Files.readString(out.resolve("manifest.json")))
                .contains("\"citationColumn\" : \"__src\"")
                .contains("\"parquet\" : \"parquet/orders.parquet\"");

        try (Connection duckDb = DriverManager.getConnection("jdbc:duckdb:");
                Statement statement = duckDb.createStatement();
                ResultSet rs = statement.executeQuery("SELECT typeof(day), typeof(paid), city, __src FROM read_parquet("
                        + "'" + out.resolve("parquet/orders.parquet") + "') ORDER BY id")) {
            assertThat(rs.next()).isTrue();
            assertThat(List.of(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4)))
                    .containsExactly("DATE", "BOOLEAN", "上海", "F1S1R2");
        }

        List<String> older = readWithDuckDb1x(out.resolve("parquet/orders.parquet"));
        assertThat(older.get(0)).startsWith("version v1.");
        assertThat(older)
                .contains(
                        "rows 3", "column id BIGINT", "column day DATE", "column paid BOOLEAN", "column __src VARCHAR");
    }

    private List<String> readWithDuckDb1x(Path parquet) throws IOException, InterruptedException {
        assertThat(DUCKDB_1X).as("the build copies DuckDB 1.x for this test").exists();
        Path tmp = Files.createDirectories(dir.resolve("tmp"));
        Process process = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-Djava.io.tmpdir=" + tmp,
                        "-cp",
                        DUCKDB_1X.toAbsolutePath()
                                + java.io.File.pathSeparator
                                + Path.of("target", "test-classes").toAbsolutePath(),
                        ParquetReadCheck.class.getName(),
                        parquet.toString())
                .redirectErrorStream(true)
                .start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).as(output).isZero();
        return output.lines().toList();
    }
}

package io.tablequery.engine.workspace;

import static io.tablequery.engine.testing.Rows.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablequery.engine.catalog.SourceFile;
import io.tablequery.engine.catalog.TableInfo;
import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.testing.Rows;
import io.tablequery.engine.testing.TableReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WorkspaceTest {
    @TempDir
    Path dir;

    @Test
    void neverReusesFileNumbers() throws Exception {
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            assertThat(workspace.ingest(csv("a.csv", "x\n1\n")).file().number()).isEqualTo(1);
            assertThat(workspace.ingest(csv("b.csv", "x\n2\n")).file().number()).isEqualTo(2);
            workspace.deleteFile(2);
            assertThat(workspace.ingest(csv("c.csv", "x\n3\n")).file().number()).isEqualTo(3);
        }
        try (Workspace reopened = Workspace.open(dir.resolve("ws"))) {
            reopened.deleteFile(3);
            assertThat(reopened.ingest(csv("d.csv", "x\n4\n")).file().ref()).isEqualTo("F4");
            assertThat(reopened.catalog().files()).extracting(SourceFile::ref).containsExactly("F1", "F4");
        }
    }

    @Test
    void replacesAFileOfTheSameNameKeepingItsTableNames() throws Exception {
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            workspace.ingest(csv("sales.csv", "region,amount\neast,1\nwest,2\n"));
            IngestResult second = workspace.ingest(csv("sales.csv", "region,amount,note\nnorth,3.5,new\n"));
            assertThat(second.file().ref()).isEqualTo("F2");
            assertThat(second.replaced()).isEqualTo(1);
            assertThat(workspace.catalog().files()).extracting(SourceFile::ref).containsExactly("F2");
            assertThat(workspace.catalog().tables()).extracting(TableInfo::name).containsExactly("sales");
            assertThat(Rows.normalizeAll(TableReader.sqlite(workspace, "sales")))
                    .containsExactly(row(2, "north", 3.5, "new"));
            assertThat(Rows.normalizeAll(TableReader.duckDbSqliteView(workspace, "sales")))
                    .containsExactly(row(2, "north", 3.5, "new"));
            assertThat(workspace.directory().resolve("files/F1/sales.csv"))
                    .as("the replaced version stays readable under its F-number")
                    .hasContent("region,amount\neast,1\nwest,2");
            assertThat(workspace.fileVersion(1).supersededBy()).isEqualTo(2);
            assertThat(workspace.directory().resolve("files/F2/sales.csv"))
                    .hasContent("region,amount,note\nnorth,3.5,new");
        }
    }

    @Test
    void deletingAFileRemovesItsTablesFromBothCopies() throws Exception {
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            workspace.ingest(csv("keep.csv", "x\n1\n"));
            workspace.ingest(csv("drop.csv", "y\n2\n"));
            RemovedFile dropped = workspace.deleteFile(2);
            assertThat(dropped.file().name()).isEqualTo("drop.csv");
            assertThat(dropped.tables()).extracting(TableInfo::name).containsExactly("drop");
            assertThat(workspace.catalog().table("drop")).isEmpty();
            try (Connection sqlite = workspace.openSqliteReader();
                    Connection duckDb = workspace.openDuckDb()) {
                assertThat(TableReader.rows(sqlite, "SELECT name FROM sqlite_schema WHERE name = 'drop'"))
                        .isEmpty();
                assertThat(TableReader.rows(duckDb, "SELECT view_name FROM duckdb_views() WHERE view_name = 'drop'"))
                        .isEmpty();
                assertThat(TableReader.rows(
                                duckDb,
                                "SELECT table_name FROM duckdb_tables() WHERE schema_name ="
                                        + " 'tq_store' AND table_name <> 'tq_views'"))
                        .containsExactly(row("f1_s1"));
            }
            assertThat(workspace.directory().resolve("files/F2")).doesNotExist();
            assertThatThrownBy(() -> workspace.deleteFile(2))
                    .isInstanceOf(EngineException.class)
                    .hasMessage("no file F2 in this workspace; list the files to see their F-numbers");
        }
    }

    @Test
    void keepsTheUploadedBytesAndNamesTablesUniquely() throws Exception {
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            Path first = csv("Orders 2025.csv", "id\n1\n");
            IngestResult one = workspace.ingest(first);
            IngestResult two = workspace.ingest(csv("orders_2025.tsv", "id\n2\n"));
            assertThat(one.tables().get(0).name()).isEqualTo("orders_2025");
            assertThat(two.tables().get(0).name()).isEqualTo("orders_2025_2");
            assertThat(workspace.directory().resolve(one.file().storedPath())).hasSameBinaryContentAs(first);
            assertThat(workspace.report(1).sheets().get(0).table()).isEqualTo("orders_2025");
        }
    }

    @Test
    void refusesASecondOpenOfTheSameWorkspace() {
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            assertThatThrownBy(() -> Workspace.open(dir.resolve("ws")))
                    .isInstanceOf(EngineException.class)
                    .satisfies(
                            e -> assertThat(((EngineException) e).getErrorCode().name())
                                    .isEqualTo("WORKSPACE_LOCKED"));
            assertThat(workspace.catalog().files()).isEmpty();
        }
    }

    @Test
    void repairsTheDuckDbCopyFromTheSqliteCopy() throws Exception {
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            workspace.ingest(csv("a.csv", "x,d\n1,2024-01-01\n"));
            workspace.ingest(csv("b.csv", "y\nhello\n"));
            try (Connection duckDb = workspace.openDuckDb();
                    Statement statement = duckDb.createStatement()) {
                statement.execute("DROP VIEW main.a");
                statement.execute("DROP TABLE tq_store.f2_s1");
                statement.execute("CREATE TABLE tq_store.f9_s1 (c1 INTEGER)");
            }
            Files.createDirectories(workspace.directory().resolve("files/F9.partial"));
            Files.createDirectories(workspace.directory().resolve("files/F10"));
            // Names only like a file's: too large for an F-number, and F1 spelled with a leading zero.
            Files.createDirectories(workspace.directory().resolve("files/F99999999999"));
            Files.createDirectories(workspace.directory().resolve("files/F01"));
        }
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            assertThat(Rows.normalizeAll(TableReader.duckDbSqliteView(workspace, "a")))
                    .containsExactly(row(2, 1, "2024-01-01"));
            assertThat(TableReader.duckDbNative(workspace, "a").get(0).get(1).toString())
                    .isEqualTo("2024-01-01");
            assertThat(Rows.normalizeAll(TableReader.duckDbSqliteView(workspace, "b")))
                    .containsExactly(row(2, "hello"));
            try (Connection duckDb = workspace.openDuckDb()) {
                assertThat(TableReader.rows(
                                duckDb,
                                "SELECT table_name FROM duckdb_tables() WHERE schema_name ="
                                        + " 'tq_store' AND table_name <> 'tq_views' ORDER BY 1"))
                        .containsExactly(row("f1_s1"), row("f2_s1"));
            }
            assertThat(workspace.directory().resolve("files/F9.partial")).doesNotExist();
            assertThat(workspace.directory().resolve("files/F10")).doesNotExist();
            assertThat(workspace.directory().resolve("files/F99999999999")).doesNotExist();
            assertThat(workspace.directory().resolve("files/F01")).doesNotExist();
            assertThat(workspace.directory().resolve("files/F1")).isDirectory();
        }
    }

    @Test
    void rebuildsADamagedDuckDbFile() throws Exception {
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            workspace.ingest(csv("a.csv", "x\n1\n2\n"));
        }
        Files.write(dir.resolve("ws/tables.duckdb"), new byte[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13});
        Files.deleteIfExists(dir.resolve("ws/tables.duckdb.wal"));
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            assertThat(Rows.normalizeAll(TableReader.duckDbSqliteView(workspace, "a")))
                    .containsExactly(row(2, 1), row(3, 2));
        }
        try (var entries = Files.list(dir.resolve("ws"))) {
            assertThat(entries.map(p -> p.getFileName().toString()))
                    .anyMatch(n -> n.startsWith("tables.duckdb.damaged-"));
        }
    }

    private Path csv(String name, String content) throws Exception {
        Path source = dir.resolve("sources").resolve(name);
        Files.createDirectories(source.getParent());
        Files.writeString(source, content);
        return source;
    }
}

package io.tablequery.engine.workspace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablequery.engine.catalog.CatalogErrorCode;
import io.tablequery.engine.catalog.FileVersion;
import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.ingest.IngestListener;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A replaced file's F-number keeps naming its version: its record, and its bytes and report while they are kept. */
class FileVersionsTest {
    private static final String V1 = "id,total\n1,10\n2,20\n";
    private static final String V2 = "id,total\n1,11\n2,21\n3,31\n";
    private static final String V3 = "id,total\n1,12\n";

    @TempDir
    Path dir;

    @Test
    void aReplacedVersionKeepsItsBytesReportAndRecordAcrossReopening() throws IOException {
        Path directory = dir.resolve("ws");
        try (Workspace workspace = Workspace.open(directory)) {
            upload(workspace, V1);
            upload(workspace, V2);
            upload(workspace, V3);
        }
        try (Workspace workspace = Workspace.open(directory)) {
            FileVersion first = workspace.fileVersion(1);
            assertThat(first.current()).isFalse();
            assertThat(first.supersededBy()).isEqualTo(2);
            assertThat(first.latest()).isEqualTo(3);
            assertThat(first.contentKept()).isTrue();
            assertThat(first.file().sheets().get(0).tableName())
                    .as("the table it had")
                    .isEqualTo("orders");
            assertThat(Files.readString(workspace.fileContent(1))).isEqualTo(V1);
            assertThat(Files.readString(workspace.fileContent(2))).isEqualTo(V2);
            assertThat(workspace.report(1).file()).isEqualTo("F1");
            assertThat(workspace.report(1).sheets().get(0).rowCount()).isEqualTo(2);

            FileVersion current = workspace.fileVersion(3);
            assertThat(current.current()).isTrue();
            assertThat(current.latest()).isEqualTo(3);
            assertThat(workspace.catalog().files())
                    .extracting(file -> file.number())
                    .containsExactly(3);
            assertThat(workspace.catalog().table("orders").orElseThrow().rowCount())
                    .isEqualTo(1);
        }
    }

    @Test
    void theRetentionSettingDropsOldBytesAndReportsButNotTheRecord() throws IOException {
        try (Workspace workspace = Workspace.open(dir.resolve("kept"), WorkspaceOptions.DEFAULTS.withKeepVersions(1))) {
            upload(workspace, V1);
            upload(workspace, V2);
            upload(workspace, V3);

            FileVersion first = workspace.fileVersion(1);
            assertThat(first.contentKept()).isFalse();
            assertThat(first.latest()).isEqualTo(3);
            assertThat(workspace.directory().resolve("files/F1")).doesNotExist();
            assertThatThrownBy(() -> workspace.fileContent(1))
                    .isInstanceOf(EngineException.class)
                    .hasMessage(
                            "F1 (orders.csv) was replaced by F2 at %s, and its bytes and report were dropped since:"
                                    + " the workspace keeps only the newest superseded versions; F3 is the current"
                                    + " version",
                            first.supersededAt())
                    .extracting(e -> ((EngineException) e).getErrorCode())
                    .isEqualTo(CatalogErrorCode.FILE_CONTENT_DROPPED.toErrorCode());
            assertThatThrownBy(() -> workspace.report(1)).isInstanceOf(EngineException.class);
            assertThat(Files.readString(workspace.fileContent(2))).isEqualTo(V2);
        }
    }

    @Test
    void removingAVersionKeepsTheChainAndRemovingTheFileRemovesEveryVersion() throws IOException {
        try (Workspace workspace = Workspace.open(dir.resolve("removed"))) {
            upload(workspace, V1);
            upload(workspace, V2);
            upload(workspace, V3);

            RemovedFile superseded = workspace.deleteFile(2);
            assertThat(superseded.file().sheets().get(0).tableName())
                    .as("a superseded version takes no table with it")
                    .isNull();
            assertThat(superseded.tables()).isEmpty();
            assertThat(workspace.catalog().table("orders")).isPresent();
            assertThat(workspace.fileVersion(1).supersededBy()).isEqualTo(3);
            assertThat(workspace.directory().resolve("files/F2")).doesNotExist();
            assertNotFound(workspace, 2);

            workspace.deleteFile(3);
            assertNotFound(workspace, 1);
            assertNotFound(workspace, 3);
            assertThat(workspace.directory().resolve("files/F1")).doesNotExist();
            assertThat(workspace.catalog().table("orders")).isEmpty();
        }
    }

    private static void assertNotFound(Workspace workspace, int number) {
        assertThatThrownBy(() -> workspace.fileVersion(number))
                .isInstanceOf(EngineException.class)
                .extracting(e -> ((EngineException) e).getErrorCode())
                .isEqualTo(CatalogErrorCode.FILE_NOT_FOUND.toErrorCode());
    }

    private static void upload(Workspace workspace, String content) {
        workspace.ingest(
                new ByteArrayInputStream(content.getBytes(StandardCharsets.UTF_8)), "orders.csv", IngestListener.NONE);
    }
}

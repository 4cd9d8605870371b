package io.tablequery.engine.workspace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablequery.engine.catalog.CatalogErrorCode;
import io.tablequery.engine.error.EngineException;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.stream.Stream;
import org.duckdb.DuckDBConnection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A DuckDB copy that another process has open is in use, not damaged: opening it says WORKSPACE_LOCKED and leaves the
 * file where it is, rather than setting it aside and rebuilding it under the other process's feet.
 */
class DuckDbInUseTest {
    @TempDir
    Path dir;

    @Test
    void aCopyOpenInAnotherProcessIsLockedNotRebuilt() throws Exception {
        Path directory = dir.resolve("ws");
        Path csv = Files.writeString(dir.resolve("orders.csv"), "id,amount\n1,2.5\n2,3.5\n");
        try (Workspace workspace = Workspace.open(directory)) {
            workspace.ingest(csv);
        }
        Process holder = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-Djava.io.tmpdir=" + Files.createDirectories(dir.resolve("child-tmp")),
                        "-cp",
                        System.getProperty("java.class.path"),
                        DuckDbHolderChild.class.getName(),
                        directory.resolve("tables.duckdb").toString())
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        try {
            BufferedReader out =
                    new BufferedReader(new InputStreamReader(holder.getInputStream(), StandardCharsets.UTF_8));
            assertThat(out.readLine()).isEqualTo("OPEN");
            try (Workspace workspace = Workspace.open(directory)) {
                assertThatThrownBy(workspace::openDuckDb)
                        .isInstanceOfSatisfying(EngineException.class, e -> assertThat(e.getErrorCode())
                                .isEqualTo(CatalogErrorCode.WORKSPACE_LOCKED.toErrorCode()));
                assertThat(workspace.catalog().tables()).hasSize(1);
            }
            try (Stream<Path> entries = Files.list(directory)) {
                assertThat(entries.map(path -> path.getFileName().toString()))
                        .noneMatch(name -> name.startsWith("tables.duckdb.damaged-"));
            }
        } finally {
            holder.destroyForcibly();
            holder.waitFor();
        }
        try (Workspace workspace = Workspace.open(directory);
                DuckDBConnection duckDb = workspace.openDuckDb();
                Statement statement = duckDb.createStatement();
                ResultSet count = statement.executeQuery("SELECT count(*) FROM orders")) {
            count.next();
            assertThat(count.getLong(1)).isEqualTo(2);
        }
    }
}

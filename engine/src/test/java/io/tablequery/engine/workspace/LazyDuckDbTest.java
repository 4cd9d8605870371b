package io.tablequery.engine.workspace;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablequery.engine.ingest.IngestListener;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.duckdb.DuckDBConnection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The DuckDB copy opens at its first use, catches up with what changed while it was closed, and never deadlocks. */
class LazyDuckDbTest {
    @TempDir
    Path dir;

    @Test
    void readingTheCatalogAndTheSqliteCopyNeverOpensDuckDb() throws Exception {
        Path directory = dir.resolve("ws");
        Workspace filled = Workspace.open(directory);
        finishesWithin(() -> {
            filled.ingest(csv("a.csv", "x\n1\n"));
            filled.ingest(csv("b.csv", "y\n2\n"));
        });
        filled.close();
        try (Workspace workspace = Workspace.open(directory)) {
            assertThat(workspace.searchTables("b", 5).hits()).isNotEmpty();
            try (SqliteSession session = workspace.sqliteSession();
                    Statement statement = session.connection().createStatement();
                    ResultSet rs = statement.executeQuery("SELECT y FROM b")) {
                assertThat(rs.next()).isTrue();
            }
            workspace.deleteFile(1);
            assertThat(workspace.duckDbOpen())
                    .as("search, SQLite reads and a deletion")
                    .isFalse();

            try (DuckDBConnection duckDb = workspace.openDuckDb()) {
                assertThat(workspace.duckDbOpen()).isTrue();
                assertThat(views(duckDb))
                        .as("the deletion made while the copy was closed")
                        .containsExactly("b");
            }
        }
    }

    @Test
    void anUploadOpensItWithoutWaitingOnItself() throws Exception {
        Workspace workspace = Workspace.open(dir.resolve("fresh"));
        assertThat(workspace.duckDbOpen()).isFalse();
        // The upload holds the write lock while its writers, on threads of their own, need the copy.
        finishesWithin(() -> workspace.ingest(csv("c.csv", "z\n1\n2\n3\n"), "c.csv", IngestListener.NONE));
        assertThat(count(workspace)).isEqualTo(1L);
        workspace.close();
    }

    @Test
    void readersOpeningItBesideAnUploadSeeTheTablesBeforeOrAfter() throws Exception {
        Path directory = dir.resolve("busy");
        Workspace filled = Workspace.open(directory);
        finishesWithin(() -> filled.ingest(csv("a.csv", "x\n1\n")));
        filled.close();
        Workspace workspace = Workspace.open(directory);
        List<Long> seen = new CopyOnWriteArrayList<>();
        finishesWithin(() -> {
            CompletableFuture<Void> upload = CompletableFuture.runAsync(
                    () -> workspace.ingest(csv("d.csv", "w\n1\n"), "d.csv", IngestListener.NONE));
            List<CompletableFuture<Void>> readers = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                readers.add(CompletableFuture.runAsync(() -> seen.add(count(workspace))));
            }
            upload.join();
            readers.forEach(CompletableFuture::join);
        });
        assertThat(seen).hasSize(4).allSatisfy(tables -> assertThat(tables).isBetween(1L, 2L));
        assertThat(count(workspace)).isEqualTo(2L);
        workspace.close();
    }

    /**
     * Runs work on a daemon thread and fails when it has not finished in 30 s: a deadlock fails the test instead of
     * hanging the build (the workspace is then left open, its threads stuck).
     */
    private static void finishesWithin(Runnable work) throws InterruptedException {
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread thread = new Thread(() -> {
            try {
                work.run();
            } catch (Throwable e) {
                failure.set(e);
            }
        });
        thread.setDaemon(true);
        thread.start();
        thread.join(TimeUnit.SECONDS.toMillis(30));
        assertThat(thread.isAlive()).as("still running after 30 s: a deadlock").isFalse();
        assertThat(failure.get()).isNull();
    }

    private static long count(Workspace workspace) {
        try (DuckDBConnection duckDb = workspace.openDuckDb()) {
            return views(duckDb).size();
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private static List<String> views(DuckDBConnection duckDb) throws SQLException {
        List<String> names = new ArrayList<>();
        try (Statement statement = duckDb.createStatement();
                ResultSet rs = statement.executeQuery(
                        "SELECT view_name FROM duckdb_views() WHERE NOT internal AND schema_name = 'main'"
                                + " ORDER BY 1")) {
            while (rs.next()) {
                names.add(rs.getString(1));
            }
        }
        return names;
    }

    private Path csv(String name, String content) {
        try {
            return Files.writeString(dir.resolve(name), content);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

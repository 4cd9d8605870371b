package io.tablequery.spark.export;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablequery.engine.catalog.CatalogSnapshot;
import io.tablequery.engine.catalog.TableInfo;
import io.tablequery.engine.workspace.Workspace;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Exports follow a real workspace: an upload is exported once, in SQLite's representation; a replacement makes a new
 * version and removes the old; a deletion removes the table; what a crashed export left is never read and is swept.
 */
class ParquetExportsTest {
    @TempDir
    Path dir;

    @Test
    void followsUploadsReplacementsAndDeletionsExactlyOnce() throws Exception {
        Path data = dir.resolve("spark-data");
        try (Workspace workspace = Workspace.open(dir.resolve("shop"));
                ParquetExports exports = new ParquetExports(data)) {
            workspace.addDuckDbListener(catalog -> exports.follow(workspace, catalog));
            workspace.ingest(csv("prices.csv", "item,price,sold\npen,1.5,2024-01-05\nink,12,\ncup,3.25,x\n"));
            CatalogSnapshot first = workspace.catalog();
            TableInfo prices = first.table("prices").orElseThrow();
            Path version = exports.await(workspace, first, prices, deadline());
            exports.drain();
            assertThat(versions(data.resolve("shop").resolve("prices"))).containsExactly(version);
            assertThat(rows(version)).containsExactly("2|pen|1.5|2024-01-05", "3|ink|12.0|null", "4|cup|3.25|x");
            FileTime written = Files.getLastModifiedTime(version.resolve("part-00000.parquet"));

            try (ParquetExports again = new ParquetExports(data)) {
                again.follow(workspace, workspace.catalog());
                assertThat(again.await(workspace, first, prices, deadline())).isEqualTo(version);
                again.drain();
            }
            assertThat(Files.getLastModifiedTime(version.resolve("part-00000.parquet")))
                    .as("nothing is exported again when nothing changed")
                    .isEqualTo(written);

            workspace.ingest(csv("prices.csv", "item,price,sold\npen,2,2024-02-01\n"));
            CatalogSnapshot second = workspace.catalog();
            Path replaced =
                    exports.await(workspace, second, second.table("prices").orElseThrow(), deadline());
            exports.drain();
            assertThat(replaced).isNotEqualTo(version);
            assertThat(versions(data.resolve("shop").resolve("prices"))).containsExactly(replaced);
            assertThat(rows(replaced)).containsExactly("2|pen|2|2024-02-01");

            workspace.deleteFile(second.table("prices").orElseThrow().fileNumber());
            // The exports follow the DuckDB copy, which follows the removal.
            workspace.awaitDuckDb(Duration.ofSeconds(30));
            exports.drain();
            assertThat(data.resolve("shop").resolve("prices")).doesNotExist();
        }
    }

    @Test
    void aCatalogHeardLateNeverRemovesTheExportsOfALaterOne() throws Exception {
        Path data = dir.resolve("spark-data");
        try (Workspace workspace = Workspace.open(dir.resolve("shop"));
                ParquetExports exports = new ParquetExports(data)) {
            workspace.ingest(csv("prices.csv", "item,price\npen,1.5\n"));
            CatalogSnapshot first = workspace.catalog();
            workspace.ingest(csv("cities.csv", "city,people\nLyon,522250\n"));
            CatalogSnapshot second = workspace.catalog();
            // A plan on the latest catalog exports its tables; then a DuckDB pass that had made the first catalog
            // level reports it.
            Path cities =
                    exports.await(workspace, second, second.table("cities").orElseThrow(), deadline());
            exports.follow(workspace, first);
            exports.drain();
            assertThat(cities).as("the later catalog's export").isDirectory();
            assertThat(rows(cities)).containsExactly("2|Lyon|522250");
        }
    }

    @Test
    void whatACrashedExportLeftIsSweptAndNeverRead() throws Exception {
        Path data = dir.resolve("spark-data");
        try (Workspace workspace = Workspace.open(dir.resolve("shop"))) {
            workspace.ingest(csv("prices.csv", "item,price\npen,1.5\n"));
            CatalogSnapshot catalog = workspace.catalog();
            TableInfo prices = catalog.table("prices").orElseThrow();
            String version = ParquetExports.version(catalog, prices);
            Path partial = Files.createDirectories(
                    data.resolve("shop").resolve("prices").resolve("." + version + ".partial-crashed"));
            Files.writeString(partial.resolve("part-00000.parquet"), "half a file");
            try (ParquetExports exports = new ParquetExports(data)) {
                exports.follow(workspace, catalog);
                Path exported = exports.await(workspace, catalog, prices, deadline());
                exports.drain();
                assertThat(exported.getFileName().toString()).isEqualTo(version);
                assertThat(partial).doesNotExist();
                assertThat(rows(exported)).containsExactly("2|pen|1.5");
            }
        }
    }

    private Path csv(String name, String content) throws IOException {
        return Files.writeString(dir.resolve(name), content, StandardCharsets.UTF_8);
    }

    private static long deadline() {
        return System.nanoTime() + 60_000_000_000L;
    }

    private static List<Path> versions(Path table) throws IOException {
        try (Stream<Path> entries = Files.list(table)) {
            return entries.toList();
        }
    }

    /**
     * The exported rows, read back with a DuckDB of the test's own: rowid (the row's number in the file, the header
     * being row 1), then the columns, '|'-joined.
     */
    private static List<String> rows(Path version) throws Exception {
        List<String> rows = new ArrayList<>();
        try (Connection duckdb = DriverManager.getConnection("jdbc:duckdb:");
                Statement statement = duckdb.createStatement();
                ResultSet rs = statement.executeQuery(
                        "SELECT * FROM read_parquet('" + version.resolve("part-00000.parquet") + "') ORDER BY rowid")) {
            int columns = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                List<String> cells = new ArrayList<>();
                for (int i = 1; i <= columns; i++) {
                    cells.add(String.valueOf(rs.getObject(i)));
                }
                rows.add(String.join("|", cells));
            }
        }
        return rows;
    }
}

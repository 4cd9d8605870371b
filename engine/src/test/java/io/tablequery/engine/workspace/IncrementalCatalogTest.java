package io.tablequery.engine.workspace;

import static io.tablequery.engine.testing.Workbooks.r;
import static org.assertj.core.api.Assertions.assertThat;

import io.tablequery.engine.catalog.CatalogSnapshot;
import io.tablequery.engine.catalog.CatalogStore;
import io.tablequery.engine.catalog.SourceFile;
import io.tablequery.engine.catalog.TableInfo;
import io.tablequery.engine.ingest.IngestListener;
import io.tablequery.engine.joins.JoinGraph;
import io.tablequery.engine.search.SearchResult;
import io.tablequery.engine.search.TableSearchIndex;
import io.tablequery.engine.testing.Workbooks;
import io.tablequery.engine.testing.Workbooks.SheetRows;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A commit derives the next catalog snapshot and search index from the last ones and what it changed, instead of
 * reading the whole catalog again. After every step of a random run of uploads, replacements and removals, the
 * published catalog must equal a full read of the stored catalog, and search-tables must find the tables a freshly
 * built index finds.
 */
class IncrementalCatalogTest {
    private static final List<String> QUERIES =
            List.of("sales", "region north", "product amount", "city", "report 2024", "zebra", "units");
    private static final String[] WORDS = {"sales", "region", "product", "city", "amount", "north", "units", "zebra"};

    @TempDir
    Path dir;

    @Test
    void everyCommitPublishesWhatAFullReadOfTheCatalogGives() throws Exception {
        Random random = new Random(20261202);
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            workspace.searchTables("sales", 5);
            for (int step = 0; step < 40; step++) {
                List<SourceFile> files = workspace.catalog().files();
                int choice = random.nextInt(10);
                if (choice < 2 && !files.isEmpty()) {
                    workspace.deleteFile(files.get(random.nextInt(files.size())).number());
                } else {
                    String name = "file" + random.nextInt(8) + (random.nextBoolean() ? ".csv" : ".xlsx");
                    workspace.ingest(upload(name, random), name, IngestListener.NONE);
                }
                assertMatchesFullRead(workspace, "step " + step);
            }
        }
    }

    @Test
    void aLargeTableProfiledWhileTheUploadCommitsIsStoredAndPublishedWithIt() throws Exception {
        // More cells than the writers profile on the way in: the DuckDB copy is profiled while SQLite commits.
        int rows = 70_000;
        Path ws = dir.resolve("large");
        try (Workspace workspace = Workspace.open(ws)) {
            for (int version = 1; version <= 2; version++) {
                Path file = dir.resolve("v" + version + ".csv");
                StringBuilder csv = new StringBuilder("id,city,amount\n");
                for (int row = 0; row < rows; row++) {
                    csv.append(row * version)
                            .append(',')
                            .append(WORDS[row % WORDS.length])
                            .append(',');
                    csv.append(row % 100).append(".5\n");
                }
                Files.writeString(file, csv);
                workspace.ingest(file, "large.csv", IngestListener.NONE);
                // Its profile is made from its DuckDB copy, which follows the commit, and recorded after that.
                workspace.awaitProfiles(Duration.ofSeconds(30));
                assertMatchesFullReadOnceRecorded(workspace, "version " + version);
                TableInfo table = workspace.catalog().table("large").orElseThrow();
                var profile = workspace.catalog().profile(table).orElseThrow();
                assertThat(profile.column("id").orElseThrow().distinctCount()).isEqualTo(rows);
                assertThat(profile.column("id").orElseThrow().max()).isEqualTo(Long.toString((rows - 1L) * version));
                assertThat(profile.column("city").orElseThrow().values()).hasSize(WORDS.length);
            }
        }
        try (Workspace reopened = Workspace.open(ws)) {
            TableInfo table = reopened.catalog().table("large").orElseThrow();
            assertThat(reopened.catalog()
                            .profile(table)
                            .orElseThrow()
                            .column("amount")
                            .orElseThrow()
                            .distinctCount())
                    .isEqualTo(100);
        }
    }

    /** The full read catches up with the published catalog once the follower recorded its pass. */
    private void assertMatchesFullReadOnceRecorded(Workspace workspace, String step) throws Exception {
        for (int i = 0; ; i++) {
            try {
                assertMatchesFullRead(workspace, step);
                return;
            } catch (AssertionError e) {
                if (i == 100) {
                    throw e;
                }
                Thread.sleep(100);
            }
        }
    }

    private void assertMatchesFullRead(Workspace workspace, String step) throws Exception {
        CatalogSnapshot published = workspace.catalog();
        CatalogSnapshot stored;
        try (Connection connection = workspace.openSqliteReader()) {
            stored = CatalogStore.load(connection, CatalogSnapshot.empty());
        }
        assertThat(published.files()).as(step).isEqualTo(stored.files());
        assertThat(published.tables()).as(step).isEqualTo(stored.tables());
        for (TableInfo table : stored.tables()) {
            assertThat(published.profile(table)).as(step + " " + table.name()).isEqualTo(stored.profile(table));
            assertThat(published.table(table.name().toUpperCase(Locale.ROOT)))
                    .as(step)
                    .contains(table);
        }
        assertThat(published.tablesOf(Integer.MAX_VALUE)).isEmpty();
        JoinGraph joins = JoinGraph.of(stored);
        assertThat(workspace.joins(published).all()).as(step).containsExactlyInAnyOrderElementsOf(joins.all());
        try (TableSearchIndex fresh = new TableSearchIndex()) {
            var searcher = fresh.update(stored);
            for (String query : QUERIES) {
                assertThat(names(workspace.searchTables(query, 200)))
                        .as(step + " " + query)
                        .isEqualTo(names(searcher.trySearch(query, 200, joins).orElseThrow()));
            }
        }
    }

    private static Set<String> names(SearchResult result) {
        return result.hits().stream().map(hit -> hit.table().name()).collect(Collectors.toCollection(TreeSet::new));
    }

    private Path upload(String name, Random random) throws Exception {
        Path file = dir.resolve("in-" + random.nextInt(1_000_000) + "-" + name);
        if (name.endsWith(".csv")) {
            StringBuilder csv = new StringBuilder(word(random) + "," + word(random) + "_n\n");
            for (int row = 0; row < 1 + random.nextInt(5); row++) {
                csv.append(word(random)).append(',').append(random.nextInt(100)).append('\n');
            }
            Files.writeString(file, csv);
            return file;
        }
        Map<String, SheetRows> sheets = new LinkedHashMap<>();
        for (int sheet = 0; sheet < 1 + random.nextInt(3); sheet++) {
            List<Object[]> rows = new ArrayList<>();
            rows.add(r(word(random), "amount"));
            for (int row = 0; row < 1 + random.nextInt(4); row++) {
                rows.add(r(word(random), random.nextInt(50)));
            }
            sheets.put(word(random) + sheet, new SheetRows(rows));
        }
        return Workbooks.write(file, sheets);
    }

    private static String word(Random random) {
        return WORDS[random.nextInt(WORDS.length)];
    }
}

package io.tablequery.engine.search;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablequery.dialects.testing.Corpora;
import io.tablequery.dialects.testing.CorpusSuite;
import io.tablequery.engine.catalog.TableInfo;
import io.tablequery.engine.joins.JoinGraph;
import io.tablequery.engine.workspace.SearchMode;
import io.tablequery.engine.workspace.Workspace;
import io.tablequery.engine.workspace.WorkspaceOptions;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Measures search-tables by words and meaning on WikiTableQuestions: the corpus's tables are uploaded into one
 * workspace, their meaning is read, and each training question over them is searched; a hit is the question's own
 * table among the top k. The build uploads every eighth table (uploading and embedding dominate the test's time);
 * {@code -Dtq.wtq.every=1} measures over all 2,108. The numbers are printed; the assertions are floors that catch a
 * regression, not goals. Over every fourth table ({@code -Dtq.wtq.every=4}), by words alone, the tables and questions
 * gave recall@1 0.442, @5 0.633, @10 0.714; with
 * meaning 0.478, 0.684 and 0.752 (the fusion was tuned over all 2,108 tables: {@link FusionTuning}). {@code
 * -Dtq.wtq.chinese=true} adds 32 tables of Chinese names, which English questions reach through the Chinese model.
 */
@CorpusSuite
class WikiTableQuestionsRecallTest {
    private static final int EVERY = Integer.getInteger("tq.wtq.every", 8);

    /** How the questions are searched: with meaning in the build, {@code -Dtq.wtq.search=lexical} by words alone. */
    private static final SearchMode SEARCH =
            SearchMode.valueOf(System.getProperty("tq.wtq.search", "meaning").toUpperCase(Locale.ROOT));

    /** With {@code -Dtq.wtq.chinese=true}, the 32 Chinese tables of ChineseQuestionsRecallTest join the workspace. */
    private static final boolean WITH_CHINESE_TABLES = Boolean.getBoolean("tq.wtq.chinese");

    @TempDir
    Path dir;

    @Test
    void recallOfTheGoldTableOverTheTrainingQuestions() throws IOException, InterruptedException, URISyntaxException {
        Path root = Corpora.resolve("wikitablequestions");
        Map<String, String> tableOfFile = new HashMap<>();
        int failed = 0;
        long ingestStart = System.nanoTime();
        try (Workspace workspace = Workspace.open(dir.resolve("ws"), WorkspaceOptions.DEFAULTS.withSearch(SEARCH))) {
            int seen = 0;
            for (Path csv : Corpora.files("wikitablequestions/csv")) {
                if (!csv.toString().endsWith(".csv") || seen++ % EVERY != 0) {
                    continue;
                }
                String relative = root.relativize(csv).toString().replace('\\', '/');
                String upload = relative.replace('/', '_');
                try {
                    List<TableInfo> tables =
                            workspace.ingest(csv, upload, p -> {}).tables();
                    tableOfFile.put(relative, tables.get(0).name());
                } catch (RuntimeException e) {
                    failed++;
                }
            }
            if (WITH_CHINESE_TABLES) {
                Path chinese = Path.of(WikiTableQuestionsRecallTest.class
                        .getResource("/search/zh-tables")
                        .toURI());
                try (var csvs = Files.list(chinese)) {
                    for (Path csv : csvs.sorted().toList()) {
                        workspace.ingest(csv);
                    }
                }
            }
            double ingestSeconds = (System.nanoTime() - ingestStart) / 1e9;
            long embedStart = System.nanoTime();
            assertThat(workspace.awaitMeanings(Duration.ofMinutes(10))).isTrue();
            double embedSeconds = (System.nanoTime() - embedStart) / 1e9;
            int questions = 0;
            int[] hits = new int[3];
            int[] ks = {1, 5, 10};
            List<String> lines = Files.readAllLines(root.resolve("data/training.tsv"), StandardCharsets.UTF_8);
            long start = System.nanoTime();
            for (String line : lines.subList(1, lines.size())) {
                String[] fields = line.split("\t", -1);
                String gold = tableOfFile.get(fields[2]);
                if (gold == null) {
                    continue;
                }
                questions++;
                List<String> found = workspace.searchTables(fields[1], 10).hits().stream()
                        .map(hit -> hit.table().name())
                        .toList();
                for (int i = 0; i < ks.length; i++) {
                    if (found.subList(0, Math.min(ks[i], found.size())).contains(gold)) {
                        hits[i]++;
                    }
                }
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            long joinsStart = System.nanoTime();
            long joins = JoinGraph.of(workspace.catalog()).all().size();
            double joinsMillis = (System.nanoTime() - joinsStart) / 1e6;
            System.out.printf(
                    "WikiTableQuestions%s by %s: %d tables (%d failed to ingest), %d questions, recall@1 %.3f, @5 %.3f,"
                            + " @10 %.3f, %.2f ms per search, %.1f s to upload the tables and %.1f s more to read their"
                            + " meaning, %d joins inferred between them (found in %.1f ms)%n",
                    WITH_CHINESE_TABLES ? " and 32 Chinese tables" : "",
                    SEARCH.name().toLowerCase(Locale.ROOT),
                    tableOfFile.size(),
                    failed,
                    questions,
                    hits[0] / (double) questions,
                    hits[1] / (double) questions,
                    hits[2] / (double) questions,
                    seconds * 1000 / questions,
                    ingestSeconds,
                    embedSeconds,
                    joins,
                    joinsMillis);
            assertThat(tableOfFile).hasSizeGreaterThan(2000 / EVERY);
            assertThat(questions).isGreaterThan(13_000 / EVERY);
            if (SEARCH == SearchMode.MEANING) {
                assertThat(hits[0] / (double) questions).isGreaterThan(0.45);
                assertThat(hits[1] / (double) questions).isGreaterThan(0.66);
                assertThat(hits[2] / (double) questions).isGreaterThan(0.73);
            }
        }
    }
}

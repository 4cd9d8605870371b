package io.tablequery.engine.search;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablequery.engine.workspace.SearchMode;
import io.tablequery.engine.workspace.Workspace;
import io.tablequery.engine.workspace.WorkspaceOptions;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Measures search-tables on Chinese tables: 32 small spreadsheets of everyday business and public data with Chinese
 * headers and values ({@code search/zh-tables}), and 160 questions over them ({@code search/zh-questions.tsv}): 128 in
 * Chinese that use the table's own words, synonyms of them or a paraphrase of what is wanted, and 32 in English; and 124
 * questions, 62 in each language, about what no table holds, counted when some table is offered for them. Each
 * question is searched by words and by meaning; a hit is the question's table among the top k (k up to 5: there are
 * 32 tables). The numbers are printed by kind; the assertions are floors that catch a regression. The floor of the
 * Chinese model for English questions ({@link MeaningRanking#ACROSS_LANGUAGES_FLOOR}) was chosen on this set with
 * the unrelated questions, and the weight of its ranking measured here ({@link RankFusion#MEANING_WEIGHT}); nothing
 * else was.
 */
class ChineseQuestionsRecallTest {
    private static final int[] KS = {1, 3, 5};

    /** The kind of the questions no table answers; their first count is of those that were offered some table. */
    private static final String UNRELATED = "unrelated";

    @TempDir
    static Path dir;

    private static List<Question> questions;

    /** A question, the file of its table, and what kind of question it is. */
    private record Question(String text, String file, String kind) {}

    /** Hits at each of {@link #KS} over some questions. */
    private record Recall(int questions, int[] hits) {
        double at(int i) {
            return hits[i] / (double) questions;
        }
    }

    @BeforeAll
    static void questions() throws IOException, URISyntaxException {
        Path file = Path.of(ChineseQuestionsRecallTest.class
                .getResource("/search/zh-questions.tsv")
                .toURI());
        questions = new ArrayList<>();
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            if (!line.startsWith("#") && !line.isBlank()) {
                String[] fields = line.split("\t");
                questions.add(new Question(fields[0], fields[1], fields[2]));
            }
        }
    }

    private static Map<String, Recall> measure(SearchMode mode) throws Exception {
        Path tables = Path.of(ChineseQuestionsRecallTest.class
                .getResource("/search/zh-tables")
                .toURI());
        Map<String, String> tableOfFile = new TreeMap<>();
        Map<String, Recall> byKind = new TreeMap<>();
        try (Workspace workspace =
                        Workspace.open(dir.resolve(mode.name()), WorkspaceOptions.DEFAULTS.withSearch(mode));
                var csvs = Files.list(tables)) {
            for (Path csv : csvs.sorted().toList()) {
                tableOfFile.put(
                        csv.getFileName().toString(),
                        workspace.ingest(csv).tables().get(0).name());
            }
            assertThat(workspace.awaitMeanings(Duration.ofMinutes(5))).isTrue();
            for (Question question : questions) {
                if (question.kind().equals(UNRELATED)) {
                    boolean offered =
                            !workspace.searchTables(question.text(), 5).hits().isEmpty();
                    String kind = UNRELATED + (Scripts.hasCjk(question.text()) ? " (Chinese)" : " (English)");
                    Recall recall = byKind.computeIfAbsent(kind, k -> new Recall(0, new int[KS.length]));
                    int[] hits = recall.hits();
                    hits[0] += offered ? 1 : 0;
                    byKind.put(kind, new Recall(recall.questions() + 1, hits));
                    continue;
                }
                String gold = tableOfFile.get(question.file());
                assertThat(gold).as(question.file()).isNotNull();
                List<String> found = workspace.searchTables(question.text(), KS[KS.length - 1]).hits().stream()
                        .map(hit -> hit.table().name())
                        .toList();
                List<String> kinds =
                        question.kind().equals("english") ? List.of("english") : List.of(question.kind(), "chinese");
                for (String kind : kinds) {
                    Recall recall = byKind.computeIfAbsent(kind, k -> new Recall(0, new int[KS.length]));
                    int[] hits = recall.hits();
                    for (int i = 0; i < KS.length; i++) {
                        if (found.subList(0, Math.min(KS[i], found.size())).contains(gold)) {
                            hits[i]++;
                        }
                    }
                    byKind.put(kind, new Recall(recall.questions() + 1, hits));
                }
            }
        }
        return byKind;
    }

    @Test
    void meaningFindsChineseTablesByOtherWordsThanTheirOwn() throws Exception {
        Map<String, Recall> words = measure(SearchMode.LEXICAL);
        Map<String, Recall> meaning = measure(SearchMode.MEANING);
        for (String kind : words.keySet()) {
            if (kind.startsWith(UNRELATED)) {
                System.out.printf(
                        "Chinese tables, %d %s questions: offered a table for %d by words, %d with meaning%n",
                        words.get(kind).questions(),
                        kind,
                        words.get(kind).hits()[0],
                        meaning.get(kind).hits()[0]);
                continue;
            }
            Recall lexical = words.get(kind);
            Recall dense = meaning.get(kind);
            System.out.printf(
                    "Chinese tables, %-10s %3d questions: by words R@1 %.3f R@3 %.3f R@5 %.3f;"
                            + " with meaning R@1 %.3f R@3 %.3f R@5 %.3f%n",
                    kind,
                    lexical.questions(),
                    lexical.at(0),
                    lexical.at(1),
                    lexical.at(2),
                    dense.at(0),
                    dense.at(1),
                    dense.at(2));
        }
        assertThat(meaning.get("chinese").questions()).isGreaterThanOrEqualTo(100);
        // Measured: Chinese questions R@1 0.891 by words, 0.922 with meaning; R@5 0.961 and 0.992. English questions
        // over the Chinese headers R@5 0.063 by words (a value such as PM2.5 matches), 0.813 with meaning. Questions
        // about what no table holds: 57 of the 62 Chinese ones are offered a table by words alone (single characters
        // match), 12 with meaning, which no longer offers a table on single characters alone (57 before); 3 of the 62
        // English ones by words and 50 with meaning (ACROSS_LANGUAGES_FLOOR says the trade).
        assertThat(meaning.get("chinese").at(0))
                .isGreaterThanOrEqualTo(words.get("chinese").at(0));
        assertThat(meaning.get("chinese").at(2)).isGreaterThanOrEqualTo(0.95);
        assertThat(meaning.get("paraphrase").at(0))
                .isGreaterThan(words.get("paraphrase").at(0));
        assertThat(meaning.get("english").at(2)).isGreaterThanOrEqualTo(0.78);
        assertThat(meaning.get(UNRELATED + " (English)").hits()[0]).isLessThanOrEqualTo(52);
        assertThat(meaning.get(UNRELATED + " (Chinese)").hits()[0])
                .as("single characters alone offer no table once meaning reads the tables")
                .isLessThanOrEqualTo(13);
        assertThat(meaning.get("chinese").at(2))
                .isGreaterThanOrEqualTo(words.get("chinese").at(2));
    }
}

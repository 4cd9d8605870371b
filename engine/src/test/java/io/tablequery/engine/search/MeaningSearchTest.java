package io.tablequery.engine.search;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablequery.engine.plan.SkillNames;
import io.tablequery.engine.skill.SearchText;
import io.tablequery.engine.workspace.SearchMode;
import io.tablequery.engine.workspace.Workspace;
import io.tablequery.engine.workspace.WorkspaceOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** search-tables by meaning: with the models run in the process, against the same workspace searched by words. */
class MeaningSearchTest {
    private static final WorkspaceOptions MEANING = WorkspaceOptions.DEFAULTS.withSearch(SearchMode.MEANING);
    private static final Duration WAIT = Duration.ofMinutes(2);

    @TempDir
    Path dir;

    Path files;

    @BeforeEach
    void files() throws IOException {
        files = Files.createDirectories(dir.resolve("files"));
        write("cars.csv", "model,mpg,cylinders,horsepower\nCivic,36,4,158\nMustang,21,8,450\nPrius,56,4,121\n");
        write("employees.csv", "name,department,salary\nAnn,Marketing,10\nBo,IT,20\nCy,IT,30\n");
        write("weather.csv", "day,temperature,rainfall\n2024-01-01,3,0.5\n2024-01-02,5,0\n");
        write("库存.csv", "产品名称,库存数量,仓库\n笔记本,5,北京仓\n显示器,3,上海仓\n");
    }

    private void write(String name, String content) throws IOException {
        Files.writeString(files.resolve(name), content);
    }

    private Workspace open(WorkspaceOptions options) throws IOException {
        Workspace workspace = Workspace.open(dir.resolve("ws"), options);
        if (workspace.catalog().tables().isEmpty()) {
            try (var csvs = Files.list(files)) {
                for (Path csv : csvs.sorted().toList()) {
                    workspace.ingest(csv);
                }
            }
        }
        return workspace;
    }

    /** Opens the workspace searching by meaning, and waits until every table's meaning is read. */
    private Workspace openRead() throws IOException, InterruptedException {
        Workspace workspace = open(MEANING);
        assertThat(workspace.awaitMeanings(WAIT)).isTrue();
        return workspace;
    }

    private static List<String> names(SearchResult result) {
        return result.hits().stream().map(hit -> hit.table().name()).toList();
    }

    @Test
    void findsATableWhoseWordsTheQuestionDoesNotUse() throws Exception {
        try (Workspace workspace = openRead()) {
            SearchResult result = workspace.searchTables("fuel economy of automobiles", 5);

            assertThat(names(result)).first().isEqualTo("cars");
            TableHit cars = result.hits().get(0);
            assertThat(cars.matched()).isEmpty();
            assertThat(cars.score()).isZero();
            assertThat(cars.similarTo()).startsWith("cars. Columns: model, mpg, cylinders, horsepower.");
            assertThat(cars.similarity())
                    .as("found by meaning alone, it shows its similarity, not a score of 0")
                    .isNotNull()
                    .isGreaterThanOrEqualTo(0.5f);
            assertThat(cars.relevance()).isEqualTo(1.0);
            assertThat(result.unreadMeanings()).isZero();
        }
        try (Workspace workspace = Workspace.open(dir.resolve("ws"), WorkspaceOptions.DEFAULTS)) {
            SearchResult words = workspace.searchTables("fuel economy of automobiles", 5);
            assertThat(words.hits()).isEmpty();
            assertThat(words.unreadMeanings()).isZero();
        }
    }

    @Test
    void aTableFoundByItsWordsIsStillExplainedByThem() throws Exception {
        try (Workspace workspace = openRead()) {
            SearchResult result = workspace.searchTables("salary by department", 5);

            TableHit employees = result.hits().get(0);
            assertThat(employees.table().name()).isEqualTo("employees");
            assertThat(employees.matched()).isNotEmpty();
            assertThat(employees.similarTo()).isNull();
            assertThat(employees.score()).isPositive();
            List<Double> relevance = result.hits().stream()
                    .filter(hit -> hit.joins().isEmpty())
                    .map(TableHit::relevance)
                    .toList();
            assertThat(relevance)
                    .as("the numbers say best first: the first table's 1, then falling or equal")
                    .first()
                    .isEqualTo(1.0);
            assertThat(relevance).isSortedAccordingTo(Comparator.reverseOrder());
        }
    }

    @Test
    void aChineseQuestionIsReadByTheChineseModel() throws Exception {
        try (Workspace workspace = openRead()) {
            SearchResult result = workspace.searchTables("笔记本电脑还剩多少存货", 5);

            assertThat(names(result)).first().isEqualTo("库存");
            assertThat(result.unreadMeanings()).isZero();
        }
    }

    @Test
    void anEnglishQuestionFindsATableOfChineseNamesByTheChineseModel() throws Exception {
        try (Workspace workspace = openRead()) {
            SearchResult result = workspace.searchTables("how much stock is left in each warehouse", 5);

            assertThat(names(result)).first().isEqualTo("库存");
            assertThat(result.hits().get(0).similarTo()).startsWith("库存. Columns: 产品名称, 库存数量, 仓库.");
        }
    }

    @Test
    void eachModelRanksOnlyTheTablesWhoseNamesItReads() throws Exception {
        // To the English model a table of Chinese names is the template around its names, near any English question.
        try (Workspace workspace = open(WorkspaceOptions.DEFAULTS);
                TableSearchIndex index = TableSearchIndex.withMeaning(dir.resolve("ranked.vectors"))) {
            TableSearcher searcher = index.update(workspace.catalog());
            assertThat(index.awaitMeanings(WAIT)).isTrue();
            String stock = workspace.catalog().tables().stream()
                    .filter(table -> table.name().equals("库存"))
                    .map(TableDocuments::id)
                    .findFirst()
                    .orElseThrow();
            for (String question : List.of("how much stock is left in each warehouse", "history of the roman empire")) {
                List<MeaningRanking.Weighted> rankings =
                        searcher.rankings(question, 10).byMeaning();
                assertThat(rankings).as(question).hasSize(2);
                assertThat(rankings.get(0).tables())
                        .as(question)
                        .extracting(MeaningRanking.Similar::id)
                        .doesNotContain(stock);
                assertThat(rankings.get(1).tables())
                        .as(question)
                        .extracting(MeaningRanking.Similar::id)
                        .isSubsetOf(stock);
            }
        }
    }

    @Test
    void aTableOfEnglishNamesWithChineseValuesIsNotLiftedAboveTheTableAQuestionIsAbout() throws Exception {
        // The Chinese model scores such tables 0.46-0.54 against unrelated English questions: above its floor, and
        // with the weight a question across languages gets, above the table the question is about.
        write("films.csv", "title,original title,year\nSpirited Away,千と千尋の神隠し,2001\nHero,英雄,2002\n");
        write("medals.csv", "nation,gold,silver\nChina (中国),38,32\nJapan (日本),27,14\n");
        write("episodes.csv", "title,written by,original air date\nPilot,王晶,2005-01-01\nThe Return,李安,2005-02-01\n");
        try (Workspace workspace = openRead()) {
            Map<String, String> tableOf = Map.of(
                    "fuel economy of automobiles", "cars",
                    "rain on new year's day", "weather",
                    "horsepower of the Mustang", "cars");
            tableOf.forEach((question, table) -> assertThat(names(workspace.searchTables(question, 5)))
                    .as(question)
                    .first()
                    .isEqualTo(table));
        }
    }

    @Test
    void uploadedTablesAreReadForMeaningWithoutWaitingForASearch() throws Exception {
        try (Workspace workspace = open(MEANING)) {
            Path vectors = dir.resolve("ws/meaning.vectors");
            long deadline = System.nanoTime() + WAIT.toNanos();
            while (!Files.exists(vectors) && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertThat(vectors).isNotEmptyFile();
            assertThat(workspace.awaitMeanings(WAIT)).isTrue();
            assertThat(names(workspace.searchTables("fuel economy of automobiles", 5)))
                    .first()
                    .isEqualTo("cars");
        }
    }

    /** Awaiting the meanings also awaits their file: a one-shot command that exits then keeps them. */
    @Test
    void theVectorsAreKeptAndReadBackWhenTheWorkspaceOpensAgain() throws Exception {
        openRead().close();
        assertThat(dir.resolve("ws/meaning.vectors")).isNotEmptyFile();

        try (Workspace workspace = open(MEANING)) {
            SearchResult result = workspace.searchTables("fuel economy of automobiles", 5);
            assertThat(result.unreadMeanings()).isZero();
            assertThat(names(result)).first().isEqualTo("cars");
        }
    }

    @Test
    void aDamagedVectorsFileIsMadeAgain() throws Exception {
        openRead().close();
        Files.write(dir.resolve("ws/meaning.vectors"), new byte[] {0x54, 0x51, 0x4d, 0x56, 0, 9, 1, 2, 3});

        try (Workspace workspace = open(MEANING)) {
            SearchResult first = workspace.searchTables("fuel economy of automobiles", 5);
            assertThat(first.unreadMeanings()).isPositive();
            assertThat(SearchText.format(first, SkillNames.CLI))
                    .contains("not yet read for meaning, found by their words only until then");
            assertThat(workspace.awaitMeanings(WAIT)).isTrue();
            assertThat(names(workspace.searchTables("fuel economy of automobiles", 5)))
                    .first()
                    .isEqualTo("cars");
        }
    }
}

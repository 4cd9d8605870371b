package io.tablequery.engine.skill;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablequery.engine.plan.SkillNames;
import io.tablequery.engine.search.MatchedTerm;
import io.tablequery.engine.search.SearchResult;
import io.tablequery.engine.search.TableHit;
import io.tablequery.engine.workspace.Workspace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SearchTablesTest {
    @TempDir
    Path dir;

    Workspace workspace;
    TableQuerySkill skill;

    @BeforeEach
    void setUp() throws IOException {
        workspace = Workspace.open(dir.resolve("ws"));
        skill = new TableQuerySkill(workspace, SkillSettings.DEFAULTS);
        ingest(
                "store_orders.csv",
                "orderId,city,unitPrice,customer\n1,Shanghai,9.5,Café Olé\n2,上海,3,Hooli\n" + "3,Berlin,4,Acme\n");
        ingest("employees.csv", "name,department,salary\nAnn,Marketing,10\nBo,IT,20\nCy,IT,30\n");
        ingest("库存.csv", "产品名称,库存数量,仓库\n笔记本,5,北京仓\n显示器,3,上海仓\n");
    }

    @AfterEach
    void tearDown() {
        workspace.close();
    }

    private void ingest(String name, String content) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, content);
        workspace.ingest(file);
    }

    private List<String> names(String query) {
        return skill.searchTables(query, 10).hits().stream()
                .map(hit -> hit.table().name())
                .toList();
    }

    @Test
    void findsTablesByTheValuesTheyHold() {
        assertThat(names("sales in Shanghai")).first().isEqualTo("store_orders");
        assertThat(names("上海的订单")).first().isEqualTo("store_orders");
        assertThat(names("which department pays the highest salary")).containsExactly("employees");
        assertThat(names("1987")).isEmpty();
    }

    /** A name of several words held in one value outranks a table that has its words in separate values. */
    @Test
    void aNameOfSeveralWordsCountsMoreAsOneValue() throws IOException {
        ingest("games.csv", "home,away,score\nYork,New Haven,3\nNew Haven,York,1\nYork,New Haven,2\n");
        ingest("matches.csv", "home,away,score\nNew York,Boston,3\nBoston,Chicago,1\nChicago,Denver,2\n");
        assertThat(names("scores in New York")).startsWith("matches", "games");
        assertThat(names("scores in new york")).startsWith("games", "matches");
    }

    @Test
    void findsTablesByTheIntegersTheyHold() throws IOException {
        ingest("history.csv", "event,year\nFounding,1987\nMerger,1990\nMerger,1990\n");
        assertThat(names("what happened in 1987")).containsExactly("history");
    }

    @Test
    void splitsNamesAndFoldsCaseAccentsAndWordForms() {
        assertThat(names("unit price")).containsExactly("store_orders");
        assertThat(names("ORDER")).containsExactly("store_orders");
        assertThat(names("cafe customers")).first().isEqualTo("store_orders");
        assertThat(names("employee")).containsExactly("employees");
    }

    @Test
    void readsChineseNamesAndValues() {
        assertThat(names("库存 数量")).first().isEqualTo("库存");
        assertThat(names("显示器")).containsExactly("库存");
        assertThat(names("上海")).containsExactlyInAnyOrder("store_orders", "库存");
    }

    @Test
    void saysWhatMatchedAndWhere() {
        TableHit hit = skill.searchTables("Shanghai unit price", 5).hits().get(0);
        assertThat(hit.matched())
                .containsExactly(
                        new MatchedTerm(
                                "Shanghai", List.of("values"), List.of(new MatchedTerm.Value("city", "Shanghai"))),
                        new MatchedTerm("unit", List.of("columns", "description")),
                        new MatchedTerm("price", List.of("columns", "description")));
        assertThat(hit.fileName()).isEqualTo("store_orders.csv");
        assertThat(hit.score()).isPositive();
        assertThat(SearchText.format(skill.searchTables("Shanghai unit price", 5), SkillNames.CLI))
                .contains("1. \"store_orders\"  relevance 1.00 (words ")
                .contains("   file F1 store_orders.csv, sheet 1 \"store_orders.csv\", 3 rows\n")
                .contains("   columns: orderId, city, unitPrice, customer\n")
                .contains(
                        "   matched: Shanghai (values: \"city\" = 'Shanghai'); unit (columns, description); price (columns,"
                                + " description)\n");
    }

    @Test
    void showsTheValuesAWordMatchedInTheirColumns() {
        TableHit hit = skill.searchTables("上海 orders", 5).hits().stream()
                .filter(found -> found.table().name().equals("store_orders"))
                .findFirst()
                .orElseThrow();

        assertThat(hit.matched())
                .filteredOn(term -> term.term().equals("上海"))
                .singleElement()
                .satisfies(term -> assertThat(term.values()).containsExactly(new MatchedTerm.Value("city", "上海")));
        assertThat(hit.matched())
                .filteredOn(term -> term.term().equals("orders"))
                .singleElement()
                .satisfies(term -> assertThat(term.values()).isEmpty());
    }

    @Test
    void answersNothingFoundPlainly() {
        SearchResult result = skill.searchTables("zebra giraffe", 5);
        assertThat(result.hits()).isEmpty();
        assertThat(SearchText.format(result, SkillNames.CLI)).startsWith("No table matches \"zebra giraffe\".");
        assertThat(skill.searchTables("the of and", 5).hits()).isEmpty();
        assertThatThrownBy(() -> skill.searchTables(" ", 5)).hasMessageContaining("the query is empty");
        assertThatThrownBy(() -> skill.searchTables("x", 0)).hasMessage("--top-k must be 1 to 200, not 0");
    }

    @Test
    void followsUploadsReplacementsAndDeletions() throws IOException {
        assertThat(names("invoice")).isEmpty();
        ingest("invoices.csv", "invoice,amount\nA-1,5\n");
        assertThat(names("invoice")).containsExactly("invoices");
        ingest("invoices.csv", "bill,amount\nA-1,5\n");
        assertThat(names("bill")).containsExactly("invoices");
        workspace.deleteFile(workspace.catalog().table("invoices").orElseThrow().fileNumber());
        assertThat(names("invoice bill")).isEmpty();
    }

    @Test
    void searchesSeeOnlyCommittedCatalogsWhileFilesChange() throws Exception {
        AtomicBoolean done = new AtomicBoolean();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        AtomicInteger searches = new AtomicInteger();
        Thread reader = new Thread(() -> {
            try {
                while (!done.get()) {
                    for (TableHit hit :
                            skill.searchTables("rotating amount", 10).hits()) {
                        assertThat(hit.table().columns()).isNotEmpty();
                    }
                    searches.incrementAndGet();
                }
            } catch (Throwable e) {
                failure.set(e);
            }
        });
        reader.start();
        List<String> words = List.of("alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel");
        for (String word : words) {
            ingest("rotating.csv", "amount," + word + "\n1,x\n");
        }
        done.set(true);
        reader.join();
        assertThat(failure.get()).isNull();
        assertThat(searches.get()).isPositive();
        assertThat(names("hotel")).containsExactly("rotating");
        assertThat(names("golf")).isEmpty();
    }
}

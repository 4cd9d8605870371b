package io.tablequery.engine.search;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablequery.engine.plan.SkillNames;
import io.tablequery.engine.skill.SearchText;
import io.tablequery.engine.workspace.SearchMode;
import io.tablequery.engine.workspace.Workspace;
import io.tablequery.engine.workspace.WorkspaceOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Names tablequery or an exporter made carry no weight in search: a question's numbers do not find a table by the
 * short numbers of its name, nor its words a column named for its letter; and a table whose columns other tables
 * share says how many, since only its file, sheet and values tell it apart.
 */
class GeneratedPartsTest {
    @TempDir
    Path dir;

    @Test
    void shortNumbersOfNamesAndLetterColumnsCarryNoWeight() throws Exception {
        assertThat(GeneratedParts.ofName("csv_204-csv_56.csv")).isEqualTo("csv_ -csv_ .csv");
        assertThat(GeneratedParts.ofName("sales_q1_2024")).isEqualTo("sales_q1_2024");
        Path files = Files.createDirectories(dir.resolve("files"));
        Files.write(files.resolve("results_10.csv"), List.of("driver,team", "Ann,Red", "Bo,Blue"));
        Files.write(files.resolve("top_scorers.csv"), List.of("player,goals", "Cy,10", "Di,8"));
        Files.write(files.resolve("headless.csv"), List.of(",", "1,2", "3,4"));
        try (Workspace workspace =
                Workspace.open(dir.resolve("ws"), WorkspaceOptions.DEFAULTS.withSearch(SearchMode.LEXICAL))) {
            for (String name : List.of("results_10.csv", "top_scorers.csv", "headless.csv")) {
                workspace.ingest(files.resolve(name));
            }
            assertThat(names(workspace.searchTables("top 10 scorers", 5)))
                    .as(SearchText.format(workspace.searchTables("top 10 scorers", 5), SkillNames.CLI))
                    .containsExactly("top_scorers");
            assertThat(names(workspace.searchTables("10", 5))).doesNotContain("results_10");
            assertThat(names(workspace.searchTables("col", 5))).isEmpty();
        }
    }

    @Test
    void tablesOfTheSameColumnsSayHowManyShareThem() throws Exception {
        Path files = Files.createDirectories(dir.resolve("files"));
        for (String games : List.of("beijing", "london", "rio")) {
            Files.write(
                    files.resolve("medals_" + games + ".csv"),
                    List.of("nation,gold,silver,bronze", "Kenya,1,2,3", "Chile,0,1,1"));
        }
        Files.write(files.resolve("hosts.csv"), List.of("nation,city,year", "China,Beijing,2008"));
        try (Workspace workspace =
                Workspace.open(dir.resolve("ws"), WorkspaceOptions.DEFAULTS.withSearch(SearchMode.LEXICAL))) {
            try (var csvs = Files.list(files)) {
                for (Path csv : csvs.sorted().toList()) {
                    workspace.ingest(csv);
                }
            }
            SearchResult result = workspace.searchTables("gold medals of each nation", 5);
            assertThat(result.hits())
                    .filteredOn(hit -> hit.table().name().startsWith("medals_"))
                    .hasSize(3)
                    .allSatisfy(hit -> assertThat(hit.sameLayout()).isEqualTo(2));
            assertThat(result.hits())
                    .filteredOn(hit -> hit.table().name().equals("hosts"))
                    .allSatisfy(hit -> assertThat(hit.sameLayout()).isZero());
            assertThat(SearchText.format(result, SkillNames.CLI))
                    .contains("same columns as 2 other tables: its file, sheet and values tell it apart");
        }
    }

    private static List<String> names(SearchResult result) {
        return result.hits().stream().map(hit -> hit.table().name()).toList();
    }
}

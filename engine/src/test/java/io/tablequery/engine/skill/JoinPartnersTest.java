package io.tablequery.engine.skill;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablequery.engine.joins.TableJoin;
import io.tablequery.engine.plan.SkillNames;
import io.tablequery.engine.search.SearchResult;
import io.tablequery.engine.search.TableHit;
import io.tablequery.engine.search.TableSet;
import io.tablequery.engine.workspace.Workspace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.IntFunction;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** search-tables lists a found table's join partners right after it; get-schemas lists a table's joins. */
class JoinPartnersTest {
    @TempDir
    Path dir;

    Workspace workspace;
    TableQuerySkill skill;

    @BeforeEach
    void setUp() throws IOException {
        workspace = Workspace.open(dir.resolve("ws"));
        skill = new TableQuerySkill(workspace, SkillSettings.DEFAULTS);
        ingest("student.csv", "StuID,LName,Age", 20, i -> i + ",Smith" + i + "," + (18 + i % 5));
        ingest("pets.csv", "PetID,PetType,weight", 10, i -> i + "," + (i % 2 == 0 ? "dog" : "cat") + "," + i);
        ingest("has_pet.csv", "StuID,PetID", 8, i -> i + "," + (i + 1));
        ingest("weather.csv", "day,temperature", 5, i -> "2024-01-0" + i + "," + i);
        ingest("student_clubs.csv", "club,members", 3, i -> "club" + i + "," + i);
    }

    @AfterEach
    void tearDown() {
        workspace.close();
    }

    private void ingest(String name, String header, int rows, IntFunction<String> row) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(
                file,
                header + "\n" + IntStream.rangeClosed(1, rows).mapToObj(row).collect(Collectors.joining("\n")) + "\n");
        workspace.ingest(file);
    }

    private static List<String> names(SearchResult result) {
        return result.hits().stream().map(hit -> hit.table().name()).toList();
    }

    @Test
    void theLinkTableFollowsTheTableItJoins() {
        SearchResult result = skill.searchTables("students older than 20 and their animals", 10);

        assertThat(names(result)).startsWith("student", "has_pet").doesNotContain("weather");
        TableHit link = result.hits().get(1);
        assertThat(link.matched()).isEmpty();
        assertThat(link.score()).isZero();
        assertThat(link.joins()).singleElement().satisfies(join -> assertThat(join.keyTable())
                .isEqualTo("student"));
        assertThat(SearchText.format(result, SkillNames.CLI))
                .contains("2. \"has_pet\"  join partner of \"student\"\n")
                .contains("   joins \"student\" on \"has_pet\".\"StuID\" = \"student\".\"StuID\" (inferred: ");
    }

    @Test
    void partnersCountAgainstTopK() {
        SearchResult result = skill.searchTables("pets", 2);

        assertThat(names(result)).containsExactly("pets", "has_pet");
        assertThat(names(skill.searchTables("pets", 1))).containsExactly("pets");
    }

    @Test
    void aPartnerFoundByItsWordsKeepsItsScore() {
        SearchResult result = skill.searchTables("pets students", 10);

        TableHit first = result.hits().get(0);
        TableHit partner = result.hits().stream()
                .filter(hit -> !hit.joins().isEmpty() && !hit.matched().isEmpty())
                .findFirst()
                .orElseThrow();
        assertThat(first.joins()).isEmpty();
        assertThat(partner.score()).isPositive();
        assertThat(names(result)).doesNotHaveDuplicates();
    }

    @Test
    void aQuestionNamingTwoTablesGetsTheSetThatJoinsThemFirst() {
        SearchResult result = skill.searchTables("pets students", 10);

        TableSet set = result.set();
        assertThat(set).isNotNull();
        assertThat(set.tables()).hasSize(3).containsExactlyInAnyOrder("pets", "has_pet", "student");
        assertThat(set.tables().get(1)).isEqualTo("has_pet");
        assertThat(set.words()).containsExactly("pets", "students");
        assertThat(set.joins())
                .extracting(TableJoin::condition)
                .containsExactlyInAnyOrder(
                        "\"has_pet\".\"PetID\" = \"pets\".\"PetID\"", "\"has_pet\".\"StuID\" = \"student\".\"StuID\"");
        assertThat(names(result).subList(0, 3)).isEqualTo(set.tables());
        assertThat(SearchText.format(result, SkillNames.CLI))
                .contains("Together \"%s\", \"has_pet\", \"%s\" match pets, students; join them ON "
                        .formatted(set.tables().get(0), set.tables().get(2)))
                .contains("2. \"has_pet\"  join partner of \"%s\""
                        .formatted(set.tables().get(0)))
                .contains("   joins \"has_pet\" on \"has_pet\".\"");
        assertThat(names(skill.searchTables("pets students", 2)))
                .isEqualTo(set.tables().subList(0, 2));
    }

    @Test
    void aQuestionOneTableAnswersGetsNoSet() {
        assertThat(skill.searchTables("pets", 10).set()).isNull();
        assertThat(skill.searchTables("students older than 20 and their animals", 10)
                        .set())
                .isNull();
    }

    @Test
    void getSchemasListsTheJoins() {
        String text = SchemaText.format(skill.getSchemas(List.of("has_pet")));

        assertThat(text)
                .contains("Joins:\n")
                .contains("- \"pets\" on \"has_pet\".\"PetID\" = \"pets\".\"PetID\" (inferred: ")
                .contains("- \"student\" on \"has_pet\".\"StuID\" = \"student\".\"StuID\" (inferred: ");
        assertThat(SchemaText.format(skill.getSchemas(List.of("weather")))).doesNotContain("Joins:");
    }
}

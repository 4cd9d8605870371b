package io.tablequery.engine.ingest.layout;

import static io.tablequery.engine.testing.Workbooks.r;
import static org.assertj.core.api.Assertions.assertThat;

import io.tablequery.engine.catalog.TableInfo;
import io.tablequery.engine.duck.DuckDbTools;
import io.tablequery.engine.duck.DuckToolSettings;
import io.tablequery.engine.plan.SkillNames;
import io.tablequery.engine.skill.SearchText;
import io.tablequery.engine.skill.SkillSettings;
import io.tablequery.engine.skill.TableQuerySkill;
import io.tablequery.engine.testing.Workbooks;
import io.tablequery.engine.workspace.Workspace;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A table whose layout may not be a table is flagged where agents look: the description, search-tables,
 * get-schemas and the DuckDB tools.
 */
class LayoutConfidenceTest {
    @TempDir
    Path dir;

    @Test
    void aFormOfLabelValuePairsIsFlaggedEverywhereAgentsLook() throws Exception {
        Path file = Workbooks.write(
                dir.resolve("invoice.xlsx"),
                Arrays.asList(
                        r("Invoice no", 1234),
                        r("Date", "2024-03-01"),
                        r("Customer", "ACME Ltd"),
                        r("Amount", 99.5),
                        r("Paid", "not yet"),
                        r("Contact", "Jo Smith")));
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            TableInfo table = workspace.ingest(file).tables().get(0);
            assertThat(table.layoutWarnings())
                    .singleElement()
                    .asString()
                    .contains("a form of label/value pairs rather than a table");
            assertThat(table.description()).contains("Layout uncertain: its first column holds labels");
            TableInfo reloaded = workspace.catalog().table(table.name()).orElseThrow();
            assertThat(reloaded.layoutWarnings()).isEqualTo(table.layoutWarnings());

            TableQuerySkill skill = new TableQuerySkill(workspace, SkillSettings.DEFAULTS);
            assertThat(SearchText.format(skill.searchTables("invoice customer", 3), SkillNames.CLI))
                    .contains("   layout uncertain: its first column holds labels");
            assertThat(skill.getSchemas(List.of(table.name())).get(0).table().description())
                    .contains("Layout uncertain");
            DuckDbTools tools = new DuckDbTools(workspace, DuckToolSettings.DEFAULTS);
            assertThat(tools.getTableList().tables().get(0).layoutWarnings()).isEqualTo(table.layoutWarnings());
            assertThat(tools.getTableSchema(table.name()).layoutWarnings()).isEqualTo(table.layoutWarnings());
            assertThat(tools.getSampleRows(table.name(), 2).layoutWarnings()).isEqualTo(table.layoutWarnings());
        }
    }

    @Test
    void reportLayoutsAreFlaggedAndPlainTablesAreNot() throws Exception {
        Path sparse = Workbooks.write(
                dir.resolve("report.xlsx"),
                Arrays.asList(
                        r("Item", "Note", "FY2023", "FY2024", "Change", "Comment"),
                        r("Revenue", null, null, null, null, null),
                        r(null, null, 100, null, null, null),
                        r("Costs", null, null, null, null, "see below"),
                        r(null, null, null, 80, null, null),
                        r("Profit", null, null, null, 20, null),
                        r(null, "audited", null, null, null, null)));
        Path shared = Workbooks.write(
                dir.resolve("shared.xlsx"),
                List.of(r("Amount", "Amount", "Amount", "Amount", "Id"), r(1, 2, 3, 4, 5), r(6, 7, 8, 9, 10)));
        Path mixed = Workbooks.write(
                dir.resolve("mixed.xlsx"),
                List.of(r("a", "b", "c"), r(1, "x", 2), r("y", 3, "z"), r(4, "w", 5), r("v", 6, "u")));
        Path plain = Workbooks.write(
                dir.resolve("plain.xlsx"),
                List.of(
                        r("city", "population", "country"),
                        r("Oslo", 700000, "NO"),
                        r("Rome", 2800000, "IT"),
                        r("Pisa", 90000, "IT")));
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            assertThat(workspace.ingest(sparse).tables().get(0).layoutWarnings())
                    .anySatisfy(w -> assertThat(w).contains("% of its cells hold a value"));
            assertThat(workspace.ingest(shared).tables().get(0).layoutWarnings())
                    .anySatisfy(
                            w -> assertThat(w).contains("4 of its 5 columns are named after the same cell ('Amount')"));
            assertThat(workspace.ingest(mixed).tables().get(0).layoutWarnings())
                    .anySatisfy(w -> assertThat(w).contains("3 of its 3 columns mix numbers with text"));
            TableInfo table = workspace.ingest(plain).tables().get(0);
            assertThat(table.layoutWarnings()).isEmpty();
            assertThat(table.description()).doesNotContain("Layout uncertain");
        }
    }
}

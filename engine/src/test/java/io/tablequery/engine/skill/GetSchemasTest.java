package io.tablequery.engine.skill;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablequery.dialects.translate.AsciiLetters;
import io.tablequery.engine.catalog.ColumnProfile;
import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.workspace.Workspace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GetSchemasTest {
    @TempDir
    Path dir;

    private Path csv(String name, String content) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, content);
        return file;
    }

    /** 1,000 rows: the first 600 alike, the rest varied, with NULLs in the first rows. */
    private Path ledger() throws IOException {
        StringBuilder csv = new StringBuilder("id,kind,region,amount,booked\n");
        for (int i = 1; i <= 1000; i++) {
            boolean early = i <= 600;
            csv.append(i)
                    .append(',')
                    .append(early ? "" : List.of("rent", "food", "travel").get(i % 3))
                    .append(',')
                    .append(early ? "North" : List.of("North", "South", "东部").get(i % 3))
                    .append(',')
                    .append(i % 7 * 10)
                    .append(",2025-01-")
                    .append(String.format("%02d", 1 + i % 28))
                    .append('\n');
        }
        return csv("ledger.csv", csv.toString());
    }

    @Test
    void describesTablesWithDdlSamplesAndProfiles() throws IOException {
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            workspace.ingest(ledger());
            TableQuerySkill skill = new TableQuerySkill(workspace, SkillSettings.DEFAULTS);
            TableSchema schema = skill.getSchemas(List.of(" \"ledger\" ")).get(0);
            assertThat(schema.createTable()).isEqualTo("""
                    CREATE TABLE "ledger" (
                      "id" INTEGER,
                      "kind" TEXT,
                      "region" TEXT,
                      "amount" INTEGER,
                      "booked" TEXT
                    );""");
            assertThat(schema.sampleRows()).hasSize(5);
            Set<String> kinds = new HashSet<>();
            Set<String> regions = new HashSet<>();
            schema.sampleRows().forEach(row -> {
                kinds.add(row.get(1));
                regions.add(row.get(2));
            });
            assertThat(kinds)
                    .as("samples show the kinds, though the first 600 rows have none")
                    .contains("rent", "food", "travel");
            assertThat(regions).contains("North", "South", "东部");
            assertThat(schema.sampleRowNumbers()).isSorted().allSatisfy(r -> assertThat(r)
                    .isBetween(2L, 1001L));
            ColumnProfile kind = schema.profiles().get(1);
            assertThat(kind)
                    .isEqualTo(new ColumnProfile("kind", 600, 3, "food", "travel", kind.values(), AsciiLetters.LOWER));
            assertThat(kind.values()).containsExactlyInAnyOrder("rent", "food", "travel");
            ColumnProfile booked = schema.profiles().get(4);
            assertThat(booked.min()).isEqualTo("2025-01-01");
            assertThat(booked.max()).isEqualTo("2025-01-28");

            String text = SchemaText.format(List.of(schema));
            assertThat(text)
                    .startsWith("Table \"ledger\" (F1 ledger.csv, sheet 1 \"ledger.csv\"; 1,000 rows)\n")
                    .contains("Sample rows (5 of 1,000, picked to show different values;")
                    .contains("- \"kind\" TEXT: 600 null, 3 distinct, min 'food', max 'travel'; values: ")
                    .contains("- \"id\" INTEGER: 0 null, 1,000 distinct, min 1, max 1000\n")
                    .contains("- \"amount\" INTEGER: 0 null, 7 distinct, min 0, max 60; values: ")
                    .contains("- \"booked\" TEXT (a date as text 'YYYY-MM-DD'): 0 null, 28 distinct,");
        }
    }

    @Test
    void describesTheFileAsLastUploadedThoughEarlierDescriptionsAreKept() throws IOException {
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            workspace.ingest(csv("prices.csv", "item,price\nold tea,1\n"));
            TableQuerySkill skill = new TableQuerySkill(workspace, SkillSettings.DEFAULTS);
            TableSchema first = skill.getSchemas(List.of("prices")).get(0);
            assertThat(skill.getSchemas(List.of("prices")).get(0))
                    .as("described once per upload")
                    .isSameAs(first);
            workspace.ingest(csv("prices.csv", "item,price\nnew tea,2\nnew coffee,3\n"));
            workspace.ingest(csv("stock.csv", "item,count\nnew tea,7\n"));
            skill.getSchemas(List.of("stock"));
            List<TableSchema> both = skill.getSchemas(List.of("prices", "stock"));
            assertThat(both).extracting(schema -> schema.table().name()).containsExactly("prices", "stock");
            assertThat(both.get(0).sampleRows()).containsExactly(List.of("new tea", "2"), List.of("new coffee", "3"));
        }
    }

    @Test
    void namesTheNearestTablesForAnUnknownOne() throws IOException {
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            workspace.ingest(ledger());
            workspace.ingest(csv("ledger_2024.csv", "a\n1\n"));
            TableQuerySkill skill = new TableQuerySkill(workspace, SkillSettings.DEFAULTS);
            assertThatThrownBy(() -> skill.getSchemas(List.of("ledger", "ledgr")))
                    .isInstanceOf(EngineException.class)
                    .hasMessage("no table \"ledgr\" in this workspace. Did you mean \"ledger\"?");
            assertThatThrownBy(() -> skill.getSchemas(List.of("zzzzzzzz")))
                    .hasMessage("no table \"zzzzzzzz\" in this workspace. Find tables with search-tables.");
            assertThatThrownBy(() -> skill.getSchemas(List.of(" ", ""))).hasMessageContaining("no table named");
            assertThat(skill.getSchemas(List.of("LEDGER", "ledger"))).hasSize(1);
        }
    }

    @Test
    void namesEveryUnknownTableAtOnceWithTheTablesThatHoldItsWords() throws IOException {
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            workspace.ingest(ledger());
            workspace.ingest(csv("sales_2025_q2.csv", "region,units\nEast,3\n"));
            TableQuerySkill skill = new TableQuerySkill(workspace, SkillSettings.DEFAULTS);
            assertThatThrownBy(() -> skill.getSchemas(List.of("sales_q2", "ledger", "ledgr", "zzzzzzzz", "ledgr")))
                    .isInstanceOf(EngineException.class)
                    .hasMessage("3 tables are not in this workspace: \"sales_q2\": Did you mean \"sales_2025_q2\"?;"
                            + " \"ledgr\": Did you mean \"ledger\"?; \"zzzzzzzz\": nothing near it. Find tables with"
                            + " search-tables.")
                    .satisfies(e -> assertThat(((EngineException) e).details())
                            .containsEntry("unknownTables", List.of("sales_q2", "ledgr", "zzzzzzzz")));
        }
    }

    @Test
    void profilesTablesOfWorkspacesMadeBeforeProfilesWereKept() throws IOException, SQLException {
        Path directory = dir.resolve("old");
        try (Workspace workspace = Workspace.open(directory)) {
            workspace.ingest(ledger());
        }
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + directory.resolve("tables.sqlite"));
                Statement statement = connection.createStatement()) {
            statement.execute("DROP TABLE tq_catalog_table_profiles");
        }
        try (Workspace workspace = Workspace.open(directory)) {
            var table = workspace.catalog().table("ledger").orElseThrow();
            // Profiled from the DuckDB copy after the workspace opens; get-schemas waits for it.
            TableSchema schema = new TableQuerySkill(workspace, SkillSettings.DEFAULTS)
                    .getSchemas(List.of("ledger"))
                    .get(0);
            assertThat(schema.profiles()).isNotEmpty();
            assertThat(workspace.catalog().profile(table)).isPresent();
            assertThat(new TableQuerySkill(workspace, SkillSettings.DEFAULTS)
                            .searchTables("travel", 3)
                            .hits())
                    .hasSize(1);
        }
    }
}

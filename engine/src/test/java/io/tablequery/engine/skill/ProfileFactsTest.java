package io.tablequery.engine.skill;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablequery.dialects.translate.RealSums;
import io.tablequery.dialects.translate.SqliteToDuckDb;
import io.tablequery.dialects.translate.Translation;
import io.tablequery.engine.catalog.CatalogSnapshot;
import io.tablequery.engine.catalog.ColumnProfile;
import io.tablequery.engine.catalog.TableInfo;
import io.tablequery.engine.catalog.TableProfile;
import io.tablequery.engine.exec.TranslationCatalog;
import io.tablequery.engine.testing.BothEnginesRun;
import io.tablequery.engine.workspace.SqliteSession;
import io.tablequery.engine.workspace.Workspace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Facts the profile of a table's current version proves, as the translation uses them. A column it counts no NULL in
 * is marked so, and {@code NOT IN} between such columns becomes {@code NOT EXISTS} on DuckDB; a column with blanks, a
 * table without a profile and a new version with blanks keep {@code NOT IN}. A text column of one case of ASCII
 * letters matches {@code LIKE} unfolded; one of both cases, or profiled before letters were, folds. Every query
 * answers on DuckDB as on SQLite.
 */
class ProfileFactsTest {
    @TempDir
    Path dir;

    private static final List<String> QUERIES = List.of(
            "SELECT id FROM people WHERE id NOT IN (SELECT person FROM visits) ORDER BY id",
            "SELECT id FROM people WHERE id NOT IN (SELECT boss FROM people) ORDER BY id",
            "SELECT id FROM people WHERE boss NOT IN (SELECT person FROM visits) ORDER BY id",
            "SELECT p.id FROM people AS p LEFT JOIN visits AS v ON v.person = p.boss"
                    + " WHERE v.person NOT IN (SELECT id FROM people WHERE id > 3) ORDER BY p.id",
            "SELECT id, id NOT IN (SELECT person FROM visits WHERE note <> 'x') AS absent FROM people ORDER BY id");

    @Test
    void notInOverColumnsWithoutNullIsNotExists() throws IOException {
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            ingest(workspace, "people.csv", "id,boss\n1,\n2,1\n3,1\n4,2\n5,\n6,4\n");
            ingest(workspace, "visits.csv", "person,note\n2,a\n2,b\n4,x\n9,c\n");
            TableQuerySkill skill = new TableQuerySkill(workspace, SkillSettings.DEFAULTS);
            assertThat(translated(workspace, workspace.catalog(), QUERIES.get(0)))
                    .contains("NOT (EXISTS");
            assertThat(translated(workspace, workspace.catalog(), QUERIES.get(1)))
                    .doesNotContain("EXISTS");
            assertThat(translated(workspace, workspace.catalog(), QUERIES.get(2)))
                    .doesNotContain("EXISTS");
            assertThat(translated(workspace, workspace.catalog(), QUERIES.get(3)))
                    .doesNotContain("EXISTS");
            CatalogSnapshot catalog = workspace.catalog();
            CatalogSnapshot unprofiled = new CatalogSnapshot(catalog.files(), catalog.tables(), Map.of());
            assertThat(translated(workspace, unprofiled, QUERIES.get(0))).doesNotContain("EXISTS");
            assertSameAnswers(skill);

            ingest(workspace, "visits.csv", "person,note\n2,a\n,b\n4,x\n");
            assertThat(translated(workspace, workspace.catalog(), QUERIES.get(0)))
                    .as("the new version has a blank")
                    .doesNotContain("EXISTS");
            assertSameAnswers(skill);
        }
    }

    @Test
    void likeOverTextOfOneCaseMatchesUnfolded() throws IOException {
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            ingest(
                    workspace,
                    "parts.csv",
                    "name,kind,code\nforest green,PROMO BRUSHED,a1\nlemon chiffon,STANDARD"
                            + " POLISHED,B2\nÉté,PROMO ÉCLAT,\nforest,ECONOMY,c3\n");
            TableQuerySkill skill = new TableQuerySkill(workspace, SkillSettings.DEFAULTS);
            List<String> queries = List.of(
                    "SELECT name FROM parts WHERE name LIKE 'FOREST%' ORDER BY name",
                    "SELECT name FROM parts WHERE kind LIKE 'promo%' ORDER BY name",
                    "SELECT name FROM parts WHERE kind NOT LIKE '%é%' ORDER BY name",
                    "SELECT name FROM parts WHERE code LIKE 'b%' ORDER BY name");
            CatalogSnapshot catalog = workspace.catalog();
            assertThat(translated(workspace, catalog, queries.get(0))).contains("\"name\" LIKE 'forest%'");
            assertThat(translated(workspace, catalog, queries.get(1))).contains("\"kind\" LIKE 'PROMO%'");
            assertThat(translated(workspace, catalog, queries.get(3))).contains("lower(");
            TableInfo parts = catalog.table("parts").orElseThrow();
            List<ColumnProfile> unlettered = catalog.profile(parts).orElseThrow().columns().stream()
                    .map(p ->
                            new ColumnProfile(p.name(), p.nullCount(), p.distinctCount(), p.min(), p.max(), p.values()))
                    .toList();
            CatalogSnapshot before = new CatalogSnapshot(
                    catalog.files(), catalog.tables(), Map.of(parts.name(), new TableProfile(unlettered)));
            assertThat(translated(workspace, before, queries.get(0))).contains("lower(");
            BothEnginesRun run = new BothEnginesRun();
            queries.forEach(query -> run.run(skill, "letters", query));
            assertThat(run.count(BothEnginesRun.Outcome.IDENTICAL))
                    .as(run.report("letters"))
                    .isEqualTo(queries.size());
        }
    }

    private void ingest(Workspace workspace, String name, String csv) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, csv);
        workspace.ingest(file);
    }

    private static void assertSameAnswers(TableQuerySkill skill) {
        BothEnginesRun run = new BothEnginesRun();
        for (String query : QUERIES) {
            run.run(skill, "never-null", query);
        }
        assertThat(run.count(BothEnginesRun.Outcome.IDENTICAL))
                .as(run.report("never-null"))
                .isEqualTo(QUERIES.size());
    }

    private static String translated(Workspace workspace, CatalogSnapshot catalog, String sql) {
        try (SqliteSession session = workspace.sqliteSession()) {
            return ((Translation.Translated) SqliteToDuckDb.translate(
                            sql, new TranslationCatalog(catalog, session.connection()), RealSums.DUCKDB))
                    .sql();
        }
    }
}

package io.tablequery.engine.exec;

import static io.tablequery.engine.testing.Plans.plan;
import static io.tablequery.engine.testing.Plans.step;
import static org.assertj.core.api.Assertions.assertThat;

import io.tablequery.dialects.translate.RealSums;
import io.tablequery.engine.plan.PlanParser;
import io.tablequery.engine.plan.PlanValidator;
import io.tablequery.engine.plan.SkillNames;
import io.tablequery.engine.plan.ValidatedPlan;
import io.tablequery.engine.skill.PlanEngine;
import io.tablequery.engine.skill.RunSqlRequest;
import io.tablequery.engine.skill.SkillSettings;
import io.tablequery.engine.skill.TableQuerySkill;
import io.tablequery.engine.workspace.SqliteSession;
import io.tablequery.engine.workspace.Workspace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * DuckDB runs a final step that groups one source's rows with its row summary, unless a later step reads its table
 * (which would see one column more than on SQLite); SQLite and Spark run every step as written.
 */
class RowSummaryTranslationTest {
    @TempDir
    Path dir;

    @Test
    void duckDbSummarizesTheFinalGroupsNoLaterStepReads() throws IOException {
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            workspace.ingest(Files.writeString(dir.resolve("orders.csv"), "city,qty\nOslo,1\nLima,2\nOslo,3\n"));
            ValidatedPlan plan = PlanValidator.validate(
                    PlanParser.parse(plan(
                            step(
                                    1,
                                    "CREATE TEMP TABLE s1 AS SELECT city, sum(qty) AS q FROM orders GROUP BY city",
                                    "s1",
                                    "final"),
                            step(2, "CREATE TEMP TABLE s2 AS SELECT count(*) AS n FROM s1", "s2", "final"),
                            step(3, "CREATE TEMP TABLE s3 AS SELECT count(*) AS n FROM orders", "s3", "final"))),
                    workspace.catalog(),
                    SkillNames.CLI);
            PlanTranslation translation;
            try (SqliteSession sqlite = workspace.sqliteSession()) {
                translation = PlanTranslation.of(
                        plan, workspace.catalog(), sqlite::connection, RealSums.SQLITE, new DuckDbPlanRunner());
            }
            assertThat(translation.summarized().keySet()).containsExactly(3);
            assertThat(translation.statements().get(2)).contains("min(", ", 168)", "\"__tq_sum_s3_0\"");
            assertThat(translation.statements().get(0)).doesNotContain("__tq_sum");
            assertThat(PlanTranslation.asWritten(plan).statements().get(2)).doesNotContain("__tq_sum");
        }
    }

    /**
     * A join's summary counts the rows of a source the join repeats as distinct rows, and those of a source whose rows
     * it does not repeat as they come (each distinct count is a grouping of its own on DuckDB, or a string of bits
     * where the rowids' range and the groups are small).
     */
    @Test
    void aJoinCountsOnlyTheRowsItRepeatsAsDistinct() throws IOException {
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            workspace.ingest(Files.writeString(dir.resolve("orders.csv"), "city,qty\nOslo,1\nLima,2\nOslo,3\n"));
            workspace.ingest(Files.writeString(
                    dir.resolve("cities.csv"), "city,region\nOslo,North\nLima,South\nBergen,North\n"));
            ValidatedPlan plan = PlanValidator.validate(
                    PlanParser.parse(plan(step(
                            1,
                            "CREATE TEMP TABLE s1 AS SELECT c.region, sum(o.qty) AS q FROM orders AS o"
                                    + " JOIN cities AS c ON c.city = o.city GROUP BY c.region",
                            "s1",
                            "final"))),
                    workspace.catalog(),
                    SkillNames.CLI);
            String statement;
            try (SqliteSession sqlite = workspace.sqliteSession()) {
                statement = PlanTranslation.of(
                                plan, workspace.catalog(), sqlite::connection, RealSums.SQLITE, new DuckDbPlanRunner())
                        .statements()
                        .get(0);
            }
            assertThat(statement)
                    .as("the distinct rows of cities, whose rowids run from 2 to 4, counted as bits")
                    .contains("count(\"o\".\"rowid\")", "bit_count(bitstring_agg(\"c\".\"rowid\", 2, 4))")
                    .doesNotContain("count(DISTINCT");
        }
    }

    @Test
    void onlyQueriesOfAFewGroupsBySourceColumnsAreSummarized() throws IOException {
        StringBuilder csv = new StringBuilder("id,city,qty\n");
        for (int i = 1; i <= 1_001; i++) {
            csv.append(i)
                    .append(',')
                    .append(i % 2 == 0 ? "Oslo" : "Lima")
                    .append(',')
                    .append(i % 7)
                    .append('\n');
        }
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            workspace.ingest(Files.writeString(dir.resolve("orders.csv"), csv.toString()));
            ValidatedPlan plan = PlanValidator.validate(
                    PlanParser.parse(plan(
                            step(
                                    1,
                                    "CREATE TEMP TABLE s1 AS SELECT city, count(*) AS n FROM orders GROUP BY city",
                                    "s1",
                                    "final"),
                            step(
                                    2,
                                    "CREATE TEMP TABLE s2 AS SELECT id, sum(qty) AS q FROM orders GROUP BY id",
                                    "s2",
                                    "final"),
                            step(
                                    3,
                                    "CREATE TEMP TABLE s3 AS SELECT upper(city) AS c, count(*) AS n FROM orders GROUP BY 1",
                                    "s3",
                                    "final"),
                            step(
                                    4,
                                    "CREATE TEMP TABLE s4 AS SELECT city, qty, count(*) AS n FROM orders GROUP BY 1, 2",
                                    "s4",
                                    "final"))),
                    workspace.catalog(),
                    SkillNames.CLI);
            try (SqliteSession sqlite = workspace.sqliteSession()) {
                assertThat(PlanTranslation.of(
                                        plan,
                                        workspace.catalog(),
                                        sqlite::connection,
                                        RealSums.SQLITE,
                                        new DuckDbPlanRunner())
                                .summarized()
                                .keySet())
                        .as("2 cities, 1,001 ids, an expression, 2 x 7 pairs")
                        .containsExactlyInAnyOrder(1, 4);
            }
        }
    }

    /**
     * A plan that lists its groups' rows lists 32-bit integers where a table's rowids fit in them, and 64-bit ones
     * where they do not (an uploaded database's rowids from 3,000,000,000); both cite as SQLite does.
     */
    @Test
    void listsAreOf32BitIntegersWhereTheRowidsFit() throws IOException, SQLException {
        StringBuilder csv = new StringBuilder("id,city,qty\n");
        for (int i = 1; i <= 1_200; i++) {
            csv.append(i)
                    .append(',')
                    .append(i % 3 == 0 ? "Oslo" : "Lima")
                    .append(',')
                    .append(i % 7)
                    .append('\n');
        }
        Path database = dir.resolve("far.sqlite");
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + database);
                Statement statement = connection.createStatement()) {
            statement.execute("CREATE TABLE far (id INTEGER, city TEXT, qty INTEGER)");
            for (int i = 1; i <= 1_200; i++) {
                statement.execute("INSERT INTO far (rowid, id, city, qty) VALUES (%d, %d, '%s', %d)"
                        .formatted(3_000_000_000L + 2L * i, i, i % 3 == 0 ? "Oslo" : "Lima", i % 7));
            }
        }
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            workspace.ingest(Files.writeString(dir.resolve("orders.csv"), csv.toString()));
            workspace.ingest(Files.writeString(dir.resolve("cities.csv"), "city,region\nOslo,North\nLima,South\n"));
            workspace.ingest(database);
            workspace.awaitDuckDb(Duration.ofSeconds(30));
            TableQuerySkill skill = new TableQuerySkill(workspace, SkillSettings.DEFAULTS);
            for (String table : new String[] {"orders", "far"}) {
                String plan = plan(step(
                        1,
                        ("CREATE TEMP TABLE s1 AS SELECT o.id %% 600 AS k, c.region, sum(o.qty) AS q FROM %s AS o"
                                        + " JOIN cities AS c ON c.city = o.city GROUP BY o.id %% 600, c.region"
                                        + " ORDER BY q DESC, k, c.region")
                                .formatted(table),
                        "s1",
                        "final"));
                ValidatedPlan validated =
                        PlanValidator.validate(PlanParser.parse(plan), workspace.catalog(), SkillNames.CLI);
                PlanTranslation translation;
                try (SqliteSession sqlite = workspace.sqliteSession()) {
                    translation = PlanTranslation.of(
                            validated,
                            workspace.catalog(),
                            sqlite::connection,
                            RealSums.SQLITE,
                            new DuckDbPlanRunner());
                }
                assertThat(translation.summarized().get(1).lists()).as(table).isTrue();
                String statement = translation.statements().get(0);
                if (table.equals("orders")) {
                    assertThat(statement).contains("list(CAST(\"o\".\"rowid\" AS INTEGER))");
                } else {
                    assertThat(statement).contains("list(\"o\".\"rowid\")").doesNotContain("AS INTEGER))");
                }
                RunSqlResult sqlite =
                        skill.runSql(new RunSqlRequest(PlanParser.parse(plan), 50, null, PlanEngine.SQLITE));
                RunSqlResult duckdb =
                        skill.runSql(new RunSqlRequest(PlanParser.parse(plan), 50, null, PlanEngine.DUCKDB));
                assertThat(duckdb.tables().get(0).csv())
                        .as(table)
                        .isEqualTo(sqlite.tables().get(0).csv());
                assertThat(duckdb.tables().get(0).csv()).contains(table.equals("far") ? "R30000" : "R");
            }
        }
    }
}

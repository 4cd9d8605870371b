package io.tablequery.engine.workspace;

import static io.tablequery.engine.testing.Plans.plan;
import static io.tablequery.engine.testing.Plans.step;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablequery.engine.duck.DuckDbTools;
import io.tablequery.engine.duck.DuckToolResult;
import io.tablequery.engine.duck.DuckToolSettings;
import io.tablequery.engine.plan.PlanParser;
import io.tablequery.engine.skill.PlanEngine;
import io.tablequery.engine.skill.RunSqlRequest;
import io.tablequery.engine.skill.SkillSettings;
import io.tablequery.engine.skill.TableQuerySkill;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A fatal error inside DuckDB (an internal error, a failed checkpoint) invalidates its database: every later query on
 * it fails until the process restarts. The workspace reopens its copy instead, so only the query that met the error
 * fails. The error is made by DuckDB's own test setting that aborts a checkpoint.
 */
class DuckDbInvalidationTest {
    private static final String TOTALS = "SELECT city, sum(amount) AS total FROM sales GROUP BY city ORDER BY city";

    @TempDir
    Path dir;

    @Test
    void aCopyDuckDbInvalidatedIsReopenedAndAnswersAsBefore() throws IOException, SQLException, InterruptedException {
        Path directory = dir.resolve("ws");
        try (Workspace workspace = Workspace.open(directory)) {
            workspace.ingest(csv("sales.csv", "city,amount\nOslo,10\nLima,20\nOslo,5\n"));
        }
        WorkspacePaths paths = new WorkspacePaths(directory);
        // The workspace locks DuckDB's settings when it opens it; a connection opened first, with the same settings,
        // shares that database and can set the checkpoint to fail before the lock.
        Connection saboteur = DriverManager.getConnection(
                "jdbc:duckdb:" + paths.duckDb().toAbsolutePath(),
                Databases.duckDbProperties(paths.tmp(), WorkspaceOptions.DEFAULTS));
        try (Workspace workspace = Workspace.open(directory)) {
            try (Statement statement = saboteur.createStatement()) {
                statement.execute("SET debug_checkpoint_abort = 'before_header'");
            }
            DuckDbTools tools = new DuckDbTools(workspace, DuckToolSettings.DEFAULTS);
            List<?> before = rows(tools.queryDuckDB(TOTALS));
            assertThat(before).hasSize(2);

            try (Statement statement = saboteur.createStatement()) {
                statement.execute("CREATE TABLE tq_store.tq_invalidation_probe AS SELECT 1 AS x");
                assertThatThrownBy(() -> statement.execute("CHECKPOINT")).isInstanceOf(SQLException.class);
            }
            try (Statement statement = saboteur.createStatement()) {
                assertThatThrownBy(() -> statement.executeQuery("SELECT 1"))
                        .as("DuckDB refuses every query on the database now")
                        .isInstanceOf(SQLException.class);
            }
            saboteur.close();
            // The copy is checked at most once a second.
            Thread.sleep(TimeUnit.NANOSECONDS.toMillis(DuckDbCopy.CHECK_EVERY_NANOS) + 100);

            assertThat(rows(tools.queryDuckDB(TOTALS))).isEqualTo(before);
            TableQuerySkill skill = new TableQuerySkill(workspace, SkillSettings.DEFAULTS);
            String plan = plan(step(1, "CREATE TEMP TABLE t AS " + TOTALS, "t", "final"));
            assertThat(run(skill, plan, PlanEngine.DUCKDB)).isEqualTo(run(skill, plan, PlanEngine.SQLITE));
            workspace.ingest(csv("more.csv", "city,amount\nRome,7\n"));
            assertThat(rows(tools.queryDuckDB("SELECT city, amount FROM more"))).hasSize(1);
        } finally {
            saboteur.close();
        }
    }

    private static List<?> rows(DuckToolResult result) {
        assertThat(result.error()).isNull();
        assertThat(result.success()).isTrue();
        return result.rows();
    }

    private static List<List<String>> run(TableQuerySkill skill, String plan, PlanEngine engine) {
        return skill.runSql(new RunSqlRequest(PlanParser.parse(plan), null, null, engine))
                .tables()
                .get(0)
                .rows();
    }

    private Path csv(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text);
    }
}

package io.tablequery.engine.skill;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablequery.engine.exec.RunSqlResult;
import io.tablequery.engine.plan.PlanParser;
import io.tablequery.engine.testing.Plans;
import io.tablequery.engine.workspace.Workspace;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Sums, totals and averages of reals on DuckDB: only the order of addition may make them differ from SQLite's. What
 * does not depend on it is SQLite's: an infinity among finite values stays that infinity (DuckDB's compensated sum
 * makes it NaN), infinities of both signs and groups without values give NULL (total 0.0), and overflow gives an
 * infinity. The values come from an uploaded SQLite database, the way infinities reach a workspace.
 */
class RealSumsTest {
    @TempDir
    Path dir;

    @Test
    void whatDoesNotDependOnTheOrderOfAdditionIsSqlites() throws Exception {
        Path database = dir.resolve("reals.sqlite");
        double inf = Double.POSITIVE_INFINITY;
        Object[][] rows = {
            {1, inf},
            {1, 1.0},
            {1, 2.5},
            {2, -inf},
            {2, 1.0},
            {3, inf},
            {3, -inf},
            {3, 1.0},
            {4, null},
            {4, null},
            {5, 1e308},
            {5, 1e308},
            {6, 0.1},
            {6, 0.2},
            {6, 0.3},
            {7, -inf},
            {7, -inf}
        };
        try (Connection sqlite = DriverManager.getConnection("jdbc:sqlite:" + database)) {
            try (Statement statement = sqlite.createStatement()) {
                statement.execute("CREATE TABLE r (g INTEGER, x REAL)");
            }
            try (PreparedStatement insert = sqlite.prepareStatement("INSERT INTO r VALUES (?, ?)")) {
                for (Object[] row : rows) {
                    insert.setObject(1, row[0]);
                    insert.setObject(2, row[1]);
                    insert.executeUpdate();
                }
            }
        }
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            workspace.ingest(database);
            TableQuerySkill skill = new TableQuerySkill(workspace, SkillSettings.DEFAULTS);
            String plan = "SELECT g, sum(x) AS s, total(x) AS t, avg(x) AS a, sum(DISTINCT x) AS d,"
                    + " sum(x) FILTER (WHERE x > 0) AS f FROM r GROUP BY g ORDER BY g";
            String sqlite = csv(skill, PlanEngine.SQLITE, plan);
            assertThat(sqlite)
                    .contains("1,Inf,Inf,Inf,Inf,Inf")
                    .contains("3,,,,,Inf")
                    .contains("4,,0.0,,,");
            assertThat(csv(skill, PlanEngine.DUCKDB, plan)).isEqualTo(sqlite);
        }
    }

    private static String csv(TableQuerySkill skill, PlanEngine engine, String sql) {
        RunSqlResult result = skill.runSql(new RunSqlRequest(PlanParser.parse(Plans.chain(sql)), 100, null, engine));
        return result.tables().get(0).csv();
    }
}

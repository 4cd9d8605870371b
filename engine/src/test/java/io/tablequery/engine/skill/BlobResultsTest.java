package io.tablequery.engine.skill;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablequery.engine.exec.RunSqlResult;
import io.tablequery.engine.plan.PlanParser;
import io.tablequery.engine.testing.Plans;
import io.tablequery.engine.workspace.Workspace;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Blobs answer the same on every engine: SQLite writes a blob as its bytes read as UTF-8 text (a byte that is not UTF-8
 * as U+FFFD), and DuckDB, which writes {@code \xE2\x82\xAC}, is read the same way; {@code both} compares them by their
 * bytes. Literals, a blob column of an uploaded SQLite database, and blobs grouped, in steps streamed and kept.
 */
class BlobResultsTest {
    @TempDir
    static Path dir;

    static Workspace workspace;
    static TableQuerySkill skill;

    @BeforeAll
    static void setUp() throws SQLException {
        Path file = dir.resolve("blobs.sqlite");
        try (Connection sqlite = DriverManager.getConnection("jdbc:sqlite:" + file);
                Statement statement = sqlite.createStatement()) {
            statement.execute("CREATE TABLE files (id INTEGER, data BLOB)");
            statement.execute("INSERT INTO files VALUES (1, x'00'), (2, x'41'), (3, x'e282ac'), (4, x'ff'),"
                    + " (5, NULL), (6, x'41'), (7, x'0a2c22')");
        }
        workspace = Workspace.open(dir.resolve("ws"));
        workspace.ingest(file);
        workspace.awaitDuckDb(Duration.ofSeconds(30));
        skill = new TableQuerySkill(workspace, SkillSettings.DEFAULTS);
    }

    @AfterAll
    static void tearDown() {
        workspace.close();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "SELECT x'00' AS nul, x'41' AS a, x'e282ac' AS euro, x'ff' AS bad, x'' AS none",
                "SELECT \"id\", \"data\" FROM \"files\" ORDER BY \"id\"",
                "SELECT \"data\", count(*) AS n FROM \"files\" GROUP BY \"data\" ORDER BY \"data\"",
                "SELECT \"id\", \"data\" FROM \"files\" WHERE \"data\" IS NOT NULL ORDER BY \"data\" DESC, \"id\""
            })
    void blobsAnswerTheSameOnEveryEngine(String sql) {
        for (String[] plan : new String[][] {{sql}, {sql, "SELECT * FROM \"step1\""}}) {
            RunSqlResult sqlite = run(PlanEngine.SQLITE, plan);
            RunSqlResult duckdb = run(PlanEngine.DUCKDB, plan);
            assertThat(duckdb.tables().get(0).csv())
                    .isEqualTo(sqlite.tables().get(0).csv());
            RunSqlResult both = run(PlanEngine.BOTH, plan);
            assertThat(both.comparison().identical())
                    .as(String.valueOf(both.comparison().lines()))
                    .isTrue();
        }
        assertThat(run(PlanEngine.DUCKDB, new String[] {sql}).tables().get(0).csv())
                .doesNotContain("\\x");
    }

    private static RunSqlResult run(PlanEngine engine, String[] sqls) {
        return skill.runSql(new RunSqlRequest(PlanParser.parse(Plans.chain(sqls)), 100, null, engine));
    }
}

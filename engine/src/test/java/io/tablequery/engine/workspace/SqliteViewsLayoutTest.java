package io.tablequery.engine.workspace;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablequery.engine.skill.SkillSettings;
import io.tablequery.engine.skill.TableQuerySkill;
import io.tablequery.engine.testing.BothEnginesRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The DuckDB copy's views follow the layout the translation reads, in a workspace made before the layout changed. */
class SqliteViewsLayoutTest {
    @TempDir
    Path dir;

    /**
     * A workspace made before the views showed dates beside their text: opening it shows its views again, so a
     * translation that reads the dates finds them.
     */
    @Test
    void viewsOfTheEarlierLayoutAreShownAgain() throws IOException, SQLException {
        Path directory = dir.resolve("ws");
        Files.writeString(dir.resolve("days.csv"), "id,day\n1,2024-02-29\n2,1999-12-31\n3,\n");
        try (Workspace made = Workspace.open(directory)) {
            made.ingest(dir.resolve("days.csv"));
        }
        WorkspacePaths paths = new WorkspacePaths(directory);
        try (Connection duckDb = DriverManager.getConnection(
                        "jdbc:duckdb:" + paths.duckDb().toAbsolutePath(),
                        Databases.duckDbProperties(paths.tmp(), WorkspaceOptions.DEFAULTS));
                Statement statement = duckDb.createStatement()) {
            String storage;
            try (ResultSet rs = statement.executeQuery("SELECT storage FROM tq_store.tq_views")) {
                rs.next();
                storage = rs.getString(1);
            }
            statement.execute("CREATE OR REPLACE VIEW tq_sqlite.days AS SELECT tq_row AS rowid, c1 AS id,"
                    + " c2_text AS day FROM tq_store." + storage);
        }
        try (Workspace reopened = Workspace.open(directory)) {
            TableQuerySkill on = new TableQuerySkill(reopened, SkillSettings.DEFAULTS);
            BothEnginesRun run = new BothEnginesRun();
            assertThat(run.run(on, "earlier", "SELECT id FROM days WHERE day < '2000-01-01' ORDER BY id"))
                    .isEqualTo(BothEnginesRun.Outcome.IDENTICAL);
        }
    }
}

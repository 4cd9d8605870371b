package io.tablequery.engine.skill;

import static io.tablequery.engine.testing.Plans.plan;
import static io.tablequery.engine.testing.Plans.step;
import static org.assertj.core.api.Assertions.assertThat;

import io.tablequery.engine.plan.PlanParser;
import io.tablequery.engine.provenance.RowCitation;
import io.tablequery.engine.result.ResultTable;
import io.tablequery.engine.workspace.Workspace;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A group of a million rows: its citation is one range when its rows are consecutive, and its first ranges and the
 * count of the rest when they interleave with another group's, the same on both engines and within the cell ceiling.
 */
class LargeGroupCitationTest {
    private static final int ROWS = 1_000_000;

    @TempDir
    static Path dir;

    static Workspace workspace;
    static TableQuerySkill skill;

    @BeforeAll
    static void setUp() throws IOException {
        workspace = Workspace.open(dir.resolve("ws"));
        skill = new TableQuerySkill(workspace, SkillSettings.DEFAULTS);
        Path csv = dir.resolve("events.csv");
        try (BufferedWriter out = Files.newBufferedWriter(csv, StandardCharsets.UTF_8)) {
            out.write("id,kind\n");
            for (int i = 1; i <= ROWS; i++) {
                out.write(i + "," + (i % 2 == 0 ? "even" : "odd") + "\n");
            }
        }
        workspace.ingest(csv);
    }

    @AfterAll
    static void tearDown() {
        workspace.close();
    }

    @Test
    void aMillionConsecutiveRowsAreOneRange() {
        String plan = plan(step(1, "CREATE TEMP TABLE s1 AS SELECT count(*) AS n FROM events", "s1", "final"));
        for (PlanEngine engine : List.of(PlanEngine.SQLITE, PlanEngine.DUCKDB)) {
            assertThat(run(plan, engine).rows()).containsExactly(List.of("1000000", "F1S1R2-R1000001"));
        }
    }

    @Test
    void interleavedGroupsShowTheirFirstRangesAndCountTheRest() {
        String plan = plan(
                step(1, "CREATE TEMP TABLE s1 AS SELECT kind, count(*) AS n FROM events GROUP BY kind", "s1", "final"));
        List<List<String>> sqlite = run(plan, PlanEngine.SQLITE).rows();
        assertThat(run(plan, PlanEngine.DUCKDB).rows()).isEqualTo(sqlite);
        assertThat(sqlite).hasSize(2);
        for (List<String> row : sqlite) {
            RowCitation.Parsed cited = RowCitation.parse(row.get(2));
            assertThat(cited.ranges()).hasSize(RowCitation.DEFAULT_RANGES);
            assertThat(cited.ranges().size() + cited.more()).isEqualTo(500_000);
            long first = row.get(0).equals("even") ? 3 : 2;
            assertThat(cited.ranges().get(0).first()).isEqualTo(first);
            assertThat(row.get(2)).endsWith(";...+499,980 rows").hasSizeLessThan(200);
        }
    }

    private static ResultTable run(String plan, PlanEngine engine) {
        return skill.runSql(new RunSqlRequest(PlanParser.parse(plan), null, null, engine))
                .tables()
                .get(0);
    }
}

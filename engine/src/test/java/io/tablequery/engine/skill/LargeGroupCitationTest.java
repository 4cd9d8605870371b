package io.tablequery.engine.skill;

import static io.tablequery.engine.testing.Plans.plan;
import static io.tablequery.engine.testing.Plans.step;
import static org.assertj.core.api.Assertions.assertThat;

import io.tablequery.engine.plan.PlanParser;
import io.tablequery.engine.provenance.RowCitation;
import io.tablequery.engine.provenance.SheetRef;
import io.tablequery.engine.result.ResultTable;
import io.tablequery.engine.workspace.Workspace;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntPredicate;
import java.util.stream.IntStream;
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
            out.write("id,kind,block\n");
            for (int i = 1; i <= ROWS; i++) {
                out.write(i + "," + (i % 2 == 0 ? "even" : "odd") + "," + block(i) + "\n");
            }
        }
        workspace.ingest(csv);
        Path kinds = dir.resolve("kinds.csv");
        Files.writeString(kinds, "kind,label\neven,Even\nodd,Odd\n", StandardCharsets.UTF_8);
        workspace.ingest(kinds);
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

    @Test
    void groupsOfLongRunsCiteTheirFirstRunsWhole() {
        String plan = plan(step(
                1,
                "CREATE TEMP TABLE s1 AS SELECT block, count(*) AS n FROM events GROUP BY block ORDER BY block",
                "s1",
                "final"));
        List<List<String>> expected = new ArrayList<>();
        for (String block : List.of("a", "b", "c")) {
            expected.add(expected(block));
        }
        for (PlanEngine engine : List.of(PlanEngine.SQLITE, PlanEngine.DUCKDB)) {
            assertThat(run(plan, engine).rows()).as(engine.toString()).isEqualTo(expected);
        }
    }

    @Test
    void joinedGroupsCiteTheFirstRangesOfTheirFirstSheetAndCountTheOtherSheets() {
        String byKind = plan(step(
                1,
                "CREATE TEMP TABLE s1 AS SELECT e.kind, count(*) AS n FROM events e JOIN kinds k ON k.kind = e.kind"
                        + " GROUP BY e.kind ORDER BY e.kind",
                "s1",
                "final"));
        String byBlock = plan(step(
                1,
                "CREATE TEMP TABLE s1 AS SELECT e.block, count(*) AS n FROM events e JOIN kinds k ON k.kind = e.kind"
                        + " GROUP BY e.block ORDER BY e.block",
                "s1",
                "final"));
        List<List<String>> kinds = List.of(
                List.of("even", "500000", cited(i -> i % 2 == 0, 2)),
                List.of("odd", "500000", cited(i -> i % 2 == 1, 3)));
        List<List<String>> blocks = new ArrayList<>();
        for (String block : List.of("a", "b", "c")) {
            // Every block holds even and odd rows, so joins both kinds.
            blocks.add(List.of(block, expected(block).get(1), cited(i -> block(i).equals(block), 2, 3)));
        }
        for (PlanEngine engine : List.of(PlanEngine.SQLITE, PlanEngine.DUCKDB)) {
            assertThat(run(byKind, engine).rows()).as(engine.toString()).isEqualTo(kinds);
            assertThat(run(byBlock, engine).rows()).as(engine.toString()).isEqualTo(blocks);
        }
    }

    /**
     * The citation of the events rows {@code keep} picks (F1S1), then of the given rows of kinds.csv (F2S1: R2 even,
     * R3 odd), as far as the ranges shown reach; the rest counted.
     */
    private static String cited(IntPredicate keep, int... kindRows) {
        List<RowCitation.Range> shown = new ArrayList<>();
        long total = kindRows.length;
        long first = -1;
        for (int i = 1; i <= ROWS + 1; i++) {
            boolean in = i <= ROWS && keep.test(i);
            if (in) {
                total++;
                first = first < 0 ? i + 1 : first;
            } else if (first >= 0) {
                shown.add(new RowCitation.Range(new SheetRef(1, 1), first, i));
                first = -1;
            }
        }
        if (kindRows.length > 0) {
            shown.add(new RowCitation.Range(new SheetRef(2, 1), kindRows[0], kindRows[kindRows.length - 1]));
        }
        return RowCitation.format(shown.subList(0, Math.min(shown.size(), RowCitation.DEFAULT_RANGES)), total);
    }

    private static List<String> expected(String block) {
        long rows = IntStream.rangeClosed(1, ROWS)
                .filter(i -> block(i).equals(block))
                .count();
        return List.of(block, Long.toString(rows), cited(i -> block(i).equals(block)));
    }

    /**
     * Runs of rows: 1-99 in a, 100-199 in b, and so on, with a run of 5,000 in c in the middle of the file: a's and b's
     * first 20 runs hold more rows than a summary's smallest few, c's rows are one range.
     */
    private static String block(int i) {
        if (i > ROWS / 2 && i <= ROWS / 2 + 5_000) {
            return "c";
        }
        return (i / 100) % 2 == 0 ? "a" : "b";
    }

    private static ResultTable run(String plan, PlanEngine engine) {
        return skill.runSql(new RunSqlRequest(PlanParser.parse(plan), null, null, engine))
                .tables()
                .get(0);
    }
}

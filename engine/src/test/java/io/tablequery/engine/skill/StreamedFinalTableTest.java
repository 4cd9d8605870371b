package io.tablequery.engine.skill;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.exec.RunSqlResult;
import io.tablequery.engine.plan.CitationDetail;
import io.tablequery.engine.plan.PlanErrorCode;
import io.tablequery.engine.plan.PlanParser;
import io.tablequery.engine.plan.PlanValidator;
import io.tablequery.engine.plan.ValidatedPlan;
import io.tablequery.engine.result.ArrowStreams;
import io.tablequery.engine.result.ResultTable;
import io.tablequery.engine.testing.Plans;
import io.tablequery.engine.workspace.Workspace;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A plan's last final table on DuckDB is read from its query rather than kept: the rows shown, their order, their
 * citations and the count of a cut table must be SQLite's whatever the row ceiling, and the step keeps its time limit
 * and its failures.
 */
class StreamedFinalTableTest {
    @TempDir
    static Path dir;

    static Workspace workspace;
    static TableQuerySkill skill;

    @BeforeAll
    static void setUp() throws IOException {
        workspace = Workspace.open(dir.resolve("ws"));
        skill = new TableQuerySkill(workspace, SkillSettings.DEFAULTS);
        StringBuilder csv = new StringBuilder("id,city,amount,note\n");
        for (int i = 1; i <= 300; i++) {
            csv.append(i)
                    .append(",City ")
                    .append((char) ('A' + i % 5))
                    .append(',')
                    .append(i % 11 == 0 ? "" : Double.toString(i * 0.75))
                    .append(',')
                    .append(i % 13 == 0 ? "" : "n" + (i * 7919 % 301))
                    .append('\n');
        }
        Files.writeString(dir.resolve("orders.csv"), csv);
        workspace.ingest(dir.resolve("orders.csv"));
        StringBuilder runs = new StringBuilder("id,part\n");
        for (int i = 1; i <= 3000; i++) {
            runs.append(i).append(i <= 1700 || i >= 2500 ? ",a\n" : ",b\n");
        }
        Files.writeString(dir.resolve("runs.csv"), runs);
        workspace.ingest(dir.resolve("runs.csv"));
        workspace.awaitDuckDb(Duration.ofSeconds(30));
    }

    @AfterAll
    static void tearDown() {
        workspace.close();
    }

    /** Plans whose last step reads its rows straight from the query on DuckDB, of sizes around the ceilings. */
    private static final List<List<String>> PLANS = List.of(
            List.of("SELECT \"id\", \"city\", \"amount\" FROM \"orders\" WHERE \"amount\" > 10 ORDER BY \"id\" DESC"),
            List.of("SELECT \"id\", \"note\" FROM \"orders\""),
            List.of("SELECT \"note\", \"id\" FROM \"orders\" ORDER BY \"note\", \"city\""),
            List.of("SELECT DISTINCT \"city\" FROM \"orders\" ORDER BY 1"),
            List.of("SELECT \"id\", \"amount\" FROM \"orders\" ORDER BY \"amount\" DESC LIMIT 40 OFFSET 7"),
            List.of("SELECT \"city\", count(*) AS n FROM \"orders\" GROUP BY \"city\" ORDER BY n DESC, \"city\""),
            List.of(
                    "SELECT \"id\", \"city\", \"amount\" FROM \"orders\" WHERE \"id\" % 3 = 0",
                    "SELECT \"city\", \"id\" FROM \"step1\" WHERE \"amount\" IS NOT NULL ORDER BY \"city\", \"id\""));

    @Test
    void rowsOrderCitationsAndCountsAreSqlites() {
        for (List<String> plan : PLANS) {
            for (int maxRows : new int[] {0, 1, 7, 100, 400}) {
                ResultTable sqlite =
                        run(PlanEngine.SQLITE, maxRows, plan).tables().get(0);
                ResultTable duckdb =
                        run(PlanEngine.DUCKDB, maxRows, plan).tables().get(0);
                String what = plan + " max rows " + maxRows;
                assertThat(duckdb.totalRows()).as(what).isEqualTo(sqlite.totalRows());
                assertThat(duckdb.truncation()).as(what).isEqualTo(sqlite.truncation());
                assertThat(duckdb.csv()).as(what).isEqualTo(sqlite.csv());
            }
        }
    }

    /**
     * Plans whose last step runs on DuckDB with its groups' row summaries or lists, and whether they are lists: the
     * rows are cited from them as the query runs, or, where a summary leaves a row's ranges unknown or a shown column
     * is not of the types the stream reads, from the kept table's listing.
     */
    private static final Map<String, Boolean> SUMMARIZED = new LinkedHashMap<>();

    static {
        // Part a is R2-R1701 and R2501-R3001: its 168 smallest rows are one range, and its ranges are unknown.
        SUMMARIZED.put("SELECT \"part\", count(*) AS n FROM \"runs\" GROUP BY \"part\" ORDER BY \"part\"", false);
        SUMMARIZED.put(
                "SELECT \"city\", count(*) AS n, sum(\"amount\") AS total FROM \"orders\" GROUP BY \"city\""
                        + " ORDER BY \"city\"",
                false);
        SUMMARIZED.put(
                "SELECT \"part\", max(x'41') AS b, count(*) AS n FROM \"runs\" WHERE \"id\" % 2 = 0 GROUP BY"
                        + " \"part\" ORDER BY \"part\"",
                false);
        SUMMARIZED.put("SELECT max(\"id\") AS m FROM \"runs\" WHERE \"id\" < 0", false);
        // One list per group, long enough to be summarized by its smallest rows first, and then sorted whole.
        SUMMARIZED.put(
                "SELECT \"part\" || '' AS p, count(*) AS n FROM \"runs\" WHERE \"id\" IN (SELECT \"id\" FROM"
                        + " \"runs\" WHERE \"id\" % 2 = 0 OR \"id\" < 2000) GROUP BY 1 ORDER BY 1",
                true);
        // A join that repeats each order in about ten groups' rows: its lists hold each order many times.
        SUMMARIZED.put(
                "SELECT r.\"part\" || '' AS p, count(*) AS n FROM \"runs\" r JOIN \"orders\" o ON o.\"id\" ="
                        + " r.\"id\" % 300 + 1 GROUP BY 1 ORDER BY 1",
                true);
        SUMMARIZED.put(
                "SELECT n, count(*) AS k FROM (SELECT \"city\", \"id\" % 7 AS m, count(*) AS n FROM \"orders\""
                        + " GROUP BY \"city\", m) AS per GROUP BY n ORDER BY n",
                true);
        // 3,000 groups of one row of each source, shown across batches.
        SUMMARIZED.put(
                "SELECT r.\"id\", count(*) AS n FROM \"runs\" r JOIN \"orders\" o ON o.\"id\" = r.\"id\" % 300 + 1"
                        + " GROUP BY r.\"id\" ORDER BY r.\"id\" DESC",
                true);
        SUMMARIZED.put(
                "SELECT n, count(*) AS k FROM (SELECT \"id\", count(*) AS n FROM \"runs\" GROUP BY \"id\") AS per"
                        + " GROUP BY n",
                true);
    }

    @Test
    void rowsCitedFromTheirSummariesAsTheQueryRunsCiteAsOnSqlite() {
        SUMMARIZED.forEach((sql, lists) -> {
            ValidatedPlan validated = PlanValidator.validate(
                    PlanParser.parse(Plans.chain(sql)),
                    workspace.catalog(),
                    SkillSettings.DEFAULTS.names(),
                    CitationDetail.ROWS);
            assertThat(validated.steps().get(0).summary()).as(sql).isNotNull();
            assertThat(validated.steps().get(0).summary().lists()).as(sql).isEqualTo(lists);
            for (int maxRows : new int[] {0, 1, 100, 700}) {
                ResultTable sqlite =
                        run(PlanEngine.SQLITE, maxRows, List.of(sql)).tables().get(0);
                RunSqlResult duckdb = run(PlanEngine.DUCKDB, maxRows, List.of(sql));
                String what = sql + " max rows " + maxRows;
                assertThat(duckdb.tables().get(0).totalRows()).as(what).isEqualTo(sqlite.totalRows());
                assertThat(duckdb.tables().get(0).csv()).as(what).isEqualTo(sqlite.csv());
                assertThat(duckdb.notices()).as(what).noneMatch(n -> n.contains("cite whole sheets"));
            }
        });
        assertThat(run(
                                PlanEngine.SQLITE,
                                5,
                                List.of(SUMMARIZED.keySet().iterator().next()))
                        .tables()
                        .get(0)
                        .csv())
                .as("the case that needs the listing")
                .contains("R2-R1701,R2501-R3001");
    }

    /**
     * A cut table is counted by the stream when it holds at most the lookahead's rows more than it shows (the limit
     * read is the rows asked, one more than shown, plus the lookahead), and by its query run again when it holds more.
     */
    @Test
    void aCutTableIsCountedWithinTheLookaheadAndBeyondIt() {
        for (long rows : new long[] {100_005, 100_006, 100_007, 150_000}) {
            List<String> plan = List.of("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < "
                    + rows + ") SELECT i FROM n ORDER BY i DESC");
            for (int maxRows : new int[] {0, 5}) {
                ResultTable sqlite =
                        run(PlanEngine.SQLITE, maxRows, plan).tables().get(0);
                ResultTable duckdb =
                        run(PlanEngine.DUCKDB, maxRows, plan).tables().get(0);
                String what = rows + " rows, max rows " + maxRows;
                assertThat(duckdb.totalRows()).as(what).isEqualTo(rows);
                assertThat(duckdb.truncation()).as(what).isEqualTo(sqlite.truncation());
                assertThat(duckdb.csv()).as(what).isEqualTo(sqlite.csv());
            }
        }
    }

    @Test
    void bothComparesAStreamedTableWholeAndShowsIt() {
        for (List<String> plan : PLANS) {
            RunSqlResult both = run(PlanEngine.BOTH, 5, plan);
            assertThat(both.comparison().identical())
                    .as(plan + ": " + both.comparison().lines())
                    .isTrue();
            assertThat(both.tables().get(0).csv())
                    .isEqualTo(run(PlanEngine.SQLITE, 5, plan).tables().get(0).csv());
        }
    }

    @Test
    void theArrowDownloadOfAStreamedStepHasEveryRow() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ArrowStreams.Written written =
                skill.exportArrow(request(PlanEngine.DUCKDB, 5, PLANS.get(1)), null, 1000, false, out);
        assertThat(written.rows()).isEqualTo(300);
        assertThat(written.truncated()).isFalse();
    }

    @Test
    void aStreamedStepThatFailsOnDuckdbNamesItsStep() {
        List<String> plan = List.of(
                "SELECT \"id\" FROM \"orders\" WHERE \"id\" < 5",
                "SELECT 9223372036854775807 + \"id\" AS big FROM \"step1\"");
        assertThatThrownBy(() -> run(PlanEngine.DUCKDB, 10, plan))
                .isInstanceOf(EngineException.class)
                .satisfies(e -> {
                    EngineException error = (EngineException) e;
                    assertThat(error.getErrorCode()).isEqualTo(PlanErrorCode.STEP_FAILED.toErrorCode());
                    assertThat(error.details()).containsEntry("step", 2);
                })
                .hasMessageContaining("step 2 failed on DuckDB");
        TableQuerySkill eager = new TableQuerySkill(workspace, SkillSettings.DEFAULTS.withAutoDuckDbRows(0));
        RunSqlResult auto = eager.runSql(request(PlanEngine.AUTO, 10, plan));
        assertThat(auto.engine()).isEqualTo("sqlite");
        assertThat(auto.notices()).anyMatch(n -> n.startsWith("Ran on sqlite: step 2 failed on DuckDB"));
    }

    @Test
    void aStreamedStepKeepsThePlansTimeLimit() {
        TableQuerySkill hurried =
                new TableQuerySkill(workspace, SkillSettings.DEFAULTS.withQueryTimeout(Duration.ofSeconds(1)));
        List<String> plan = List.of("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n)"
                + " SELECT count(*) AS c FROM n, \"orders\" AS a, \"orders\" AS b");
        long start = System.nanoTime();
        assertThatThrownBy(() -> hurried.runSql(request(PlanEngine.DUCKDB, 10, plan)))
                .isInstanceOf(EngineException.class)
                .satisfies(e -> assertThat(((EngineException) e).getErrorCode())
                        .isEqualTo(PlanErrorCode.QUERY_TIMEOUT.toErrorCode()));
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(20));
    }

    private static RunSqlResult run(PlanEngine engine, int maxRows, List<String> sqls) {
        return skill.runSql(request(engine, maxRows, sqls));
    }

    private static RunSqlRequest request(PlanEngine engine, int maxRows, List<String> sqls) {
        return new RunSqlRequest(PlanParser.parse(Plans.chain(sqls.toArray(String[]::new))), maxRows, null, engine);
    }
}

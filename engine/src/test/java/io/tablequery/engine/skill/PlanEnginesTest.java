package io.tablequery.engine.skill;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablequery.dialects.translate.SqlDialect;
import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.exec.DuckDbPlanRunner;
import io.tablequery.engine.exec.EngineComparison;
import io.tablequery.engine.exec.PlanRunner;
import io.tablequery.engine.exec.PlanSession;
import io.tablequery.engine.exec.RunContext;
import io.tablequery.engine.exec.RunSqlResult;
import io.tablequery.engine.exec.SqlitePlanRunner;
import io.tablequery.engine.exec.TableNaming;
import io.tablequery.engine.plan.PlanErrorCode;
import io.tablequery.engine.plan.PlanParser;
import io.tablequery.engine.plan.SkillNames;
import io.tablequery.engine.result.ResultTable;
import io.tablequery.engine.testing.Plans;
import io.tablequery.engine.testing.ShopWorkbook;
import io.tablequery.engine.workspace.Workspace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** run-sql on the engines duckdb, auto and both, against the same workspace as sqlite. */
class PlanEnginesTest {
    @TempDir
    static Path dir;

    static Workspace workspace;
    static TableQuerySkill skill;

    @BeforeAll
    static void setUp() throws IOException {
        workspace = Workspace.open(dir.resolve("ws"));
        skill = new TableQuerySkill(workspace, SkillSettings.DEFAULTS);
        StringBuilder csv = new StringBuilder("id,city,amount,day\n");
        for (int i = 1; i <= 40; i++) {
            csv.append(i)
                    .append(",City ")
                    .append((char) ('A' + i % 4))
                    .append(',')
                    .append(i % 7 == 0 ? "" : Double.toString(i * 1.25))
                    .append(",2024-0")
                    .append(1 + i % 9)
                    .append("-1")
                    .append(i % 10)
                    .append('\n');
        }
        Files.writeString(dir.resolve("orders.csv"), csv);
        workspace.ingest(dir.resolve("orders.csv"));
        workspace.ingest(ShopWorkbook.write(dir.resolve("shop.xlsx")));
        // auto runs SQLite until the DuckDB copy has followed the uploads.
        workspace.awaitDuckDb(Duration.ofSeconds(30));
    }

    @AfterAll
    static void tearDown() {
        workspace.close();
    }

    static RunSqlResult run(PlanEngine engine, String... sqls) {
        return run(skill, engine, sqls);
    }

    static RunSqlResult run(TableQuerySkill on, PlanEngine engine, String... sqls) {
        return on.runSql(new RunSqlRequest(PlanParser.parse(Plans.chain(sqls)), 2000, null, engine));
    }

    private static final String[][] PLANS = {
        {"SELECT \"id\", \"city\", \"amount\" FROM \"orders\" WHERE \"amount\" > 10 ORDER BY \"id\""},
        {
            "SELECT \"city\", count(*) AS n, total(\"amount\") AS t, group_concat(\"id\", '|') AS ids"
                    + " FROM \"orders\" GROUP BY \"city\" ORDER BY \"city\""
        },
        {
            "SELECT \"id\", \"day\", strftime('%m', \"day\") AS month FROM \"orders\" WHERE \"day\" LIKE '2024-03%'",
            "SELECT month, count(*) AS n, min(\"id\") AS first FROM \"step1\" GROUP BY month ORDER BY 1"
        },
        {"SELECT \"city\", max(\"amount\") AS top, \"id\" FROM \"orders\" GROUP BY \"city\" ORDER BY \"city\" DESC"},
        // Integers and reals in one column, each row keeping its class: 0 beside 52.5, 3000000000000 beside 0.4166...
        {
            "SELECT \"city\", coalesce(sum(CASE WHEN \"amount\" > 45 THEN \"amount\" END), 0) AS big"
                    + " FROM \"orders\" GROUP BY \"city\" ORDER BY \"city\""
        },
        {
            "SELECT \"id\", CASE WHEN \"id\" % 3 = 0 THEN \"id\" * 1000000000000 ELSE \"amount\" / 3 END AS mix,"
                    + " ifnull(\"amount\", 0) AS a FROM \"orders\" ORDER BY \"id\""
        },
    };

    @Test
    void duckdbReturnsSqlitesRowsAndCitations() {
        for (String[] plan : PLANS) {
            RunSqlResult sqlite = run(PlanEngine.SQLITE, plan);
            RunSqlResult duckdb = run(PlanEngine.DUCKDB, plan);
            assertThat(duckdb.engine()).isEqualTo("duckdb");
            ResultTable expected = sqlite.tables().get(0);
            ResultTable actual = duckdb.tables().get(0);
            assertThat(actual.totalRows()).isPositive().isEqualTo(expected.totalRows());
            assertThat(actual.columns()).isEqualTo(expected.columns());
            assertThat(actual.csv()).as(String.join("; ", plan)).isEqualTo(expected.csv());
            assertThat(duckdb.fileRefs()).isEqualTo(sqlite.fileRefs());
        }
    }

    @Test
    void duckdbCitesTheSameRowsAsSqlite() {
        String plan = "SELECT \"id\", \"city\" FROM \"orders\" WHERE \"id\" % 5 = 0";
        ResultTable sqlite = run(PlanEngine.SQLITE, plan).tables().get(0);
        ResultTable duckdb = run(PlanEngine.DUCKDB, plan).tables().get(0);
        assertThat(duckdb.rows()).isEqualTo(sqlite.rows());
        assertThat(duckdb.rows().get(0).get(2)).matches("F1S1R\\d+");
    }

    @Test
    void duckdbRefusesAPlanThatDoesNotTranslateAndSaysWhy() {
        assertThatThrownBy(() -> run(PlanEngine.DUCKDB, "SELECT \"id\", random() AS r FROM \"orders\""))
                .isInstanceOf(EngineException.class)
                .satisfies(e -> assertThat(((EngineException) e).getErrorCode())
                        .isEqualTo(PlanErrorCode.UNTRANSLATABLE.toErrorCode()))
                .hasMessageContaining("step 1 cannot run on DuckDB")
                .hasMessageContaining("random()")
                .hasMessageContaining("--engine sqlite");
    }

    @Test
    void autoPicksSqliteForSmallDataAndDuckdbForLarge() {
        String plan = "SELECT \"city\", count(*) AS n FROM \"orders\" GROUP BY \"city\" ORDER BY \"city\"";
        RunSqlResult small = run(PlanEngine.AUTO, plan);
        assertThat(small.engine()).isEqualTo("sqlite");
        assertThat(small.notices()).anyMatch(n -> n.contains("reads 40 rows, fewer than the 5,000"));
        TableQuerySkill eager = new TableQuerySkill(workspace, SkillSettings.DEFAULTS.withAutoDuckDbRows(10));
        RunSqlResult large = run(eager, PlanEngine.AUTO, plan);
        assertThat(large.engine()).isEqualTo("duckdb");
        assertThat(large.notices()).anyMatch(n -> n.contains("Ran on duckdb"));
        assertThat(large.tables().get(0).csv()).isEqualTo(small.tables().get(0).csv());
        RunSqlResult refused = run(eager, PlanEngine.AUTO, "SELECT random() AS r");
        assertThat(refused.engine()).isEqualTo("sqlite");
        assertThat(refused.notices()).anyMatch(n -> n.contains("does not translate") && n.contains("random()"));
    }

    /** auto adds reals as DuckDB does, and says how to get SQLite's exact digits. */
    @Test
    void autoRunsAPlanThatSumsRealsOnDuckdbAndSaysSo() {
        TableQuerySkill eager = new TableQuerySkill(workspace, SkillSettings.DEFAULTS.withAutoDuckDbRows(10));
        String plan = "SELECT \"city\", sum(\"amount\") AS s, avg(\"amount\") AS a, total(\"amount\") AS t"
                + " FROM \"orders\" GROUP BY \"city\" ORDER BY \"city\"";
        RunSqlResult auto = run(eager, PlanEngine.AUTO, plan);
        assertThat(auto.engine()).isEqualTo("duckdb");
        assertThat(auto.notices())
                .anyMatch(n -> n.startsWith("Step 1 adds reals in DuckDB's order: the last of their 17 digits can"
                                + " differ from SQLite's")
                        && n.contains("--engine sqlite for SQLite's exact digits"));
        RunSqlResult sqlite = run(PlanEngine.SQLITE, plan);
        assertThat(sqlite.notices()).noneMatch(n -> n.contains("adds reals"));
        assertThat(auto.tables().get(0).csv()).isEqualTo(sqlite.tables().get(0).csv());
    }

    /** A plan that groups reaches DuckDB from fewer rows read than one whose rows each come from one source row. */
    @Test
    void autoTakesThePlansKindsThreshold() {
        TableQuerySkill split =
                new TableQuerySkill(workspace, SkillSettings.DEFAULTS.withAutoDuckDbRows(new AutoRows(41, 40)));
        RunSqlResult grouped =
                run(split, PlanEngine.AUTO, "SELECT \"city\", count(*) AS n FROM \"orders\" GROUP BY \"city\"");
        assertThat(grouped.engine()).isEqualTo("duckdb");
        RunSqlResult filtered = run(split, PlanEngine.AUTO, "SELECT \"id\" FROM \"orders\" WHERE \"id\" > 3");
        assertThat(filtered.engine()).isEqualTo("sqlite");
        assertThat(filtered.notices()).anyMatch(n -> n.contains("reads 40 rows, fewer than the 41"));
    }

    /** A step SQLite refuses gets no answer on DuckDB either, on any engine choice. */
    @Test
    void aStepSqliteRefusesIsNotAnsweredOnDuckdb() {
        TableQuerySkill eager = new TableQuerySkill(workspace, SkillSettings.DEFAULTS.withAutoDuckDbRows(0));
        for (String step : new String[] {
            "SELECT \"city\", count(*) AS n FROM \"orders\" GROUP BY -1",
            "SELECT \"id\" FROM \"orders\" ORDER BY -(1)",
            "SELECT \"id\" FROM \"orders\" HAVING count(*) > 0",
            "SELECT 2 AS g, min(NULL) AS m FROM \"orders\" GROUP BY 2"
        }) {
            for (PlanEngine engine : new PlanEngine[] {PlanEngine.SQLITE, PlanEngine.DUCKDB, PlanEngine.AUTO}) {
                assertThatThrownBy(() -> run(eager, engine, step))
                        .as(engine.label() + ": " + step)
                        .isInstanceOf(EngineException.class);
            }
        }
    }

    @Test
    void autoFallsBackToSqliteWhenDuckdbRefusesAStep() {
        TableQuerySkill eager = new TableQuerySkill(workspace, SkillSettings.DEFAULTS.withAutoDuckDbRows(0));
        RunSqlResult result = run(eager, PlanEngine.AUTO, "SELECT 9223372036854775807 + \"id\" AS big FROM \"orders\"");
        assertThat(result.engine()).isEqualTo("sqlite");
        assertThat(result.notices()).anyMatch(n -> n.startsWith("Ran on sqlite: step 1 failed on DuckDB"));
        assertThat(result.tables().get(0).rows().get(0).get(0)).isEqualTo("9.223372036854776e+18");
    }

    @Test
    void bothComparesEveryFinalTable() {
        RunSqlResult same = run(PlanEngine.BOTH, PLANS[2]);
        assertThat(same.engine()).isEqualTo("both");
        EngineComparison comparison = same.comparison();
        assertThat(comparison.identical()).as(comparison.lines().toString()).isTrue();
        assertThat(comparison.tables()).singleElement().satisfies(table -> {
            assertThat(table.inOrder()).isTrue();
            assertThat(table.comparedRows()).isEqualTo(same.tables().get(0).totalRows());
        });
        assertThat(RunSqlText.format(same, SkillNames.CLI)).contains("identical on sqlite and duckdb");

        RunSqlResult mixed = run(PlanEngine.BOTH, PLANS[5]);
        assertThat(mixed.comparison().identical())
                .as(mixed.comparison().lines().toString())
                .isTrue();

        RunSqlResult unordered = run(PlanEngine.BOTH, "SELECT \"city\", count(*) AS n FROM \"orders\" GROUP BY 1");
        assertThat(unordered.comparison().identical()).isTrue();
        assertThat(unordered.comparison().tables().get(0).inOrder()).isFalse();
    }

    @Test
    void bothReportsADifferencePrecisely() {
        RunSqlResult result = run(
                PlanEngine.BOTH,
                "WITH t(i, x) AS (VALUES (1, 1e100), (2, 1.0), (3, -1e100)) SELECT total(x) AS s FROM t");
        EngineComparison comparison = result.comparison();
        assertThat(comparison.identical()).isFalse();
        assertThat(comparison.lines())
                .singleElement()
                .asString()
                .contains("step1: DIFFERENT: row 1, column s: sqlite 1.0 (real) vs duckdb 0.0 (real)");
        assertThat(result.tables().get(0).rows().get(0).get(0)).isEqualTo("1.0");

        RunSqlResult refused = run(PlanEngine.BOTH, "SELECT random() AS r");
        assertThat(refused.comparison().note())
                .contains("step 1 does not translate")
                .contains("random()");
        assertThat(refused.tables()).hasSize(1);
    }

    @Test
    void datesAndTheClockWorkOnTheLockedDownDatabase() {
        RunSqlResult result = run(
                PlanEngine.DUCKDB,
                "SELECT date('now') = strftime('%Y-%m-%d', 'now') AS same, date('2024-01-31', '+1 month') AS d");
        assertThat(result.tables().get(0).rows().get(0)).containsExactly("1", "2024-03-02", "");
    }

    /** A translating engine registered under another name, as a plugin registers one: DuckDB's runner, renamed. */
    private record Renamed(PlanRunner engine, String name) implements PlanRunner {
        @Override
        public Optional<SqlDialect> dialect() {
            return engine.dialect();
        }

        @Override
        public TableNaming naming() {
            return engine.naming();
        }

        @Override
        public PlanSession open(RunContext context) {
            return engine.open(context);
        }
    }

    private static PlanEngines withSecondDuckDb(long autoRows) {
        return PlanEngines.BUILT_IN.with(
                new PlanEngines.Registered(new Renamed(new DuckDbPlanRunner(), "duck2"), autoRows));
    }

    /** auto tries every registered engine by its threshold, the largest first, whatever the engine is called. */
    @Test
    void autoIsAPolicyOverTheRegisteredEngines() {
        String plan = "SELECT \"city\", count(*) AS n FROM \"orders\" GROUP BY \"city\" ORDER BY \"city\"";
        TableQuerySkill first = new TableQuerySkill(
                workspace,
                SkillSettings.DEFAULTS.withEngines(withSecondDuckDb(20)).withAutoDuckDbRows(10));
        RunSqlResult onSecond = run(first, PlanEngine.AUTO, plan);
        assertThat(onSecond.engine()).isEqualTo("duck2");
        assertThat(onSecond.notices()).anyMatch(n -> n.startsWith("Ran on duck2: every step translates"));

        TableQuerySkill skipped = new TableQuerySkill(
                workspace,
                SkillSettings.DEFAULTS.withEngines(withSecondDuckDb(50)).withAutoDuckDbRows(10));
        RunSqlResult onDuckDb = run(skipped, PlanEngine.AUTO, plan);
        assertThat(onDuckDb.engine()).isEqualTo("duckdb");
        assertThat(onDuckDb.notices())
                .anyMatch(n -> n.startsWith("Not on duck2: the plan reads 40 rows, fewer than the 50"));
        assertThat(onDuckDb.tables().get(0).csv())
                .isEqualTo(onSecond.tables().get(0).csv());

        TableQuerySkill never = new TableQuerySkill(
                workspace,
                SkillSettings.DEFAULTS
                        .withEngines(withSecondDuckDb(Long.MAX_VALUE))
                        .withAutoDuckDbRows(Long.MAX_VALUE));
        RunSqlResult onRecord = run(never, PlanEngine.AUTO, plan);
        assertThat(onRecord.engine()).isEqualTo("sqlite");
        assertThat(onRecord.notices()).contains("Ran on sqlite: no other engine is offered to auto here.");
    }

    /** both runs the engine of record against the first translating engine, or the engines it names. */
    @Test
    void bothIsAPolicyOverTheRegisteredEngines() {
        TableQuerySkill three = new TableQuerySkill(workspace, SkillSettings.DEFAULTS.withEngines(withSecondDuckDb(0)));
        assertThat(SkillSettings.DEFAULTS
                        .withEngines(withSecondDuckDb(0))
                        .engines()
                        .names())
                .containsExactly("sqlite", "duckdb", "duck2");
        RunSqlResult byDefault = run(three, PlanEngine.BOTH, PLANS[1]);
        assertThat(byDefault.comparison().engines()).containsExactly("sqlite", "duckdb");
        RunSqlResult againstOne = run(three, PlanEngine.parse("both:duck2"), PLANS[1]);
        assertThat(byDefault.engine()).isEqualTo("both");
        assertThat(againstOne.engine()).isEqualTo("both:sqlite,duck2");
        assertThat(againstOne.comparison().engines()).containsExactly("sqlite", "duck2");
        assertThat(againstOne.comparison().identical()).isTrue();
        RunSqlResult twoTranslated = run(three, PlanEngine.parse("both:duckdb,duck2"), PLANS[1]);
        assertThat(twoTranslated.engine()).isEqualTo("both:duckdb,duck2");
        assertThat(run(three, PlanEngine.parse("both:sqlite,duckdb"), PLANS[1]).engine())
                .isEqualTo("both");
        assertThat(twoTranslated.comparison().engines()).containsExactly("duckdb", "duck2");
        assertThat(twoTranslated.comparison().identical()).isTrue();
        assertThat(RunSqlText.format(twoTranslated, SkillNames.CLI)).contains("identical on duckdb and duck2");
        assertThat(twoTranslated.tables().get(0).csv())
                .isEqualTo(byDefault.tables().get(0).csv());
        assertThatThrownBy(() -> run(three, PlanEngine.parse("both:sqlite"), PLANS[1]))
                .isInstanceOf(EngineException.class)
                .satisfies(e -> assertThat(((EngineException) e).getErrorCode())
                        .isEqualTo(PlanErrorCode.ENGINE_NOT_AVAILABLE.toErrorCode()))
                .hasMessageContaining("sqlite was named twice");
    }

    /** One engine runs SQLite's SQL as written, and only one: it is what auto falls back to and both checks against. */
    @Test
    void aSetOfEnginesHasOneEngineOfRecord() {
        assertThatThrownBy(() -> PlanEngines.BUILT_IN.with(
                        new PlanEngines.Registered(new Renamed(new SqlitePlanRunner(), "lite2"), AutoRows.NEVER)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("exactly one engine must run SQLite's SQL as written");
        assertThatThrownBy(() -> PlanEngines.BUILT_IN.withAutoRows("sqlite", AutoRows.all(0)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> PlanEngines.BUILT_IN.withAutoRows("spark", AutoRows.all(0)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no engine spark");
    }
}

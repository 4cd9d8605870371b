package io.tablequery.engine.skill;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.exec.RunSqlResult;
import io.tablequery.engine.plan.PlanErrorCode;
import io.tablequery.engine.plan.PlanParser;
import io.tablequery.engine.plan.SkillNames;
import io.tablequery.engine.result.ResultTable;
import io.tablequery.engine.result.Truncation;
import io.tablequery.engine.testing.Plans;
import io.tablequery.engine.workspace.Workspace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RunSqlTest {
    /** Ten characters: CJK, an accented letter and an emoji outside the BMP (two UTF-16 units). */
    private static final String WIDE = "上海é😀abcdef";

    @TempDir
    static Path dir;

    static Workspace workspace;
    static TableQuerySkill skill;

    @BeforeAll
    static void setUp() throws IOException {
        workspace = Workspace.open(dir.resolve("ws"));
        skill = new TableQuerySkill(workspace, SkillSettings.DEFAULTS);
        StringBuilder csv = new StringBuilder("id,city,text\n");
        for (int i = 1; i <= 5; i++) {
            csv.append(i).append(",City ").append(i).append(',').append(WIDE).append('\n');
        }
        Files.writeString(dir.resolve("places.csv"), csv);
        workspace.ingest(dir.resolve("places.csv"));
    }

    @AfterAll
    static void tearDown() {
        workspace.close();
    }

    static String plan(String... selects) {
        StringBuilder json = new StringBuilder("{\"queries\":[");
        for (int i = 0; i < selects.length; i++) {
            String name = "final_table_step" + (i + 1);
            json.append(i == 0 ? "" : ",")
                    .append(Plans.step(i + 1, "CREATE TEMP TABLE \"" + name + "\" AS " + selects[i], name, "final"));
        }
        return json.append("]}").toString();
    }

    static RunSqlResult run(String plan, Integer maxRows, Integer cellMax) {
        return skill.runSql(new RunSqlRequest(PlanParser.parse(plan), maxRows, cellMax, PlanEngine.SQLITE));
    }

    @ParameterizedTest
    @CsvSource({"0,0,MAX_ROWS", "1,1,MAX_ROWS", "4,4,MAX_ROWS", "5,5,NONE", "6,5,NONE", "2000,5,NONE"})
    void cutsRowsAtTheCeiling(int maxRows, int shown, Truncation truncation) {
        ResultTable table = run(plan("SELECT \"id\" FROM \"places\""), maxRows, null)
                .tables()
                .get(0);
        assertThat(table.shownRows()).isEqualTo(shown);
        assertThat(table.totalRows()).isEqualTo(5);
        assertThat(table.omittedRows()).isEqualTo(5 - shown);
        assertThat(table.truncation()).isEqualTo(truncation);
    }

    @Test
    void countsTheRowCeilingAcrossFinalTables() {
        RunSqlResult result = run(plan("SELECT \"id\" FROM \"places\"", "SELECT \"city\" FROM \"places\""), 7, null);
        assertThat(result.tables()).extracting(ResultTable::shownRows).containsExactly(5, 2);
        String text = RunSqlText.format(result, SkillNames.CLI);
        assertThat(text)
                .contains("Only the first 2 rows are shown; the remaining 3 rows were omitted (5 rows in total).")
                .contains("5 rows.\r\n".replace("\r\n", "\n"));
    }

    @ParameterizedTest
    @CsvSource({"12,0", "10,0", "9,5", "4,5", "3,5", "1,5"})
    void cutsCellsByCharactersWithoutSplittingOne(int cellMax, int cut) {
        ResultTable table = run(plan("SELECT \"text\" FROM \"places\""), null, cellMax)
                .tables()
                .get(0);
        assertThat(table.cutCells()).isEqualTo(cut);
        String cell = table.rows().get(0).get(0);
        if (cut == 0) {
            assertThat(cell).isEqualTo(WIDE);
        } else {
            assertThat(cell).isEqualTo(WIDE.substring(0, WIDE.offsetByCodePoints(0, cellMax)) + "..");
            assertThat(cell.codePointCount(0, cell.length())).isEqualTo(cellMax + 2);
        }
    }

    @Test
    void stopsAtTheOutputBudgetAndSaysSo() {
        TableQuerySkill small = new TableQuerySkill(workspace, SkillSettings.DEFAULTS.withOutputBudget(60));
        RunSqlResult result = small.runSql(new RunSqlRequest(
                PlanParser.parse(plan("SELECT \"city\", \"text\" FROM \"places\"")), null, null, PlanEngine.SQLITE));
        ResultTable table = result.tables().get(0);
        assertThat(table.truncation()).isEqualTo(Truncation.OUTPUT_BUDGET);
        assertThat(table.csv().length()).isLessThanOrEqualTo(60);
        assertThat(table.shownRows()).isBetween(1, 4);
        assertThat(RunSqlText.format(result, SkillNames.CLI))
                .contains("Only the first %d row".formatted(table.shownRows()))
                .contains("The output budget of 60 characters was reached");
    }

    @Test
    void lowersLimitsAboveTheHardCeilingsAndSaysSo() {
        RunSqlResult result = run(plan("SELECT 1 AS x"), 5000, 20000);
        assertThat(result.limits().maxRows()).isEqualTo(2000);
        assertThat(result.limits().cellMax()).isEqualTo(10000);
        assertThat(RunSqlText.format(result, SkillNames.CLI))
                .startsWith("Note: --max-rows 5,000 is above the hard ceiling");
        assertThatThrownBy(() -> run(plan("SELECT 1 AS x"), -1, null))
                .hasMessage("--max-rows must be at least 0, not -1");
    }

    @Test
    void writesTheSectionsInOrderWithRowCitations() {
        String text = RunSqlText.format(
                run(plan("SELECT \"city\" FROM \"places\" WHERE \"id\" = 2"), null, null), SkillNames.CLI);
        assertThat(text.indexOf("Citation instructions:")).isZero();
        assertThat(text).contains("""
                file_ref_table:
                file_ref,file_id,filename,sheets\r
                F1,F1,places.csv,1:places.csv\r
                """);
        assertThat(text).endsWith("""
                Result 1 of 1: final_table_step1 (step 1) - d
                1 row.
                city,__src\r
                City 2,F1S1R3\r
                """);
    }

    @Test
    void hidesProvenanceColumnsEvenWhenSelectedWithStar() {
        String plan = "{\"queries\":["
                + Plans.step(1, "CREATE TEMP TABLE \"s1\" AS SELECT * FROM \"places\"", "s1", "intermediate")
                + ","
                + Plans.step(
                        2,
                        "CREATE TEMP TABLE \"s2\" AS SELECT * FROM \"s1\"" + " JOIN \"s1\" AS b USING (\"id\")",
                        "s2",
                        "final")
                + "]}";
        ResultTable table = run(plan, null, null).tables().get(0);
        assertThat(table.columns()).noneMatch(c -> c.startsWith("__tq")).last().isEqualTo("__src");
        assertThat(table.rows().get(0)).last().isEqualTo("F1S1R2");
    }

    @Test
    void namesTheStepAndSuggestsColumns() {
        assertThatThrownBy(() -> run(plan("SELECT \"citty\" FROM \"places\""), null, null))
                .isInstanceOf(EngineException.class)
                .hasMessageStartingWith("step 1 (final_table_step1) failed: no such column: citty. Did you mean"
                        + " \"city\"? Columns of \"places\": \"id\", \"city\", \"text\".");
        assertThatThrownBy(() -> run(plan("SELECT * FROM \"place\""), null, null))
                .hasMessage("step 1 (final_table_step1) failed: no such table: place. Did you mean \"places\"?");
    }

    @Test
    void refusesAMisspelledQuotedNameThatSqliteWouldReadAsText() {
        assertThatThrownBy(() -> run(plan("SELECT \"id\" FROM \"places\" WHERE \"city\" = \"City 2\""), null, null))
                .hasMessageContaining("no such column: City 2")
                .hasMessageContaining("Write text values in single quotes");
    }

    @Test
    void refusesUnknownEngines() {
        assertThatThrownBy(() -> PlanEngine.parse("spark sql")).hasMessageContaining("unknown engine 'spark sql'");
        assertThatThrownBy(() -> PlanEngine.parse("both:duckdb,duckdb")).hasMessageContaining("unknown engine");
        String plan = plan("SELECT 1 AS x");
        // The engine of record is known when the plan runs: both:sqlite names it twice.
        assertThatThrownBy(() -> skill.runSql(
                        new RunSqlRequest(PlanParser.parse(plan), null, null, PlanEngine.parse("both:sqlite"))))
                .isInstanceOfSatisfying(EngineException.class, e -> assertThat(e.getErrorCode())
                        .isEqualTo(PlanErrorCode.ENGINE_NOT_AVAILABLE.toErrorCode()))
                .hasMessageContaining("both compares two engines; sqlite was named twice");
        for (String engine : List.of("spark", "both:spark", "both:duckdb,spark")) {
            assertThatThrownBy(() -> skill.runSql(
                            new RunSqlRequest(PlanParser.parse(plan), null, null, PlanEngine.parse(engine))))
                    .isInstanceOfSatisfying(EngineException.class, e -> assertThat(e.getErrorCode())
                            .isEqualTo(PlanErrorCode.ENGINE_NOT_AVAILABLE.toErrorCode()))
                    .hasMessageContaining("engine 'spark' is not available here; the engines are sqlite, duckdb");
        }
    }

    @Test
    void namesEnginePairs() {
        assertThat(PlanEngine.parse("both")).isEqualTo(PlanEngine.BOTH);
        assertThat(PlanEngine.parse("both:spark")).isEqualTo(new PlanEngine(PlanEngine.Mode.BOTH, null, "spark"));
        assertThat(PlanEngine.parse(" BOTH:duckdb,spark ").label()).isEqualTo("both:duckdb,spark");
        assertThat(PlanEngine.parse("both:sqlite,duckdb").label()).isEqualTo("both:sqlite,duckdb");
        assertThat(PlanEngine.parse("both:duckdb").label()).isEqualTo("both:duckdb");
        assertThat(PlanEngine.parse(null)).isEqualTo(PlanEngine.SQLITE);
    }

    @Test
    void stopsAPlanThatRunsPastTheTimeLimit() {
        TableQuerySkill impatient =
                new TableQuerySkill(workspace, SkillSettings.DEFAULTS.withQueryTimeout(Duration.ofMillis(300)));
        String forever = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT max(i) AS m FROM n";
        long start = System.nanoTime();
        assertThatThrownBy(() -> impatient.runSql(
                        new RunSqlRequest(PlanParser.parse(plan(forever)), null, null, PlanEngine.SQLITE)))
                .isInstanceOf(EngineException.class)
                .hasMessageContaining("ran longer than 0 seconds and was stopped")
                .satisfies(e ->
                        assertThat(((EngineException) e).getErrorCode().name()).isEqualTo("QUERY_TIMEOUT"));
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(20));
    }

    @Test
    void tempTablesVanishWithTheRunAndOriginalsStayReadOnly() throws SQLException {
        run(plan("SELECT * FROM \"places\""), null, null);
        run(plan("SELECT * FROM \"places\""), null, null);
        try (Connection connection = workspace.openSqliteReader();
                Statement statement = connection.createStatement()) {
            assertThatThrownBy(() -> statement.executeQuery("SELECT * FROM temp.\"final_table_step1\""))
                    .hasMessageContaining("no such table");
            assertThatThrownBy(() -> statement.execute("DELETE FROM \"places\""))
                    .hasMessageContaining("readonly");
        }
        assertThat(workspace.catalog().tables().get(0).rowCount()).isEqualTo(5);
    }

    @Test
    void aHostileStepLaterInThePlanStopsTheWholePlanBeforeItStarts() {
        String forever = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT max(i) AS m FROM n";
        String plan = "{\"queries\":[" + Plans.step(1, "CREATE TEMP TABLE \"s1\" AS " + forever, "s1", "final")
                + "," + Plans.step(2, "CREATE TEMP TABLE \"s2\" AS SELECT 1; ATTACH 'x' AS y", "s2", "final")
                + "]}";
        assertThatThrownBy(() -> run(plan, null, null)).hasMessageContaining("step 2 holds more than one statement");
    }
}

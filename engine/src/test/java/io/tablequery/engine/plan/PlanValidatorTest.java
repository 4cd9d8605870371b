package io.tablequery.engine.plan;

import static io.tablequery.engine.testing.Plans.plan;
import static io.tablequery.engine.testing.Plans.step;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablequery.engine.catalog.CatalogSnapshot;
import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.provenance.GroupProvenance;
import io.tablequery.engine.provenance.LineageSummary;
import io.tablequery.engine.provenance.RowProvenance;
import io.tablequery.engine.provenance.RowSetProvenance;
import io.tablequery.engine.provenance.SheetProvenance;
import io.tablequery.engine.workspace.Workspace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class PlanValidatorTest {
    @TempDir
    static Path dir;

    static Workspace workspace;

    @BeforeAll
    static void ingest() throws IOException {
        workspace = Workspace.open(dir.resolve("ws"));
        Path orders = dir.resolve("orders.csv");
        Files.writeString(orders, "id,city,amount\n1,Paris,10\n2,上海,20\n3,Paris,30\n");
        workspace.ingest(orders);
        Path stock = dir.resolve("stock.csv");
        Files.writeString(stock, "sku,qty\nA,1\nB,2\n");
        workspace.ingest(stock);
        Path visits = dir.resolve("visits.csv");
        Files.writeString(visits, "city,guide\nParis,Ana\n上海,\n");
        workspace.ingest(visits);
    }

    @AfterAll
    static void close() {
        workspace.close();
    }

    static ValidatedPlan validate(String json) {
        return PlanValidator.validate(PlanParser.parse(json), workspace.catalog(), SkillNames.CLI);
    }

    static Stream<Arguments> refusedPlans() {
        String ok = "CREATE TEMP TABLE \"s1\" AS SELECT * FROM \"orders\"";
        return Stream.of(
                Arguments.of("empty", "", "the plan is empty"),
                Arguments.of("not JSON", "{\"queries\": [", "not valid JSON"),
                Arguments.of("no queries", "{}", "non-empty \"queries\" array"),
                Arguments.of("unknown root field", "{\"queries\":[],\"x\":1}", "unknown field 'x'"),
                Arguments.of(
                        "unknown step field",
                        "{\"queries\":[{\"step\":1,\"sql\":\"x\",\"source\":[]}]}",
                        "query #1: unknown field 'source'"),
                Arguments.of(
                        "missing field",
                        "{\"queries\":[{\"step\":1,\"sql\":\"x\"}]}",
                        "step 1: the field \"destine_table_name\" is missing"),
                Arguments.of("steps out of order", plan(step(2, ok, "s1", "final")), "has \"step\": 2"),
                Arguments.of("bad type", plan(step(1, ok, "s1", "result")), "must be \"final\" or \"intermediate\""),
                Arguments.of("no final", plan(step(1, ok, "s1", "intermediate")), "no step is \"final\""),
                Arguments.of(
                        "insert",
                        plan(step(1, "INSERT INTO \"orders\" VALUES (4, 'x', 1)", "s1", "final")),
                        "step 1 starts with 'INSERT'"),
                Arguments.of(
                        "attach",
                        plan(step(1, "ATTACH DATABASE '/etc/passwd' AS p", "s1", "final")),
                        "step 1 starts with 'ATTACH'"),
                Arguments.of(
                        "pragma", plan(step(1, "PRAGMA writable_schema = 1", "s1", "final")), "starts with 'PRAGMA'"),
                Arguments.of(
                        "pointer leak",
                        plan(step(
                                1,
                                "CREATE TEMP TABLE \"s1\" AS SELECT \"fts3_tokenizer\"('simple') AS p",
                                "s1",
                                "final")),
                        "calls \"fts3_tokenizer\"(), which reaches outside"),
                Arguments.of(
                        "file read",
                        plan(step(1, "CREATE TEMP TABLE \"s1\" AS SELECT readfile('/etc/passwd') AS p", "s1", "final")),
                        "calls readfile()"),
                Arguments.of(
                        "internal function",
                        plan(step(
                                1,
                                "CREATE TEMP TABLE \"s1\" AS SELECT __TQ_ROW_SUMMARY(\"id\", 3) AS p FROM \"orders\"",
                                "s1",
                                "final",
                                "orders")),
                        "calls __TQ_ROW_SUMMARY(), which is internal to tablequery"),
                Arguments.of("bare select", plan(step(1, "SELECT 1", "s1", "final")), "starts with 'SELECT'"),
                Arguments.of(
                        "second statement",
                        plan(step(1, ok + "; DROP TABLE \"orders\"", "s1", "final", "orders")),
                        "step 1 holds more than one statement: 'DROP' follows the ';'"),
                Arguments.of(
                        "second statement after a comment",
                        plan(step(1, ok + " /* x */ ; -- y\n ATTACH 'x' AS y", "s1", "final", "orders")),
                        "holds more than one statement: 'ATTACH'"),
                Arguments.of(
                        "non-temp create",
                        plan(step(1, "CREATE TABLE \"s1\" AS SELECT * FROM \"orders\"", "s1", "final")),
                        "only TEMP tables can be created"),
                Arguments.of(
                        "create view",
                        plan(step(1, "CREATE TEMP VIEW \"s1\" AS SELECT 1", "s1", "final")),
                        "must create a TEMP TABLE"),
                Arguments.of(
                        "destine differs",
                        plan(step(1, "CREATE TEMP TABLE \"other\" AS SELECT 1", "s1", "final")),
                        "creates \"other\" but its destine_table_name is \"s1\""),
                Arguments.of(
                        "schema-qualified",
                        plan(step(1, "CREATE TEMP TABLE main.\"s1\" AS SELECT 1", "s1", "final")),
                        "step 1: name the temp table without a schema"),
                Arguments.of(
                        "reads a later step",
                        plan(
                                step(1, "CREATE TEMP TABLE \"s1\" AS SELECT * FROM \"s2\"", "s1", "final"),
                                step(2, "CREATE TEMP TABLE \"s2\" AS SELECT 1 AS x", "s2", "final")),
                        "step 1 reads \"s2\", which step 2 creates later"),
                Arguments.of(
                        "declares a later step",
                        plan(
                                step(1, "CREATE TEMP TABLE \"s1\" AS SELECT 1 AS x", "s1", "final", "s2"),
                                step(2, "CREATE TEMP TABLE \"s2\" AS SELECT 1 AS x", "s2", "final")),
                        "step 1 reads \"s2\", which step 2 creates later"),
                Arguments.of(
                        "reads a later step in a subquery",
                        plan(
                                step(
                                        1,
                                        "CREATE TEMP TABLE \"s1\" AS SELECT * FROM \"orders\" WHERE 1 IN"
                                                + " (SELECT x FROM (SELECT x FROM s2))",
                                        "s1",
                                        "final"),
                                step(2, "CREATE TEMP TABLE \"s2\" AS SELECT 1 AS x", "s2", "final")),
                        "step 1 reads \"s2\", which step 2 creates later"),
                Arguments.of(
                        "reads itself in a join",
                        plan(step(
                                1,
                                "CREATE TEMP TABLE \"s1\" AS SELECT * FROM \"orders\" AS o JOIN s1 ON 1",
                                "s1",
                                "final")),
                        "step 1 reads \"s1\", the table it creates"),
                Arguments.of(
                        "reads itself",
                        plan(step(1, "CREATE TEMP TABLE \"s1\" AS SELECT * FROM \"s1\"", "s1", "final")),
                        "step 1 reads \"s1\", the table it creates"),
                Arguments.of(
                        "unknown source",
                        plan(step(1, ok, "s1", "final", "ordrs")),
                        "source table \"ordrs\" does not exist. Did you mean \"orders\"?"),
                Arguments.of(
                        "shadows a workspace table",
                        plan(step(1, "CREATE TEMP TABLE \"orders\" AS SELECT 1", "orders", "final")),
                        "\"orders\" is the name of a workspace table"),
                Arguments.of(
                        "repeats a name",
                        plan(step(1, ok, "s1", "final"), step(2, ok, "S1", "final")),
                        "step 1 already creates \"S1\""),
                Arguments.of(
                        "reads the catalog",
                        plan(step(1, "CREATE TEMP TABLE \"s1\" AS SELECT * FROM tq_catalog_files", "s1", "final")),
                        "reads \"tq_catalog_files\", which is internal"),
                Arguments.of(
                        "unterminated string",
                        plan(step(1, "CREATE TEMP TABLE \"s1\" AS SELECT 'abc FROM \"orders\"", "s1", "final")),
                        "a string that is never closed"),
                Arguments.of(
                        "reserved name",
                        plan(step(1, "CREATE TEMP TABLE \"__tq_x\" AS SELECT 1", "__tq_x", "final")),
                        "the name \"__tq_x\" is reserved"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("refusedPlans")
    void refusesBadPlansBeforeAnythingRuns(String name, String json, String reason) {
        assertThatThrownBy(() -> validate(json))
                .isInstanceOf(EngineException.class)
                .hasMessageContaining(reason)
                .satisfies(e ->
                        assertThat(((EngineException) e).getErrorCode().name()).isEqualTo("INVALID_PLAN"));
    }

    /**
     * A step's table name may also name a column, an alias or a WITH table of its query: only a table it reads in a
     * FROM clause is its own table.
     */
    @Test
    void namesLikeTheStepsTableThatAreNotReadsAreAccepted() {
        for (String sql : List.of(
                "SELECT count(*) AS total FROM \"orders\"",
                "SELECT amount AS total FROM \"orders\" ORDER BY total",
                "SELECT total.amount FROM \"orders\" AS total",
                "WITH total AS (SELECT 1 AS x) SELECT x FROM total")) {
            ValidatedPlan plan = validate(plan(step(1, "CREATE TEMP TABLE \"total\" AS " + sql, "total", "final")));
            assertThat(plan.steps()).as(sql).hasSize(1);
        }
    }

    @Test
    void acceptsTheSeedsPlan() {
        ValidatedPlan plan = validate(plan(step(
                1,
                "CREATE TEMP TABLE \"final_table_step1\" AS SELECT \"city\", SUM(\"amount\") AS \"total\" FROM"
                        + " \"orders\" GROUP BY \"city\";",
                "final_table_step1",
                "final",
                "orders")));
        assertThat(plan.steps()).hasSize(1);
        assertThat(plan.steps().get(0).provenance()).isInstanceOf(GroupProvenance.class);
        assertThat(plan.steps().get(0).executedSql())
                .isEqualTo("CREATE TEMP TABLE \"final_table_step1\" AS SELECT \"city\", SUM(\"amount\") AS \"total\", 1"
                        + " AS \"__tq_g1_0\", \"city\" AS \"__tq_g1_1\" FROM \"orders\" GROUP BY \"city\"");
        LineageSummary summary = plan.steps().get(0).summary();
        assertThat(summary.executed().sql())
                .isEqualTo("CREATE TEMP TABLE \"final_table_step1\" AS SELECT \"city\", SUM(\"amount\") AS \"total\", 1"
                        + " AS \"__tq_g1_0\", \"city\" AS \"__tq_g1_1\", __tq_row_summary(\"orders\".rowid, 168) AS"
                        + " \"__tq_sum_s1_0\" FROM \"orders\" GROUP BY \"city\"");
        assertThat(summary.columns())
                .extracting(c -> c.sheet() + " " + c.name())
                .containsExactly("F1S1 __tq_sum_s1_0");
    }

    @Test
    void aGroupByOrdinalBeyondAnyNumberCitesSheetsAndLeavesTheErrorToSqlite() {
        ValidatedPlan plan = validate(plan(step(
                1,
                "CREATE TEMP TABLE \"s1\" AS SELECT \"city\", count(*) AS n FROM \"orders\" GROUP BY"
                        + " 99999999999999999999",
                "s1",
                "final")));
        assertThat(((SheetProvenance) plan.steps().get(0).provenance()).reason())
                .contains("result column 99999999999999999999");
        assertThat(plan.steps().get(0).summary()).isNull();
    }

    @Test
    void onlyAFinalStepGetsRowSummariesOrListsOfItsGroupsRows() {
        ValidatedPlan plan = validate(plan(
                step(
                        1,
                        "CREATE TEMP TABLE \"s1\" AS SELECT \"city\", count(*) AS n FROM \"orders\" GROUP BY 1",
                        "s1",
                        "intermediate"),
                step(2, "CREATE TEMP TABLE \"s2\" AS SELECT max(n) AS m FROM \"s1\"", "s2", "final"),
                step(
                        3,
                        "CREATE TEMP TABLE \"s3\" AS SELECT o.\"city\", count(*) AS n FROM \"orders\" o JOIN"
                                + " \"stock\" s ON s.\"city\" = o.\"city\" GROUP BY 1",
                        "s3",
                        "final"),
                step(
                        4,
                        "CREATE TEMP TABLE \"s4\" AS SELECT count(*) AS n FROM (SELECT \"city\" FROM \"orders\") AS c",
                        "s4",
                        "final"),
                step(
                        5,
                        "CREATE TEMP TABLE \"s5\" AS SELECT count(*) AS n FROM \"orders\" a JOIN \"orders\" b ON"
                                + " a.\"city\" = b.\"city\"",
                        "s5",
                        "final"),
                step(
                        6,
                        "CREATE TEMP TABLE \"s6\" AS SELECT \"city\" || 'x' AS c, count(*) AS n FROM \"orders\""
                                + " GROUP BY 1",
                        "s6",
                        "final"),
                step(
                        7,
                        "CREATE TEMP TABLE \"s7\" AS SELECT \"city\" || 'x' AS c, count(*) AS n FROM \"orders\""
                                + " WHERE \"city\" IN (SELECT \"city\" FROM \"stock\") GROUP BY 1",
                        "s7",
                        "final"),
                step(
                        8,
                        "CREATE TEMP TABLE \"s8\" AS SELECT n, count(*) AS k FROM (SELECT o.\"city\", count(*) AS n FROM"
                                + " \"orders\" o JOIN \"stock\" s ON s.\"city\" = o.\"city\" GROUP BY 1) AS per GROUP BY n",
                        "s8",
                        "final"),
                step(
                        9,
                        "CREATE TEMP TABLE \"s9\" AS SELECT n, count(*) AS k FROM (SELECT per.n, s.\"city\" FROM (SELECT"
                                + " o.\"city\", count(*) AS n FROM \"orders\" o JOIN \"stock\" s ON s.\"city\" = o.\"city\""
                                + " GROUP BY 1) AS per JOIN \"stock\" s ON s.\"city\" = per.\"city\") AS d GROUP BY n",
                        "s9",
                        "final"),
                step(
                        10,
                        "CREATE TEMP TABLE \"s10\" AS SELECT per.n, count(*) AS k FROM (SELECT \"city\", count(*) AS n"
                                + " FROM \"orders\" GROUP BY 1) AS per JOIN \"orders\" o ON o.\"city\" = per.\"city\""
                                + " GROUP BY 1",
                        "s10",
                        "final"),
                step(
                        11,
                        "CREATE TEMP TABLE \"s11\" AS SELECT n, count(*) AS k FROM (SELECT o.\"id\", count(*) AS n FROM"
                                + " \"orders\" o GROUP BY 1) AS per GROUP BY n",
                        "s11",
                        "final")));
        assertThat(plan.steps().get(0).summary()).as("an intermediate step").isNull();
        assertThat(plan.steps().get(1).summary())
                .as("a group of an earlier group")
                .isNull();
        assertThat(plan.steps().get(2).summary().executed().sql())
                .as("a join counts each sheet's distinct rows, of the two groups its profile allows at most")
                .contains(
                        "__tq_row_summary(DISTINCT \"o\".rowid, 168, 2) AS \"__tq_sum_s3_0\", __tq_row_summary(DISTINCT"
                                + " \"s\".rowid, 168, 2) AS \"__tq_sum_s3_1\"");
        assertThat(plan.steps().get(2).summary().columns())
                .extracting(c -> c.sheet().toString())
                .containsExactly("F1S1", "F2S1");
        assertThat(plan.steps().get(3).summary().executed().sql())
                .contains("__tq_row_summary(\"c\".\"__tq_r4_0\", 168) AS \"__tq_sum_s4_0\"");
        assertThat(plan.steps().get(2).summary().lists()).isFalse();
        assertThat(plan.steps().get(4).summary().lists())
                .as("a sheet joined to itself lists its rows")
                .isTrue();
        assertThat(plan.steps().get(4).summary().executed().sql())
                .contains("__tq_row_list(\"a\".rowid) AS \"__tq_list_s5_0\", __tq_row_list(\"b\".rowid) AS"
                        + " \"__tq_list_s5_1\"");
        assertThat(plan.steps().get(5).summary())
                .as("groups of one table the profiles cannot count: read again by a scan rather than listed")
                .isNull();
        assertThat(plan.steps().get(6).summary().lists())
                .as("a subquery in WHERE would run again: listed")
                .isTrue();
        String counts = plan.steps().get(7).summary().executed().sql();
        assertThat(counts)
                .as("a level under the top lists its groups' rows, and the top merges the lists")
                .contains("__tq_row_list(\"o\".rowid) AS \"__tq_list8_")
                .contains("__tq_row_lists(\"per\".\"__tq_list8_")
                .as("each row of the level under it is in one row of FROM: its lists are merged as they come")
                .doesNotContain("__tq_row_lists(DISTINCT");
        assertThat(plan.steps().get(7).summary().columns())
                .extracting(c -> c.sheet().toString())
                .containsExactly("F1S1", "F2S1");
        assertThat(plan.steps().get(7).executedSql()).doesNotContain("__tq_row_list");
        assertThat(plan.steps().get(8).summary())
                .as("a group level read through a plain level, which does not pass its lists on")
                .isNull();
        assertThat(plan.steps().get(9).summary().executed().sql())
                .as("a join repeats the rows of the level under it: each of its lists merged once")
                .contains("__tq_row_lists(DISTINCT \"per\".\"__tq_list10_");
        assertThat(plan.steps().get(10).summary().executed().sql())
                .as("a level under the top whose groups have one row each (by a key) keeps that row's R-number, which"
                        + " the top lists")
                .contains("min(\"o\".rowid) AS \"__tq_list11_")
                .contains("__tq_row_list(\"per\".\"__tq_list11_")
                .doesNotContain("__tq_row_lists(");
        ValidatedPlan sheets = PlanValidator.validate(
                PlanParser.parse(plan(
                        step(1, "CREATE TEMP TABLE \"s1\" AS SELECT count(*) AS n FROM \"orders\"", "s1", "final"))),
                workspace.catalog(),
                SkillNames.CLI,
                CitationDetail.SHEETS);
        assertThat(sheets.steps().get(0).summary()).as("sheet citations").isNull();
    }

    @Test
    void findsGroupsByEqualityOnlyOnKeysNoRowLeavesNull() {
        ValidatedPlan plan = validate(plan(
                step(
                        1,
                        "CREATE TEMP TABLE \"s1\" AS SELECT \"city\", (\"id\"), count(*) AS n FROM \"orders\" GROUP BY 1, 2",
                        "s1",
                        "final"),
                step(
                        2,
                        "CREATE TEMP TABLE \"s2\" AS SELECT \"guide\", \"city\", count(*) AS n FROM \"visits\" GROUP BY"
                                + " \"guide\", \"city\"",
                        "s2",
                        "final"),
                step(
                        3,
                        "CREATE TEMP TABLE \"s3\" AS SELECT o.\"city\", count(*) AS n FROM \"visits\" v LEFT JOIN"
                                + " \"orders\" o ON o.\"city\" = v.\"city\" GROUP BY o.\"city\"",
                        "s3",
                        "final"),
                step(
                        4,
                        "CREATE TEMP TABLE \"s4\" AS SELECT \"city\" || 'x' AS c, \"amount\" AS a, count(*) AS n FROM"
                                + " \"orders\" GROUP BY c, a",
                        "s4",
                        "final")));
        assertThat(((GroupProvenance) plan.steps().get(0).provenance()).neverNull())
                .as("the marker, and columns whose profiles count no NULL, by position or in parentheses")
                .containsExactlyInAnyOrder(0, 1, 2);
        assertThat(((GroupProvenance) plan.steps().get(1).provenance()).neverNull())
                .as("a column with a blank")
                .containsExactlyInAnyOrder(0, 2);
        assertThat(((GroupProvenance) plan.steps().get(2).provenance()).neverNull())
                .as("an outer join adds rows without the column")
                .containsExactly(0);
        assertThat(((GroupProvenance) plan.steps().get(3).provenance()).neverNull())
                .as("an expression is not known; a result column's alias means its column")
                .containsExactlyInAnyOrder(0, 2);
    }

    /**
     * With sheet citations only a row that is one row of one source keeps its row: a plain SELECT, read directly or
     * through a plain subquery or WITH table, is rewritten to carry it; anything that groups, is DISTINCT or is a
     * compound runs as written and cites its sheets.
     */
    @Test
    void citesSheetsWithoutRewritingWhatCannotKeepItsRow() {
        String[] plain = {
            "SELECT \"city\" FROM \"orders\" o WHERE o.\"amount\" > 5",
            "SELECT * FROM (SELECT \"city\" FROM \"orders\") AS t",
            "WITH w AS (SELECT \"city\" FROM \"orders\") SELECT * FROM w",
        };
        String[] sheetsOnly = {
            "SELECT \"city\", count(*) AS n FROM \"orders\" GROUP BY 1",
            "SELECT count(*) AS n FROM \"orders\" ORDER BY count(*)",
            "SELECT DISTINCT \"city\" FROM \"orders\"",
            "SELECT \"city\" FROM \"orders\" UNION ALL SELECT \"city\" FROM \"orders\"",
            "WITH w AS (SELECT \"city\" FROM \"orders\") SELECT \"city\", count(*) AS n FROM w GROUP BY 1",
            "SELECT o.\"city\" FROM \"orders\" o JOIN \"visits\" v ON v.\"city\" = o.\"city\"",
        };
        for (String body : plain) {
            ValidatedStep step = sheetsStep(body);
            assertThat(step.provenance()).as(body).isInstanceOf(RowProvenance.class);
            assertThat(step.executedSql()).as(body).contains("rowid");
        }
        for (String body : sheetsOnly) {
            ValidatedStep step = sheetsStep(body);
            assertThat(step.provenance()).as(body).isInstanceOf(SheetProvenance.class);
            assertThat(((SheetProvenance) step.provenance()).reason()).as(body).isEmpty();
            assertThat(step.executedSql()).as(body).isEqualTo("CREATE TEMP TABLE \"s1\" AS " + body);
            assertThat(step.summary()).as(body).isNull();
        }
    }

    private ValidatedStep sheetsStep(String body) {
        return PlanValidator.validate(
                        PlanParser.parse(plan(step(1, "CREATE TEMP TABLE \"s1\" AS " + body, "s1", "final"))),
                        workspace.catalog(),
                        SkillNames.CLI,
                        CitationDetail.SHEETS)
                .steps()
                .get(0);
    }

    @Test
    void carriesRowProvenanceThroughSimpleSteps() {
        ValidatedPlan plan = validate(plan(
                step(
                        1,
                        "CREATE TEMP TABLE \"s1\" AS SELECT \"city\" FROM \"orders\" o WHERE o.\"amount\" > 5",
                        "s1",
                        "intermediate",
                        "orders"),
                step(2, "CREATE TEMP TABLE \"s2\" AS SELECT * FROM \"s1\" ORDER BY 1 LIMIT 2", "s2", "final", "s1"),
                step(3, "CREATE TEMP TABLE \"s3\" AS SELECT count(*) AS n FROM \"s2\"", "s3", "final", "s2")));
        assertThat(plan.steps().get(0).executedSql())
                .isEqualTo("CREATE TEMP TABLE \"s1\" AS SELECT \"city\", \"o\".rowid AS \"__tq_row_s1\" FROM \"orders\""
                        + " AS \"o\" WHERE \"o\".\"amount\" > 5");
        assertThat(plan.steps().get(1).executedSql())
                .isEqualTo("CREATE TEMP TABLE \"s2\" AS SELECT *, \"s1\".\"__tq_row_s1\" AS \"__tq_row_s2\" FROM"
                        + " \"s1\" ORDER BY 1 LIMIT 2");
        assertThat(((RowProvenance) plan.steps().get(1).provenance()).sheet().toString())
                .isEqualTo("F1S1");
        assertThat(plan.steps().get(2).provenance()).isInstanceOf(GroupProvenance.class);
        assertThat(plan.steps().get(2).provenance().sheets())
                .extracting(Object::toString)
                .containsExactly("F1S1");
        assertThat(plan.finalSteps()).hasSize(2);
    }

    @Test
    void compoundQueriesCiteSheetsAndSayWhy() {
        ValidatedPlan plan = validate(plan(step(
                1,
                "CREATE TEMP TABLE \"s1\" AS SELECT \"city\" FROM \"orders\" UNION SELECT \"city\" FROM \"stock\"",
                "s1",
                "final")));
        SheetProvenance sheets = (SheetProvenance) plan.steps().get(0).provenance();
        assertThat(sheets.cite()).isEqualTo("F1S1;F2S1");
        assertThat(sheets.reason()).contains("UNION");
    }

    @Test
    void aStepReadingAStepThatCitesSheetsNamesThatStepAndItsCause() {
        ValidatedPlan plan = validate(plan(
                step(
                        1,
                        "CREATE TEMP TABLE \"s1\" AS SELECT \"city\" FROM \"orders\" UNION SELECT \"city\" FROM \"stock\"",
                        "s1",
                        "intermediate"),
                step(
                        2,
                        "CREATE TEMP TABLE \"s2\" AS SELECT \"city\" FROM \"s1\" WHERE \"city\" <> ''",
                        "s2",
                        "final")));
        String cause = ((SheetProvenance) plan.steps().get(0).provenance()).reason();
        assertThat(((SheetProvenance) plan.steps().get(1).provenance()).reason())
                .isEqualTo("it reads \"s1\", whose rows cite whole sheets (step 1: " + cause + ")");
    }

    @Test
    void withTablesAndSubqueriesInFromAreRewrittenAsLevels() {
        ValidatedPlan plan = validate(plan(step(
                1,
                "CREATE TEMP TABLE \"s1\" AS WITH big AS (SELECT \"city\" FROM \"orders\" WHERE \"amount\" > 5)"
                        + " SELECT b.\"city\" FROM big b JOIN (SELECT \"city\" FROM \"stock\") s ON s.\"city\" = b.\"city\"",
                "s1",
                "final")));
        assertThat(plan.steps().get(0).provenance()).isInstanceOf(RowSetProvenance.class);
        assertThat(plan.steps().get(0).executedSql())
                .isEqualTo("CREATE TEMP TABLE \"s1\" AS WITH \"big\" AS (SELECT \"city\", \"orders\".rowid AS"
                        + " \"__tq_r1_0\" FROM \"orders\" WHERE \"amount\" > 5) SELECT \"b\".\"city\", \"b\".\"__tq_r1_0\""
                        + " AS \"__tq_r1_2\", \"s\".\"__tq_r1_1\" AS \"__tq_r1_3\" FROM \"big\" AS \"b\" JOIN (SELECT"
                        + " \"city\", \"stock\".rowid AS \"__tq_r1_1\" FROM \"stock\") AS \"s\" ON \"s\".\"city\" ="
                        + " \"b\".\"city\"");
    }

    @Test
    void aStarInAnExpressionSubqueryKeepsTheInnerLevelsAsWritten() {
        String sql = "CREATE TEMP TABLE \"s1\" AS WITH big AS (SELECT \"city\" FROM \"orders\") SELECT \"city\" FROM"
                + " \"stock\" WHERE \"city\" IN (SELECT * FROM big)";
        ValidatedPlan plan = validate(plan(step(1, sql, "s1", "final")));
        assertThat(plan.steps().get(0).executedSql()).isEqualTo(sql);
        assertThat(((SheetProvenance) plan.steps().get(0).provenance()).reason())
                .contains("selects *");
    }

    @Test
    void joinsCiteEverySheetTheyRead() {
        ValidatedPlan plan = validate(plan(step(
                1,
                "CREATE TEMP TABLE \"s1\" AS SELECT o.\"city\", s.\"qty\" FROM \"orders\" o JOIN \"stock\" s ON 1",
                "s1",
                "final")));
        assertThat(plan.steps().get(0).provenance()).isInstanceOf(RowSetProvenance.class);
        assertThat(plan.steps().get(0).provenance().sheets())
                .extracting(Object::toString)
                .containsExactly("F1S1", "F2S1");
        assertThat(plan.steps().get(0).executedSql())
                .contains("\"o\".rowid AS \"__tq_r1_0\", \"s\".rowid AS \"__tq_r1_1\" FROM");
    }

    @Test
    void catalogIsTheOneTheWorkspaceShows() {
        CatalogSnapshot catalog = workspace.catalog();
        assertThat(catalog.tables()).extracting(t -> t.name()).containsExactly("orders", "stock", "visits");
        assertThat(List.of(catalog.tables().get(0).sourceRef())).containsExactly("F1S1");
    }
}

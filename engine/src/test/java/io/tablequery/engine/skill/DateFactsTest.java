package io.tablequery.engine.skill;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablequery.dialects.translate.RealSums;
import io.tablequery.dialects.translate.SqliteToDuckDb;
import io.tablequery.dialects.translate.Translation;
import io.tablequery.engine.catalog.CatalogSnapshot;
import io.tablequery.engine.catalog.ColumnProfile;
import io.tablequery.engine.catalog.ColumnType;
import io.tablequery.engine.catalog.TableInfo;
import io.tablequery.engine.catalog.TableProfile;
import io.tablequery.engine.exec.TranslationCatalog;
import io.tablequery.engine.testing.BothEnginesRun;
import io.tablequery.engine.workspace.SqliteSession;
import io.tablequery.engine.workspace.Workspace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The translation reads a DATE column's dates instead of its ISO text where ingest's profile shows every text is the
 * date of a year from 1 to 9999: comparisons with date constants and the date functions. Every query must answer on
 * DuckDB as on SQLite, whichever form the translation took.
 */
class DateFactsTest {
    @TempDir
    static Path dir;

    static Workspace workspace;
    static TableQuerySkill skill;

    /** Constants the comparisons use: dates as ingest writes them, and text that only looks like one. */
    private static final List<String> CONSTANTS = List.of(
            "'2024-02-29'",
            "'2020-01-01'",
            "'0001-01-01'",
            "'9999-12-31'",
            "'1999-12-31'",
            "'2024-2-29'",
            "'2024-02-29 00:00'",
            "'2024-02-29T00:00:00'",
            "'2024-02-30'",
            "'2024-13-01'",
            "'0000-01-01'",
            "'2024'",
            "''",
            "'a'",
            "' 2024-02-29'",
            "20240229",
            "2460370.5",
            "NULL");

    private static final List<String> OPERATORS = List.of("=", "<>", "<", "<=", ">", ">=", "IS", "IS NOT");

    @BeforeAll
    static void setUp() throws IOException {
        workspace = Workspace.open(dir.resolve("ws"));
        skill = new TableQuerySkill(workspace, SkillSettings.DEFAULTS);
        List<String> days = List.of(
                "2024-02-29",
                "2024-03-01",
                "2020-01-01",
                "1999-12-31",
                "2000-02-29",
                "1000-01-01",
                "9999-12-31",
                "1970-01-01",
                "1969-12-31",
                "2024-12-31",
                "1900-02-28",
                "2023-01-31");
        StringBuilder csv = new StringBuilder("id,day,label\n");
        for (int i = 0; i < 60; i++) {
            csv.append(i).append(',');
            if (i % 9 != 4) {
                csv.append(days.get(i % days.size()));
            }
            csv.append(",x").append(i % 5).append('\n');
        }
        Files.writeString(dir.resolve("events.csv"), csv);
        workspace.ingest(dir.resolve("events.csv"));
        StringBuilder shipments = new StringBuilder("id,placed,shipped\n");
        for (int i = 0; i < 40; i++) {
            shipments.append(i * 2).append(',');
            if (i % 7 != 3) {
                shipments.append(days.get(i % days.size()));
            }
            shipments.append(',');
            if (i % 5 != 1) {
                shipments.append(days.get((i * 5 + 2) % days.size()));
            }
            shipments.append('\n');
        }
        Files.writeString(dir.resolve("shipments.csv"), shipments);
        workspace.ingest(dir.resolve("shipments.csv"));
        assertThat(workspace
                        .catalog()
                        .table("events")
                        .orElseThrow()
                        .columns()
                        .get(1)
                        .type())
                .isEqualTo(ColumnType.DATE);
    }

    @AfterAll
    static void tearDown() {
        workspace.close();
    }

    @Test
    void comparisonsWithDateConstantsReadTheDates() {
        String sql = "SELECT id FROM events WHERE day >= '2020-01-01' AND '2024-02-29' > day ORDER BY id";
        assertThat(((Translation.Translated) skill.translate(sql)).sql())
                .contains("__tq_date_2\" >= DATE '2020-01-01'")
                .contains("DATE '2024-02-29' > \"events\".\"__tq_date_2\"");
        String loose = "SELECT id FROM events WHERE day >= '2020-1-1' OR day = '2024-02-30' ORDER BY id";
        assertThat(((Translation.Translated) skill.translate(loose)).sql()).doesNotContain("__tq_date_");
    }

    @Test
    void comparisonsOfTwoDateColumnsReadTheDates() {
        String sql = "SELECT id FROM shipments WHERE placed < shipped ORDER BY id";
        assertThat(((Translation.Translated) skill.translate(sql)).sql())
                .contains("(\"shipments\".\"__tq_date_2\" < \"shipments\".\"__tq_date_3\")");
        String collated = "SELECT id FROM shipments WHERE placed < shipped COLLATE NOCASE ORDER BY id";
        assertThat(((Translation.Translated) skill.translate(collated)).sql()).doesNotContain("__tq_date_");
    }

    /**
     * The dates are read only where the profile of the table's version shows every text is a date of years 1 to 9999:
     * not without a profile, nor where the least text has a sign (a year past 9999 or before 1) or is year 0.
     */
    @Test
    void otherTextOrNoProfileKeepsTheText() {
        String sql = "SELECT id FROM events WHERE day >= '2020-01-01' ORDER BY id";
        CatalogSnapshot catalog = workspace.catalog();
        TableInfo events = catalog.table("events").orElseThrow();
        assertThat(translated(catalog, sql)).contains("__tq_date_2");
        assertThat(translated(new CatalogSnapshot(catalog.files(), catalog.tables(), Map.of()), sql))
                .doesNotContain("__tq_date_");
        for (String least : List.of("+10000-01-01", "-0001-01-01", "0000-12-31", "2024-1-1")) {
            TableProfile profile = catalog.profile(events).orElseThrow();
            List<ColumnProfile> columns = new ArrayList<>(profile.columns());
            ColumnProfile day = columns.get(1);
            columns.set(
                    1,
                    new ColumnProfile(
                            day.name(), day.nullCount(), day.distinctCount(), least, day.max(), day.values()));
            CatalogSnapshot other = new CatalogSnapshot(
                    catalog.files(), catalog.tables(), Map.of(events.name(), new TableProfile(columns)));
            assertThat(translated(other, sql)).as(least).doesNotContain("__tq_date_");
        }
    }

    private static String translated(CatalogSnapshot catalog, String sql) {
        try (SqliteSession session = workspace.sqliteSession()) {
            return ((Translation.Translated) SqliteToDuckDb.translate(
                            sql, new TranslationCatalog(catalog, session.connection()), RealSums.DUCKDB))
                    .sql();
        }
    }

    @Test
    void dateFunctionsReadTheDates() {
        String sql = "SELECT id, strftime('%Y', day) AS y FROM events ORDER BY id";
        assertThat(((Translation.Translated) skill.translate(sql)).sql())
                .contains("CAST(\"events\".\"__tq_date_2\" AS TIMESTAMP)")
                .doesNotContain("regexp");
    }

    @Test
    void everyFormAnswersAsSqliteDoes() {
        List<String> queries = new ArrayList<>();
        for (String operator : OPERATORS) {
            for (String constant : CONSTANTS) {
                queries.add("SELECT id, day FROM events WHERE day " + operator + " " + constant + " ORDER BY id");
                queries.add("SELECT id FROM events WHERE " + constant + " " + operator + " day ORDER BY id");
            }
        }
        for (String constant : CONSTANTS) {
            queries.add("SELECT id FROM events WHERE day BETWEEN " + constant + " AND '2024-12-31' ORDER BY id");
            queries.add("SELECT id FROM events WHERE day NOT BETWEEN '1970-01-01' AND " + constant + " ORDER BY id");
            queries.add("SELECT id FROM events WHERE day COLLATE NOCASE >= " + constant + " ORDER BY id");
            queries.add("SELECT id FROM events WHERE (day) < " + constant + " ORDER BY id");
            queries.add("SELECT id FROM events WHERE day IN (" + constant + ", '2020-01-01') ORDER BY id");
        }
        for (String function : List.of(
                "strftime('%Y', day)",
                "strftime('%Y-%m-%d %H:%M:%S %j %w %W %s %J', day)",
                "CAST(strftime('%Y', day) AS INTEGER)",
                "date(day)",
                "date(day, '+1 month')",
                "date(day, '-1 year', 'start of month')",
                "date(day, '+10000 years')",
                "date(day, '-3000 years')",
                "datetime(day, '+36 hours')",
                "datetime(day, '-2500 years', '+90 minutes')",
                "strftime('%Y %G', day, '-2500 years')",
                "time(day)",
                "julianday(day)",
                "unixepoch(day)",
                "day || '!'",
                "upper(day)",
                "length(day)",
                "day + 0",
                "min(day)",
                "max(day)",
                "count(DISTINCT day)")) {
            queries.add("SELECT " + function + " AS v FROM events"
                    + (function.startsWith("min(") || function.startsWith("max(") || function.startsWith("count(")
                            ? ""
                            : " ORDER BY id"));
        }
        queries.add("SELECT day, count(*) AS n FROM events GROUP BY day ORDER BY day");
        queries.add("SELECT a.id, b.id AS other FROM events AS a JOIN events AS b ON a.day = b.day"
                + " WHERE a.day > '2000-01-01' ORDER BY a.id, b.id");
        queries.add("SELECT id FROM events WHERE day > (SELECT min(day) FROM events WHERE day > '1999-12-31')"
                + " ORDER BY id");
        for (String operator : OPERATORS) {
            queries.add("SELECT id FROM shipments WHERE placed " + operator + " shipped ORDER BY id");
            queries.add("SELECT e.id, s.id AS other FROM events AS e LEFT JOIN shipments AS s ON s.id = e.id"
                    + " WHERE s.placed " + operator + " e.day OR s.id IS NULL ORDER BY e.id");
            queries.add("SELECT e.id, s.id AS other FROM events AS e JOIN shipments AS s ON e.day " + operator
                    + " s.shipped WHERE e.id < 12 AND s.id < 20 ORDER BY e.id, s.id");
        }
        queries.add("SELECT id, placed BETWEEN shipped AND '2024-12-31' AS b FROM shipments ORDER BY id");
        queries.add("SELECT id, CASE placed WHEN shipped THEN 1 ELSE 0 END AS same FROM shipments ORDER BY id");
        BothEnginesRun run = new BothEnginesRun();
        for (String query : queries) {
            run.run(skill, "dates", query);
        }
        assertThat(run.count(BothEnginesRun.Outcome.DIFFERENT) + run.count(BothEnginesRun.Outcome.ENGINE_ERROR))
                .as(run.report("dates"))
                .isZero();
        assertThat(run.count(BothEnginesRun.Outcome.IDENTICAL)).isGreaterThan(queries.size() * 9 / 10);
    }
}

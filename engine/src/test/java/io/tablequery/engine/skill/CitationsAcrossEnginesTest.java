package io.tablequery.engine.skill;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablequery.dialects.sql.SqliteParser;
import io.tablequery.engine.exec.RunSqlResult;
import io.tablequery.engine.plan.PlanParser;
import io.tablequery.engine.testing.Plans;
import io.tablequery.engine.workspace.Workspace;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.ss.usermodel.Sheet;
import org.apache.poi.xssf.usermodel.XSSFWorkbook;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The same {@code __src}, row for row, on every engine and from every kind of source: a CSV, a workbook whose table
 * starts below a title, and an uploaded SQLite database whose rows are cited by rowid: an {@code INTEGER PRIMARY KEY}
 * and a plain table with rowids from -5 through 0 to 10^12 (one with an index, which SQLite may read its rows through),
 * and a {@code WITHOUT ROWID} table. Each plan runs on {@code sqlite}, {@code duckdb} and {@code auto}; the answers,
 * citations included, must be SQLite's, and no engine may fall back to citing whole sheets.
 */
class CitationsAcrossEnginesTest {
    private static final long[] ROWIDS = {-5, -4, -2, -1, 0, 1, 2, 3, 7, 8, 9, 1_000_000_000_000L};

    @TempDir
    static Path dir;

    static Workspace workspace;
    static TableQuerySkill skill;
    static TableQuerySkill eager;

    @BeforeAll
    static void setUp() throws IOException, SQLException {
        workspace = Workspace.open(dir.resolve("ws"));
        workspace.ingest(csv(dir.resolve("c.csv")));
        workspace.ingest(workbook(dir.resolve("x.xlsx")));
        workspace.ingest(database(dir.resolve("d.sqlite")));
        workspace.awaitDuckDb(Duration.ofSeconds(30));
        skill = new TableQuerySkill(workspace, SkillSettings.DEFAULTS);
        eager = new TableQuerySkill(workspace, SkillSettings.DEFAULTS.withAutoDuckDbRows(0));
    }

    @AfterAll
    static void tearDown() {
        workspace.close();
    }

    static Stream<Arguments> plans() {
        List<Arguments> plans = new ArrayList<>();
        for (String table : List.of("c", "x_x", "keyed", "plain", "indexed", "norowid")) {
            String t = '"' + table + '"';
            for (String sql : List.of(
                    "SELECT g, v FROM " + t + " ORDER BY v, g",
                    "SELECT * FROM " + t + " WHERE v > 1 ORDER BY 1, 2",
                    "SELECT count(*) AS n FROM " + t + " WHERE NULL IS NULL",
                    "SELECT count(DISTINCT g) AS n, min(v) AS lo FROM " + t,
                    "SELECT g, count(*) AS n, sum(v) AS s FROM " + t + " GROUP BY g ORDER BY g",
                    "SELECT DISTINCT g FROM " + t + " ORDER BY g",
                    "SELECT g, v FROM " + t + " ORDER BY v DESC, g LIMIT 3")) {
                plans.add(Arguments.of(table, sql));
            }
        }
        plans.add(Arguments.of(
                "join",
                "SELECT a.g, count(*) AS n, max(b.v) AS top FROM \"c\" AS a JOIN \"plain\" AS b ON a.g = b.g"
                        + " GROUP BY a.g ORDER BY a.g"));
        plans.add(Arguments.of(
                "join", "SELECT k.v, n.k FROM \"keyed\" AS k JOIN \"norowid\" AS n ON k.g = n.g ORDER BY k.v, n.k"));
        plans.add(Arguments.of(
                "join",
                "SELECT b.g, count(*) AS n, sum(a.v) AS s FROM \"c\" AS a JOIN \"x_x\" AS b ON a.g = b.g"
                        + " GROUP BY b.g ORDER BY b.g"));
        return plans.stream();
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("plans")
    void everyEngineCitesTheRowsSqliteCites(String table, String sql) {
        RunSqlResult sqlite = run(skill, PlanEngine.SQLITE, sql);
        String expected = sqlite.tables().get(0).csv();
        assertThat(expected).doesNotContainPattern("F\\dS\\d[,\\n\"]");
        for (PlanEngine engine : List.of(PlanEngine.DUCKDB, PlanEngine.AUTO)) {
            RunSqlResult other = run(eager, engine, sql);
            assertThat(other.engine()).as(engine.label()).isEqualTo("duckdb");
            assertThat(other.notices()).noneMatch(notice -> notice.contains("whole sheets"));
            assertThat(other.tables().get(0).csv()).as(engine.label()).isEqualTo(expected);
        }
    }

    /** The class the test is about is there: rows numbered 0 and below, cited on their own and in ranges. */
    @ParameterizedTest
    @MethodSource("rowidCitations")
    void rowidsBelowOneAreCited(String sql, String citation) {
        assertThat(run(skill, PlanEngine.SQLITE, sql).tables().get(0).csv()).contains(citation);
        assertThat(run(eager, PlanEngine.DUCKDB, sql).tables().get(0).csv()).contains(citation);
    }

    static Stream<Arguments> rowidCitations() {
        return Stream.of(
                Arguments.of("SELECT count(*) AS n FROM \"plain\"", "F3S2R-5-R-4,R-2-R3,R7-R9,R1000000000000"),
                Arguments.of("SELECT v FROM \"keyed\" WHERE g = 0 ORDER BY v", "F3S1R0"),
                Arguments.of("SELECT v FROM \"indexed\" WHERE v < -1 ORDER BY v", "F3S3R-5"));
    }

    /**
     * A plan is parsed once, step by step, whatever runs it: lineage rewrites each step's tree, the engines translate
     * the rewritten tree and the lineage queries as trees, and nothing is printed and parsed again.
     */
    @Test
    void eachStepIsParsedOnceOnEveryEngine() {
        String plan = Plans.chain(
                "WITH j AS (SELECT a.g AS g, b.v AS v FROM \"c\" AS a JOIN \"plain\" AS b ON a.g = b.g)"
                        + " SELECT g, count(*) AS n, sum(v) AS s FROM j GROUP BY g",
                "SELECT g, n FROM \"step1\" WHERE n > 1 UNION ALL SELECT g, s FROM \"step1\"",
                "SELECT count(*) AS rows, max(n) AS top FROM \"step2\"");
        for (PlanEngine engine : List.of(PlanEngine.SQLITE, PlanEngine.DUCKDB)) {
            long before = SqliteParser.parses();
            RunSqlResult result = eager.runSql(new RunSqlRequest(PlanParser.parse(plan), 500, null, engine));
            assertThat(SqliteParser.parses() - before).as(engine.label()).isEqualTo(3);
            assertThat(result.engine()).isEqualTo(engine.label());
            assertThat(result.tables().get(0).csv()).doesNotContainPattern("F\\dS\\d[,\\n\"]");
        }
    }

    private static RunSqlResult run(TableQuerySkill on, PlanEngine engine, String sql) {
        return on.runSql(new RunSqlRequest(PlanParser.parse(Plans.chain(sql)), 500, null, engine));
    }

    private static Path csv(Path file) throws IOException {
        StringBuilder text = new StringBuilder("g,v\n");
        for (int i = 1; i <= 40; i++) {
            text.append(i % 4).append(',').append(i * 7 % 23).append('\n');
        }
        return Files.writeString(file, text);
    }

    /** A sheet whose table starts below a title and a blank row, so its R-numbers are not its data rows' count. */
    private static Path workbook(Path file) throws IOException {
        try (XSSFWorkbook workbook = new XSSFWorkbook()) {
            Sheet sheet = workbook.createSheet("x");
            sheet.createRow(0).createCell(0).setCellValue("Stock report");
            Row header = sheet.createRow(2);
            header.createCell(0).setCellValue("g");
            header.createCell(1).setCellValue("v");
            for (int i = 0; i < 30; i++) {
                Row row = sheet.createRow(3 + i);
                row.createCell(0).setCellValue(i % 3);
                row.createCell(1).setCellValue(i * 5 % 17);
            }
            try (OutputStream out = Files.newOutputStream(file)) {
                workbook.write(out);
            }
        }
        return file;
    }

    /**
     * Tables cited by rowid: {@code keyed} by its INTEGER PRIMARY KEY, {@code plain} by rowids given on insert,
     * {@code indexed} the same with an index on {@code g}, {@code norowid} without a rowid (numbered 1, 2, ...).
     */
    private static Path database(Path file) throws SQLException {
        try (Connection sqlite = DriverManager.getConnection("jdbc:sqlite:" + file);
                Statement statement = sqlite.createStatement()) {
            statement.execute("CREATE TABLE keyed (pk INTEGER PRIMARY KEY, g INTEGER, v INTEGER)");
            statement.execute("CREATE TABLE plain (g INTEGER, v INTEGER)");
            statement.execute("CREATE TABLE indexed (g INTEGER, v INTEGER)");
            statement.execute("CREATE INDEX indexed_g ON indexed (g)");
            statement.execute("CREATE TABLE norowid (k TEXT PRIMARY KEY, g INTEGER, v INTEGER) WITHOUT ROWID");
            for (int i = 0; i < ROWIDS.length; i++) {
                long rowid = ROWIDS[i];
                long g = Math.floorMod(rowid, 3);
                statement.execute("INSERT INTO keyed VALUES (%d, %d, %d)".formatted(rowid, g, rowid));
                statement.execute("INSERT INTO plain (rowid, g, v) VALUES (%d, %d, %d)".formatted(rowid, g, i));
                statement.execute("INSERT INTO indexed (rowid, g, v) VALUES (%d, %d, %d)".formatted(rowid, g, rowid));
                statement.execute("INSERT INTO norowid VALUES ('k%02d', %d, %d)".formatted(i, g, i * 3 % 5));
            }
        }
        return file;
    }
}

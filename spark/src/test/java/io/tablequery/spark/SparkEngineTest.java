package io.tablequery.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.exec.EngineComparison;
import io.tablequery.engine.exec.RunSqlResult;
import io.tablequery.engine.plan.PlanErrorCode;
import io.tablequery.engine.plan.PlanParser;
import io.tablequery.engine.result.ResultTable;
import io.tablequery.engine.skill.PlanEngine;
import io.tablequery.engine.skill.PlanEngines;
import io.tablequery.engine.skill.RunSqlRequest;
import io.tablequery.engine.skill.SkillSettings;
import io.tablequery.engine.skill.TableQuerySkill;
import io.tablequery.engine.testing.Plans;
import io.tablequery.engine.testing.Workbooks;
import io.tablequery.engine.workspace.Workspace;
import io.tablequery.spark.testing.SparkServers;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs plans on a real Spark Connect server over the Parquet exports of a real workspace, and checks each answer
 * against SQLite's: the same rows in the same order, the same citations.
 */
class SparkEngineTest {
    private static final String[] NAMES = {
        "Acme, Inc.", "Ünal \"Bau\"", "上海贸易", "O'Brien", "back\\slash", "Café Olé", "x,y\nz", "plain", "100%_done"
    };
    private static final String[] CITIES = {"Paris", "上海", "Berlin", "São Paulo", "Tokyo"};

    @TempDir
    static Path dir;

    static Workspace workspace;
    static SparkEngine engine;
    static TableQuerySkill skill;

    @BeforeAll
    static void setUp() throws IOException {
        workspace = Workspace.open(dir.resolve("ws"));
        workspace.ingest(orders(dir.resolve("orders.csv"), 300, new Random(5)));
        workspace.ingest(cities(dir.resolve("cities.csv")));
        workspace.ingest(signedRowids(dir.resolve("signed.sqlite")));
        workspace.ingest(visits(dir.resolve("visits.csv")));
        workspace.ingest(blobs(dir.resolve("blobs.sqlite")));
        workspace.ingest(crosstab(dir.resolve("titanic.xlsx")));
        engine = new SparkEngine(
                new SparkOptions(SparkServers.address(), dir.resolve("spark-data"), 0, Duration.ofMinutes(2)));
        engine.opened(workspace);
        skill = new TableQuerySkill(
                workspace, SkillSettings.DEFAULTS.withEngines(PlanEngines.BUILT_IN.with(engine.engine())));
    }

    @AfterAll
    static void tearDown() {
        engine.closing(workspace);
        engine.close();
        workspace.close();
    }

    /** A crosstab under two header rows, which gets a long form of four rows to a sheet row. */
    static Path crosstab(Path file) throws IOException {
        return Workbooks.write(
                file,
                List.of(
                        Workbooks.r(null, null, "Age", "Child", null, "Adult"),
                        Workbooks.r(null, null, "Survived", "No", "Yes", "No", "Yes"),
                        Workbooks.r("Class", "Sex"),
                        Workbooks.r("1st", "Male", null, 0, 5, 118, 57),
                        Workbooks.r(null, "Female", null, 0, 1, 4, 140),
                        Workbooks.r("2nd", "Male", null, 0, 11, 154, 14),
                        Workbooks.r(null, "Female", null, 0, 13, 13, 80)));
    }

    static Path orders(Path file, int rows, Random random) throws IOException {
        StringBuilder csv = new StringBuilder("id,name,city,qty,price,note\n");
        for (int i = 1; i <= rows; i++) {
            String name = NAMES[random.nextInt(NAMES.length)];
            csv.append(i)
                    .append(",\"")
                    .append(name.replace("\"", "\"\""))
                    .append("\",")
                    .append(CITIES[random.nextInt(CITIES.length)])
                    .append(',')
                    .append(random.nextInt(50))
                    .append(',')
                    .append(random.nextInt(100_000) / 100.0)
                    .append(',')
                    .append(random.nextInt(3) == 0 ? "" : "note " + random.nextInt(20))
                    .append('\n');
        }
        Files.writeString(file, csv, StandardCharsets.UTF_8);
        return file;
    }

    static Path cities(Path file) throws IOException {
        Files.writeString(
                file,
                "city,country,population\nParis,France,2100000\n上海,China,24870000\nBerlin,Germany,3700000\n"
                        + "São Paulo,Brazil,12300000\nOslo,Norway,700000\n",
                StandardCharsets.UTF_8);
        return file;
    }

    /** Visits whose dates are written as exports write them: dates alone, with times, with zones, one past its month. */
    static Path visits(Path file) throws IOException {
        Files.writeString(
                file,
                "日期,人数\n2024-01-05,3\n2024-01-31 23:30:00,4\n2024-02-01T00:10:00Z,5\n2024-02-29,1\n"
                        + "2024-02-30,2\n2024-03-01T01:00:00+02:00,6\n,7\n2023-12-31 24:00,8\n",
                StandardCharsets.UTF_8);
        return file;
    }

    /** A SQLite database whose table's rowids run from -5 to 7, 0 included, and a large one. */
    static Path signedRowids(Path file) throws IOException {
        try (Connection sqlite = DriverManager.getConnection("jdbc:sqlite:" + file);
                Statement statement = sqlite.createStatement()) {
            statement.execute("CREATE TABLE signed (g INTEGER, v INTEGER)");
            long[] rowids = {-5, -4, -2, -1, 0, 1, 3, 7, 1_000_000_000_000L};
            for (int i = 0; i < rowids.length; i++) {
                statement.execute(
                        "INSERT INTO signed (rowid, g, v) VALUES (%d, %d, %d)".formatted(rowids[i], i % 2, i));
            }
        } catch (SQLException e) {
            throw new IOException(e);
        }
        return file;
    }

    /** A SQLite database with a blob column: NUL, ASCII, UTF-8, a byte that is not UTF-8, NULL, a comma and a quote. */
    static Path blobs(Path file) throws IOException {
        try (Connection sqlite = DriverManager.getConnection("jdbc:sqlite:" + file);
                Statement statement = sqlite.createStatement()) {
            statement.execute("CREATE TABLE files (id INTEGER, data BLOB)");
            statement.execute("INSERT INTO files VALUES (1, x'00'), (2, x'41'), (3, x'e282ac'), (4, x'ff'),"
                    + " (5, NULL), (6, x'41'), (7, x'0a2c22')");
        } catch (SQLException e) {
            throw new IOException(e);
        }
        return file;
    }

    static RunSqlResult run(PlanEngine engine, String... steps) {
        return skill.runSql(new RunSqlRequest(PlanParser.parse(Plans.plan(steps)), 1000, null, engine));
    }

    static String one(String sql) {
        return Plans.step(1, "CREATE TEMP TABLE \"r\" AS " + sql, "r", "final");
    }

    /** Runs a plan on SQLite and on Spark and asserts the same answer, citations included. */
    static ResultTable same(String... steps) {
        RunSqlResult sqlite = run(PlanEngine.SQLITE, steps);
        RunSqlResult spark = run(PlanEngine.parse("spark"), steps);
        assertThat(spark.engine()).isEqualTo("spark");
        assertThat(spark.notices()).noneMatch(notice -> notice.contains("cite whole sheets"));
        for (int i = 0; i < sqlite.tables().size(); i++) {
            ResultTable expected = sqlite.tables().get(i);
            ResultTable actual = spark.tables().get(i);
            assertThat(actual.columns()).isEqualTo(expected.columns());
            assertThat(actual.totalRows()).isEqualTo(expected.totalRows());
            assertThat(actual.rows()).as(String.join("\n", steps)).isEqualTo(expected.rows());
        }
        assertThat(spark.fileRefs()).isEqualTo(sqlite.fileRefs());
        return spark.tables().get(spark.tables().size() - 1);
    }

    @Test
    void citesRowidsOfZeroAndBelowAsSqliteDoes() {
        ResultTable rows = same(one("SELECT \"g\", \"v\" FROM \"signed\" WHERE \"v\" < 3 ORDER BY \"v\""));
        assertThat(rows.rows()).extracting(row -> row.get(2)).containsExactly("F3S1R-5", "F3S1R-4", "F3S1R-2");
        ResultTable total = same(one("SELECT count(*) AS n FROM \"signed\""));
        assertThat(total.rows().get(0).get(1)).isEqualTo("F3S1R-5-R-4,R-2-R1,R3,R7,R1000000000000");
        same(one("SELECT \"g\", sum(\"v\") AS s FROM \"signed\" GROUP BY \"g\" ORDER BY \"g\""));
    }

    /** A long form's rows, several to a sheet row, cite that sheet row on Spark as on SQLite, listed and grouped. */
    @Test
    void citesTheSheetRowsOfALongFormAsSqliteDoes() {
        ResultTable rows = same(one("SELECT \"Class\", \"Sex\", \"Age\", value FROM \"titanic_sheet1__long\""
                + " WHERE value > 50 ORDER BY value"));
        assertThat(rows.rows())
                .extracting(row -> row.get(4))
                .containsExactly("F6S1R4", "F6S1R7", "F6S1R4", "F6S1R5", "F6S1R6");
        ResultTable groups = same(one("SELECT \"Age\", \"Survived\", sum(value) AS n FROM \"titanic_sheet1__long\""
                + " WHERE \"Sex\" = 'Female' GROUP BY 1, 2 ORDER BY 1, 2"));
        assertThat(groups.rows()).extracting(row -> row.get(3)).containsOnly("F6S1R5,R7");
    }

    /**
     * A blob reads as on SQLite, its bytes as UTF-8 text (a byte that is not UTF-8 as U+FFFD), where DuckDB had written
     * {@code \xE2\x82\xAC} until its blobs were read so: the same class of answer on Spark, grouped and ordered too.
     */
    @Test
    void answersBlobsAsSqliteDoes() {
        ResultTable rows = same(one("SELECT \"id\", \"data\" FROM \"files\" ORDER BY \"id\""));
        assertThat(rows.rows().get(2).get(1)).isEqualTo("€");
        same(one("SELECT \"data\", count(*) AS n FROM \"files\" GROUP BY \"data\" ORDER BY \"data\""));
        same(one("SELECT \"id\", \"data\" FROM \"files\" WHERE \"data\" IS NOT NULL ORDER BY \"data\" DESC,"
                + " \"id\""));
    }

    @Test
    void answersAsSqliteDoesWithTheSameCitations() {
        ResultTable filtered = same(one("SELECT \"id\", \"name\", \"qty\" * 2 AS twice, \"price\" FROM \"orders\""
                + " WHERE \"qty\" > 10 AND \"name\" LIKE '%a%' ORDER BY \"qty\" DESC, \"id\""));
        assertThat(filtered.rows()).isNotEmpty();
        assertThat(filtered.rows().get(0).get(4)).matches("F1S1R\\d+");
        same(one("SELECT \"city\", count(*) AS n, sum(\"qty\") AS q, min(\"name\") AS first_name FROM \"orders\""
                + " GROUP BY \"city\" ORDER BY \"city\""));
        same(one("SELECT o.\"id\", c.\"country\", o.\"qty\" / 3 AS third, o.\"qty\" % 7 AS rest FROM \"orders\" o"
                + " JOIN \"cities\" c ON c.\"city\" = o.\"city\" WHERE o.\"note\" IS NULL ORDER BY o.\"id\""));
        same(one("SELECT \"name\", \"city\" || '/' || \"qty\" AS label FROM \"orders\""
                + " WHERE \"name\" LIKE '%\\%' OR \"name\" LIKE 'o''b%' OR \"name\" LIKE '100!%%' ESCAPE '!'"
                + " ORDER BY \"id\""));
        same(one("SELECT \"id\", upper(\"city\") AS up, length(\"name\") AS len, coalesce(\"note\", '-') AS note"
                + " FROM \"orders\" WHERE \"id\" IN (1, 5, 9, 200) ORDER BY \"id\""));
    }

    @Test
    void keepsSqlitesRowOrderAndCitationsAcrossSteps() {
        same(
                Plans.step(
                        1,
                        "CREATE TEMP TABLE \"big\" AS SELECT \"id\", \"name\", \"city\", \"qty\" FROM \"orders\""
                                + " WHERE \"qty\" >= 25",
                        "big",
                        "intermediate"),
                Plans.step(
                        2,
                        "CREATE TEMP TABLE \"top\" AS SELECT \"id\", \"name\", \"qty\" FROM \"big\" WHERE \"city\" <>"
                                + " 'Tokyo' ORDER BY \"qty\" DESC, \"id\" LIMIT 25",
                        "top",
                        "final"));
        same(Plans.step(
                1,
                "CREATE TEMP TABLE \"scan\" AS SELECT \"id\", \"name\" FROM \"orders\" WHERE \"price\" > 500",
                "scan",
                "final"));
    }

    /**
     * Generated plans of the citation test's shapes, one and two steps: each answers on Spark with SQLite's rows and
     * SQLite's {@code __src}, row for row.
     */
    @Test
    void citesTheRowsSqliteCitesOnGeneratedPlans() {
        Random random = new Random(33);
        List<String> columns = List.of("id", "name", "city", "qty", "price", "note");
        int compared = 0;
        for (int i = 0; i < 30; i++) {
            List<String> picked =
                    columns.stream().filter(c -> random.nextBoolean()).toList();
            String select = String.join(
                    ", ",
                    (picked.isEmpty() ? List.of("name") : picked)
                            .stream().map(c -> "\"" + c + "\"").toList());
            String order = " ORDER BY \"" + columns.get(random.nextInt(columns.size())) + "\""
                    + (random.nextBoolean() ? " DESC" : "") + ", \"id\"";
            String limit = random.nextBoolean() ? " LIMIT " + (1 + random.nextInt(40)) : "";
            String[] plan = random.nextBoolean()
                    ? new String[] {
                        one("SELECT " + select + " FROM \"orders\" WHERE " + predicate(random) + order + limit)
                    }
                    : new String[] {
                        Plans.step(
                                1,
                                "CREATE TEMP TABLE \"s1\" AS SELECT \"id\", \"name\", \"city\", \"qty\", \"price\","
                                        + " \"note\" FROM \"orders\" WHERE " + predicate(random),
                                "s1",
                                "intermediate"),
                        Plans.step(
                                2,
                                "CREATE TEMP TABLE \"s2\" AS SELECT " + select + " FROM \"s1\" WHERE "
                                        + predicate(random) + order + limit,
                                "s2",
                                "final")
                    };
            ResultTable answer = same(plan);
            compared += answer.rows().size();
        }
        assertThat(compared).isGreaterThan(300);
    }

    /**
     * Joins, aggregates, DISTINCT, subqueries, UNION ALL and steps over earlier aggregates cite on Spark the rows
     * SQLite cites (which the engine's lineage test checks against the workbook itself), row for row (in an order of
     * the test's own: plans without ORDER BY leave theirs to the engine), ranges and counts included.
     */
    @Test
    void citesTheSourceRowsOfJoinsAndAggregatesAsSqliteDoes() {
        Random random = new Random(7);
        int cited = 0;
        for (int kind = 0; kind < 14; kind++) {
            int t = random.nextInt(40);
            String city = CITIES[random.nextInt(CITIES.length)];
            String[] plan = lineagePlan(kind, t, city);
            RunSqlResult sqlite = run(PlanEngine.SQLITE, plan);
            RunSqlResult spark = run(PlanEngine.parse("spark"), plan);
            assertThat(spark.engine()).isEqualTo("spark");
            assertThat(spark.notices()).noneMatch(notice -> notice.contains("cite whole sheets"));
            List<List<String>> rows = sorted(spark.tables().get(0).rows());
            assertThat(rows)
                    .as(String.join("\n", plan))
                    .isEqualTo(sorted(sqlite.tables().get(0).rows()));
            cited += (int) rows.stream()
                    .filter(row -> row.get(row.size() - 1).contains("R"))
                    .count();
        }
        assertThat(cited).isGreaterThan(50);
    }

    /** Rows in an order of their own: plans without ORDER BY leave theirs to the engine. */
    private static List<List<String>> sorted(List<List<String>> rows) {
        return rows.stream().sorted(Comparator.comparing(Object::toString)).toList();
    }

    private static String[] lineagePlan(int kind, int t, String city) {
        String orders = "\"orders\"";
        String cities = "\"cities\"";
        return switch (kind) {
            case 0 ->
                new String[] {
                    one(
                            "SELECT city, count(*) AS n, sum(qty) AS q FROM %s WHERE qty > %d GROUP BY city HAVING count(*) >= 2"
                                    .formatted(orders, t))
                };
            case 1 -> new String[] {one("SELECT DISTINCT city FROM %s WHERE qty < %d".formatted(orders, t))};
            case 2 ->
                new String[] {
                    one("SELECT count(*) AS n, max(qty) AS m FROM %s WHERE city = '%s' AND qty > %d"
                            .formatted(orders, city, t))
                };
            case 3 ->
                new String[] {
                    one(
                            "SELECT o.id, c.country FROM %s AS o JOIN %s AS c ON c.city = o.city WHERE o.qty > %d ORDER BY o.id"
                                    .formatted(orders, cities, t))
                };
            case 4 ->
                new String[] {
                    one("SELECT c.country, sum(o.qty) AS q, count(*) AS n FROM %s o JOIN %s c ON c.city = o.city"
                                    .formatted(orders, cities)
                            + " WHERE o.qty >= %d GROUP BY c.country ORDER BY c.country".formatted(t))
                };
            case 5 ->
                new String[] {
                    Plans.step(
                            1,
                            "CREATE TEMP TABLE \"s1\" AS SELECT city, sum(qty) AS q FROM %s WHERE qty > %d GROUP BY city"
                                    .formatted(orders, t),
                            "s1",
                            "intermediate"),
                    Plans.step(
                            2,
                            "CREATE TEMP TABLE \"s2\" AS SELECT city, q FROM s1 WHERE q > %d".formatted(t),
                            "s2",
                            "final")
                };
            case 6 ->
                new String[] {
                    Plans.step(
                            1,
                            "CREATE TEMP TABLE \"s1\" AS SELECT id, city, qty FROM %s WHERE qty > %d"
                                    .formatted(orders, t),
                            "s1",
                            "intermediate"),
                    Plans.step(
                            2,
                            "CREATE TEMP TABLE \"s2\" AS SELECT city, count(*) AS n FROM s1 GROUP BY 1",
                            "s2",
                            "intermediate"),
                    Plans.step(
                            3,
                            "CREATE TEMP TABLE \"s3\" AS SELECT city, n FROM s2 ORDER BY n DESC, city LIMIT 3",
                            "s3",
                            "final")
                };
            case 7 ->
                new String[] {
                    one(
                            "SELECT id, city FROM %s WHERE city IN (SELECT city FROM %s WHERE country <> 'China') AND qty > %d"
                                    .formatted(orders, cities, t))
                };
            case 8 ->
                new String[] {
                    one("SELECT c.city, c.country, o.id FROM %s c LEFT JOIN %s o ON o.city = c.city AND o.qty > %d"
                            .formatted(cities, orders, t + 8))
                };
            case 9 ->
                new String[] {
                    Plans.step(
                            1,
                            "CREATE TEMP TABLE \"s1\" AS SELECT city, count(*) AS n FROM %s GROUP BY city"
                                    .formatted(orders),
                            "s1",
                            "intermediate"),
                    Plans.step(
                            2,
                            "CREATE TEMP TABLE \"s2\" AS SELECT s1.city, s1.n, c.country FROM s1 JOIN %s c ON c.city = s1.city"
                                    .formatted(cities),
                            "s2",
                            "final")
                };
            case 10 ->
                new String[] {
                    one("WITH big AS (SELECT id, city, qty FROM %s WHERE qty > %d) SELECT city, count(*) AS n FROM big"
                                    .formatted(orders, t)
                            + " GROUP BY city")
                };
            case 11 ->
                new String[] {
                    one("SELECT 'big' AS k, count(*) AS n FROM %1$s WHERE qty > %2$d UNION ALL SELECT country, count(*)"
                                    .formatted(orders, t)
                            + " FROM %s GROUP BY country".formatted(cities))
                };
            case 12 ->
                new String[] {
                    one("SELECT n, count(*) AS cities FROM (SELECT c.city, count(o.id) AS n FROM %s c LEFT JOIN %s o"
                                    .formatted(cities, orders)
                            + " ON o.city = c.city AND o.qty > %d GROUP BY c.city) AS per GROUP BY n".formatted(t))
                };
            default -> new String[] {one("SELECT count(*) AS n FROM %s WHERE id %% 2 = %d".formatted(orders, t % 2))};
        };
    }

    /**
     * The lineage download lists on Spark the rows SQLite lists, one row per table row and source row; the table's
     * own download cites its rows as SQLite's does.
     */
    @Test
    void downloadsTheLineageAndCitationsSqliteDownloads() throws IOException {
        String plan = Plans.plan(one("SELECT c.country, sum(o.qty) AS q FROM \"orders\" o JOIN \"cities\" c"
                + " ON c.city = o.city WHERE o.qty > 10 GROUP BY c.country ORDER BY c.country"));
        List<List<String>> sqlite = lineage(plan, PlanEngine.SQLITE);
        assertThat(sqlite).hasSizeGreaterThan(50);
        assertThat(lineage(plan, PlanEngine.parse("spark"))).isEqualTo(sqlite);
        String none = Plans.plan(one("SELECT count(*) AS n FROM \"orders\" WHERE qty > 1000"));
        assertThat(lineage(none, PlanEngine.parse("spark"))).isEqualTo(lineage(none, PlanEngine.SQLITE));
        List<List<String>> table = arrow(plan, PlanEngine.SQLITE, false);
        assertThat(table.get(0).get(2)).startsWith("F1S1R");
        assertThat(arrow(plan, PlanEngine.parse("spark"), false)).isEqualTo(table);
    }

    private static List<List<String>> lineage(String plan, PlanEngine engine) throws IOException {
        return arrow(plan, engine, true);
    }

    /** The Arrow download of a plan's final table, or of its lineage, each value as text. */
    private static List<List<String>> arrow(String plan, PlanEngine engine, boolean lineage) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        skill.exportArrow(new RunSqlRequest(PlanParser.parse(plan), null, null, engine), null, 1000, lineage, out);
        List<List<String>> rows = new ArrayList<>();
        try (RootAllocator allocator = new RootAllocator();
                ArrowStreamReader reader =
                        new ArrowStreamReader(new ByteArrayInputStream(out.toByteArray()), allocator)) {
            VectorSchemaRoot root = reader.getVectorSchemaRoot();
            while (reader.loadNextBatch()) {
                for (int r = 0; r < root.getRowCount(); r++) {
                    List<String> row = new ArrayList<>();
                    for (int c = 0; c < root.getFieldVectors().size(); c++) {
                        row.add(String.valueOf(root.getVector(c).getObject(r)));
                    }
                    rows.add(row);
                }
            }
        }
        return rows;
    }

    private static String predicate(Random random) {
        return switch (random.nextInt(5)) {
            case 0 -> "\"qty\" > " + random.nextInt(50);
            case 1 -> "\"city\" = '" + CITIES[random.nextInt(CITIES.length)] + "'";
            case 2 -> "\"name\" LIKE '%" + "aeo上\\".charAt(random.nextInt(5)) + "%'";
            case 3 -> "\"note\" IS NULL";
            default -> "\"price\" BETWEEN " + random.nextInt(500) + " AND " + (500 + random.nextInt(500));
        };
    }

    /**
     * A final table larger than the rows shown is counted apart; one that fits is counted from the rows read. Either
     * way the total and the rows shown are SQLite's.
     */
    @Test
    void countsAFinalTableThatIsCutAndOneThatFits() {
        String plan = one("SELECT \"id\", \"name\" FROM \"orders\" ORDER BY \"qty\", \"id\"");
        for (int shown : new int[] {7, 299, 300, 301}) {
            RunSqlResult sqlite =
                    skill.runSql(new RunSqlRequest(PlanParser.parse(Plans.plan(plan)), shown, null, PlanEngine.SQLITE));
            RunSqlResult spark = skill.runSql(
                    new RunSqlRequest(PlanParser.parse(Plans.plan(plan)), shown, null, PlanEngine.parse("spark")));
            ResultTable expected = sqlite.tables().get(0);
            ResultTable actual = spark.tables().get(0);
            assertThat(actual.totalRows()).as("shown %d", shown).isEqualTo(300);
            assertThat(actual.rows()).hasSize(Math.min(shown, 300)).isEqualTo(expected.rows());
            assertThat(actual.truncation()).isEqualTo(expected.truncation());
        }
    }

    /**
     * Steps that later steps read are made once and cached (a step read twice gives the same rows to both reads);
     * a final step another step reads is shown from its view, the last one straight from its query.
     */
    @Test
    void answersPlansWhoseStepsAreReadTwiceAndWhoseFinalStepsAreRead() {
        same(
                Plans.step(
                        1,
                        "CREATE TEMP TABLE \"cheap\" AS SELECT \"id\", \"city\", \"price\" FROM \"orders\""
                                + " WHERE \"price\" < 400",
                        "cheap",
                        "final"),
                Plans.step(
                        2,
                        "CREATE TEMP TABLE \"pairs\" AS SELECT a.\"id\" AS a_id, b.\"id\" AS b_id FROM"
                                + " \"cheap\" a JOIN \"cheap\" b ON a.\"city\" = b.\"city\" AND a.\"id\" < b.\"id\""
                                + " ORDER BY a.\"id\", b.\"id\"",
                        "pairs",
                        "final"));
    }

    /**
     * Runs take their session from a pool and give it back: a second run reuses it with its table views, and a
     * table replaced meanwhile is read at its new version.
     */
    @Test
    void reusesSessionsAndReadsATableReplacedMeanwhile() throws IOException, InterruptedException {
        Path file = dir.resolve("stock.csv");
        Files.writeString(file, "item,units\npen,3\nink,4\n", StandardCharsets.UTF_8);
        workspace.ingest(file);
        String total = one("SELECT sum(\"units\") AS units, count(*) AS n FROM \"stock\"");
        List<String> before = same(total).rows().get(0);
        assertThat(before.subList(0, 2)).containsExactly("7", "2");
        assertThat(before.get(2)).matches("F\\d+S1R2-R3");
        awaitIdle();
        Files.writeString(file, "item,units\npen,3\nink,4\ncup,10\n", StandardCharsets.UTF_8);
        workspace.ingest(file);
        assertThat(same(total).rows().get(0).subList(0, 2)).containsExactly("17", "3");
        awaitIdle();
        assertThat(engine.sessions().idle()).isBetween(1, 2);
    }

    private static void awaitIdle() throws InterruptedException {
        long until = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (engine.sessions().idle() == 0 && System.nanoTime() < until) {
            Thread.sleep(20);
        }
        assertThat(engine.sessions().idle()).isPositive();
    }

    /**
     * {@code substr} from the first character on answers as SQLite does (characters, not bytes, in CJK and accented
     * text); a start before the first character or a negative length, where Spark counts otherwise, is refused.
     */
    @Test
    void takesSubstringsAsSqliteDoesAndRefusesPositionsSparkCountsOtherwise() {
        same(one("SELECT \"id\", substr(\"name\", 2, 3) AS a, substr(\"city\", 1, 2) AS b, substr(\"name\", 4) AS c,"
                + " substring(\"name\", 1, 0) AS d, substr(\"note\", 3, 100) AS e FROM \"orders\""
                + " WHERE substr(\"city\", 1, 1) IN ('P', '上', 'S') ORDER BY \"id\""));
        for (String call : List.of(
                "substr(\"name\", 0, 2)",
                "substr(\"name\", -2)",
                "substr(\"name\", 2, -1)",
                "substr(\"qty\", 1, 1)",
                "substr(\"name\", \"qty\", 2)")) {
            assertThatThrownBy(() -> run(PlanEngine.parse("spark"), one("SELECT " + call + " AS s FROM \"orders\"")))
                    .as(call)
                    .isInstanceOfSatisfying(EngineException.class, e -> assertThat(e.getErrorCode())
                            .isEqualTo(PlanErrorCode.UNTRANSLATABLE.toErrorCode()));
        }
    }

    /** A SELECT DISTINCT ordered by a column it does not return is refused on Spark, which cannot run it. */
    @Test
    void refusesADistinctOrderedByAColumnItDoesNotReturn() {
        assertThatThrownBy(() ->
                        run(PlanEngine.parse("spark"), one("SELECT DISTINCT \"city\" FROM \"orders\" ORDER BY \"id\"")))
                .isInstanceOfSatisfying(EngineException.class, e -> assertThat(e.getErrorCode())
                        .isEqualTo(PlanErrorCode.UNTRANSLATABLE.toErrorCode()))
                .hasMessageContaining("SELECT DISTINCT ordered by a term that is not one of its result columns");
        same(one("SELECT DISTINCT \"city\", \"qty\" FROM \"orders\" ORDER BY \"qty\", \"city\""));
    }

    @Test
    void comparesAnyTwoEngines() {
        String plan = one("SELECT \"city\", count(*) AS n FROM \"orders\" GROUP BY \"city\" ORDER BY n DESC, \"city\"");
        for (String engines : List.of("both:spark", "both:duckdb,spark")) {
            RunSqlResult result = run(PlanEngine.parse(engines), plan);
            EngineComparison comparison = result.comparison();
            assertThat(comparison.note()).isNull();
            assertThat(comparison.identical()).as(comparison.lines().toString()).isTrue();
            assertThat(result.engine()).isEqualTo(engines.equals("both:spark") ? "both:sqlite,spark" : engines);
        }
    }

    @Test
    void groupsByMonthAsSqliteDoes() {
        ResultTable months = same(one("SELECT strftime('%Y-%m', \"日期\") AS m, count(*) AS n, sum(\"人数\") AS people"
                + " FROM \"visits\" GROUP BY m ORDER BY m"));
        assertThat(months.rows()).hasSizeGreaterThanOrEqualTo(3);
        same(one("SELECT \"日期\", date(\"日期\") AS d, datetime(\"日期\", '+1 day') AS next, julianday(\"日期\") AS j,"
                + " strftime('%w %j %H:%M:%f', \"日期\") AS parts FROM \"visits\" WHERE \"日期\" <> '2024-02-30'"
                + " ORDER BY \"人数\""));
    }

    @Test
    void refusesWhatSparkCannotAnswerAsSqliteWould() {
        assertThatThrownBy(() ->
                        run(PlanEngine.parse("spark"), one("SELECT strftime('%W', \"note\") AS w FROM \"orders\"")))
                .isInstanceOfSatisfying(EngineException.class, e -> assertThat(e.getErrorCode())
                        .isEqualTo(PlanErrorCode.UNTRANSLATABLE.toErrorCode()))
                .hasMessageContaining("cannot run on Spark SQL with SQLite's answers");
        RunSqlResult auto = run(PlanEngine.AUTO, one("SELECT printf('%05d', \"qty\") AS p FROM \"orders\""));
        assertThat(auto.engine()).isEqualTo("sqlite");
        assertThat(auto.notices())
                .containsExactly(
                        "Not on duckdb: the plan reads 300 rows, fewer than the 100,000 from which DuckDB is faster.",
                        "Ran on sqlite: step 1 does not translate to Spark SQL exactly (the function printf() with 2"
                                + " arguments has no checked Spark SQL counterpart).");
    }

    @Test
    void autoPicksSparkFromItsThreshold() {
        RunSqlResult auto = run(PlanEngine.AUTO, one("SELECT count(*) AS n FROM \"orders\""));
        assertThat(auto.engine()).isEqualTo("spark");
        assertThat(auto.notices()).contains("Ran on spark: every step translates and the plan reads 300 rows.");
        assertThat(auto.tables().get(0).rows()).containsExactly(List.of("300", "F1S1R2-R301"));
        assertThat(auto.notices()).noneMatch(notice -> notice.contains("cite whole sheets"));
    }

    @Test
    void stopsAPlanOnTheClusterAtItsTimeLimit() {
        TableQuerySkill hurried = new TableQuerySkill(
                workspace,
                SkillSettings.DEFAULTS
                        .withQueryTimeout(Duration.ofSeconds(3))
                        .withEngines(PlanEngines.BUILT_IN.with(engine.engine())));
        String slow = one("SELECT count(*) AS n FROM \"orders\" a, \"orders\" b, \"orders\" c, \"orders\" d"
                + " WHERE a.\"qty\" + b.\"qty\" + c.\"qty\" + d.\"qty\" = 7");
        long started = System.nanoTime();
        assertThatThrownBy(() -> hurried.runSql(
                        new RunSqlRequest(PlanParser.parse(Plans.plan(slow)), null, null, PlanEngine.parse("spark"))))
                .isInstanceOfSatisfying(EngineException.class, e -> assertThat(e.getErrorCode())
                        .isEqualTo(PlanErrorCode.QUERY_TIMEOUT.toErrorCode()));
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(30));
        same(one("SELECT count(*) AS n FROM \"orders\""));
    }
}

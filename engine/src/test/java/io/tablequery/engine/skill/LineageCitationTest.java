package io.tablequery.engine.skill;

import static io.tablequery.engine.testing.Plans.plan;
import static io.tablequery.engine.testing.Plans.step;
import static org.assertj.core.api.Assertions.assertThat;

import io.tablequery.engine.catalog.TableInfo;
import io.tablequery.engine.exec.RunSqlResult;
import io.tablequery.engine.plan.CitationDetail;
import io.tablequery.engine.plan.PlanParser;
import io.tablequery.engine.provenance.RowCitation;
import io.tablequery.engine.result.ResultTable;
import io.tablequery.engine.workspace.Workspace;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.poi.ss.usermodel.DataFormatter;
import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.ss.usermodel.Sheet;
import org.apache.poi.ss.usermodel.Workbook;
import org.apache.poi.ss.usermodel.WorkbookFactory;
import org.apache.poi.xssf.usermodel.XSSFWorkbook;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs generated plans with joins, GROUP BY with HAVING, DISTINCT, aggregates without GROUP BY, subqueries, groups of
 * one row of a source (by a unique key, or a WHERE on one) and two- and three-step plans on SQLite and on DuckDB, and
 * checks every row's citation against the rows computed here from the workbook as POI reads it back: the cited rows are exactly the rows that went into the row (the ranges shown are
 * among them, and the count left unshown makes up the rest), and both engines cite alike.
 */
class LineageCitationTest {
    private static final String[] CITIES = {"Paris", "上海", "Berlin", "São Paulo", "Tokyo", "東京"};
    private static final String[] CATEGORIES = {"A", "B", "C", "数码"};
    private static final String[] TAGS = {"gift", "返品", "rush"};

    @TempDir
    static Path dir;

    static Workspace workspace;
    static TableQuerySkill skill;
    static String orders;
    static String regions;
    static String ordersSheet;
    static String regionsSheet;
    /** The rows of each sheet as POI reads them back, by R-number: column name to text. */
    static final Map<Integer, Map<String, String>> ORDERS = new HashMap<>();

    static final Map<Integer, Map<String, String>> REGIONS = new HashMap<>();

    @BeforeAll
    static void setUp() throws IOException {
        workspace = Workspace.open(dir.resolve("ws"));
        skill = new TableQuerySkill(workspace, SkillSettings.DEFAULTS);
        Path file = dir.resolve("shop.xlsx");
        Random random = new Random(20261202);
        try (Workbook workbook = new XSSFWorkbook()) {
            Sheet sheet = workbook.createSheet("Orders");
            header(sheet, "id", "city", "cat", "qty", "tag");
            for (int i = 1; i <= 90; i++) {
                Row row = sheet.createRow(i);
                row.createCell(0).setCellValue(i);
                row.createCell(1).setCellValue(CITIES[random.nextInt(CITIES.length)]);
                row.createCell(2).setCellValue(CATEGORIES[random.nextInt(CATEGORIES.length)]);
                row.createCell(3).setCellValue(random.nextInt(50));
                if (i % 3 != 0) {
                    row.createCell(4).setCellValue(TAGS[random.nextInt(TAGS.length)]);
                }
            }
            Sheet places = workbook.createSheet("Regions");
            header(places, "city", "region");
            String[][] rows = {
                {"Paris", "Europe"},
                {"Berlin", "Europe"},
                {"上海", "Asia"},
                {"Tokyo", "Asia"},
                {"Lima", "Americas"},
                {"São Paulo", "Americas"},
                {"Paris", "EU"}
            };
            for (int i = 0; i < rows.length; i++) {
                Row row = places.createRow(i + 1);
                row.createCell(0).setCellValue(rows[i][0]);
                row.createCell(1).setCellValue(rows[i][1]);
            }
            try (OutputStream out = Files.newOutputStream(file)) {
                workbook.write(out);
            }
        }
        int number = workspace.ingest(file).file().number();
        try (Workbook back = WorkbookFactory.create(file.toFile())) {
            readBack(back.getSheet("Orders"), ORDERS);
            readBack(back.getSheet("Regions"), REGIONS);
        }
        for (TableInfo table : workspace.catalog().tables()) {
            if (table.sheetName().equals("Orders")) {
                orders = "\"" + table.name() + "\"";
                ordersSheet = "F" + number + "S" + table.sheetNumber();
            } else if (table.sheetName().equals("Regions")) {
                regions = "\"" + table.name() + "\"";
                regionsSheet = "F" + number + "S" + table.sheetNumber();
            }
        }
        assertThat(orders).isNotNull();
        assertThat(regions).isNotNull();
    }

    @AfterAll
    static void tearDown() {
        workspace.close();
    }

    private static void header(Sheet sheet, String... names) {
        Row row = sheet.createRow(0);
        for (int i = 0; i < names.length; i++) {
            row.createCell(i).setCellValue(names[i]);
        }
    }

    private static void readBack(Sheet sheet, Map<Integer, Map<String, String>> into) {
        DataFormatter format = new DataFormatter();
        Row header = sheet.getRow(0);
        for (int r = 1; r <= sheet.getLastRowNum(); r++) {
            Map<String, String> values = new HashMap<>();
            for (int c = 0; c < header.getLastCellNum(); c++) {
                values.put(
                        format.formatCellValue(header.getCell(c)),
                        format.formatCellValue(sheet.getRow(r).getCell(c)));
            }
            into.put(r + 1, values);
        }
    }

    /** One generated plan and, for an output row, the citations of the rows that went into it. */
    private record Case(String plan, Function<Map<String, String>, TreeSet<String>> expected) {}

    @Test
    void citesExactlyTheRowsEachAnswerWasComputedFrom() {
        Random random = new Random(7);
        int checked = 0;
        int capped = 0;
        for (int i = 0; i < 299; i++) {
            Case generated = generate(i % 23, random);
            List<Map<String, String>> sqlite = run(generated.plan(), PlanEngine.SQLITE);
            List<Map<String, String>> duckdb = run(generated.plan(), PlanEngine.DUCKDB);
            assertThat(sorted(duckdb)).as(generated.plan()).isEqualTo(sorted(sqlite));
            for (Map<String, String> row : sqlite) {
                capped += check(generated, row) ? 1 : 0;
                checked++;
            }
        }
        assertThat(checked).isGreaterThan(1000);
        assertThat(capped).as("citations cut to their first ranges").isGreaterThan(5);
    }

    /** Checks one row's citation and tells whether it was cut to its first ranges. */
    private static boolean check(Case generated, Map<String, String> row) {
        String src = row.get("__src");
        TreeSet<String> expected = generated.expected().apply(row);
        RowCitation.Parsed parsed = RowCitation.parse(src);
        assertThat(parsed).as(src).isNotNull();
        if (expected.isEmpty()) {
            assertThat(parsed.ranges()).as(generated.plan() + " " + row).isEmpty();
            return false;
        }
        TreeSet<String> shown = new TreeSet<>();
        for (RowCitation.Range range : parsed.ranges()) {
            for (long r = range.first(); r <= range.last(); r++) {
                assertThat(shown.add(range.sheet() + "R" + r)).isTrue();
            }
        }
        assertThat(parsed.ranges().size()).isLessThanOrEqualTo(RowCitation.DEFAULT_RANGES);
        assertThat(expected).as(generated.plan() + " " + row).containsAll(shown);
        assertThat(shown.size() + parsed.more())
                .as(generated.plan() + " " + row)
                .isEqualTo(expected.size());
        if (parsed.more() == 0) {
            assertThat(shown).isEqualTo(expected);
        } else {
            assertThat(parsed.ranges()).hasSize(RowCitation.DEFAULT_RANGES);
        }
        return parsed.more() > 0;
    }

    @Test
    void theLineageDownloadListsEverySourceRowOfEveryRowOnBothEngines() throws IOException {
        String plan =
                one("SELECT city, sum(qty) AS q FROM %s WHERE qty > 3 GROUP BY city ORDER BY city".formatted(orders));
        List<Map<String, String>> answer = run(plan, PlanEngine.SQLITE);
        List<List<String>> sqlite = lineage(plan, PlanEngine.SQLITE);
        assertThat(lineage(plan, PlanEngine.DUCKDB)).isEqualTo(sqlite);
        TreeSet<String> all = new TreeSet<>();
        for (int row = 1; row <= answer.size(); row++) {
            String city = answer.get(row - 1).get("city");
            String number = Integer.toString(row);
            TreeSet<String> listed = sqlite.stream()
                    .filter(line -> line.get(0).equals(number))
                    .map(line -> line.get(1))
                    .collect(Collectors.toCollection(TreeSet::new));
            assertThat(listed)
                    .as(city)
                    .isEqualTo(orders(o -> qty(o) > 3 && o.get("city").equals(city)));
            all.addAll(listed);
        }
        assertThat(all).isEqualTo(orders(o -> qty(o) > 3));
        assertThat(sqlite).hasSize(all.size());
    }

    @Test
    void sheetCitationsCostNothingAndAreAskedFor() {
        String plan = one("SELECT city, count(*) AS n FROM %s GROUP BY city".formatted(orders));
        RunSqlResult result = skill.runSql(
                new RunSqlRequest(PlanParser.parse(plan), null, null, PlanEngine.DUCKDB, null, CitationDetail.SHEETS));
        assertThat(result.tables().get(0).rows())
                .allSatisfy(row -> assertThat(row.get(row.size() - 1)).isEqualTo(ordersSheet));
        assertThat(result.notices()).isEmpty();
        RunSqlResult simple = skill.runSql(new RunSqlRequest(
                PlanParser.parse(one("SELECT id FROM %s WHERE id = 7".formatted(orders))),
                null,
                null,
                PlanEngine.SQLITE,
                null,
                CitationDetail.SHEETS));
        assertThat(simple.tables().get(0).rows()).containsExactly(List.of("7", ordersSheet + "R8"));
    }

    @Test
    void aCitationShowsAsManyRangesAsAskedAndCountsTheRest() {
        String plan = one("SELECT count(*) AS n FROM %s WHERE id %% 3 = 0".formatted(orders));
        for (PlanEngine engine : List.of(PlanEngine.SQLITE, PlanEngine.DUCKDB)) {
            RunSqlResult result =
                    skill.runSql(new RunSqlRequest(PlanParser.parse(plan), null, null, engine, 3, CitationDetail.ROWS));
            List<String> row = result.tables().get(0).rows().get(0);
            assertThat(row).containsExactly("30", ordersSheet + "R4,R7,R10;...+27 rows");
        }
        RunSqlResult capped = skill.runSql(
                new RunSqlRequest(PlanParser.parse(plan), null, null, PlanEngine.SQLITE, 5000, CitationDetail.ROWS));
        assertThat(capped.notices()).anyMatch(notice -> notice.contains("cite ranges"));
        assertThat(RowCitation.parse(capped.tables().get(0).rows().get(0).get(1))
                        .ranges())
                .hasSize(30);
    }

    @Test
    void cjkNamesAndWideRowsCiteTheirRows() {
        String plan = one(("SELECT o.city AS 城市, c.region AS 地区, count(*) AS 件数, max(o.qty) AS q1, min(o.qty) AS q2,"
                        + " sum(o.qty) AS q3, avg(o.qty) AS q4, o.city || c.region AS k FROM %s o JOIN %s c USING (city)"
                        + " WHERE o.city IN ('上海', '東京', 'Tokyo') GROUP BY o.city, c.region")
                .formatted(orders, regions));
        List<Map<String, String>> sqlite = run(plan, PlanEngine.SQLITE);
        assertThat(sorted(run(plan, PlanEngine.DUCKDB))).isEqualTo(sorted(sqlite));
        assertThat(sqlite).isNotEmpty().allSatisfy(row -> assertThat(row.get("__src"))
                .isEqualTo(RowCitation.format(
                        ranges(join(o -> o.get("city").equals(row.get("城市")), c -> c.get("region")
                                .equals(row.get("地区")))),
                        join(o -> o.get("city").equals(row.get("城市")), c -> c.get("region")
                                        .equals(row.get("地区")))
                                .size())));
    }

    /** The citations' rows as ranges of consecutive rows, in sheet and row order, at most 20. */
    private static List<RowCitation.Range> ranges(TreeSet<String> cited) {
        List<RowCitation.Range> ranges = new ArrayList<>();
        List<long[]> rows = new ArrayList<>();
        for (String one : cited) {
            int r = one.indexOf('R');
            rows.add(new long[] {
                Long.parseLong(one.substring(1, one.indexOf('S'))),
                Long.parseLong(one.substring(one.indexOf('S') + 1, r)),
                Long.parseLong(one.substring(r + 1))
            });
        }
        rows.sort(java.util.Comparator.<long[]>comparingLong(a -> a[0])
                .thenComparingLong(a -> a[1])
                .thenComparingLong(a -> a[2]));
        for (long[] row : rows) {
            io.tablequery.engine.provenance.SheetRef sheet =
                    new io.tablequery.engine.provenance.SheetRef((int) row[0], (int) row[1]);
            RowCitation.Range last = ranges.isEmpty() ? null : ranges.get(ranges.size() - 1);
            if (last != null && last.sheet().equals(sheet) && last.last() + 1 == row[2]) {
                ranges.set(ranges.size() - 1, new RowCitation.Range(sheet, last.first(), row[2]));
            } else {
                ranges.add(new RowCitation.Range(sheet, row[2], row[2]));
            }
        }
        return ranges.subList(0, Math.min(ranges.size(), RowCitation.DEFAULT_RANGES));
    }

    private static List<List<String>> lineage(String plan, PlanEngine engine) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        skill.exportArrow(new RunSqlRequest(PlanParser.parse(plan), null, null, engine), null, 1000, true, out);
        List<List<String>> rows = new ArrayList<>();
        try (RootAllocator allocator = new RootAllocator();
                ArrowStreamReader reader =
                        new ArrowStreamReader(new ByteArrayInputStream(out.toByteArray()), allocator)) {
            VectorSchemaRoot root = reader.getVectorSchemaRoot();
            assertThat(root.getSchema().getFields().stream().map(field -> field.getName()))
                    .containsExactly("row", "citation", "file", "sheet", "source_row");
            while (reader.loadNextBatch()) {
                for (int r = 0; r < root.getRowCount(); r++) {
                    rows.add(List.of(
                            root.getVector(0).getObject(r).toString(),
                            root.getVector(1).getObject(r).toString()));
                }
            }
        }
        return rows;
    }

    private static List<String> sorted(List<Map<String, String>> rows) {
        return rows.stream()
                .map(row -> new java.util.TreeMap<>(row).toString())
                .sorted()
                .toList();
    }

    private static List<Map<String, String>> run(String plan, PlanEngine engine) {
        ResultTable table = skill.runSql(new RunSqlRequest(PlanParser.parse(plan), 500, null, engine))
                .tables()
                .get(0);
        List<Map<String, String>> rows = new ArrayList<>();
        for (List<String> values : table.rows()) {
            Map<String, String> row = new HashMap<>();
            for (int c = 0; c < values.size(); c++) {
                row.put(table.columns().get(c), values.get(c));
            }
            rows.add(row);
        }
        return rows;
    }

    private static Case generate(int kind, Random random) {
        int t = random.nextInt(40);
        String city = CITIES[random.nextInt(CITIES.length)];
        String cat = CATEGORIES[random.nextInt(CATEGORIES.length)];
        return switch (kind) {
            case 0 ->
                new Case(
                        one(
                                "SELECT city, count(*) AS n, sum(qty) AS q FROM %s WHERE qty > %d GROUP BY city HAVING count(*) >= %d"
                                        .formatted(orders, t, 1 + random.nextInt(5))),
                        row -> orders(o -> qty(o) > t && o.get("city").equals(row.get("city"))));
            case 1 ->
                new Case(
                        one("SELECT DISTINCT cat FROM %s WHERE qty < %d".formatted(orders, t)),
                        row -> orders(o -> qty(o) < t && o.get("cat").equals(row.get("cat"))));
            case 2 ->
                new Case(
                        one("SELECT count(*) AS n, max(qty) AS m FROM %s WHERE cat = '%s' AND qty > %d"
                                .formatted(orders, cat, t)),
                        row -> orders(o -> o.get("cat").equals(cat) && qty(o) > t));
            case 3 ->
                new Case(
                        one(("SELECT o.id, c.region FROM %s AS o JOIN %s AS c ON c.city = o.city WHERE o.qty > %d")
                                .formatted(orders, regions, t)),
                        row -> join(o -> o.get("id").equals(row.get("id")), c -> c.get("region")
                                .equals(row.get("region"))));
            case 4 ->
                new Case(
                        one(("SELECT c.region, sum(o.qty) AS q, count(*) AS n FROM %s o JOIN %s c ON c.city = o.city"
                                        + " WHERE o.qty >= %d GROUP BY c.region")
                                .formatted(orders, regions, t)),
                        row -> join(o -> qty(o) >= t, c -> c.get("region").equals(row.get("region"))));
            case 5 ->
                new Case(
                        plan(
                                step(
                                        1,
                                        "CREATE TEMP TABLE s1 AS SELECT city, sum(qty) AS q FROM %s WHERE qty > %d GROUP BY city"
                                                .formatted(orders, t),
                                        "s1",
                                        "intermediate"),
                                step(
                                        2,
                                        "CREATE TEMP TABLE s2 AS SELECT city, q FROM s1 WHERE q > %d".formatted(t * 5),
                                        "s2",
                                        "final")),
                        row -> orders(o -> qty(o) > t && o.get("city").equals(row.get("city"))));
            case 6 ->
                new Case(
                        plan(
                                step(
                                        1,
                                        "CREATE TEMP TABLE s1 AS SELECT id, cat, qty FROM %s WHERE qty > %d"
                                                .formatted(orders, t),
                                        "s1",
                                        "intermediate"),
                                step(
                                        2,
                                        "CREATE TEMP TABLE s2 AS SELECT cat, count(*) AS n FROM s1 GROUP BY 1",
                                        "s2",
                                        "intermediate"),
                                step(
                                        3,
                                        "CREATE TEMP TABLE s3 AS SELECT cat, n FROM s2 ORDER BY n DESC, cat LIMIT 3",
                                        "s3",
                                        "final")),
                        row -> orders(o -> qty(o) > t && o.get("cat").equals(row.get("cat"))));
            case 7 ->
                new Case(
                        one(
                                "SELECT id, city FROM %s WHERE city IN (SELECT city FROM %s WHERE region = 'Asia') AND qty > %d"
                                        .formatted(orders, regions, t)),
                        row -> orders(o -> o.get("id").equals(row.get("id"))));
            case 8 ->
                new Case(
                        one(("SELECT c.city, c.region, o.id FROM %s c LEFT JOIN %s o ON o.city = c.city AND o.qty > %d"
                                        + " AND o.cat = '%s'")
                                .formatted(regions, orders, t + 5, cat)),
                        row -> {
                            TreeSet<String> cited = regions(c -> c.get("city").equals(row.get("city"))
                                    && c.get("region").equals(row.get("region")));
                            cited.addAll(orders(o -> o.get("id").equals(row.get("id"))));
                            return cited;
                        });
            case 9 ->
                new Case(
                        plan(
                                step(
                                        1,
                                        ("CREATE TEMP TABLE s1 AS SELECT cat, city, count(*) AS n FROM %s GROUP BY cat, city")
                                                .formatted(orders),
                                        "s1",
                                        "intermediate"),
                                step(
                                        2,
                                        ("CREATE TEMP TABLE s2 AS SELECT s1.cat, s1.city, s1.n, c.region FROM s1 JOIN %s c ON c.city ="
                                                        + " s1.city WHERE s1.cat = '%s'")
                                                .formatted(regions, cat),
                                        "s2",
                                        "final")),
                        row -> join(
                                o -> o.get("cat").equals(cat) && o.get("city").equals(row.get("city")),
                                c -> c.get("region").equals(row.get("region"))));
            case 10 ->
                random.nextBoolean()
                        ? new Case(
                                one("SELECT max(qty) AS m FROM %s WHERE qty > 1000".formatted(orders)),
                                row -> new TreeSet<>())
                        : new Case(
                                one("SELECT count(*) AS n FROM %s WHERE id %% 2 = %d".formatted(orders, t % 2)),
                                row -> orders(o -> Integer.parseInt(o.get("id")) % 2 == t % 2));
            case 12 ->
                new Case(
                        one(
                                ("WITH big AS (SELECT id, city, qty FROM %s WHERE qty > %d) SELECT city, count(*) AS n FROM big"
                                                + " GROUP BY city")
                                        .formatted(orders, t)),
                        row -> orders(o -> qty(o) > t && o.get("city").equals(row.get("city"))));
            case 13 ->
                new Case(
                        one(
                                ("SELECT s.city, r.region, s.q FROM (SELECT city, sum(qty) AS q FROM %s WHERE cat = '%s' GROUP BY"
                                                + " city) AS s JOIN %s r ON r.city = s.city")
                                        .formatted(orders, cat, regions)),
                        row -> join(
                                o -> o.get("cat").equals(cat) && o.get("city").equals(row.get("city")),
                                c -> c.get("region").equals(row.get("region"))));
            case 14 ->
                new Case(
                        one(
                                ("WITH f AS (SELECT city, cat, qty FROM %s WHERE qty > %d), g AS (SELECT cat, count(*) AS n FROM f"
                                                + " GROUP BY cat) SELECT cat, n FROM g WHERE n > 1")
                                        .formatted(orders, t)),
                        row -> orders(o -> qty(o) > t && o.get("cat").equals(row.get("cat"))));
            case 15 ->
                new Case(
                        one(
                                ("SELECT id, city FROM %s WHERE qty > %d UNION ALL SELECT NULL, city FROM %s WHERE region = 'Asia'")
                                        .formatted(orders, t, regions)),
                        row -> row.get("id") == null
                                ? regions(c -> c.get("city").equals(row.get("city"))
                                        && c.get("region").equals("Asia"))
                                : orders(o -> o.get("id").equals(row.get("id"))));
            case 16 ->
                new Case(
                        one(
                                ("SELECT 'big' AS k, count(*) AS n FROM %1$s WHERE qty > %2$d UNION ALL SELECT 'small', count(*)"
                                                + " FROM %1$s WHERE qty <= %2$d UNION ALL SELECT region, count(*) FROM %3$s GROUP BY"
                                                + " region")
                                        .formatted(orders, t, regions)),
                        row -> switch (row.get("k")) {
                            case "big" -> orders(o -> qty(o) > t);
                            case "small" -> orders(o -> qty(o) <= t);
                            default -> regions(c -> c.get("region").equals(row.get("k")));
                        });
            case 17 ->
                new Case(
                        one(
                                ("SELECT n, count(*) AS cities FROM (SELECT c.city, count(o.id) AS n FROM %s c LEFT JOIN %s o"
                                                + " ON o.city = c.city AND o.qty > %d GROUP BY c.city) AS per GROUP BY n")
                                        .formatted(regions, orders, t)),
                        row -> {
                            Set<String> cities = REGIONS.values().stream()
                                    .map(c -> c.get("city"))
                                    .filter(c -> joinedOrders(c, t) == Long.parseLong(row.get("n")))
                                    .collect(Collectors.toSet());
                            TreeSet<String> cited = regions(c -> cities.contains(c.get("city")));
                            cited.addAll(orders(o -> cities.contains(o.get("city")) && qty(o) > t));
                            return cited;
                        });
            case 18 ->
                new Case(
                        one(("SELECT o.cat, c.region, o.qty %% 3 AS m, count(*) AS n FROM %s o JOIN %s c ON c.city ="
                                        + " o.city WHERE o.qty > %d GROUP BY o.cat, c.region, o.qty %% 3")
                                .formatted(orders, regions, t)),
                        row -> join(
                                o -> qty(o) > t
                                        && o.get("cat").equals(row.get("cat"))
                                        && qty(o) % 3 == Integer.parseInt(row.get("m")),
                                c -> c.get("region").equals(row.get("region"))));
            case 19 ->
                new Case(
                        one(("SELECT a.cat, count(*) AS n FROM %1$s a JOIN %1$s b ON b.city = a.city AND b.qty > a.qty"
                                        + " WHERE a.qty > %2$d GROUP BY a.cat")
                                .formatted(orders, t)),
                        row -> {
                            TreeSet<String> cited = new TreeSet<>();
                            ORDERS.forEach((ra, a) -> ORDERS.forEach((rb, b) -> {
                                if (qty(a) > t
                                        && a.get("cat").equals(row.get("cat"))
                                        && b.get("city").equals(a.get("city"))
                                        && qty(b) > qty(a)) {
                                    cited.add(ordersSheet + "R" + ra);
                                    cited.add(ordersSheet + "R" + rb);
                                }
                            }));
                            return cited;
                        });
            case 20 ->
                new Case(
                        one(("SELECT o.cat, count(*) AS n FROM %s c LEFT JOIN %s o ON o.city = c.city AND o.qty > %d"
                                        + " GROUP BY o.cat")
                                .formatted(regions, orders, t + 15)),
                        row -> blank(row.get("cat"))
                                ? regions(c -> orders(o -> o.get("city").equals(c.get("city")) && qty(o) > t + 15)
                                        .isEmpty())
                                : join(o -> o.get("cat").equals(row.get("cat")) && qty(o) > t + 15, c -> true));
            case 21 -> {
                String groups = "SELECT tag, count(*) AS n, sum(qty) AS q FROM %s WHERE qty > %d GROUP BY tag"
                        .formatted(orders, t);
                yield new Case(
                        random.nextBoolean()
                                ? one(groups)
                                : plan(
                                        step(1, "CREATE TEMP TABLE s1 AS " + groups, "s1", "intermediate"),
                                        step(
                                                2,
                                                "CREATE TEMP TABLE s2 AS SELECT tag, n FROM s1 WHERE n > 1",
                                                "s2",
                                                "final")),
                        row -> orders(
                                o -> qty(o) > t && o.get("tag").equals(blank(row.get("tag")) ? "" : row.get("tag"))));
            }
            case 22 -> {
                List<String> parisIds = ORDERS.values().stream()
                        .filter(o -> o.get("city").equals("Paris"))
                        .map(o -> o.get("id"))
                        .toList();
                String id = random.nextBoolean()
                        ? parisIds.get(random.nextInt(parisIds.size()))
                        : Integer.toString(1 + random.nextInt(90));
                // Paris has two regions rows: a group of one order joins both, so only the order is one row.
                yield random.nextBoolean()
                        ? new Case(
                                one(("SELECT o.id, count(*) AS n FROM %s o JOIN %s c ON c.city = o.city"
                                                + " WHERE o.qty > %d GROUP BY o.id")
                                        .formatted(orders, regions, t)),
                                row -> join(o -> qty(o) > t && o.get("id").equals(row.get("id")), c -> true))
                        : new Case(
                                one(("SELECT o.cat, count(*) AS n FROM %s o JOIN %s c ON c.city = o.city"
                                                + " WHERE o.id = %s GROUP BY o.cat")
                                        .formatted(orders, regions, id)),
                                row -> join(o -> o.get("id").equals(id), c -> true));
            }
            default ->
                new Case(
                        one(
                                "SELECT city AS place, count(*) AS n FROM %s WHERE cat <> '%s' GROUP BY place ORDER BY n DESC"
                                        .formatted(orders, cat)),
                        row -> orders(
                                o -> !o.get("cat").equals(cat) && o.get("city").equals(row.get("place"))));
        };
    }

    private static String one(String select) {
        return plan(step(1, "CREATE TEMP TABLE s1 AS " + select, "s1", "final"));
    }

    /** Whether an answer's value is NULL (a blank cell), which the answer shows as nothing. */
    private static boolean blank(String value) {
        return value == null || value.isEmpty();
    }

    private static int qty(Map<String, String> order) {
        return Integer.parseInt(order.get("qty"));
    }

    private static TreeSet<String> orders(Predicate<Map<String, String>> keep) {
        return cite(ORDERS, ordersSheet, keep);
    }

    private static TreeSet<String> regions(Predicate<Map<String, String>> keep) {
        return cite(REGIONS, regionsSheet, keep);
    }

    private static TreeSet<String> cite(
            Map<Integer, Map<String, String>> sheet, String prefix, Predicate<Map<String, String>> keep) {
        return sheet.entrySet().stream()
                .filter(entry -> keep.test(entry.getValue()))
                .map(entry -> prefix + "R" + entry.getKey())
                .collect(Collectors.toCollection(TreeSet::new));
    }

    /** How many orders of more than {@code t} the regions rows of a city join: the count of a LEFT JOIN's orders. */
    private static long joinedOrders(String city, int t) {
        long regionRows = REGIONS.values().stream()
                .filter(c -> c.get("city").equals(city))
                .count();
        return regionRows
                * orders(o -> o.get("city").equals(city) && qty(o) > t).size();
    }

    /** The rows of the joined pairs of orders and regions (on city) that pass both conditions. */
    private static TreeSet<String> join(Predicate<Map<String, String>> order, Predicate<Map<String, String>> region) {
        TreeSet<String> cited = new TreeSet<>();
        for (Map.Entry<Integer, Map<String, String>> o : ORDERS.entrySet()) {
            for (Map.Entry<Integer, Map<String, String>> c : REGIONS.entrySet()) {
                if (o.getValue().get("city").equals(c.getValue().get("city"))
                        && order.test(o.getValue())
                        && region.test(c.getValue())) {
                    cited.add(ordersSheet + "R" + o.getKey());
                    cited.add(regionsSheet + "R" + c.getKey());
                }
            }
        }
        return cited;
    }
}

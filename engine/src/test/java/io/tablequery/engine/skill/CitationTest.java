package io.tablequery.engine.skill;

import static io.tablequery.engine.testing.Plans.plan;
import static io.tablequery.engine.testing.Plans.step;
import static org.assertj.core.api.Assertions.assertThat;

import io.tablequery.engine.catalog.TableInfo;
import io.tablequery.engine.exec.RunSqlResult;
import io.tablequery.engine.plan.PlanParser;
import io.tablequery.engine.result.ResultTable;
import io.tablequery.engine.workspace.Workspace;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.poi.hssf.usermodel.HSSFWorkbook;
import org.apache.poi.ss.usermodel.Cell;
import org.apache.poi.ss.usermodel.CellType;
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
 * Runs many generated plans over generated workbooks and checks every citation against the original file, read
 * with POI's own workbook model: a cited row must hold the values returned for it.
 */
class CitationTest {
    private static final List<String> COLUMNS = List.of("id", "name", "city", "qty", "price", "note");
    private static final String[] NAMES = {
        "Acme, Inc.", "Ünal \"Bau\"", "上海贸易", "Smith & Co", "O'Brien", "Café Olé", "東京商事", "plain", "x,y\nz"
    };
    private static final String[] CITIES = {"Paris", "上海", "Berlin", "São Paulo", "Tokyo", "New York"};
    private static final Pattern ROW_CITATION = Pattern.compile("F(\\d+)S(\\d+)R(\\d+)");

    @TempDir
    static Path dir;

    static Workspace workspace;
    static TableQuerySkill skill;
    static final Map<String, Map<String, String>> ORIGINAL = new HashMap<>();
    static final Map<Integer, Path> FILES = new HashMap<>();

    @BeforeAll
    static void setUp() throws IOException {
        workspace = Workspace.open(dir.resolve("ws"));
        skill = new TableQuerySkill(workspace, SkillSettings.DEFAULTS);
        Random random = new Random(20261130);
        Path first = write(dir.resolve("inventory.xlsx"), new XSSFWorkbook(), random);
        Path second = write(dir.resolve("legacy.xls"), new HSSFWorkbook(), random);
        FILES.put(workspace.ingest(first).file().number(), first);
        FILES.put(workspace.ingest(second).file().number(), second);
    }

    @AfterAll
    static void tearDown() {
        workspace.close();
    }

    /** Two sheets: one with a title, a blank row and blank rows among the data; one plain. */
    private static Path write(Path file, Workbook workbook, Random random) throws IOException {
        try (workbook) {
            Sheet report = workbook.createSheet("Report");
            report.createRow(0).createCell(0).setCellValue("Inventory report, all sites");
            fill(report, 2, 70, true, random);
            fill(workbook.createSheet("Plain"), 0, 40, false, random);
            try (OutputStream out = Files.newOutputStream(file)) {
                workbook.write(out);
            }
        }
        return file;
    }

    private static void fill(Sheet sheet, int headerRow, int rows, boolean gaps, Random random) {
        Row header = sheet.createRow(headerRow);
        for (int c = 0; c < COLUMNS.size(); c++) {
            header.createCell(c).setCellValue(COLUMNS.get(c));
        }
        int at = headerRow + 1;
        for (int i = 0; i < rows; i++) {
            if (gaps && random.nextInt(8) == 0) {
                at++;
            }
            Row row = sheet.createRow(at++);
            row.createCell(0).setCellValue(i + 1);
            row.createCell(1).setCellValue(NAMES[random.nextInt(NAMES.length)]);
            row.createCell(2).setCellValue(CITIES[random.nextInt(CITIES.length)]);
            row.createCell(3).setCellValue(random.nextInt(100));
            row.createCell(4).setCellValue(random.nextInt(100_000) / 100.0);
            if (random.nextInt(3) > 0) {
                row.createCell(5).setCellValue("note " + random.nextInt(1000));
            }
        }
    }

    @Test
    void everyCitedRowHoldsItsValues() throws IOException {
        Random random = new Random(7);
        List<TableInfo> tables = workspace.catalog().tables();
        assertThat(tables).hasSize(4);
        int checkedRows = 0;
        for (int i = 0; i < 300; i++) {
            TableInfo table = tables.get(random.nextInt(tables.size()));
            List<String> selected = pickColumns(random);
            String plan = random.nextBoolean() ? oneStep(table, selected, random) : twoSteps(table, selected, random);
            RunSqlResult result =
                    skill.runSql(new RunSqlRequest(PlanParser.parse(plan), 2000, null, PlanEngine.SQLITE));
            ResultTable answer = result.tables().get(0);
            assertThat(answer.columns()).last().isEqualTo("__src");
            for (List<String> row : answer.rows()) {
                checkRow(answer.columns(), row, plan);
                checkedRows++;
            }
        }
        assertThat(checkedRows).isGreaterThan(2000);
    }

    @Test
    void aggregatesOverJoinsCiteTheRowsOfBothSheets() {
        String plan = plan(step(
                1,
                "CREATE TEMP TABLE \"s1\" AS SELECT r.\"city\", count(*) AS n FROM"
                        + " \"inventory_report\" r JOIN \"legacy_plain\" p ON p.\"city\" = r.\"city\" GROUP BY r.\"city\"",
                "s1",
                "final"));
        ResultTable answer = skill.runSql(new RunSqlRequest(PlanParser.parse(plan), null, null, PlanEngine.SQLITE))
                .tables()
                .get(0);
        assertThat(answer.rows()).isNotEmpty().allSatisfy(row -> assertThat(row.get(row.size() - 1))
                .matches("F1S1R\\d[-R\\d,]*;F2S2R\\d[-R\\d,]*(;\\.\\.\\.\\+[\\d,]+ rows?)?"));
    }

    private static List<String> pickColumns(Random random) {
        if (random.nextInt(5) == 0) {
            return COLUMNS;
        }
        List<String> picked = new ArrayList<>();
        for (String column : COLUMNS) {
            if (random.nextBoolean()) {
                picked.add(column);
            }
        }
        return picked.isEmpty() ? List.of("name") : picked;
    }

    private static String oneStep(TableInfo table, List<String> columns, Random random) {
        return plan(step(1, select("s1", table.name(), columns, random), "s1", "final"));
    }

    private static String twoSteps(TableInfo table, List<String> columns, Random random) {
        String first =
                "CREATE TEMP TABLE \"s1\" AS SELECT * FROM " + quote(table.name()) + " t WHERE t." + predicate(random);
        return plan(step(1, first, "s1", "intermediate"), step(2, select("s2", "s1", columns, random), "s2", "final"));
    }

    private static String select(String destine, String from, List<String> columns, Random random) {
        StringBuilder sql = new StringBuilder("CREATE TEMP TABLE " + quote(destine) + " AS SELECT ");
        sql.append(
                columns == COLUMNS
                        ? "*"
                        : String.join(
                                ", ", columns.stream().map(CitationTest::quote).toList()));
        sql.append(" FROM ").append(quote(from));
        if (random.nextBoolean()) {
            sql.append(" AS x");
        }
        sql.append(" WHERE ").append(predicate(random));
        sql.append(" ORDER BY ").append(quote(COLUMNS.get(random.nextInt(COLUMNS.size()))));
        sql.append(random.nextBoolean() ? " DESC" : " ASC");
        if (random.nextBoolean()) {
            sql.append(" LIMIT ").append(1 + random.nextInt(30));
        }
        return sql.toString();
    }

    private static String predicate(Random random) {
        return switch (random.nextInt(5)) {
            case 0 -> "\"qty\" > " + random.nextInt(100);
            case 1 -> "\"city\" = '" + CITIES[random.nextInt(CITIES.length)] + "'";
            case 2 -> "\"name\" LIKE '%" + "aeo上東".charAt(random.nextInt(5)) + "%'";
            case 3 -> "\"note\" IS NULL";
            default -> "\"price\" BETWEEN " + random.nextInt(500) + " AND " + (500 + random.nextInt(500));
        };
    }

    private static void checkRow(List<String> columns, List<String> row, String plan) throws IOException {
        String citation = row.get(row.size() - 1);
        Matcher matcher = ROW_CITATION.matcher(citation);
        assertThat(matcher.matches()).as("row citation of %s in %s", row, plan).isTrue();
        Map<String, String> original = original(
                Integer.parseInt(matcher.group(1)),
                Integer.parseInt(matcher.group(2)),
                Integer.parseInt(matcher.group(3)));
        for (int c = 0; c < columns.size() - 1; c++) {
            String expected = original.get(columns.get(c));
            String actual = row.get(c);
            if (expected == null || actual == null) {
                assertThat(actual)
                        .as("%s of %s in %s", columns.get(c), citation, plan)
                        .isEqualTo(expected);
            } else if (columns.get(c).equals("qty")
                    || columns.get(c).equals("price")
                    || columns.get(c).equals("id")) {
                assertThat(Double.parseDouble(actual))
                        .as("%s of %s", columns.get(c), citation)
                        .isEqualTo(Double.parseDouble(expected));
            } else {
                assertThat(actual)
                        .as("%s of %s in %s", columns.get(c), citation, plan)
                        .isEqualTo(expected);
            }
        }
    }

    /** The cells of one row of the original file, by header name, read with POI's workbook model. */
    private static Map<String, String> original(int file, int sheet, int row) throws IOException {
        String key = file + ":" + sheet + ":" + row;
        Map<String, String> cached = ORIGINAL.get(key);
        if (cached != null) {
            return cached;
        }
        try (Workbook workbook = WorkbookFactory.create(FILES.get(file).toFile(), null, true)) {
            Sheet data = workbook.getSheetAt(sheet - 1);
            int headerRow = data.getRow(0).getCell(0).getStringCellValue().equals("id") ? 0 : 2;
            Row cells = data.getRow(row - 1);
            assertThat(cells)
                    .as("row %d of sheet %d of F%d exists", row, sheet, file)
                    .isNotNull();
            Map<String, String> values = new HashMap<>();
            for (int c = 0; c < COLUMNS.size(); c++) {
                String name = data.getRow(headerRow).getCell(c).getStringCellValue();
                Cell cell = cells.getCell(c);
                values.put(
                        name,
                        cell == null
                                ? null
                                : cell.getCellType() == CellType.NUMERIC
                                        ? Double.toString(cell.getNumericCellValue())
                                        : cell.getStringCellValue());
            }
            ORIGINAL.put(key, values);
            return values;
        }
    }

    static String quote(String name) {
        return '"' + name + '"';
    }
}

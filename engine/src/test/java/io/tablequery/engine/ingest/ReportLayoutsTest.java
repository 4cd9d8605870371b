package io.tablequery.engine.ingest;

import static io.tablequery.engine.testing.Rows.row;
import static io.tablequery.engine.testing.Workbooks.r;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.tablequery.engine.browse.PagePosition;
import io.tablequery.engine.browse.PagePosition.Anchor;
import io.tablequery.engine.browse.TablePage;
import io.tablequery.engine.browse.TablePager;
import io.tablequery.engine.catalog.ColumnInfo;
import io.tablequery.engine.catalog.ColumnType;
import io.tablequery.engine.catalog.TableInfo;
import io.tablequery.engine.ingest.report.SheetReport;
import io.tablequery.engine.ingest.values.CoercionKind;
import io.tablequery.engine.plan.PlanParser;
import io.tablequery.engine.skill.PlanEngine;
import io.tablequery.engine.skill.RunSqlRequest;
import io.tablequery.engine.skill.SkillSettings;
import io.tablequery.engine.skill.TableQuerySkill;
import io.tablequery.engine.testing.Plans;
import io.tablequery.engine.testing.Rows;
import io.tablequery.engine.testing.TableReader;
import io.tablequery.engine.testing.Workbooks;
import io.tablequery.engine.workspace.IngestResult;
import io.tablequery.engine.workspace.Workspace;
import io.tablequery.engine.workspace.WorkspaceExport;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.poi.ss.usermodel.Cell;
import org.apache.poi.ss.usermodel.CellStyle;
import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.ss.usermodel.Sheet;
import org.apache.poi.xssf.usermodel.XSSFWorkbook;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Report workbooks read as a person reads them: a label row under a two-row header names the row-header columns, a
 * column that only names the header rows is not a column, group labels written once are filled down (and counted),
 * and the crosstab of numbers gets a long form beside it.
 */
class ReportLayoutsTest {
    @TempDir
    Path dir;

    /** tidyxl's titanic.xlsx, cell for cell. */
    static List<Object[]> titanic() {
        return List.of(
                r(null, null, "Age", "Child", null, "Adult"),
                r(null, null, "Survived", "No", "Yes", "No", "Yes"),
                r("Class", "Sex"),
                r("1st", "Male", null, 0, 5, 118, 57),
                r(null, "Female", null, 0, 1, 4, 140),
                r("2nd", "Male", null, 0, 11, 154, 14),
                r(null, "Female", null, 0, 13, 13, 80),
                r("3rd", "Male", null, 35, 13, 387, 75),
                r(null, "Female", null, 17, 14, 89, 76),
                r("Crew", "Male", null, 0, 0, 670, 192),
                r(null, "Female", null, 0, 0, 3, 20));
    }

    @Test
    void aLabelRowNamesTheRowHeadersAndGroupLabelsAreFilledDown() throws Exception {
        Path file = Workbooks.write(dir.resolve("titanic.xlsx"), titanic());
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            IngestResult result = workspace.ingest(file);
            TableInfo table = workspace.catalog().table("titanic_sheet1").orElseThrow();
            assertThat(table.columns())
                    .extracting(ColumnInfo::name)
                    .containsExactly("Class", "Sex", "Child_No", "Child_Yes", "Adult_No", "Adult_Yes");
            assertThat(Rows.normalizeAll(TableReader.sqlite(workspace, "titanic_sheet1")))
                    .containsExactly(
                            row(4, "1st", "Male", 0, 5, 118, 57),
                            row(5, "1st", "Female", 0, 1, 4, 140),
                            row(6, "2nd", "Male", 0, 11, 154, 14),
                            row(7, "2nd", "Female", 0, 13, 13, 80),
                            row(8, "3rd", "Male", 35, 13, 387, 75),
                            row(9, "3rd", "Female", 17, 14, 89, 76),
                            row(10, "Crew", "Male", 0, 0, 670, 192),
                            row(11, "Crew", "Female", 0, 0, 3, 20));
            SheetReport report = result.report().sheets().get(0);
            assertThat(report.headerRows()).containsExactly(1L, 2L, 3L);
            assertThat(report.notes())
                    .contains(
                            "row 3 labels the row-header columns below it: Class, Sex",
                            "column C names the header rows (Age, Survived) and holds no data; it is not a column of"
                                    + " the table",
                            "group labels written once and left blank below are filled down in column A");
            assertThat(report.coercions())
                    .filteredOn(c -> c.kind() == CoercionKind.GROUP_LABEL_FILLED)
                    .singleElement()
                    .satisfies(c -> {
                        assertThat(c.column()).isEqualTo("Class");
                        assertThat(c.count()).isEqualTo(4);
                    });
            assertThat(table.description())
                    .contains("Its numbers are a crosstab of Age (Child, Adult) by Survived (No, Yes): each of the"
                            + " columns Child_No, Child_Yes, Adult_No, Adult_Yes holds one combination");
        }
    }

    /**
     * The crosstab's long form: one row per row and column of numbers, the header rows' labels as columns, so that a
     * total by them is one GROUP BY, each row citing the sheet row its number is in, alike on both engines.
     */
    @Test
    void aCrosstabGetsALongFormBesideItThatTotalsByItsLabels() throws Exception {
        Path file = Workbooks.write(dir.resolve("titanic.xlsx"), titanic());
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            IngestResult result = workspace.ingest(file);
            TableInfo wide = workspace.catalog().table("titanic_sheet1").orElseThrow();
            TableInfo longForm =
                    workspace.catalog().table("titanic_sheet1__long").orElseThrow();
            assertThat(longForm.columns())
                    .extracting(ColumnInfo::name, ColumnInfo::type, ColumnInfo::source)
                    .containsExactly(
                            tuple("Class", ColumnType.TEXT, "A"),
                            tuple("Sex", ColumnType.TEXT, "B"),
                            tuple("Age", ColumnType.TEXT, "D:G"),
                            tuple("Survived", ColumnType.TEXT, "D:G"),
                            tuple("value", ColumnType.INTEGER, "D:G"));
            assertThat(longForm.rowCount()).isEqualTo(32);
            assertThat(longForm.totalsOf()).isNull();
            List<List<Object>> rows = Rows.normalizeAll(TableReader.sqlite(workspace, "titanic_sheet1__long"));
            assertThat(rows)
                    .hasSize(32)
                    .as("rowids number four rows to a sheet row: the sheet row times four plus the column")
                    .startsWith(
                            row(16, "1st", "Male", "Child", "No", 0),
                            row(17, "1st", "Male", "Child", "Yes", 5),
                            row(18, "1st", "Male", "Adult", "No", 118),
                            row(19, "1st", "Male", "Adult", "Yes", 57),
                            row(20, "1st", "Female", "Child", "No", 0))
                    .endsWith(row(47, "Crew", "Female", "Adult", "Yes", 20));
            assertThat(longForm.rowStride()).isEqualTo(4);
            TablePage at = TablePager.page(workspace, "titanic_sheet1__long", new PagePosition(Anchor.AT, 5), 3);
            assertThat(at.rows())
                    .as("a page of a long form holds whole sheet rows")
                    .extracting(TablePage.PageRow::row, TablePage.PageRow::citation)
                    .containsExactly(
                            tuple(5L, "F1S1R5"), tuple(5L, "F1S1R5"), tuple(5L, "F1S1R5"), tuple(5L, "F1S1R5"));
            assertThat(at.hasBefore()).isTrue();
            assertThat(TablePager.page(workspace, "titanic_sheet1__long", new PagePosition(Anchor.AFTER, 5), 4)
                            .rows())
                    .extracting(TablePage.PageRow::row)
                    .containsExactly(6L, 6L, 6L, 6L);
            TablePage before =
                    TablePager.page(workspace, "titanic_sheet1__long", new PagePosition(Anchor.BEFORE, 5), 1);
            assertThat(before.rows()).extracting(TablePage.PageRow::row).containsExactly(4L, 4L, 4L, 4L);
            assertThat(before.hasBefore()).isFalse();
            assertThat(before.hasAfter()).isTrue();
            WorkspaceExport export = workspace.export(dir.resolve("export"));
            String parquet = export.tables().stream()
                    .filter(t -> t.name().equals("titanic_sheet1__long"))
                    .findFirst()
                    .orElseThrow()
                    .parquet();
            try (Connection duckDb = DriverManager.getConnection("jdbc:duckdb:")) {
                assertThat(TableReader.rows(
                                duckDb,
                                "SELECT \"Age\", \"Survived\", value, __src FROM read_parquet('%s') LIMIT 5"
                                        .formatted(dir.resolve("export").resolve(parquet))))
                        .as("the export cites the sheet row of each long row")
                        .containsExactly(
                                List.of("Child", "No", 0L, "F1S1R4"),
                                List.of("Child", "Yes", 5L, "F1S1R4"),
                                List.of("Adult", "No", 118L, "F1S1R4"),
                                List.of("Adult", "Yes", 57L, "F1S1R4"),
                                List.of("Child", "No", 0L, "F1S1R5"));
            }
            assertThat(Rows.normalizeAll(TableReader.duckDbSqliteView(workspace, "titanic_sheet1__long")))
                    .containsExactlyElementsOf(rows);
            assertThat(wide.description())
                    .contains("Its long form 'titanic_sheet1__long' holds one row per row and combination, the labels"
                            + " in Age, Survived");
            assertThat(longForm.description())
                    .startsWith("The long form of the crosstab of table 'titanic_sheet1', one row for each of its rows"
                            + " and columns of numbers, the header rows' labels in Age, Survived and the number in"
                            + " value: Sheet 'Sheet1'");
            assertThat(result.report().sheets())
                    .extracting(SheetReport::table, SheetReport::role)
                    .containsExactly(tuple("titanic_sheet1", "data"), tuple("titanic_sheet1__long", "long"));
            Path csv = dir.resolve("titanic.csv");
            Files.writeString(
                    csv,
                    ",,Age,Child,,Adult,\n,,Survived,No,Yes,No,Yes\nClass,Sex,,,,,\n1st,Male,,0,5,118,57\n"
                            + ",Female,,0,1,4,140\n2nd,Male,,0,11,154,14\n,Female,,0,13,13,80\n");
            IngestResult fromCsv = workspace.ingest(csv);
            assertThat(workspace.catalog().table("titanic__long").orElseThrow().rowCount())
                    .isEqualTo(16);
            assertThat(fromCsv.report().records())
                    .as("the long form's rows are no records of the file")
                    .satisfies(ledger -> {
                        assertThat(ledger.rows()).isEqualTo(4);
                        assertThat(ledger.inNoTable()).isZero();
                    });

            TableQuerySkill skill = new TableQuerySkill(workspace, SkillSettings.DEFAULTS);
            String byLabels = "SELECT \"Age\", \"Survived\", SUM(value) AS people FROM titanic_sheet1__long"
                    + " GROUP BY 1, 2 ORDER BY 1, 2";
            String byColumns = "SELECT SUM(\"Adult_No\"), SUM(\"Adult_Yes\"), SUM(\"Child_No\"),"
                    + " SUM(\"Child_Yes\") FROM titanic_sheet1";
            assertThat(csv(skill, PlanEngine.SQLITE, byColumns)).contains("1438,654,52,57");
            for (PlanEngine engine : List.of(PlanEngine.SQLITE, PlanEngine.DUCKDB)) {
                assertThat(csv(skill, engine, byLabels))
                        .as(engine.toString())
                        .contains("Adult,No,1438,", "Adult,Yes,654,", "Child,No,52,", "Child,Yes,57,");
            }
            String oneRow = "SELECT value FROM titanic_sheet1__long WHERE \"Class\" = '3rd' AND \"Sex\" = 'Female'"
                    + " AND \"Age\" = 'Child' AND \"Survived\" = 'No'";
            for (PlanEngine engine : List.of(PlanEngine.SQLITE, PlanEngine.DUCKDB)) {
                assertThat(csv(skill, engine, oneRow)).as(engine.toString()).contains("17,F1S1R9");
            }
        }
    }

    /**
     * Groups of a large long form cite their sheet rows, alike on both engines, when the citation lists them and when it
     * summarizes them: rowids four to a sheet row never reach a citation.
     */
    @Test
    void aLargeLongFormCitesItsSheetRowsOnBothEngines() throws Exception {
        List<Object[]> cells = new ArrayList<>(List.of(
                r(null, null, "Year", "FY24", null, "FY25", null),
                r(null, null, "Half", "H1", "H2", "H1", "H2"),
                r("Region", "City")));
        for (int i = 0; i < 3000; i++) {
            cells.add(r("R" + i % 7, "C" + i, null, i % 10, i % 11, i % 13, i % 17));
        }
        Path file = Workbooks.write(dir.resolve("regions.xlsx"), cells);
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            workspace.ingest(file);
            TableQuerySkill skill = new TableQuerySkill(workspace, SkillSettings.DEFAULTS);
            String all = "SELECT \"Year\", \"Half\", SUM(value) AS total FROM regions_sheet1__long GROUP BY 1, 2"
                    + " ORDER BY 1, 2";
            String region = "SELECT \"Year\", SUM(value) AS total FROM regions_sheet1__long WHERE \"Region\" = 'R3'"
                    + " GROUP BY 1 ORDER BY 1";
            for (String sql : List.of(all, region)) {
                String sqlite = csv(skill, PlanEngine.SQLITE, sql);
                assertThat(csv(skill, PlanEngine.DUCKDB, sql)).as(sql).isEqualTo(sqlite);
            }
            String[] throughAStep = {
                "SELECT * FROM regions_sheet1__long WHERE \"Region\" = 'R3'",
                "SELECT \"Year\", SUM(value) AS total FROM step1 GROUP BY 1 ORDER BY 1"
            };
            String throughASubquery = "SELECT \"Year\", SUM(value) AS total FROM (SELECT \"Year\", value FROM"
                    + " regions_sheet1__long WHERE \"Region\" = 'R3') AS r GROUP BY 1 ORDER BY 1";
            String expected = csv(skill, PlanEngine.SQLITE, region);
            for (PlanEngine engine : List.of(PlanEngine.SQLITE, PlanEngine.DUCKDB)) {
                assertThat(csv(skill, engine, throughAStep))
                        .as("a step's rows keep that they share R-numbers, on %s", engine)
                        .isEqualTo(expected);
                assertThat(csv(skill, engine, throughASubquery))
                        .as("a subquery's rows keep that they share R-numbers, on %s", engine)
                        .isEqualTo(expected);
            }
            assertThat(csv(skill, PlanEngine.SQLITE, all)).contains("FY24,H1,13500,F1S1R4-R3003");
            assertThat(csv(skill, PlanEngine.SQLITE, region))
                    .as("R3 is in every seventh row from row 7, 429 rows each cited once")
                    .contains("FY24,4074,\"F1S1R7,R14,R21,R28,", ";...+409 rows\"");
        }
    }

    /**
     * A header row of measures over columns of different types (units, money) makes a column of each in the long
     * form, so that no column adds units to money; measures of one type stay in the value column beside their label.
     * Citations alike on both engines.
     */
    @Test
    void measuresOfDifferentTypesBecomeColumnsOfTheLongForm() throws Exception {
        List<Object[]> cells = new ArrayList<>(List.of(
                r("Region", "City", "Units", null, "Revenue", null), r(null, null, "Jan", "Feb", "Jan", "Feb")));
        for (int i = 0; i < 40; i++) {
            cells.add(r("R" + i % 3, "C" + i, i, 2 * i, i + 0.5, i + 0.25));
        }
        Path file = Workbooks.write(dir.resolve("shops.xlsx"), cells);
        List<Object[]> same = new ArrayList<>(
                List.of(r("Region", "City", "Revenue", null, "Cost", null), r(null, null, "Jan", "Feb", "Jan", "Feb")));
        for (int i = 0; i < 40; i++) {
            same.add(r("R" + i % 3, "C" + i, i + 0.5, i + 0.75, i + 0.25, i + 0.125));
        }
        Path money = Workbooks.write(dir.resolve("money.xlsx"), same);
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            workspace.ingest(file);
            workspace.ingest(money);
            TableInfo longForm = workspace.catalog().table("shops_sheet1__long").orElseThrow();
            assertThat(longForm.columns())
                    .extracting(ColumnInfo::name, ColumnInfo::type)
                    .containsExactly(
                            tuple("Region", ColumnType.TEXT),
                            tuple("City", ColumnType.TEXT),
                            tuple("header_2", ColumnType.TEXT),
                            tuple("Units", ColumnType.INTEGER),
                            tuple("Revenue", ColumnType.REAL));
            assertThat(longForm.rowStride()).isEqualTo(2);
            assertThat(longForm.description())
                    .contains("with a column for each measure (Units, Revenue)")
                    .contains("the labels in header_2");
            assertThat(workspace.catalog().table("shops_sheet1").orElseThrow().description())
                    .contains("a column for each measure (Units, Revenue)");
            assertThat(Rows.normalizeAll(TableReader.sqlite(workspace, "shops_sheet1__long")))
                    .hasSize(80)
                    .startsWith(row(6, "R0", "C0", "Jan", 0, 0.5), row(7, "R0", "C0", "Feb", 0, 0.25))
                    .endsWith(row(85, "R0", "C39", "Feb", 78, 39.25));
            assertThat(workspace
                            .catalog()
                            .table("money_sheet1__long")
                            .orElseThrow()
                            .columns())
                    .as("two measures of money are not told from a dimension: one value, the labels beside it")
                    .extracting(ColumnInfo::name)
                    .containsExactly("Region", "City", "header_1", "header_2", "value");
            TableQuerySkill skill = new TableQuerySkill(workspace, SkillSettings.DEFAULTS);
            String byMonth = "SELECT header_2, SUM(\"Units\") AS units, SUM(\"Revenue\") AS revenue FROM"
                    + " shops_sheet1__long WHERE \"Region\" = 'R1' GROUP BY 1 ORDER BY 1";
            String sqlite = csv(skill, PlanEngine.SQLITE, byMonth);
            assertThat(sqlite).contains("Feb,494,250.25,\"F1S1R4,R7,R10,");
            assertThat(csv(skill, PlanEngine.DUCKDB, byMonth)).isEqualTo(sqlite);
            String one = "SELECT \"City\", header_2, \"Units\" FROM shops_sheet1__long WHERE \"City\" = 'C7'";
            assertThat(csv(skill, PlanEngine.SQLITE, one))
                    .as("each long row cites its sheet row")
                    .contains("C7,Jan,7,F1S1R10")
                    .contains("C7,Feb,14,F1S1R10");
        }
    }

    /** A crosstab whose numbers are not all numbers has no long form; its description says nothing of one. */
    @Test
    void aCrosstabWithTextAmongItsNumbersHasNoLongForm() throws Exception {
        List<Object[]> cells = new ArrayList<>(titanic());
        cells.set(4, r(null, "Female", null, 0, 1, "n/a", 140));
        cells.set(6, r(null, "Female", null, 0, 13, "unknown", 80));
        cells.set(8, r(null, "Female", null, 17, 14, "unknown", 76));
        Path file = Workbooks.write(dir.resolve("titanic.xlsx"), cells);
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            workspace.ingest(file);
            assertThat(workspace.catalog().table("titanic_sheet1__long")).isEmpty();
            assertThat(workspace.catalog().table("titanic_sheet1").orElseThrow().description())
                    .doesNotContain("long form");
        }
    }

    private static String csv(TableQuerySkill skill, PlanEngine engine, String... queries) {
        return skill.runSql(new RunSqlRequest(PlanParser.parse(Plans.chain(queries)), 100, null, engine))
                .tables()
                .get(0)
                .csv();
    }

    @Test
    void aBlankLabelIsFilledOnlyUnderAGroupWrittenOnceAndOnlyInLeadingLabelColumns() throws Exception {
        Path file = Workbooks.write(
                dir.resolve("regions.xlsx"),
                List.of(
                        r("Region", "City", "Units", "Note"),
                        r("North", "Oslo", 1, "a"),
                        r(null, "Bergen", 2, null),
                        r("South", "Rome", 3, null),
                        r(null, "Naples", 4, "b"),
                        r(null, null, 5, null)));
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            workspace.ingest(file);
            assertThat(Rows.normalizeAll(TableReader.sqlite(workspace, "regions_sheet1")))
                    .containsExactly(
                            row(2, "North", "Oslo", 1, "a"),
                            row(3, "North", "Bergen", 2, null),
                            row(4, "South", "Rome", 3, null),
                            row(5, "South", "Naples", 4, "b"),
                            row(6, null, null, 5, null));
        }
    }

    @Test
    void aLabelColumnWithARepeatedLabelOrABlankFirstCellIsNotFilled() throws Exception {
        Path repeated = Workbooks.write(
                dir.resolve("repeated.xlsx"),
                List.of(
                        r("Team", "Player", "Goals"),
                        r("Red", "Ann", 1),
                        r(null, "Bo", 2),
                        r("Red", "Cy", 3),
                        r(null, "Di", 4)));
        Path centred = Workbooks.write(
                dir.resolve("centred.xlsx"),
                List.of(
                        r("Faculty", "Subject", "Students"),
                        r(null, "Classics", 3),
                        r("Humanities", "History", 8),
                        r(null, "Literature", 1),
                        r("Performance", "Dance", 4)));
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            workspace.ingest(repeated);
            workspace.ingest(centred);
            assertThat(Rows.normalizeAll(TableReader.sqlite(workspace, "repeated_sheet1")))
                    .extracting(r -> r.get(1))
                    .containsExactly("Red", null, "Red", null);
            assertThat(Rows.normalizeAll(TableReader.sqlite(workspace, "centred_sheet1")))
                    .extracting(r -> r.get(1))
                    .containsExactly(null, "Humanities", null, "Performance");
        }
    }

    @Test
    void aHeaderRepeatedOverEachGroupIsLeftOutAndTheGroupLabelFilledDown() throws Exception {
        Path file = Workbooks.write(
                dir.resolve("terms.xlsx"),
                List.of(
                        r(null, null, "Term 1", "Term 2"),
                        r("Classics", "Ann", 1, 8),
                        r(null, "Bo", 3, 1),
                        r(null, null, "Term 1", "Term 2"),
                        r("History", "Ann", 4, 7),
                        r(null, "Bo", 3, 5)));
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            IngestResult result = workspace.ingest(file);
            assertThat(workspace.catalog().table("terms_sheet1").orElseThrow().columns())
                    .extracting(ColumnInfo::name, ColumnInfo::type)
                    .containsExactly(
                            tuple("col_A", ColumnType.TEXT),
                            tuple("col_B", ColumnType.TEXT),
                            tuple("Term 1", ColumnType.INTEGER),
                            tuple("Term 2", ColumnType.INTEGER));
            assertThat(Rows.normalizeAll(TableReader.sqlite(workspace, "terms_sheet1")))
                    .containsExactly(
                            row(2, "Classics", "Ann", 1, 8),
                            row(3, "Classics", "Bo", 3, 1),
                            row(5, "History", "Ann", 4, 7),
                            row(6, "History", "Bo", 3, 5));
            assertThat(result.report().sheets().get(0).notes()).contains("row 4 repeats the header; left out");
        }
    }

    /** Shapes of the corpora's enron-constants.xlsx and optional_records.xls that look like report layouts and are not. */
    @Test
    void lookalikesAreLeftAsWritten() throws Exception {
        Path codes = Workbooks.write(
                dir.resolve("codes.xlsx"),
                List.of(
                        r("Code", "Staff", "Jan", "Feb"),
                        r("EXEC", "Executive", 1, 2),
                        r("DIR", "Director", 3, 4),
                        r("MGR", "Manager", 5, 6),
                        r(null, "Subtotal employees", 9, 12),
                        r("CONT", "Contractors", 1, 1),
                        r(null, "Total headcount", 10, 13)));
        Path section = Workbooks.write(
                dir.resolve("section.xlsx"),
                Arrays.asList(
                        r(null, "Jan", "Feb"), r("2002 Assumptions"), null, r("Executive", 1, 2), r("Director", 3, 4)));
        Path wrapped = Workbooks.write(
                dir.resolve("wrapped.xlsx"),
                List.of(
                        r("Deal", "Origination", "Number of"),
                        r(null, "Amount", "Originated Deals"),
                        r("A", 100, 2),
                        r("B", 200, 3)));
        Path subtotal = Workbooks.write(
                dir.resolve("subtotal.xlsx"),
                List.of(
                        r("Region", "City", "Units"),
                        r("North", "Oslo", 1),
                        r(null, "Bergen", 2),
                        r(null, "Subtotal", 3),
                        r("South", "Rome", 4),
                        r(null, "Naples", 5)));
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            workspace.ingest(codes);
            workspace.ingest(section);
            workspace.ingest(wrapped);
            workspace.ingest(subtotal);
            assertThat(Rows.normalizeAll(TableReader.sqlite(workspace, "codes_sheet1")))
                    .extracting(row -> row.get(1))
                    .containsExactly("EXEC", "DIR", "MGR", "CONT");
            assertThat(Rows.normalizeAll(TableReader.sqlite(workspace, "codes_sheet1__totals")))
                    .containsExactly(
                            row(5, null, "Subtotal employees", 9, 12), row(7, null, "Total headcount", 10, 13));
            assertThat(workspace.catalog().table("section_sheet1").orElseThrow().columns())
                    .extracting(ColumnInfo::name)
                    .containsExactly("col_A", "Jan", "Feb");
            assertThat(workspace.catalog().table("wrapped_sheet1").orElseThrow().description())
                    .doesNotContain("crosstab");
            assertThat(Rows.normalizeAll(TableReader.sqlite(workspace, "subtotal_sheet1")))
                    .extracting(row -> row.get(1))
                    .containsExactly("North", "North", "South", "South");
            assertThat(Rows.normalizeAll(TableReader.sqlite(workspace, "subtotal_sheet1__totals")))
                    .containsExactly(row(4, null, "Subtotal", 3));
        }
    }

    @Test
    void elapsedTimesAreNumbersOfSecondsThatAdd() throws Exception {
        Path file = dir.resolve("laps.xlsx");
        try (XSSFWorkbook workbook = new XSSFWorkbook()) {
            Sheet sheet = workbook.createSheet("Laps");
            CellStyle elapsed = workbook.createCellStyle();
            elapsed.setDataFormat(workbook.createDataFormat().getFormat("[h]:mm:ss"));
            sheet.createRow(0).createCell(0).setCellValue("Runner");
            sheet.getRow(0).createCell(1).setCellValue("Time");
            double[] days = {29629 / 24.0 + (36 * 60 + 28.8) / 86400.0, 1.5, 1 / 24.0};
            String[] names = {"Ann", "Bo", "Cy"};
            for (int i = 0; i < days.length; i++) {
                Row row = sheet.createRow(i + 1);
                row.createCell(0).setCellValue(names[i]);
                Cell cell = row.createCell(1);
                cell.setCellValue(days[i]);
                cell.setCellStyle(elapsed);
            }
            try (OutputStream out = Files.newOutputStream(file)) {
                workbook.write(out);
            }
        }
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            IngestResult result = workspace.ingest(file);
            assertThat(workspace.catalog().table("laps_laps").orElseThrow().columns())
                    .extracting(ColumnInfo::type)
                    .containsExactly(ColumnType.TEXT, ColumnType.REAL);
            assertThat(Rows.normalizeAll(TableReader.sqlite(workspace, "laps_laps")))
                    .containsExactly(row(2, "Ann", 106_666_588.8), row(3, "Bo", 129_600.0), row(4, "Cy", 3_600.0));
            assertThat(result.report().sheets().get(0).coercions())
                    .filteredOn(c -> c.kind() == CoercionKind.ELAPSED_TIME_TO_SECONDS)
                    .singleElement()
                    .satisfies(c -> {
                        assertThat(c.count()).isEqualTo(3);
                        assertThat(c.examples().get(0).original()).isEqualTo("29629:36:28.800");
                        assertThat(c.examples().get(0).stored()).isEqualTo("106666588.8");
                    });
        }
    }
}

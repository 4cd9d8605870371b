package io.tablequery.engine.ingest;

import static io.tablequery.engine.testing.Rows.row;
import static org.assertj.core.api.Assertions.assertThat;

import io.tablequery.dialects.testing.Corpora;
import io.tablequery.dialects.testing.CorpusSuite;
import io.tablequery.engine.catalog.ColumnInfo;
import io.tablequery.engine.catalog.TableInfo;
import io.tablequery.engine.ingest.report.SheetReport;
import io.tablequery.engine.testing.Rows;
import io.tablequery.engine.testing.TableReader;
import io.tablequery.engine.workspace.IngestResult;
import io.tablequery.engine.workspace.Workspace;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The layout set's measure on real report workbooks of the corpora (tidyxl's titanic, unpivotr's worked examples,
 * purpose and Harry Potter workbooks: pivots, group labels written once, small multiples, headers within the data),
 * each sheet with the tables a person sees in it written out by hand. Recall and precision at EoB-2 and the column
 * names of matched tables go to {@code target/report-workbooks-report.md}; the test fails when they fall below what
 * this version reaches.
 */
@CorpusSuite
class ReportWorkbooksTest {
    private static final double MIN_RECALL = 0.75;
    private static final double MIN_PRECISION = 0.80;
    private static final int MIN_NAMES_RIGHT = 16;
    private static final String TIDYXL = "spreadsheets/misc/tidyxl/inst/extdata/";
    private static final String UNPIVOTR = "spreadsheets/misc/unpivotr/inst/extdata/";

    @TempDir
    Path dir;

    /**
     * A sheet of a corpus workbook and the tables a person sees in it.
     *
     * @param file the workbook, relative to the corpora
     * @param sheet the sheet's name
     * @param tables the tables, as in {@link LayoutSetTest}
     */
    record Case(String file, String sheet, List<LayoutSetTest.Expected> tables) {}

    @Test
    void tableDetectionOverTheCorporaReportWorkbooks() throws IOException {
        List<Case> cases = cases();
        Map<String, IngestResult> results = new LinkedHashMap<>();
        LayoutScore score = new LayoutScore();
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            for (Case c : cases) {
                IngestResult result = results.computeIfAbsent(c.file(), f -> workspace.ingest(Corpora.resolve(f)));
                List<SheetReport> tables = result.report().sheets().stream()
                        .filter(s -> s.name().equals(c.sheet())
                                && s.table() != null
                                && (s.role() == null || "data".equals(s.role())))
                        .toList();
                String name = c.file().substring(c.file().lastIndexOf('/') + 1) + " '" + c.sheet() + "'";
                score.score(name, c.tables(), tables, result);
            }
        }
        StringBuilder report = new StringBuilder("# Report workbooks of the corpora: table detection\n\n");
        report.append("Sheets: %d; expected tables: %d; found tables: %d.%n%n"
                .formatted(cases.size(), score.expected, score.found));
        report.append("| measure | value |\n|---|---|\n");
        report.append(score.measures());
        report.append("\n## Misses\n\n");
        score.misses.forEach(m -> report.append("- ").append(m).append('\n'));
        report.append("\n## Columns of the matched tables\n\n");
        score.columns.forEach(c -> report.append("- ").append(c).append('\n'));
        LayoutScore.write("report-workbooks-report.md", report);
        assertThat(score.recall()).as(report.toString()).isGreaterThanOrEqualTo(MIN_RECALL);
        assertThat(score.precision()).as(report.toString()).isGreaterThanOrEqualTo(MIN_PRECISION);
        assertThat(score.namesRight).as(report.toString()).isGreaterThanOrEqualTo(MIN_NAMES_RIGHT);
    }

    /** titanic.xlsx as a person reads it: the class on every row of its group, the label row naming the columns. */
    @Test
    void titanicReadsAsAPersonReadsIt() {
        try (Workspace workspace = Workspace.open(dir.resolve("titanic"))) {
            workspace.ingest(Corpora.resolve(TIDYXL + "titanic.xlsx"));
            TableInfo table = workspace.catalog().table("titanic_sheet1").orElseThrow();
            assertThat(table.columns())
                    .extracting(ColumnInfo::name)
                    .containsExactly("Class", "Sex", "Child_No", "Child_Yes", "Adult_No", "Adult_Yes");
            assertThat(Rows.normalizeAll(TableReader.sqlite(workspace, "titanic_sheet1")))
                    .contains(row(5, "1st", "Female", 0, 1, 4, 140), row(11, "Crew", "Female", 0, 0, 3, 20))
                    .hasSize(8);
        }
    }

    private static List<Case> cases() {
        String purpose = UNPIVOTR + "purpose.xlsx";
        String worked = UNPIVOTR + "worked-examples.xlsx";
        String potter = UNPIVOTR + "harry-potter.xlsx";
        List<String> sexValue = List.of("Sex", "Value");
        List<String> nameScoreGrade = List.of("Name", "Score", "Grade");
        List<String> terms = List.of("col_B", "Term 1", "Term 2", "Term 3");
        return List.of(
                new Case(
                        TIDYXL + "titanic.xlsx",
                        "Sheet1",
                        List.of(t("A1:G11", "Class", "Sex", "Child_No", "Child_Yes", "Adult_No", "Adult_Yes"))),
                new Case(potter, "tidy", List.of(t("A1:D9", "Pupil", "Year", "Subject", "Mark"))),
                new Case(potter, "untidy", List.of(t("A1:C7"))),
                new Case(potter, "pivoted", List.of(t("A1:E8"))),
                new Case(purpose, "Tidy", List.of(t("A1:F80"))),
                new Case(
                        purpose,
                        "Pivot",
                        List.of(t(
                                "A3:H15",
                                "Sex",
                                "Highest qualification",
                                "0 - 6_15 - 24",
                                "0 - 6_25 - 44",
                                "0 - 6_45 - 64",
                                "7 - 10_15 - 24",
                                "7 - 10_25 - 44",
                                "7 - 10_45 - 64"))),
                new Case(
                        purpose,
                        "up-left left-up",
                        List.of(t(
                                "B2:G23",
                                "col_B",
                                "col_C",
                                "Female_0 - 6",
                                "Female_7 - 10",
                                "Male_0 - 6",
                                "Male_7 - 10"))),
                new Case(purpose, "up-right left-down", List.of(t("B2:G23"))),
                new Case(purpose, "right-down down-right", List.of(t("D4:I25"))),
                new Case(purpose, "right-up down-left", List.of(t("D4:I25"))),
                new Case(purpose, "up-ish left-ish", List.of(t("B2:I13"))),
                new Case(purpose, "right-ish down-ish", List.of(t("D4:K15"))),
                new Case(purpose, "up-ish left-ish border", List.of(t("B2:I13"))),
                new Case(purpose, "right-ish down-ish border", List.of(t("D4:K15"))),
                new Case(
                        purpose,
                        "Small multiples",
                        List.of(
                                t("A2:B4", sexValue),
                                t("D2:E4", sexValue),
                                t("A7:B9", sexValue),
                                t("D7:E9", sexValue),
                                t("A12:B14", sexValue))),
                new Case(worked, "clean", List.of(t("A1:B4", "Name", "Age"))),
                new Case(worked, "notes", List.of(t("B3:C5", "Name", "Age"))),
                new Case(
                        worked,
                        "pivot-annotations",
                        List.of(t("B2:G7", "col_B", "col_C", "Matilda", "Olivia", "Nicholas", "Paul"))),
                new Case(worked, "pivot-centre-aligned", List.of(t("B2:J11"))),
                new Case(worked, "pivot-notes", List.of(t("B2:G7"))),
                new Case(worked, "pivot-hierarchy", List.of(t("B2:D8", "col_B", "Matilda", "Nicholas"))),
                new Case(
                        worked,
                        "pivot-repeated-headers",
                        List.of(t("B2:F21", "col_B", "col_C", "Term 1", "Term 2", "Term 3"))),
                new Case(
                        worked,
                        "pivot-header-within-data",
                        List.of(t("B3:E7", terms), t("B9:E13", terms), t("B15:E19", terms), t("B21:E25", terms))),
                new Case(
                        worked,
                        "small-multiples",
                        List.of(
                                t("A2:C4", nameScoreGrade),
                                t("E2:G4", nameScoreGrade),
                                t("A7:C9", nameScoreGrade),
                                t("E7:G9", nameScoreGrade))),
                new Case(worked, "implied-multiples", List.of(t("A1:I4"))),
                new Case(worked, "humanities", List.of(t("A1:C3", "col_A", "Matilda", "Nicholas"))));
    }

    private static LayoutSetTest.Expected t(String range, String... columns) {
        return new LayoutSetTest.Expected(range, columns.length == 0 ? null : List.of(columns));
    }

    private static LayoutSetTest.Expected t(String range, List<String> columns) {
        return new LayoutSetTest.Expected(range, columns);
    }
}

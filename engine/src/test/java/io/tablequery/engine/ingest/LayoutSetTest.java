package io.tablequery.engine.ingest;

import static io.tablequery.engine.testing.Workbooks.r;
import static org.assertj.core.api.Assertions.assertThat;

import io.tablequery.engine.ingest.report.SheetReport;
import io.tablequery.engine.testing.Workbooks;
import io.tablequery.engine.workspace.IngestResult;
import io.tablequery.engine.workspace.Workspace;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Forty-odd workbooks laid out as people lay them out (stacked blocks, side-by-side blocks, multi-row headers with
 * merged cells, crosstabs, forms, totals and subtotals, notes under the table), each with the tables a person would
 * see written out by hand. It measures table detection as TableSense does: a found table matches an expected one
 * when no edge of its range is more than two rows or columns off (EoB-2). It also measures the column names of the
 * matched tables, the total rows moved out, and the layout warnings. The numbers go to {@code
 * target/layout-set-report.md}; the test fails when they fall below what this version reaches.
 */
class LayoutSetTest {
    private static final double MIN_RECALL = 0.95;
    private static final double MIN_PRECISION = 0.95;

    @TempDir
    Path dir;

    /**
     * A table a person sees in the sheet.
     *
     * @param range its cells, header and totals included, as {@code A1:C9}
     * @param columns its column names, or null to leave them unchecked
     */
    record Expected(String range, List<String> columns) {}

    /**
     * One workbook of the set.
     *
     * @param name what it stands for
     * @param rows its rows (null for a blank row)
     * @param merges its merged regions
     * @param tables the tables in it
     * @param totalRows the rows that are totals of the rows above them
     * @param flagged whether its layout should be flagged as maybe not a table
     */
    record Case(
            String name,
            List<Object[]> rows,
            List<String> merges,
            List<Expected> tables,
            Set<Long> totalRows,
            boolean flagged) {}

    /** A found table's range, as the report gives it. */
    record Range(long top, long bottom, int left, int right) {
        static Range parse(String text) {
            String[] ends = text.split(":");
            CellAddress a = CellAddress.parse(ends[0]);
            CellAddress b = CellAddress.parse(ends[1]);
            return new Range(a.row(), b.row(), a.column(), b.column());
        }

        long boundaryError(Range other) {
            return Math.max(
                    Math.max(Math.abs(top - other.top), Math.abs(bottom - other.bottom)),
                    Math.max(Math.abs(left - other.left), Math.abs(right - other.right)));
        }
    }

    @Test
    void tableDetectionOverTheLayoutSet() throws IOException {
        List<Case> cases = cases();
        assertThat(cases).hasSizeGreaterThanOrEqualTo(40);
        LayoutScore score = new LayoutScore();
        int totalsExpected = 0;
        int totalsFound = 0;
        int totalsRight = 0;
        int flagRight = 0;
        List<String> misses = score.misses;
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            int n = 0;
            for (Case c : cases) {
                Path file = Workbooks.write(
                        dir.resolve("case%02d.xlsx".formatted(++n)),
                        Map.of("Sheet1", new Workbooks.SheetRows(c.rows(), c.merges())));
                IngestResult result = workspace.ingest(file);
                List<SheetReport> tables = result.report().sheets().stream()
                        .filter(s -> s.table() != null && (s.role() == null || "data".equals(s.role())))
                        .toList();
                score.score(c.name(), c.tables(), tables, result);
                Set<Long> moved = new HashSet<>();
                tables.forEach(t -> moved.addAll(t.movedTotalRows()));
                totalsExpected += c.totalRows().size();
                totalsFound += moved.size();
                Set<Long> right = new HashSet<>(moved);
                right.retainAll(c.totalRows());
                totalsRight += right.size();
                if (!moved.equals(c.totalRows())) {
                    misses.add("%s: total rows %s moved, expected %s".formatted(c.name(), moved, c.totalRows()));
                }
                boolean flagged =
                        tables.stream().anyMatch(t -> !t.layoutWarnings().isEmpty());
                if (flagged == c.flagged()) {
                    flagRight++;
                } else {
                    misses.add("%s: flagged %s, expected %s".formatted(c.name(), flagged, c.flagged()));
                }
            }
        }
        StringBuilder report = new StringBuilder("# Layout set: table detection\n\n");
        report.append("Workbooks: %d; expected tables: %d; found tables: %d.%n%n"
                .formatted(cases.size(), score.expected, score.found));
        report.append("| measure | value |\n|---|---|\n");
        report.append(score.measures());
        report.append("| total rows moved: right / found / expected | %d / %d / %d |%n"
                .formatted(totalsRight, totalsFound, totalsExpected));
        report.append("| layout flag right, of workbooks | %d of %d |%n".formatted(flagRight, cases.size()));
        report.append("\n## Misses\n\n");
        misses.forEach(m -> report.append("- ").append(m).append('\n'));
        LayoutScore.write("layout-set-report.md", report);
        assertThat(score.recall()).as(report.toString()).isGreaterThanOrEqualTo(MIN_RECALL);
        assertThat(score.precision()).as(report.toString()).isGreaterThanOrEqualTo(MIN_PRECISION);
        assertThat(totalsRight).as(report.toString()).isEqualTo(totalsFound);
        assertThat(score.namesRight).as(report.toString()).isEqualTo(score.namesChecked);
    }

    static Range rangeOf(SheetReport table, IngestResult result) {
        long top = table.headerRows().isEmpty()
                ? table.firstDataRow()
                : table.headerRows().get(0);
        long bottom = table.lastDataRow() == null ? top : table.lastDataRow();
        for (long moved : table.movedTotalRows()) {
            bottom = Math.max(bottom, moved);
        }
        List<Integer> columns = result.tables().stream()
                .filter(t -> t.name().equals(table.table()))
                .flatMap(t -> t.columns().stream())
                .map(column -> CellAddress.parseColumn(column.source()))
                .toList();
        int left = columns.stream().mapToInt(Integer::intValue).min().orElse(0);
        int right = columns.stream().mapToInt(Integer::intValue).max().orElse(0);
        return new Range(top, bottom, left, right);
    }

    private static Expected t(String range, String... columns) {
        return new Expected(range, columns.length == 0 ? null : List.of(columns));
    }

    private static Case c(String name, List<Object[]> rows, List<Expected> tables) {
        return new Case(name, rows, List.of(), tables, Set.of(), false);
    }

    private static List<Object[]> rows(Object[]... rows) {
        return Arrays.asList(rows);
    }

    private static List<Object[]> concat(List<Object[]> a, List<Object[]> b) {
        List<Object[]> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    private static List<Object[]> data(int n, IntFunction<Object[]> row) {
        List<Object[]> rows = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            rows.add(row.apply(i));
        }
        return rows;
    }

    private static Object[] shift(int columns, Object[] row) {
        if (row == null) {
            return null;
        }
        Object[] out = new Object[columns + row.length];
        System.arraycopy(row, 0, out, columns, row.length);
        return out;
    }

    private static List<Object[]> shifted(int columns, List<Object[]> rows) {
        return rows.stream().map(row -> shift(columns, row)).toList();
    }

    private static List<Object[]> blanks(int n) {
        return Arrays.asList(new Object[n][]);
    }

    private static List<Case> cases() {
        List<Case> cases = new ArrayList<>();
        List<Object[]> sales =
                concat(rows(r("Region", "Units", "Revenue")), data(6, i -> r("R" + i, 10 + i, 100.5 + i)));
        cases.add(c("plain table", sales, List.of(t("A1:C7", "Region", "Units", "Revenue"))));
        cases.add(c(
                "title, blank row, table",
                concat(rows(r("Sales by region 2025"), null), sales),
                List.of(t("A3:C9", "Region", "Units", "Revenue"))));
        cases.add(new Case(
                "title merged across the table",
                concat(rows(r("Sales by region 2025")), sales),
                List.of("A1:C1"),
                List.of(t("A2:C8", "Region", "Units", "Revenue")),
                Set.of(),
                false));
        cases.add(new Case(
                "two-row header with merged group labels",
                concat(
                        rows(r("Region", "Q1", null, "Q2", null), r(null, "Units", "Revenue", "Units", "Revenue")),
                        data(5, i -> r("R" + i, i, i * 1.5, i + 1, i * 2.5))),
                List.of("A1:A2", "B1:C1", "D1:E1"),
                List.of(t("A1:E7", "Region", "Q1_Units", "Q1_Revenue", "Q2_Units", "Q2_Revenue")),
                Set.of(),
                false));
        cases.add(new Case(
                "repeated header told apart by group labels in the row above it",
                concat(
                        rows(r(null, "North", null, "South", null), r("Hour", "Volume", "Price", "Volume", "Price")),
                        data(5, i -> r(i, i * 10, i * 1.5, i * 20, i * 2.5))),
                List.of(),
                List.of(t("A2:E7", "Hour", "North_Volume", "North_Price", "South_Volume", "South_Price")),
                Set.of(),
                false));
        cases.add(new Case(
                "repeated header under one title keeps its numbered names",
                concat(
                        rows(r("Prices by hour"), r("Hour", "Volume", "Price", "Volume", "Price")),
                        data(5, i -> r(i, i * 10, i * 1.5, i * 20, i * 2.5))),
                List.of(),
                List.of(t("A2:E7", "Hour", "Volume", "Price", "Volume_2", "Price_2")),
                Set.of(),
                false));
        cases.add(new Case(
                "total row that adds up",
                concat(sales, rows(r("Total", 75, 618.0))),
                List.of(),
                List.of(t("A1:C8", "Region", "Units", "Revenue")),
                Set.of(8L),
                false));
        cases.add(new Case(
                "subtotals and a grand total",
                rows(
                        r("Region", "Product", "Units"),
                        r("North", "a", 1),
                        r("North", "b", 2),
                        r("North Total", null, 3),
                        r("South", "c", 4),
                        r("South", "d", 5),
                        r("South Total", null, 9),
                        r("Grand Total", null, 12)),
                List.of(),
                List.of(t("A1:C8", "Region", "Product", "Units")),
                Set.of(4L, 7L, 8L),
                false));
        cases.add(c(
                "a total row that does not add up stays",
                concat(sales, rows(r("Total", 999, 1.0))),
                List.of(t("A1:C8", "Region", "Units", "Revenue"))));
        cases.add(c(
                "two stacked tables with titles",
                concat(
                        concat(rows(r("Rail network"), r("Gauge", "Km")), data(3, i -> r("G" + i, 1000 * i + 5))),
                        concat(rows(null, r("Rolling stock"), r("Type", "Units")), data(4, i -> r("T" + i, 50 + i)))),
                List.of(t("A2:B5", "Gauge", "Km"), t("A8:B12", "Type", "Units"))));
        cases.add(c(
                "three stacked tables without titles",
                concat(
                        concat(rows(r("City", "Population")), data(3, i -> r("C" + i, 1000 + i))),
                        concat(
                                concat(rows(null, r("Year", "Rain mm")), data(3, i -> r(2020 + i, 800 + i))),
                                concat(rows(null, r("Month", "Visitors")), data(3, i -> r("M" + i, 70 + i))))),
                List.of(
                        t("A1:B4", "City", "Population"),
                        t("A6:B9", "Year", "Rain mm"),
                        t("A11:B14", "Month", "Visitors"))));
        cases.add(c(
                "stacked tables of the same header, one per year",
                concat(
                        concat(rows(r("2023"), r("Item", "Qty")), data(3, i -> r("I" + i, i + 1))),
                        concat(rows(null, r("2024"), r("Item", "Qty")), data(3, i -> r("I" + i, i + 5)))),
                List.of(t("A2:B5", "Item", "Qty"), t("A8:B11", "Item", "Qty"))));
        cases.add(c(
                "a header repeated after a page break",
                concat(
                        concat(rows(r("Name", "Score")), data(4, i -> r("N" + i, 60 + i))),
                        concat(rows(null, r("Name", "Score")), data(4, i -> r("M" + i, 70 + i)))),
                List.of(t("A1:B10", "Name", "Score"))));
        cases.add(c(
                "notes under the table",
                concat(sales, rows(null, r("Source: regional offices"), r("Figures are provisional"))),
                List.of(t("A1:C7", "Region", "Units", "Revenue"))));
        cases.add(c(
                "a table away from A1",
                concat(blanks(2), shifted(1, sales)),
                List.of(t("B3:D9", "Region", "Units", "Revenue"))));
        cases.add(c(
                "crosstab with labels down the left",
                concat(
                        rows(r("Product", "Jan", "Feb", "Mar", "Apr")),
                        data(5, i -> r("P" + i, i, i + 1, i + 2, i + 3))),
                List.of(t("A1:E6", "Product", "Jan", "Feb", "Mar", "Apr"))));
        cases.add(new Case(
                "crosstab with a total row",
                concat(
                        concat(rows(r("Product", "Jan", "Feb")), data(3, i -> r("P" + i, i + 1, i + 2))),
                        rows(r("Total", 6, 9))),
                List.of(),
                List.of(t("A1:C5", "Product", "Jan", "Feb")),
                Set.of(5L),
                false));
        cases.add(new Case(
                "a form of label/value pairs",
                rows(
                        r("Invoice no", 1234),
                        r("Date", "2024-03-01"),
                        r("Customer", "ACME Ltd"),
                        r("Amount", 99.5),
                        r("Paid", "not yet"),
                        r("Contact", "Jo Smith")),
                List.of(),
                List.of(t("A1:B6")),
                Set.of(),
                true));
        cases.add(c(
                "blank rows inside a table",
                concat(
                        concat(rows(r("Day", "Visits")), data(3, i -> r("D" + i, 10 + i))),
                        concat(rows((Object[]) null), data(3, i -> r("E" + i, 20 + i)))),
                List.of(t("A1:B8", "Day", "Visits"))));
        cases.add(c(
                "group label rows inside the data",
                rows(
                        r("Item", "Qty"),
                        r("Fruit"),
                        r("apple", 3),
                        r("pear", 4),
                        r("Vegetables"),
                        r("leek", 5),
                        r("kale", 6)),
                List.of(t("A1:B7", "Item", "Qty"))));
        cases.add(c(
                "a table of text with a blank row",
                rows(r("Name", "City"), r("Ann", "Oslo"), r("Bob", "Rome"), null, r("Cy", "Pisa"), r("Di", "Bern")),
                List.of(t("A1:B6", "Name", "City"))));
        cases.add(c(
                "a wide table",
                concat(
                        rows(data(1, i -> {
                                    Object[] header = new Object[30];
                                    for (int k = 0; k < 30; k++) {
                                        header[k] = "m" + k;
                                    }
                                    return header;
                                })
                                .get(0)),
                        data(8, i -> {
                            Object[] row = new Object[30];
                            for (int k = 0; k < 30; k++) {
                                row[k] = i * k;
                            }
                            return row;
                        })),
                List.of(t("A1:AD9"))));
        cases.add(c("numbers without a header", data(6, i -> r(i, i * 2, i * 3)), List.of(t("A1:C6"))));
        cases.add(new Case(
                "labels merged down over their rows",
                rows(
                        r("Region", "City", "Units"),
                        r("East", "a", 1),
                        r(null, "b", 2),
                        r("West", "c", 3),
                        r(null, "d", 4)),
                List.of("A2:A3", "A4:A5"),
                List.of(t("A1:C5", "Region", "City", "Units")),
                Set.of(),
                false));
        cases.add(new Case(
                "a Chinese table with 合计",
                rows(r("类别", "数量"), r("办公用品", 3), r("电子产品", 4), r("食品饮料", 2), r("合计", 9)),
                List.of(),
                List.of(t("A1:B5", "类别", "数量")),
                Set.of(5L),
                false));
        cases.add(new Case(
                "a German table with Summe",
                rows(r("Artikel", "Menge"), r("Apfel", 3), r("Birne", 4), r("Summe", 7)),
                List.of(),
                List.of(t("A1:B4", "Artikel", "Menge")),
                Set.of(4L),
                false));
        cases.add(new Case(
                "two title rows, a header, data and a total",
                concat(
                        concat(
                                rows(r("ACME Ltd"), r("Units sold, 2025"), null, r("Shop", "Units")),
                                data(4, i -> r("S" + i, 5 + i))),
                        rows(r("Total", 26))),
                List.of(),
                List.of(t("A4:B9", "Shop", "Units")),
                Set.of(9L),
                false));
        cases.add(new Case(
                "a financial report laid out for print",
                rows(
                        r("ACME Ltd annual report"),
                        null,
                        r("Item", "Note", "FY2023", "FY2024", "Change", "Comment"),
                        r("Revenue", null, null, null, null, null),
                        r(null, null, 100, null, null, null),
                        r("Costs", null, null, null, null, "see note 3"),
                        r(null, null, null, 80, null, null),
                        r("Profit", null, null, null, 20, null),
                        r(null, "audited", null, null, null, null)),
                List.of(),
                List.of(t("A3:F9")),
                Set.of(),
                true));
        cases.add(c(
                "a spacer column inside the table",
                concat(rows(r("Name", null, "Score")), data(4, i -> r("N" + i, null, 50 + i))),
                List.of(t("A1:C5"))));
        cases.add(c(
                "footnote marks in the header",
                concat(rows(r("Country", "GDP¹", "Growth²")), data(4, i -> r("C" + i, 1.5 + i, 0.1 * i))),
                List.of(t("A1:C5", "Country", "GDP¹", "Growth²"))));
        cases.add(c(
                "a long table",
                concat(rows(r("id", "value")), data(500, i -> r(i + 1, i * 0.5))),
                List.of(t("A1:B501", "id", "value"))));
        cases.add(c(
                "stacked tables of different widths",
                concat(
                        concat(rows(r("Summary"), r("Metric", "Value")), data(3, i -> r("m" + i, i + 0.5))),
                        concat(
                                rows(null, r("Detail"), r("Date", "Store", "Units", "Price")),
                                data(4, i -> r("2025-01-0" + (i + 1), "S" + i, i + 1, 9.99)))),
                List.of(t("A2:B5", "Metric", "Value"), t("A8:D12", "Date", "Store", "Units", "Price"))));
        cases.add(c(
                "stacked tables two blank rows apart",
                concat(
                        concat(rows(r("Team", "Wins")), data(3, i -> r("T" + i, i + 3))),
                        concat(
                                concat(blanks(2), rows(r("Players"), r("Player", "Goals"))),
                                data(3, i -> r("P" + i, i)))),
                List.of(t("A1:B4", "Team", "Wins"), t("A8:B11", "Player", "Goals"))));
        cases.add(new Case(
                "Subtotal and Total labels",
                rows(
                        r("Dept", "Cost"),
                        r("a", 10),
                        r("b", 20),
                        r("Subtotal", 30),
                        r("c", 5),
                        r("Subtotal", 5),
                        r("Total", 35)),
                List.of(),
                List.of(t("A1:B7", "Dept", "Cost")),
                Set.of(4L, 6L, 7L),
                false));
        cases.add(c(
                "a total column, not a total row",
                concat(rows(r("Shop", "Q1", "Q2", "Total")), data(4, i -> r("S" + i, i, i + 1, 2 * i + 1))),
                List.of(t("A1:D5", "Shop", "Q1", "Q2", "Total"))));
        cases.add(c(
                "one column of values",
                concat(rows(r("Names")), data(5, i -> r("n" + i))),
                List.of(t("A1:A6", "Names"))));
        cases.add(c(
                "dates and amounts with a note",
                concat(
                        concat(rows(r("Date", "Amount")), data(5, i -> r("2025-02-1" + i, 10.0 + i))),
                        rows(null, r("* amounts in EUR"))),
                List.of(t("A1:B6", "Date", "Amount"))));
        cases.add(c(
                "side-by-side tables",
                concat(
                        rows(r("City", "Pop", null, "Year", "Rain")),
                        data(
                                6,
                                i -> i < 4
                                        ? r("C" + i, 1000 + i, null, 2020 + i, 700 + i)
                                        : r(null, null, null, 2020 + i, 700 + i))),
                List.of(t("A1:B5", "City", "Pop"), t("D1:E7", "Year", "Rain"))));
        cases.add(new Case(
                "a form above a table of lines",
                concat(
                        rows(r("Order", "A-17"), r("Customer", "ACME"), null, r("Line", "Item", "Qty", "Price")),
                        data(4, i -> r(i + 1, "item" + i, i + 2, 4.5))),
                List.of(),
                List.of(t("A4:D8", "Line", "Item", "Qty", "Price")),
                Set.of(),
                false));
        cases.add(c(
                "a table with a blank header cell",
                concat(rows(r("Name", null, "Score")), data(4, i -> r("N" + i, "x" + i, 50 + i))),
                List.of(t("A1:C5", "Name", "col_B", "Score"))));
        cases.add(new Case(
                "totals in a table with text columns",
                concat(
                        rows(r("Order", "Customer", "Amount")),
                        concat(data(4, i -> r("O" + i, "C" + i, 25.25)), rows(r("Total", null, 101.0)))),
                List.of(),
                List.of(t("A1:C6", "Order", "Customer", "Amount")),
                Set.of(6L),
                false));
        cases.add(new Case(
                "percent shares with a total of 100",
                concat(concat(rows(r("Party", "Share")), data(4, i -> r("P" + i, 0.25))), rows(r("Total", 1.0))),
                List.of(),
                List.of(t("A1:B6", "Party", "Share")),
                Set.of(6L),
                false));
        cases.add(c(
                "a title above a crosstab with a blank row",
                concat(
                        rows(r("Visitors per month"), null),
                        concat(rows(r("Site", "Jan", "Feb")), data(3, i -> r("S" + i, i, i)))),
                List.of(t("A3:C6", "Site", "Jan", "Feb"))));
        cases.add(c(
                "a label row under a two-row header names the row headers; a column names the header rows",
                ReportLayoutsTest.titanic(),
                List.of(t("A1:G11", "Class", "Sex", "Child_No", "Child_Yes", "Adult_No", "Adult_Yes"))));
        cases.add(c(
                "group headings in the row-header column are rows, not a label row",
                rows(
                        r(null, "Ann", "Bo"),
                        r("Humanities"),
                        r("Classics", 1, 3),
                        r("History", 3, 5),
                        r("Performance"),
                        r("Music", 5, 9),
                        r("Drama", 7, 12)),
                List.of(t("A1:C7", "col_A", "Ann", "Bo"))));
        cases.add(c(
                "a header repeated over each group without a blank row continues the table",
                concat(
                        concat(
                                rows(r(null, null, "T1", "T2")),
                                data(3, i -> r(i == 0 ? "Classics" : null, "N" + i, i, i))),
                        concat(
                                rows(r(null, null, "T1", "T2")),
                                data(3, i -> r(i == 0 ? "History" : null, "N" + i, i, i)))),
                List.of(t("A1:D8", "col_A", "col_B", "T1", "T2"))));
        cases.add(c(
                "a header repeated under a title without a blank row starts a table",
                concat(
                        concat(rows(r(null, "Classics"), r(null, "T1", "T2")), data(3, i -> r("N" + i, i, i))),
                        concat(rows(r(null, "History"), r(null, "T1", "T2")), data(3, i -> r("N" + i, i, i)))),
                List.of(t("A2:C5", "col_A", "T1", "T2"), t("A7:C10", "col_A", "T1", "T2"))));
        cases.add(new Case(
                "two pivot tables with one header, each closed by its grand total",
                rows(
                        r("Row Labels", "Sum of Value"),
                        r("blue", 75),
                        r("yellow", 40),
                        r("Grand Total", 115),
                        null,
                        r("Row Labels", "Sum of Value"),
                        r("blue", 75),
                        r("yellow", 50),
                        r("Grand Total", 125)),
                List.of(),
                List.of(t("A1:B4", "Row Labels", "Sum of Value"), t("A6:B9", "Row Labels", "Sum of Value")),
                Set.of(4L, 9L),
                false));
        cases.add(c(
                "small multiples: the same header side by side over the same rows",
                rows(
                        r("Classics", null, null, "History"),
                        r("Name", "Score", null, "Name", "Score"),
                        r("Ann", 1, null, "Ann", 3),
                        r("Bo", 2, null, "Bo", 4)),
                List.of(t("A2:B4", "Name", "Score"), t("D2:E4", "Name", "Score"))));
        return cases;
    }
}

package io.tablequery.engine.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablequery.engine.error.EngineException;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TableNamerTest {
    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "Orders 2025.csv|orders_2025",
                "销售数据.csv|销售数据",
                "a--b..c.tsv|a_b_c",
                "ＡＢＣ.csv|abc",
                "tq_catalog_files.csv|t_tq_catalog_files",
                "---.csv|table",
                "Café Menü.csv|café_menü"
            })
    void namesFiles(String fileName, String expected) {
        assertThat(TableNamer.forFile(fileName)).isEqualTo(expected);
    }

    @Test
    void namesSheetsWithTheirFile() {
        assertThat(TableNamer.forSheet("Sales 2025.xlsx", "Q1 (East)")).isEqualTo("sales_2025_q1_east");
        assertThat(TableNamer.forSheet("库存.xlsx", "库存表")).isEqualTo("库存_库存表");
        assertThat(TableNamer.forDatabaseTable("Singer")).isEqualTo("Singer");
        assertThat(TableNamer.forDatabaseTable("sqlite_stat1")).isEqualTo("t_sqlite_stat1");
    }

    @Test
    void capsLengthAfterAWholeWord() {
        assertThat(TableNamer.forFile("x".repeat(200) + ".csv")).hasSize(TableNamer.MAX_CODE_POINTS);
        String board = TableNamer.forFile("Quarterly regional sales summary for the board of directors 2025.csv");
        assertThat(board).isEqualTo("quarterly_regional_sales_summary_for_the");
        assertThat(TableNamer.unique(board, Set.of(board)::contains))
                .as("the suffix fits too")
                .isEqualTo("quarterly_regional_sales_summary_for_2");
        assertThat(TableNamer.withSuffix(board, "__totals")).isEqualTo("quarterly_regional_sales_summary__totals");
        assertThat(TableNamer.forSheet("销售".repeat(30) + ".xlsx", "一月")).isEqualTo("销售".repeat(18) + "销_一月");
        assertThat(TableNamer.forSheet("Fixture sheets different visibilities.xlsx", "Hidden"))
                .as("the sheet's words, which tell a file's tables apart, are kept")
                .isEqualTo("fixture_sheets_different_hidden");
    }

    @Test
    void writesARepeatedRunOfWordsOnce() {
        assertThat(TableNamer.forSheet("Enron report fixed price basis.xlsx", "Fixed price basis fixed price basis"))
                .isEqualTo("enron_report_fixed_price_basis");
        assertThat(TableNamer.forSheet("Sales.xlsx", "Sales"))
                .as("one repeated word is kept: it may be the sheet's own name")
                .isEqualTo("sales_sales");
    }

    @Test
    void makesNamesUniqueIgnoringCase() {
        assertThat(TableNamer.unique("sales", Set.of("sales", "sales_2")::contains))
                .isEqualTo("sales_3");
        assertThat(TableNamer.unique("Sales", Set.of("other")::contains)).isEqualTo("Sales");
    }

    @Test
    void parsesFileReferences() {
        assertThat(FileRefs.parse("F12")).isEqualTo(12);
        assertThat(FileRefs.parse("f3")).isEqualTo(3);
        assertThat(FileRefs.parse(" 7 ")).isEqualTo(7);
        assertThatThrownBy(() -> FileRefs.parse("F0"))
                .isInstanceOf(EngineException.class)
                .hasMessage("'F0' is not a file reference; use the F-number shown by the file list, for example F3");
    }
}

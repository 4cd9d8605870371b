package io.tablequery.engine.ingest.excel;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablequery.dialects.testing.Corpora;
import io.tablequery.dialects.testing.CorpusSuite;
import io.tablequery.engine.catalog.ColumnInfo;
import io.tablequery.engine.catalog.TableInfo;
import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.testing.Rows;
import io.tablequery.engine.testing.TableReader;
import io.tablequery.engine.workspace.IngestResult;
import io.tablequery.engine.workspace.Workspace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every {@code .xlsb} and {@code .ods} of the corpora that has an {@code .xlsx} twin (calamine's and tidyxl's test
 * workbooks, saved in each format) gives the same tables: the same sheets, columns and rows, each value as its twin's.
 */
@CorpusSuite
class TwinWorkbooksTest {
    @TempDir
    Path dir;

    static Stream<String> twins() {
        return Stream.of("spreadsheets/calamine/tests", "spreadsheets/misc/tidyxl/inst/extdata")
                .flatMap(folder -> Corpora.files(folder).stream())
                .filter(file ->
                        file.toString().endsWith(".xlsb") || file.toString().endsWith(".ods"))
                .filter(file -> Files.exists(Path.of(file.toString().replaceAll("\\.(xlsb|ods)$", ".xlsx"))))
                // calamine's date.ods holds other values than its date.xlsx (a date-time and two times): it is
                // checked on its own below.
                .filter(file -> !file.endsWith(Path.of("calamine", "tests", "date.ods")))
                .map(file -> Corpora.root().relativize(file).toString());
    }

    @ParameterizedTest
    @MethodSource("twins")
    void readsAsItsXlsxTwin(String xlsb) throws Exception {
        Path binary = Corpora.resolve(xlsb);
        Path twin = Path.of(binary.toString().replaceAll("\\.(xlsb|ods)$", ".xlsx"));
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            assertThat(outcome(workspace, binary)).isEqualTo(outcome(workspace, twin));
        }
    }

    @Test
    void readsTheDatesTimesAndDurationsOfAnOds() throws Exception {
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            assertThat(outcome(workspace, Corpora.resolve("spreadsheets/calamine/tests/date.ods")))
                    .isEqualTo(Map.of(
                            "Sheet1 #1",
                            List.of(
                                    List.of("col_A", "col_B"),
                                    List.of(1L, "2021-01-01", 15L),
                                    List.of(2L, "2021-01-01 10:10:10", 16L),
                                    List.of(3L, "10:10:10", 17L),
                                    List.of(4L, "10:10:10.123", 18L))));
        }
    }

    /** The file's tables, or the code it was refused with (a password-protected or empty workbook in both formats). */
    private static Object outcome(Workspace workspace, Path file) throws Exception {
        try {
            return tables(workspace, workspace.ingest(file));
        } catch (EngineException e) {
            return e.getErrorCode().name();
        }
    }

    /** Each table's column names and rows, by its sheet's name and its place among the sheet's tables. */
    private static Map<String, List<List<Object>>> tables(Workspace workspace, IngestResult result) throws Exception {
        Map<String, List<List<Object>>> tables = new TreeMap<>();
        for (TableInfo table : result.tables()) {
            List<List<Object>> rows = new ArrayList<>();
            rows.add(new ArrayList<>(
                    table.columns().stream().map(ColumnInfo::name).toList()));
            rows.addAll(Rows.normalizeAll(TableReader.sqlite(workspace, table.name())));
            // tidyxl's examples.xlsx names a sheet without the characters its .xlsb twin keeps at the end of it
            // (£¹÷¦°): the two files differ there, so sheets are matched by the ASCII of their names.
            String sheet = table.sheetName().replaceAll("[^\\x20-\\x7E]", "");
            int place = 1;
            while (tables.containsKey(sheet + " #" + place)) {
                place++;
            }
            tables.put(sheet + " #" + place, rows);
        }
        return tables;
    }
}

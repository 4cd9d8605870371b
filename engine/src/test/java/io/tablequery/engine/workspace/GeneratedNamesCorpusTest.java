package io.tablequery.engine.workspace;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablequery.dialects.testing.Corpora;
import io.tablequery.dialects.testing.CorpusSuite;
import io.tablequery.engine.catalog.TableInfo;
import io.tablequery.engine.catalog.TableNamer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The names every workbook of the corpora gets in one workspace: at most {@link TableNamer#MAX_CODE_POINTS}
 * characters and unique. Before names were cut after a whole word, 69 of the 393 tables of these 210 workbooks had
 * longer names (up to 72 characters, such as {@code enron_report_fixed_price_basis_fixed_price_basis_fixed_price_bas_2}).
 * Prints the longest names made.
 */
@CorpusSuite
class GeneratedNamesCorpusTest {
    @TempDir
    Path dir;

    @Test
    void everyWorkbookOfTheCorporaGetsShortUniqueNames() throws IOException {
        List<Path> workbooks;
        try (Stream<Path> files = Files.walk(Corpora.resolve("spreadsheets"))) {
            workbooks = files.filter(file -> file.getFileName()
                            .toString()
                            .toLowerCase(Locale.ROOT)
                            .matches(".*\\.(xlsx|xlsm|xls)"))
                    .sorted()
                    .toList();
        }
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            for (Path workbook : workbooks) {
                try {
                    workspace.ingest(workbook);
                } catch (RuntimeException e) {
                    // A workbook ingest refuses (corrupt, unsupported) names nothing.
                }
            }
            List<String> names =
                    workspace.catalog().tables().stream().map(TableInfo::name).toList();
            System.out.printf(
                    "%d tables of %d workbooks; the longest names: %s%n",
                    names.size(),
                    workbooks.size(),
                    names.stream()
                            .sorted(Comparator.comparingInt(String::length).reversed())
                            .limit(8)
                            .toList());
            assertThat(names).hasSizeGreaterThan(300);
            assertThat(names).allSatisfy(name -> assertThat(name.codePointCount(0, name.length()))
                    .isLessThanOrEqualTo(40));
            assertThat(names.stream().map(name -> name.toLowerCase(Locale.ROOT)).distinct())
                    .hasSameSizeAs(names);
        }
    }
}

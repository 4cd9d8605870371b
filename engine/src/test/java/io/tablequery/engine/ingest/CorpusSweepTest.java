package io.tablequery.engine.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.tablequery.dialects.testing.Corpora;
import io.tablequery.dialects.testing.CorpusSuite;
import io.tablequery.engine.catalog.ColumnInfo;
import io.tablequery.engine.catalog.TableInfo;
import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.ingest.report.SheetReport;
import io.tablequery.engine.workspace.IngestResult;
import io.tablequery.engine.workspace.Workspace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every file of the shared spreadsheet and CSV corpora either ingests or fails with a clear error that names the
 * file and the cause, within a time bound; a failed upload changes nothing in the workspace.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@CorpusSuite
class CorpusSweepTest {
    private static final Set<String> CLEAR_ERRORS = Set.of(
            "UNSUPPORTED_FORMAT",
            "EMPTY_FILE",
            "CORRUPT_FILE",
            "ENCRYPTED_FILE",
            "ZIP_BOMB",
            "NO_DATA",
            "RECORD_TOO_LARGE",
            "FILE_TOO_COMPLEX");

    private Workspace workspace;
    private int uploads;
    private final List<String> outcomes = new ArrayList<>();

    @BeforeAll
    void open(@TempDir Path directory) {
        workspace = Workspace.open(directory.resolve("corpus"));
    }

    @AfterAll
    void close() throws IOException {
        workspace.close();
        Files.write(Path.of("target", "corpus-sweep.txt"), outcomes);
    }

    Stream<Path> corpusFiles() {
        return Stream.concat(Corpora.files("spreadsheets").stream(), Corpora.files("csv").stream());
    }

    /** No two tables of one sheet hold the same cell: a cell cited by two tables with two values is a wrong citation. */
    private static void assertNoCellInTwoTables(IngestResult result) {
        Map<String, TableInfo> byName = new HashMap<>();
        result.tables().forEach(t -> byName.put(t.name(), t));
        List<SheetReport> tables = result.report().sheets().stream()
                .filter(s -> s.table() != null && s.firstDataRow() != null && s.firstDataRow() > 0)
                // A long form holds its data table's cells with their values, once per column of numbers.
                .filter(s -> !"long".equals(s.role()))
                .toList();
        for (int i = 0; i < tables.size(); i++) {
            for (int j = i + 1; j < tables.size(); j++) {
                SheetReport a = tables.get(i);
                SheetReport b = tables.get(j);
                if (a.sheet() != b.sheet()
                        || a.lastDataRow() < b.firstDataRow()
                        || b.lastDataRow() < a.firstDataRow()) {
                    continue;
                }
                Set<Long> rows = rowsOf(a);
                rows.retainAll(rowsOf(b));
                Set<String> shared = new HashSet<>(sources(byName.get(a.table())));
                shared.retainAll(sources(byName.get(b.table())));
                assertThat(rows.isEmpty() || shared.isEmpty())
                        .as("rows %s, columns %s in both %s and %s", rows, shared, a.table(), b.table())
                        .isTrue();
            }
        }
    }

    /**
     * A table's rows: a totals table's are listed; a data table's are its header rows and its range but for the totals
     * moved out.
     */
    private static Set<Long> rowsOf(SheetReport table) {
        if ("totals".equals(table.role())) {
            return new HashSet<>(table.movedTotalRows());
        }
        Set<Long> rows = LongStream.rangeClosed(table.firstDataRow(), table.lastDataRow())
                .boxed()
                .collect(Collectors.toCollection(HashSet::new));
        table.movedTotalRows().forEach(rows::remove);
        rows.addAll(table.headerRows());
        return rows;
    }

    private static Set<String> sources(TableInfo table) {
        return table.columns().stream().map(ColumnInfo::source).collect(Collectors.toSet());
    }

    @ParameterizedTest
    @MethodSource("corpusFiles")
    void ingestsOrFailsClearly(Path file) {
        String uploadName = (++uploads) + "_" + file.getFileName();
        int filesBefore = workspace.catalog().files().size();
        int tablesBefore = workspace.catalog().tables().size();
        assertTimeoutPreemptively(Duration.ofSeconds(120), () -> {
            try {
                IngestResult result = workspace.ingest(file, uploadName, IngestListener.NONE);
                assertThat(result.tables()).isNotEmpty();
                for (TableInfo table : result.tables()) {
                    assertThat(table.columns()).isNotEmpty();
                    assertThat(table.columns().size()).isLessThanOrEqualTo(2000);
                }
                assertThat(workspace.catalog().files()).hasSize(filesBefore + 1);
                assertNoCellInTwoTables(result);
                outcomes.add("OK " + file + ": "
                        + result.tables().stream()
                                .map(t -> t.name() + (t.layoutWarnings().isEmpty() ? "" : " (layout uncertain)"))
                                .toList());
            } catch (EngineException e) {
                assertThat(e.getErrorCode().name())
                        .as("error code of %s: %s", file, e.getMessage())
                        .isIn(CLEAR_ERRORS);
                assertThat(e.getMessage()).as("message names the file").contains(uploadName);
                assertThat(workspace.catalog().files()).hasSize(filesBefore);
                assertThat(workspace.catalog().tables()).hasSize(tablesBefore);
                outcomes.add(e.getErrorCode().name() + " " + file + ": " + e.getMessage());
            }
        });
    }
}

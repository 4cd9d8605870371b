package io.tablequery.engine.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.tablequery.dialects.testing.Corpora;
import io.tablequery.dialects.testing.CorpusSuite;
import io.tablequery.engine.catalog.TableInfo;
import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.workspace.IngestResult;
import io.tablequery.engine.workspace.Workspace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
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

package io.tablequery.engine.ingest.csv;

import static io.tablequery.engine.testing.Rows.row;
import static org.assertj.core.api.Assertions.assertThat;

import io.tablequery.engine.browse.RowRanges;
import io.tablequery.engine.browse.SourceCells;
import io.tablequery.engine.browse.SourceCellsReader;
import io.tablequery.engine.catalog.TableInfo;
import io.tablequery.engine.testing.Rows;
import io.tablequery.engine.testing.TableReader;
import io.tablequery.engine.workspace.IngestResult;
import io.tablequery.engine.workspace.Workspace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A CSV never loses a line without saying so: every upload states its lines and records and why they differ; quotes
 * that swallow lines of a file whose lines are its records are read as text; comment lines are left out and counted.
 */
class CsvLinesTest {
    @TempDir
    Path dir;

    @Test
    void aTsvWithStrayQuotesKeepsEveryLineAsARecordAndSaysWhy() throws Exception {
        List<String> lines = new ArrayList<>(List.of("page_id\ttitle\tviews"));
        for (int i = 1; i <= 300; i++) {
            String title =
                    switch (i % 50) {
                        case 7 -> "\"Weird_Al_" + i;
                        case 19 -> "\"Heroes\"_(album_" + i + ")";
                        default -> "Page_" + i;
                    };
            lines.add(i + "\t" + title + "\t" + (i * 3));
        }
        Path file = Files.write(dir.resolve("titles.tsv"), lines);
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            IngestResult result = workspace.ingest(file);
            TableInfo table = result.tables().get(0);
            assertThat(table.rowCount()).isEqualTo(300);
            List<List<Object>> rows = Rows.normalizeAll(TableReader.sqlite(workspace, table.name()));
            assertThat(rows).contains(row(8, 7, "\"Weird_Al_7", 21), row(20, 19, "\"Heroes\"_(album_19)", 57));
            assertThat(result.report().notes())
                    .anySatisfy(note -> assertThat(note).contains("quoted fields ran over", "read as text"))
                    .anySatisfy(note -> assertThat(note).isEqualTo("the file's 301 lines are 301 records"));
            SourceCells cited = SourceCellsReader.read(workspace, 1, 1, RowRanges.parse("8"));
            assertThat(cited.rows().get(0).cells().get(1).text()).isEqualTo("\"Weird_Al_7");
        }
    }

    @Test
    void quotesThatQuoteElsewhereStayQuotesAndTheUploadWarns() throws Exception {
        Path file = Files.writeString(
                dir.resolve("mixed.csv"),
                "id,note,n\n1,\"a, b\",10\n2,plain,20\n3,\"runs on\n4,next,40\n5,\"done\",50,60\n6,fine,70\n");
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            IngestResult result = workspace.ingest(file);
            assertThat(Rows.normalizeAll(
                            TableReader.sqlite(workspace, result.tables().get(0).name())))
                    .contains(row(2, 1, "a, b", 10));
            assertThat(result.report().notes())
                    .anySatisfy(note -> assertThat(note).contains("quoted fields ran over", "check the file's quotes"));
        }
    }

    @Test
    void aFileThatQuotesEveryFieldKeepsItsQuotesWhenOneRecordRunsOn() throws Exception {
        Path file = Files.writeString(
                dir.resolve("escaped.csv"),
                "\"id\",\"text\",\"n\"\n\"1\",\"ends in \\\"\",\"5\"\n\"2\",\"b\",\"6\"\n\"3\",\"c\",\"7\"\n"
                        + "\"4\",\"d\",\"8\"\n");
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            IngestResult result = workspace.ingest(file);
            assertThat(Rows.normalizeAll(
                            TableReader.sqlite(workspace, result.tables().get(0).name())))
                    .as("values without the quotes that quote them, though the last field runs to the end")
                    .first()
                    .satisfies(first -> assertThat(first.subList(0, 2)).containsExactly(2L, 1L));
            assertThat(result.report().notes())
                    .anySatisfy(note -> assertThat(note).contains("quoted fields ran over", "check the file's quotes"));
        }
    }

    @Test
    void aQuotedLineBreakIsOneRecordAndTheCountsSaySo() throws Exception {
        Path file = Files.writeString(
                dir.resolve("addresses.csv"), "name,address\nann,\"1 Main St\nSpringfield\"\nbob,2 Elm St\n\n");
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            IngestResult result = workspace.ingest(file);
            assertThat(Rows.normalizeAll(
                            TableReader.sqlite(workspace, result.tables().get(0).name())))
                    .containsExactly(row(2, "ann", "1 Main St\nSpringfield"), row(3, "bob", "2 Elm St"));
            assertThat(result.report().notes())
                    .contains("the file's 5 lines are 4 records: 1 records hold quoted line breaks, over 2 lines;"
                            + " 1 lines are blank (read as empty records, which no table keeps)");
        }
    }

    @Test
    void commentLinesAreLeftOutAndCountedButHashValuesStay() throws Exception {
        Path commented = Files.writeString(
                dir.resolve("commented.csv"), "# exported 2024-01-01\n# by a tool\nid,n\n1,2\n# a note\n3,4\n");
        Path hashes = Files.writeString(dir.resolve("tags.csv"), "tag,n\n#red,1\n#blue,2\n");
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            IngestResult result = workspace.ingest(commented);
            assertThat(result.tables().get(0).rowCount()).isEqualTo(2);
            assertThat(result.report().notes())
                    .contains("the file's 6 lines are 3 records: 3 comment lines (starting with #) were left out");
            IngestResult tags = workspace.ingest(hashes);
            assertThat(Rows.normalizeAll(
                            TableReader.sqlite(workspace, tags.tables().get(0).name())))
                    .containsExactly(row(2, "#red", 1), row(3, "#blue", 2));
        }
    }
}

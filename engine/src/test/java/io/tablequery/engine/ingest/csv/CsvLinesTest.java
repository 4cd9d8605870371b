package io.tablequery.engine.ingest.csv;

import static io.tablequery.engine.testing.Rows.row;
import static org.assertj.core.api.Assertions.assertThat;

import io.tablequery.engine.browse.RowRanges;
import io.tablequery.engine.browse.SourceCells;
import io.tablequery.engine.browse.SourceCellsReader;
import io.tablequery.engine.catalog.TableInfo;
import io.tablequery.engine.ingest.report.RecordLedger;
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
                    .anySatisfy(note -> assertThat(note)
                            .isEqualTo("the file's 301 lines are 301 records; of the records, 300 are rows of the"
                                    + " table, 1 is a title or header row"));
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
    void aFileThatQuotesEveryFieldAndEndsAFieldInABackslashedQuoteReadsItAsAnEscape() throws Exception {
        Path file = Files.writeString(
                dir.resolve("escaped.csv"),
                "\"id\",\"text\",\"n\"\n\"1\",\"ends in \\\"\",\"5\"\n\"2\",\"b\",\"6\"\n\"3\",\"c\",\"7\"\n"
                        + "\"4\",\"d\",\"8\"\n");
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            IngestResult result = workspace.ingest(file);
            // Read as RFC 4180 writes quotes, the field would close after the backslash and the record run on to the
            // end of the file.
            assertThat(Rows.normalizeAll(
                            TableReader.sqlite(workspace, result.tables().get(0).name())))
                    .containsExactly(
                            row(2, 1, "ends in \"", 5), row(3, 2, "b", 6), row(4, 3, "c", 7), row(5, 4, "d", 8));
            assertThat(result.report().notes())
                    .contains("quotes inside quoted fields are escaped with a backslash (\\\") and read so")
                    .noneMatch(note -> note.contains("quoted fields ran over"));
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
                            + " of the records, 2 are rows of the table, 1 is a title or header row, 1 is empty (no"
                            + " table keeps it)");
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
                    .contains("the file's 6 lines are 3 records: 3 comment lines (starting with #) were left out; of"
                            + " the records, 2 are rows of the table, 1 is a title or header row");
            IngestResult tags = workspace.ingest(hashes);
            assertThat(tags.report().notes())
                    .contains("the file's 3 lines are 3 records: 2 records start with #, as comment lines do, but"
                            + " split into fields as the other records do, so they are kept; of the records, 2 are"
                            + " rows of the table, 1 is a title or header row");
            assertThat(Rows.normalizeAll(
                            TableReader.sqlite(workspace, tags.tables().get(0).name())))
                    .containsExactly(row(2, "#red", 1), row(3, "#blue", 2));
        }
    }

    @Test
    void everyRecordIsAccountedFor() throws Exception {
        Path file = Files.writeString(dir.resolve("report.csv"), """
                Quarterly report,,,,
                ,,,,
                region,q1,q2,,
                north,1,2,,
                ,,,,
                south,3,4,,
                middle,5,6,,
                region,q1,q2,,
                east,7,8,,

                west,9,10,,
                coast,11,12,,
                """);
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            IngestResult result = workspace.ingest(file);
            RecordLedger ledger = result.report().records();
            assertThat(ledger.records()).isEqualTo(12);
            assertThat(ledger.rows()).isEqualTo(6);
            assertThat(ledger.layoutRows()).as("the title and the header").isEqualTo(2);
            assertThat(ledger.emptyRecords()).as(",,,, and the blank line").isEqualTo(3);
            assertThat(ledger.inNoTable()).as("the repeated header").isEqualTo(1);
            assertThat(ledger.rows() + ledger.layoutRows() + ledger.emptyRecords() + ledger.inNoTable())
                    .isEqualTo(ledger.records());
            assertThat(result.report().notes())
                    .contains("the file's 12 lines are 12 records; of the records, 6 are rows of the table, 2 are"
                            + " titles or header rows, 3 are empty (no table keeps those), 1 is in no table (the"
                            + " sheet's notes say why); records have up to 5 fields, and the last 2 (columns D-E) are"
                            + " empty in every record and without a header, so no table keeps them");
            assertThat(result.report().sheets().get(0).notes()).contains("row 8 repeats the header; left out");
        }
    }

    @Test
    void backslashEscapedQuotesAreReadAsQuotesWhereTheFileEscapesSo() throws Exception {
        Path escaped = Files.writeString(dir.resolve("escaped.csv"), """
                id,said,n
                1,"say \\"hi\\", then go",5
                2,plain,6
                3,"a \\\\ backslash",7
                4,"tail \\"x\\"",8
                """);
        Path paths = Files.writeString(dir.resolve("paths.csv"), "id,path,n\n1,\"C:\\temp\\\",5\n2,\"D:\\\",6\n");
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            IngestResult result = workspace.ingest(escaped);
            assertThat(Rows.normalizeAll(
                            TableReader.sqlite(workspace, result.tables().get(0).name())))
                    .containsExactly(
                            row(2, 1, "say \"hi\", then go", 5),
                            row(3, 2, "plain", 6),
                            row(4, 3, "a \\ backslash", 7),
                            row(5, 4, "tail \"x\"", 8));
            assertThat(result.report().notes())
                    .contains("quotes inside quoted fields are escaped with a backslash (\\\") and read so");
            IngestResult windows = workspace.ingest(paths);
            assertThat(Rows.normalizeAll(TableReader.sqlite(
                            workspace, windows.tables().get(0).name())))
                    .as("a backslash before a closing quote, where the file does not escape, stays")
                    .containsExactly(row(2, 1, "C:\\temp\\", 5), row(3, 2, "D:\\", 6));
            assertThat(windows.report().notes()).noneMatch(note -> note.contains("backslash"));
        }
    }
}

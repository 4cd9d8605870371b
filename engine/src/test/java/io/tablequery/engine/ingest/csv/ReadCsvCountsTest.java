package io.tablequery.engine.ingest.csv;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablequery.dialects.testing.Corpora;
import io.tablequery.dialects.testing.CorpusSuite;
import io.tablequery.engine.catalog.TableInfo;
import io.tablequery.engine.ingest.report.RecordLedger;
import io.tablequery.engine.workspace.IngestResult;
import io.tablequery.engine.workspace.Workspace;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every CSV of the corpora's CSV suites against DuckDB's {@code read_csv} with its sniffer: the rows and columns an
 * upload makes equal the ones {@code read_csv} makes, or the upload's account of its records ({@link RecordLedger})
 * says where they differ (titles, no header row, empty records, comment lines, records in no table, fields no column
 * keeps, several tables). Whatever else, the account adds up: each record is a row, a title or header row, empty, or
 * in no table.
 */
@CorpusSuite
class ReadCsvCountsTest {
    private static final List<String> SUITES = List.of("csv/w3c-csvw", "csv/commons-csv", "csv/csv-spectrum");

    @TempDir
    Path dir;

    /** Rows and columns. */
    private record Counts(long rows, int columns) {}

    @Test
    void countsEqualReadCsvsOrTheReportSaysWhy() throws Exception {
        List<Path> files = new ArrayList<>();
        for (String suite : SUITES) {
            for (Path file : Corpora.files(suite)) {
                String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
                if (name.endsWith(".csv") || name.endsWith(".tsv")) {
                    files.add(file);
                }
            }
        }
        int equal = 0;
        int unreadableByDuckDb = 0;
        List<String> stated = new ArrayList<>();
        List<String> unstated = new ArrayList<>();
        try (Connection duck = DriverManager.getConnection("jdbc:duckdb:");
                Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            int n = 0;
            for (Path file : files) {
                IngestResult result = workspace.ingest(file, "f" + ++n + ".csv", p -> {});
                RecordLedger ledger = result.report().records();
                String name = Corpora.resolve("csv").relativize(file).toString();
                assertThat(ledger).as(name).isNotNull();
                if (!ledger.sideBySide()) {
                    assertThat(ledger.inNoTable()).as(name).isNotNegative();
                    assertThat(ledger.rows() + ledger.layoutRows() + ledger.emptyRecords() + ledger.inNoTable())
                            .as(name + ": every record is accounted for")
                            .isEqualTo(ledger.records());
                }
                Counts ours = new Counts(
                        ledger.rows(),
                        result.tables().stream()
                                .mapToInt(t -> t.columns().size())
                                .max()
                                .orElse(0));
                Counts theirs = readCsv(duck, file);
                if (theirs == null) {
                    unreadableByDuckDb++;
                } else if (ours.equals(theirs)) {
                    equal++;
                } else {
                    String why = why(ours, theirs, ledger, result.tables());
                    String line = "%s: read_csv %d x %d, the upload %d x %d (%s)"
                            .formatted(name, theirs.rows(), theirs.columns(), ours.rows(), ours.columns(), why);
                    (why.isEmpty() ? unstated : stated).add(line);
                }
            }
        }
        System.out.printf(
                "CSV counts against read_csv: %d files, %d equal, %d DuckDB cannot read, %d differ and say why%n",
                files.size(), equal, unreadableByDuckDb, stated.size());
        stated.forEach(line -> System.out.println("  " + line));
        assertThat(unstated)
                .as("files whose counts differ from read_csv's without saying why")
                .isEmpty();
        // Measured: 238 files, 223 equal, 4 DuckDB cannot read, 11 differ and say why.
        assertThat(equal).isGreaterThanOrEqualTo(223);
    }

    /** What the upload's account says that read_csv does otherwise, or empty when it says nothing that would. */
    private static String why(Counts ours, Counts theirs, RecordLedger ledger, List<TableInfo> tables) {
        List<String> why = new ArrayList<>();
        if (ours.rows() != theirs.rows()) {
            if (ledger.layoutRows() != 1) {
                why.add(ledger.layoutRows() + " title and header rows");
            }
            if (ledger.emptyRecords() > 0) {
                why.add(ledger.emptyRecords() + " empty records");
            }
            if (ledger.commentLines() > 0) {
                why.add(ledger.commentLines() + " comment lines");
            }
            if (ledger.hashRecords() > 0) {
                why.add(ledger.hashRecords() + " records starting with # kept");
            }
            if (ledger.inNoTable() > 0) {
                why.add(ledger.inNoTable() + " records in no table");
            }
            if (ledger.multiLineRecords() > 0) {
                why.add(ledger.multiLineRecords() + " records over several lines");
            }
        }
        if (ours.columns() != theirs.columns()) {
            if (ledger.fields() > ledger.keptFields()) {
                why.add((ledger.fields() - ledger.keptFields()) + " empty fields no column keeps");
            }
            if (theirs.columns() == 1) {
                why.add("read_csv found no delimiter");
            }
        }
        if (tables.size() > 1) {
            why.add(tables.size() + " tables");
        }
        return String.join(", ", why);
    }

    private static Counts readCsv(Connection duck, Path file) {
        String source = "read_csv('" + file.toString().replace("'", "''") + "')";
        try (Statement statement = duck.createStatement();
                ResultSet count = statement.executeQuery("SELECT count(*) FROM " + source)) {
            count.next();
            long rows = count.getLong(1);
            try (ResultSet none = statement.executeQuery("SELECT * FROM " + source + " LIMIT 0")) {
                return new Counts(rows, none.getMetaData().getColumnCount());
            }
        } catch (SQLException e) {
            return null;
        }
    }
}

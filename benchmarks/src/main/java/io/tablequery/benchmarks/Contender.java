package io.tablequery.benchmarks;

import de.siegmar.fastcsv.reader.CsvReader;
import de.siegmar.fastcsv.reader.CsvRecord;
import io.tablequery.engine.ingest.IngestListener;
import io.tablequery.engine.workspace.IngestResult;
import io.tablequery.engine.workspace.Workspace;
import java.io.InputStream;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.poi.openxml4j.opc.OPCPackage;
import org.apache.poi.openxml4j.opc.PackageAccess;
import org.apache.poi.ss.usermodel.DataFormatter;
import org.apache.poi.util.XMLHelper;
import org.apache.poi.xssf.eventusermodel.ReadOnlySharedStringsTable;
import org.apache.poi.xssf.eventusermodel.XSSFReader;
import org.apache.poi.xssf.eventusermodel.XSSFSheetXMLHandler;
import org.apache.poi.xssf.usermodel.XSSFComment;
import org.sqlite.SQLiteConfig;
import org.xml.sax.InputSource;
import org.xml.sax.XMLReader;

/**
 * The things the ingest benchmark times, each once per JVM. Opening a workspace or a database connection is not
 * timed; reading and writing the data is.
 */
enum Contender {
    /** POI's documented streaming way to read xlsx: the event API with XSSFSheetXMLHandler and DataFormatter. */
    POI_EVENT_API {
        @Override
        Timed run(Path file, Path scratch) throws Exception {
            long start = System.nanoTime();
            AtomicLong rows = new AtomicLong();
            try (OPCPackage pkg = OPCPackage.open(file.toFile(), PackageAccess.READ)) {
                XSSFReader reader = new XSSFReader(pkg);
                ReadOnlySharedStringsTable strings = new ReadOnlySharedStringsTable(pkg);
                XSSFSheetXMLHandler.SheetContentsHandler handler = new XSSFSheetXMLHandler.SheetContentsHandler() {
                    @Override
                    public void startRow(int rowNum) {
                        rows.incrementAndGet();
                    }

                    @Override
                    public void endRow(int rowNum) {}

                    @Override
                    public void cell(String reference, String formattedValue, XSSFComment comment) {}
                };
                var sheets = reader.getSheetsData();
                while (sheets.hasNext()) {
                    try (InputStream sheet = sheets.next()) {
                        XMLReader xml = XMLHelper.newXMLReader();
                        xml.setContentHandler(new XSSFSheetXMLHandler(
                                reader.getStylesTable(), null, strings, handler, new DataFormatter(), false));
                        xml.parse(new InputSource(sheet));
                    }
                }
            }
            return Timed.since(start, rows.get() - 1);
        }
    },
    /** tablequery's ingest of the xlsx into a new workspace: layout, types, both copies written, committed. */
    TABLEQUERY_XLSX {
        @Override
        Timed run(Path file, Path scratch) {
            return tablequery(file, scratch);
        }
    },
    /** DuckDB reading the CSV into a table of a new database file: {@code CREATE TABLE AS FROM read_csv}. */
    DUCKDB_READ_CSV {
        @Override
        Timed run(Path file, Path scratch) throws Exception {
            try (Connection connection =
                            DriverManager.getConnection("jdbc:duckdb:" + scratch.resolve("baseline.duckdb"));
                    Statement statement = connection.createStatement()) {
                long start = System.nanoTime();
                statement.execute("CREATE TABLE t AS SELECT * FROM read_csv('" + file.toAbsolutePath() + "')");
                statement.execute("CHECKPOINT");
                Timed timed = Timed.since(start, 0);
                try (ResultSet rs = statement.executeQuery("SELECT count(*) FROM t")) {
                    rs.next();
                    return new Timed(rs.getLong(1), timed.millis());
                }
            }
        }
    },
    /**
     * The floor of writing a SQLite copy from Java: FastCSV parsing the same CSV and sqlite-jdbc batch-inserting its
     * rows, typed, into a new WAL database in one transaction; no type inference, no DuckDB copy.
     */
    SQLITE_JDBC_BATCH {
        @Override
        Timed run(Path file, Path scratch) throws Exception {
            SQLiteConfig config = new SQLiteConfig();
            config.setJournalMode(SQLiteConfig.JournalMode.WAL);
            try (Connection connection = config.createConnection("jdbc:sqlite:" + scratch.resolve("floor.sqlite"));
                    Statement statement = connection.createStatement()) {
                long start = System.nanoTime();
                statement.execute("CREATE TABLE t (order_id INTEGER, customer TEXT, city TEXT, order_date TEXT,"
                        + " quantity INTEGER, amount REAL)");
                connection.setAutoCommit(false);
                long rows = 0;
                try (CsvReader<CsvRecord> csv = CsvReader.builder().ofCsvRecord(file);
                        PreparedStatement insert = connection.prepareStatement(
                                "INSERT INTO t (rowid, order_id, customer, city, order_date, quantity, amount)"
                                        + " VALUES (?, ?, ?, ?, ?, ?, ?)")) {
                    boolean header = true;
                    for (CsvRecord record : csv) {
                        if (header) {
                            header = false;
                            continue;
                        }
                        insert.setLong(1, ++rows + 1);
                        insert.setLong(2, Long.parseLong(record.getField(0)));
                        insert.setString(3, record.getField(1));
                        insert.setString(4, record.getField(2));
                        insert.setString(5, record.getField(3));
                        insert.setLong(6, Long.parseLong(record.getField(4)));
                        insert.setDouble(7, Double.parseDouble(record.getField(5)));
                        insert.addBatch();
                        if (rows % 4096 == 0) {
                            insert.executeBatch();
                        }
                    }
                    insert.executeBatch();
                }
                connection.commit();
                return Timed.since(start, rows);
            }
        }
    },
    /**
     * tablequery's ingest of the CSV into a new workspace, until the upload answers: encoding, dialect, types, the
     * SQLite copy committed (the DuckDB copy follows).
     */
    TABLEQUERY_CSV {
        @Override
        Timed run(Path file, Path scratch) {
            return tablequery(file, scratch);
        }
    },
    /** The same upload, until its DuckDB copy has followed too: both copies current, the profiles made. */
    TABLEQUERY_CSV_DUCKDB_READY {
        @Override
        Timed run(Path file, Path scratch) {
            try (Workspace workspace = Workspace.open(scratch.resolve("ws"))) {
                long start = System.nanoTime();
                IngestResult result = workspace.ingest(file, file.getFileName().toString(), IngestListener.NONE);
                workspace.awaitDuckDb(Duration.ofMinutes(10));
                return Timed.since(start, result.tables().get(0).rowCount());
            }
        }
    };

    /** Runs once. */
    abstract Timed run(Path file, Path scratch) throws Exception;

    private static Timed tablequery(Path file, Path scratch) {
        try (Workspace workspace = Workspace.open(scratch.resolve("ws"))) {
            long start = System.nanoTime();
            IngestResult result = workspace.ingest(file, file.getFileName().toString(), IngestListener.NONE);
            return Timed.since(start, result.tables().get(0).rowCount());
        }
    }

    /**
     * A row count and the time it took.
     *
     * @param rows rows read
     * @param millis milliseconds
     */
    record Timed(long rows, long millis) {
        static Timed since(long startNanos, long rows) {
            return new Timed(rows, (System.nanoTime() - startNanos) / 1_000_000);
        }
    }
}

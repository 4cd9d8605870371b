package io.tablequery.engine.ingest.sqlite;

import static io.tablequery.dialects.SqlIdentifiers.quote;

import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.ingest.IngestErrorCode;
import io.tablequery.engine.ingest.KnownColumn;
import io.tablequery.engine.ingest.RawRow;
import io.tablequery.engine.ingest.ReadProgress;
import io.tablequery.engine.ingest.RowSink;
import io.tablequery.engine.ingest.SheetSource;
import io.tablequery.engine.ingest.SheetVisitor;
import io.tablequery.engine.ingest.SourceDetails;
import io.tablequery.engine.ingest.SourceKind;
import io.tablequery.engine.ingest.SourceReader;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteOpenMode;

/**
 * Reads the tables of a SQLite database file. Internal tables ({@code sqlite_*}), virtual tables and their shadow
 * tables are skipped; a {@code WITHOUT ROWID} table numbers its rows 1, 2, ... in primary-key order.
 */
public final class SqliteSourceReader implements SourceReader {
    private record TableEntry(String name, boolean withoutRowid) {}

    @Override
    public SourceDetails read(Path file, String displayName, SheetVisitor visitor, ReadProgress progress)
            throws IOException {
        SQLiteConfig config = new SQLiteConfig();
        config.setReadOnly(true);
        config.setOpenMode(SQLiteOpenMode.READONLY);
        config.setOpenMode(SQLiteOpenMode.NOMUTEX);
        try (Connection connection = config.createConnection("jdbc:sqlite:" + file.toAbsolutePath())) {
            List<TableEntry> tables = tables(connection);
            List<String> notes = new ArrayList<>();
            for (int i = 0; i < tables.size(); i++) {
                TableEntry table = tables.get(i);
                List<KnownColumn> columns = columns(connection, table.name());
                if (columns.isEmpty()) {
                    continue;
                }
                RowSink sink = visitor.beginSheet(
                        new SheetSource(i + 1, table.name(), false, SourceKind.DATABASE, false, columns));
                if (sink != null) {
                    readRows(connection, table, columns.size(), sink);
                    sink.end(List.of());
                }
                progress.advanced(i + 1, tables.size());
            }
            return new SourceDetails(null, null, notes);
        } catch (SQLException e) {
            throw new EngineException(
                    IngestErrorCode.CORRUPT_FILE,
                    "could not read '%s' as a SQLite database: %s".formatted(displayName, e.getMessage()),
                    e);
        }
    }

    private static List<TableEntry> tables(Connection connection) throws SQLException {
        List<TableEntry> tables = new ArrayList<>();
        List<String> virtual = new ArrayList<>();
        try (Statement statement = connection.createStatement();
                ResultSet rs = statement.executeQuery(
                        "SELECT name, sql FROM sqlite_schema WHERE type = 'table' ORDER BY rowid")) {
            while (rs.next()) {
                String name = rs.getString(1);
                String sql = String.valueOf(rs.getString(2)).toUpperCase(Locale.ROOT);
                if (name.toLowerCase(Locale.ROOT).startsWith("sqlite_")) {
                    continue;
                }
                if (sql.startsWith("CREATE VIRTUAL TABLE")) {
                    virtual.add(name + "_");
                    continue;
                }
                tables.add(new TableEntry(name, sql.replaceAll("\\s+", " ").contains("WITHOUT ROWID")));
            }
        }
        tables.removeIf(t -> virtual.stream().anyMatch(prefix -> t.name().startsWith(prefix)));
        return tables;
    }

    private static List<KnownColumn> columns(Connection connection, String table) throws SQLException {
        List<KnownColumn> columns = new ArrayList<>();
        try (PreparedStatement ps = connection.prepareStatement("SELECT name, type FROM pragma_table_info(?)")) {
            ps.setString(1, table);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    columns.add(new KnownColumn(rs.getString(1), String.valueOf(rs.getString(2))));
                }
            }
        }
        return columns;
    }

    private static void readRows(Connection connection, TableEntry table, int width, RowSink sink) throws SQLException {
        String sql = table.withoutRowid()
                ? "SELECT * FROM " + quote(table.name())
                : "SELECT _rowid_, * FROM " + quote(table.name()) + " ORDER BY _rowid_";
        int offset = table.withoutRowid() ? 1 : 2;
        RawRow row = new RawRow();
        long ordinal = 0;
        try (Statement statement = connection.createStatement();
                ResultSet rs = statement.executeQuery(sql)) {
            while (rs.next()) {
                ordinal++;
                row.reset(table.withoutRowid() ? ordinal : rs.getLong(1));
                for (int c = 0; c < width; c++) {
                    Object value = rs.getObject(c + offset);
                    if (value instanceof Integer i) {
                        row.setLong(c, i);
                    } else if (value instanceof Long l) {
                        row.setLong(c, l);
                    } else if (value instanceof Double d) {
                        row.setNumber(c, d, io.tablequery.engine.ingest.NumberFormatKind.GENERAL);
                    } else if (value instanceof String s) {
                        row.setExactText(c, s);
                    } else if (value instanceof byte[] bytes) {
                        row.setBlob(c, bytes);
                    }
                }
                sink.row(row);
            }
        }
    }
}

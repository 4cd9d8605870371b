package io.tablequery.engine.catalog;

import com.fasterxml.jackson.core.type.TypeReference;
import io.tablequery.engine.json.JsonCodec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Keeps the catalog in tables of the workspace's SQLite database ({@code tq_catalog_*}), so that a catalog change
 * and the data tables it describes commit in one transaction. All methods run on the caller's connection and
 * transaction.
 */
public final class CatalogStore {
    private static final int SCHEMA_VERSION = 2;
    private static final TypeReference<List<ColumnInfo>> COLUMN_LIST = new TypeReference<>() {};
    private static final TypeReference<List<String>> TEXT_LIST = new TypeReference<>() {};
    /** Beyond this many tables new to a snapshot, one scan of the catalog reads faster than a lookup for each. */
    private static final int FETCHED_ONE_BY_ONE = 64;

    private CatalogStore() {}

    /**
     * Creates the catalog tables when they are missing.
     *
     * @param connection a write connection
     * @throws SQLException on a database failure
     */
    public static void createSchema(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute("CREATE TABLE IF NOT EXISTS tq_catalog_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)");
            statement.execute("""
                    CREATE TABLE IF NOT EXISTS tq_catalog_files (
                        number INTEGER PRIMARY KEY, name TEXT NOT NULL, format TEXT NOT NULL,
                        size_bytes INTEGER NOT NULL, sha256 TEXT NOT NULL, uploaded_at TEXT NOT NULL,
                        stored_path TEXT NOT NULL, report TEXT NOT NULL)""");
            statement.execute("""
                    CREATE TABLE IF NOT EXISTS tq_catalog_sheets (
                        file_number INTEGER NOT NULL, number INTEGER NOT NULL, name TEXT NOT NULL,
                        hidden INTEGER NOT NULL, table_name TEXT, status TEXT NOT NULL,
                        PRIMARY KEY (file_number, number))""");
            statement.execute("""
                    CREATE TABLE IF NOT EXISTS tq_catalog_tables (
                        name TEXT PRIMARY KEY, file_number INTEGER NOT NULL, sheet_number INTEGER NOT NULL,
                        sheet_name TEXT NOT NULL, row_count INTEGER NOT NULL, description TEXT NOT NULL,
                        storage_name TEXT NOT NULL, columns TEXT NOT NULL, layout_warnings TEXT, totals_of TEXT,
                        row_stride INTEGER)""");
            statement.execute("""
                    CREATE TABLE IF NOT EXISTS tq_catalog_table_profiles (
                        storage_name TEXT PRIMARY KEY, file_number INTEGER NOT NULL, profile TEXT NOT NULL)""");
            boolean copiesKept = exists(statement, "tq_catalog_duckdb_copies");
            statement.execute("""
                    CREATE TABLE IF NOT EXISTS tq_catalog_duckdb_copies (
                        storage_name TEXT PRIMARY KEY, file_number INTEGER NOT NULL)""");
            if (!copiesKept) {
                // A catalog from before the DuckDB copy followed the commit: its tables' copies were made before
                // their commits (a copy found missing when DuckDB opens is made again all the same).
                statement.execute("INSERT OR IGNORE INTO tq_catalog_duckdb_copies"
                        + " SELECT storage_name, file_number FROM tq_catalog_tables");
            }
            // Removing a file's rows finds them by its number, not by reading every table's row.
            statement.execute(
                    "CREATE INDEX IF NOT EXISTS tq_catalog_tables_by_file ON tq_catalog_tables (file_number)");
            statement.execute("CREATE INDEX IF NOT EXISTS tq_catalog_table_profiles_by_file ON"
                    + " tq_catalog_table_profiles (file_number)");
            statement.execute("INSERT OR IGNORE INTO tq_catalog_meta VALUES ('schema_version', '" + SCHEMA_VERSION
                    + "'), ('next_file_number', '1')");
            migrateProfiles(statement);
        }
    }

    /**
     * Brings a version-1 catalog up to date: its profiles, kept by sheet, move to their tables (a sheet may now hold
     * several tables), and its tables get room for layout warnings, for the table a totals table belongs to and for
     * the stride of a long form's rowids.
     */
    private static void migrateProfiles(Statement statement) throws SQLException {
        boolean old;
        try (ResultSet rs = statement.executeQuery(
                "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'tq_catalog_profiles'")) {
            old = rs.next();
        }
        for (String column : List.of("layout_warnings TEXT", "totals_of TEXT", "row_stride INTEGER")) {
            boolean present;
            try (ResultSet rs =
                    statement.executeQuery("SELECT 1 FROM pragma_table_info('tq_catalog_tables') WHERE name = '"
                            + column.substring(0, column.indexOf(' '))
                            + "'")) {
                present = rs.next();
            }
            if (!present) {
                statement.execute("ALTER TABLE tq_catalog_tables ADD COLUMN " + column);
            }
        }
        if (old) {
            statement.execute("INSERT OR IGNORE INTO tq_catalog_table_profiles SELECT t.storage_name, t.file_number,"
                    + " p.profile FROM tq_catalog_tables t JOIN tq_catalog_profiles p USING (file_number,"
                    + " sheet_number)");
            statement.execute("DROP TABLE tq_catalog_profiles");
        }
        statement.execute("UPDATE tq_catalog_meta SET value = '" + SCHEMA_VERSION + "' WHERE key = 'schema_version'");
    }

    /**
     * Reads the whole catalog.
     *
     * @param connection any connection to the workspace database
     * @param previous the snapshot this one follows, whose parsed parts are reused where they still hold
     * @return the snapshot
     * @throws SQLException on a database failure
     */
    public static CatalogSnapshot load(Connection connection, CatalogSnapshot previous) throws SQLException {
        Map<Integer, List<SheetInfo>> sheets = new HashMap<>();
        try (Statement statement = connection.createStatement();
                ResultSet rs = statement.executeQuery(
                        "SELECT file_number, number, name, hidden, table_name, status FROM tq_catalog_sheets"
                                + " ORDER BY file_number, number")) {
            while (rs.next()) {
                sheets.computeIfAbsent(rs.getInt(1), k -> new ArrayList<>())
                        .add(new SheetInfo(
                                rs.getInt(2), rs.getString(3), rs.getInt(4) != 0, rs.getString(5), rs.getString(6)));
            }
        }
        List<SourceFile> files = new ArrayList<>();
        try (Statement statement = connection.createStatement();
                ResultSet rs = statement.executeQuery("SELECT number, name, format, size_bytes, sha256, uploaded_at,"
                        + " stored_path FROM tq_catalog_files ORDER BY number")) {
            while (rs.next()) {
                int number = rs.getInt(1);
                files.add(new SourceFile(
                        number,
                        rs.getString(2),
                        rs.getString(3),
                        rs.getLong(4),
                        rs.getString(5),
                        Instant.parse(rs.getString(6)),
                        rs.getString(7),
                        sheets.getOrDefault(number, List.of())));
            }
        }
        // A table never changes while its storage stays, and a profile once kept stays: reuse what the previous
        // snapshot holds and read in full only the tables it lacks, so that a commit costs little however many tables
        // the workspace holds.
        List<TableInfo> tables = new ArrayList<>();
        Map<String, TableProfile> profiles = new HashMap<>();
        List<String> unknown = new ArrayList<>();
        try (Statement statement = connection.createStatement();
                ResultSet rs = statement.executeQuery("SELECT name, storage_name FROM tq_catalog_tables")) {
            while (rs.next()) {
                String name = rs.getString(1);
                String storageName = rs.getString(2);
                Optional<TableInfo> known =
                        previous.table(name).filter(t -> t.storageName().equals(storageName));
                Optional<TableProfile> profile = known.flatMap(previous::profile);
                if (profile.isPresent()) {
                    tables.add(known.get());
                    profiles.put(name, profile.get());
                } else {
                    unknown.add(name);
                }
            }
        }
        String full = "SELECT t.name, t.file_number, t.sheet_number, t.sheet_name, t.row_count, t.description,"
                + " t.storage_name, t.columns, p.profile, t.layout_warnings, t.totals_of, t.row_stride FROM tq_catalog_tables t"
                + " LEFT JOIN tq_catalog_table_profiles p USING (storage_name)";
        if (unknown.size() > FETCHED_ONE_BY_ONE) {
            tables.clear();
            profiles.clear();
            try (Statement statement = connection.createStatement();
                    ResultSet rs = statement.executeQuery(full)) {
                while (rs.next()) {
                    readTable(rs, tables, profiles);
                }
            }
        } else {
            try (PreparedStatement ps = connection.prepareStatement(full + " WHERE t.name = ?")) {
                for (String name : unknown) {
                    ps.setString(1, name);
                    try (ResultSet rs = ps.executeQuery()) {
                        while (rs.next()) {
                            readTable(rs, tables, profiles);
                        }
                    }
                }
            }
        }
        return new CatalogSnapshot(files, tables, profiles);
    }

    private static void readTable(ResultSet rs, List<TableInfo> tables, Map<String, TableProfile> profiles)
            throws SQLException {
        String name = rs.getString(1);
        tables.add(new TableInfo(
                name,
                rs.getInt(2),
                rs.getInt(3),
                rs.getString(4),
                rs.getLong(5),
                readColumns(rs.getString(8)),
                rs.getString(6),
                rs.getString(7),
                readTexts(rs.getString(10)),
                rs.getString(11),
                Math.max(1, rs.getInt(12))));
        String profileJson = rs.getString(9);
        if (profileJson != null) {
            profiles.put(name, JsonCodec.read(profileJson, TableProfile.class));
        }
    }

    /**
     * Returns the F-number the next upload gets.
     *
     * @param connection any connection
     * @return the next F-number
     * @throws SQLException on a database failure
     */
    public static int nextFileNumber(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet rs =
                        statement.executeQuery("SELECT value FROM tq_catalog_meta WHERE key = 'next_file_number'")) {
            return rs.next() ? Integer.parseInt(rs.getString(1)) : 1;
        }
    }

    /**
     * Records a committed upload: the file, its sheets and report, and advances the F-number counter past it.
     *
     * @param connection the write connection, inside the upload's transaction
     * @param file the file
     * @param reportJson the ingest report as JSON
     * @throws SQLException on a database failure
     */
    public static void insertFile(Connection connection, SourceFile file, String reportJson) throws SQLException {
        try (PreparedStatement ps =
                connection.prepareStatement("INSERT INTO tq_catalog_files VALUES (?, ?, ?, ?, ?, ?, ?, ?)")) {
            ps.setInt(1, file.number());
            ps.setString(2, file.name());
            ps.setString(3, file.format());
            ps.setLong(4, file.sizeBytes());
            ps.setString(5, file.sha256());
            ps.setString(6, file.uploadedAt().toString());
            ps.setString(7, file.storedPath());
            ps.setString(8, reportJson);
            ps.executeUpdate();
        }
        try (PreparedStatement ps =
                connection.prepareStatement("INSERT INTO tq_catalog_sheets VALUES (?, ?, ?, ?, ?, ?)")) {
            for (SheetInfo sheet : file.sheets()) {
                ps.setInt(1, file.number());
                ps.setInt(2, sheet.number());
                ps.setString(3, sheet.name());
                ps.setInt(4, sheet.hidden() ? 1 : 0);
                ps.setString(5, sheet.tableName());
                ps.setString(6, sheet.status());
                ps.executeUpdate();
            }
        }
        try (PreparedStatement ps =
                connection.prepareStatement("UPDATE tq_catalog_meta SET value = ? WHERE key = 'next_file_number'")) {
            ps.setString(1, Integer.toString(Math.max(file.number() + 1, nextFileNumber(connection))));
            ps.executeUpdate();
        }
    }

    /**
     * Records a table.
     *
     * @param connection the write connection, inside the upload's transaction
     * @param table the table
     * @throws SQLException on a database failure
     */
    public static void insertTable(Connection connection, TableInfo table) throws SQLException {
        try (PreparedStatement ps =
                connection.prepareStatement("INSERT INTO tq_catalog_tables VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            ps.setString(1, table.name());
            ps.setInt(2, table.fileNumber());
            ps.setInt(3, table.sheetNumber());
            ps.setString(4, table.sheetName());
            ps.setLong(5, table.rowCount());
            ps.setString(6, table.description());
            ps.setString(7, table.storageName());
            ps.setString(8, JsonCodec.write(table.columns()));
            ps.setString(9, table.layoutWarnings().isEmpty() ? null : JsonCodec.write(table.layoutWarnings()));
            ps.setString(10, table.totalsOf());
            ps.setInt(11, table.rowStride());
            ps.executeUpdate();
        }
    }

    /**
     * Records a table's column profiles, replacing earlier ones.
     *
     * @param connection the write connection
     * @param table the table
     * @param profile its profiles
     * @throws SQLException on a database failure
     */
    public static void insertProfile(Connection connection, TableInfo table, TableProfile profile) throws SQLException {
        try (PreparedStatement ps =
                connection.prepareStatement("INSERT OR REPLACE INTO tq_catalog_table_profiles VALUES (?, ?, ?)")) {
            ps.setString(1, table.storageName());
            ps.setInt(2, table.fileNumber());
            ps.setString(3, JsonCodec.write(profile));
            ps.executeUpdate();
        }
    }

    /**
     * Removes a file, its sheets and its tables' catalog rows (not the data tables themselves).
     *
     * @param connection the write connection, inside a transaction
     * @param fileNumber the F-number
     * @throws SQLException on a database failure
     */
    public static void deleteFile(Connection connection, int fileNumber) throws SQLException {
        for (String table : List.of(
                "tq_catalog_tables", "tq_catalog_sheets", "tq_catalog_table_profiles", "tq_catalog_duckdb_copies")) {
            try (PreparedStatement ps =
                    connection.prepareStatement("DELETE FROM " + table + " WHERE file_number = ?")) {
                ps.setInt(1, fileNumber);
                ps.executeUpdate();
            }
        }
        try (PreparedStatement ps = connection.prepareStatement("DELETE FROM tq_catalog_files WHERE number = ?")) {
            ps.setInt(1, fileNumber);
            ps.executeUpdate();
        }
    }

    /**
     * Records that tables' DuckDB copies are made: a table not recorded is made again when the workspace opens.
     *
     * @param connection the write connection
     * @param tables the tables whose copies are made
     * @throws SQLException on a database failure
     */
    public static void recordDuckDbCopies(Connection connection, List<TableInfo> tables) throws SQLException {
        try (PreparedStatement ps =
                connection.prepareStatement("INSERT OR IGNORE INTO tq_catalog_duckdb_copies VALUES (?, ?)")) {
            for (TableInfo table : tables) {
                ps.setString(1, table.storageName());
                ps.setInt(2, table.fileNumber());
                ps.addBatch();
            }
            ps.executeBatch();
        }
    }

    /**
     * Reads the tables whose DuckDB copies are recorded as made ({@link #recordDuckDbCopies}).
     *
     * @param connection any connection
     * @return their storage names
     * @throws SQLException on a database failure
     */
    public static Set<String> recordedDuckDbCopies(Connection connection) throws SQLException {
        Set<String> names = new HashSet<>();
        try (Statement statement = connection.createStatement();
                ResultSet rs = statement.executeQuery("SELECT storage_name FROM tq_catalog_duckdb_copies")) {
            while (rs.next()) {
                names.add(rs.getString(1));
            }
        }
        return names;
    }

    private static boolean exists(Statement statement, String table) throws SQLException {
        try (ResultSet rs =
                statement.executeQuery("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '" + table + "'")) {
            return rs.next();
        }
    }

    /**
     * Reads the ingest report of a file.
     *
     * @param connection any connection
     * @param fileNumber the F-number
     * @return the report JSON, if the file exists
     * @throws SQLException on a database failure
     */
    public static Optional<String> reportJson(Connection connection, int fileNumber) throws SQLException {
        try (PreparedStatement ps =
                connection.prepareStatement("SELECT report FROM tq_catalog_files WHERE number = ?")) {
            ps.setInt(1, fileNumber);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(rs.getString(1)) : Optional.empty();
            }
        }
    }

    private static List<String> readTexts(String json) {
        if (json == null) {
            return List.of();
        }
        try {
            return JsonCodec.mapper().readValue(json, TEXT_LIST);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<ColumnInfo> readColumns(String json) {
        try {
            return JsonCodec.mapper().readValue(json, COLUMN_LIST);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

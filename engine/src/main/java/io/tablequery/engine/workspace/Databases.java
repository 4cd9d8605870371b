package io.tablequery.engine.workspace;

import io.tablequery.engine.catalog.CatalogErrorCode;
import io.tablequery.engine.error.EngineException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;
import org.duckdb.DuckDBConnection;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteOpenMode;

/** Opens a workspace's database connections with the settings each role needs. */
final class Databases {
    private static final int BUSY_TIMEOUT_MILLIS = 30_000;
    /** The write connection's page cache, negative for KiB as SQLite takes it: its default of 2 MB. */
    static final int SQLITE_CACHE_KIB = -2_000;

    private Databases() {}

    /**
     * Opens the write connection: WAL journal so readers never wait for an upload, full sync so a committed upload
     * survives a crash, and immediate transactions so an upload takes the write lock when it begins. Its commits do
     * not checkpoint the WAL into the database file (copying an upload's pages a second time and syncing again): the
     * DuckDB follower does that after the commit ({@link #checkpoint}), measured on a 1M-row upload as 250 ms less
     * before it answers. Its page cache is SQLite's default, 2 MB: an upload's pages then go to the WAL as it writes
     * them rather than all at its commit (a 1M-row upload answered in 1.6-2.2 s against 2.2-2.5 s with a 64 MB cache,
     * alternating runs); index builds take a larger one ({@code SqliteStageWriter}).
     */
    static Connection openSqliteWriter(Path file) throws SQLException {
        SQLiteConfig config = new SQLiteConfig();
        config.setJournalMode(SQLiteConfig.JournalMode.WAL);
        config.setSynchronous(SQLiteConfig.SynchronousMode.FULL);
        config.setTransactionMode(SQLiteConfig.TransactionMode.IMMEDIATE);
        config.setBusyTimeout(BUSY_TIMEOUT_MILLIS);
        config.setCacheSize(SQLITE_CACHE_KIB);
        config.setTempStore(SQLiteConfig.TempStore.MEMORY);
        config.enableLoadExtension(false);
        Connection connection = config.createConnection("jdbc:sqlite:" + file.toAbsolutePath());
        try (Statement statement = connection.createStatement()) {
            statement.execute("PRAGMA wal_autocheckpoint = 0");
            return connection;
        } catch (SQLException e) {
            connection.close();
            throw e;
        }
    }

    /**
     * Copies the committed pages of the WAL into the database file without waiting for readers or the writer (a
     * passive checkpoint), on a connection of its own; the WAL starts over once every page is copied and no reader
     * needs it.
     */
    static void checkpoint(Path file) throws SQLException {
        SQLiteConfig config = new SQLiteConfig();
        config.setBusyTimeout(BUSY_TIMEOUT_MILLIS);
        config.enableLoadExtension(false);
        try (Connection connection = config.createConnection("jdbc:sqlite:" + file.toAbsolutePath());
                Statement statement = connection.createStatement()) {
            statement.execute("PRAGMA wal_checkpoint(PASSIVE)");
        }
    }

    /** Opens a read-only connection. */
    static Connection openSqliteReader(Path file) throws SQLException {
        SQLiteConfig config = new SQLiteConfig();
        config.setReadOnly(true);
        config.setOpenMode(SQLiteOpenMode.READONLY);
        config.setBusyTimeout(BUSY_TIMEOUT_MILLIS);
        config.enableLoadExtension(false);
        return config.createConnection("jdbc:sqlite:" + file.toAbsolutePath());
    }

    /**
     * Opens the workspace's DuckDB database locked down for SQL from agents: extensions are neither installed nor
     * loaded on demand, no file outside the database and its temp directory can be read or written (no
     * {@code read_csv('/etc/passwd')}, {@code COPY ... TO}, {@code ATTACH} or {@code glob}), and the configuration is
     * locked so no statement can undo that.
     */
    static DuckDBConnection openDuckDb(Path file, Path tempDirectory, WorkspaceOptions options) throws SQLException {
        Connection connection = DriverManager.getConnection(
                "jdbc:duckdb:" + file.toAbsolutePath(), duckDbProperties(tempDirectory, options));
        try (Statement statement = connection.createStatement()) {
            statement.execute("SET lock_configuration = true");
            return connection.unwrap(DuckDBConnection.class);
        } catch (SQLException e) {
            connection.close();
            throw e;
        }
    }

    /**
     * The settings a workspace opens its DuckDB database with. (DuckDB gives a connection opened with the same
     * settings the database already open in the process.)
     */
    static Properties duckDbProperties(Path tempDirectory, WorkspaceOptions options) {
        Properties properties = new Properties();
        properties.setProperty("threads", Integer.toString(options.duckDbThreads()));
        properties.setProperty("memory_limit", options.duckDbMemoryLimit());
        properties.setProperty("temp_directory", tempDirectory.toAbsolutePath().toString());
        properties.setProperty("autoinstall_known_extensions", "false");
        properties.setProperty("autoload_known_extensions", "false");
        properties.setProperty("enable_external_access", "false");
        return properties;
    }

    static EngineException storageFailure(String what, SQLException e) {
        return new EngineException(CatalogErrorCode.STORAGE_FAILURE, what + ": " + e.getMessage(), e);
    }
}

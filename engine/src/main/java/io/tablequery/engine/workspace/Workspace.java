package io.tablequery.engine.workspace;

import static io.tablequery.dialects.SqlIdentifiers.quote;
import static java.util.Objects.requireNonNull;

import io.tablequery.engine.catalog.CatalogChange;
import io.tablequery.engine.catalog.CatalogErrorCode;
import io.tablequery.engine.catalog.CatalogSnapshot;
import io.tablequery.engine.catalog.CatalogStore;
import io.tablequery.engine.catalog.FileRefs;
import io.tablequery.engine.catalog.FileVersion;
import io.tablequery.engine.catalog.SourceFile;
import io.tablequery.engine.catalog.SupersededFile;
import io.tablequery.engine.catalog.TableInfo;
import io.tablequery.engine.catalog.TableProfile;
import io.tablequery.engine.catalog.VersionStore;
import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.error.HostPaths;
import io.tablequery.engine.ingest.FileIngestor;
import io.tablequery.engine.ingest.IngestErrorCode;
import io.tablequery.engine.ingest.IngestListener;
import io.tablequery.engine.ingest.IngestedFile;
import io.tablequery.engine.ingest.SourceIndex;
import io.tablequery.engine.ingest.report.IngestReport;
import io.tablequery.engine.json.JsonCodec;
import io.tablequery.engine.search.SearchResult;
import io.tablequery.engine.search.TableSearchIndex;
import io.tablequery.engine.search.TableSearcher;
import io.tablequery.engine.store.DuckDbCatalog;
import io.tablequery.engine.store.DuckDbRebuilder;
import io.tablequery.engine.store.DuckDbStorage;
import io.tablequery.engine.store.ParallelTableWriter;
import io.tablequery.engine.store.StoredColumn;
import io.tablequery.engine.store.TableIndex;
import io.tablequery.engine.store.TableProfiler;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.commons.io.file.PathUtils;
import org.duckdb.DuckDBConnection;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One tenant's files and tables. Readers take {@link #catalog()} snapshots and their own connections; uploads and
 * deletions are serialized. A workspace directory is held by one process at a time.
 */
public final class Workspace implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Workspace.class);

    private final String name;
    private final WorkspacePaths paths;
    private final WorkspaceOptions options;
    private final WorkspaceLock lock;
    private final Connection sqlite;
    private final DuckDbCopy duckDb;
    private final SupersededVersions versions;
    private final SqliteReaders readers;
    private final ReentrantLock writeLock = new ReentrantLock();
    private final Object publishLock = new Object();
    private TableSearchIndex searchIndex;
    /** The catalog as of the last commit, with the search index of exactly that catalog once one is built. */
    private volatile Published published;

    private Workspace(
            String name, WorkspacePaths paths, WorkspaceOptions options, WorkspaceLock lock, Connection sqlite) {
        this.name = name;
        this.paths = paths;
        this.options = options;
        this.lock = lock;
        this.sqlite = sqlite;
        this.readers = new SqliteReaders(paths.sqlite());
        this.duckDb = new DuckDbCopy(paths, options, this::repairDuckDb);
        this.versions =
                new SupersededVersions(paths, sqlite, this::sqliteSession, this::inTransaction, options.keepVersions());
    }

    /**
     * Opens a workspace with the default options, creating it when the directory is new or empty.
     *
     * @param directory the workspace directory
     * @return the open workspace
     */
    public static Workspace open(Path directory) {
        return open(directory, WorkspaceOptions.DEFAULTS);
    }

    /**
     * Opens a workspace, creating it when the directory is new or empty, and repairs what an interrupted upload
     * left behind. The DuckDB copy opens (and is repaired) at its first use.
     *
     * @param directory the workspace directory
     * @param options how to open it
     * @return the open workspace
     * @throws EngineException WORKSPACE_LOCKED when another process holds it, STORAGE_FAILURE when it cannot be
     *     opened
     */
    public static Workspace open(Path directory, WorkspaceOptions options) {
        Path absolute = directory.toAbsolutePath().normalize();
        HostPaths.registerWorkspace(absolute);
        WorkspacePaths paths = new WorkspacePaths(absolute);
        String name = absolute.getFileName() == null
                ? "workspace"
                : absolute.getFileName().toString();
        WorkspaceLock lock = null;
        Connection sqlite = null;
        try {
            Files.createDirectories(paths.files());
            Files.createDirectories(paths.tmp());
            lock = WorkspaceLock.acquire(paths, name);
            NativeLibraries.prepare();
            sqlite = Databases.openSqliteWriter(paths.sqlite());
            CatalogStore.createSchema(sqlite);
            VersionStore.createSchema(sqlite);
            Workspace workspace = new Workspace(name, paths, options, lock, sqlite);
            workspace.recover();
            return workspace;
        } catch (IOException e) {
            closeAll(sqlite, lock);
            throw new EngineException(
                    CatalogErrorCode.STORAGE_FAILURE,
                    "could not open workspace %s: %s".formatted(absolute, e.getMessage()),
                    e);
        } catch (SQLException e) {
            closeAll(sqlite, lock);
            throw Databases.storageFailure("could not open workspace " + absolute, e);
        } catch (RuntimeException e) {
            closeAll(sqlite, lock);
            throw e;
        }
    }

    /**
     * Says in the workspace's holder note that this process serves it over HTTP, so that a command finding the
     * workspace locked can go through the server instead.
     *
     * @param server the server's base URL
     * @param servedName the name the server serves the workspace under
     */
    public void announceServer(URI server, String servedName) {
        lock.announce(lock.holder().serving(server, servedName));
    }

    /**
     * Returns the workspace name: its directory's name.
     *
     * @return the name
     */
    public String name() {
        return name;
    }

    /**
     * Returns the workspace directory.
     *
     * @return the absolute directory
     */
    public Path directory() {
        return paths.directory();
    }

    /**
     * Returns the catalog as of the last commit.
     *
     * @return an immutable snapshot
     */
    public CatalogSnapshot catalog() {
        return published.snapshot();
    }

    /**
     * A committed catalog; once search-tables has been used, the searcher over exactly that catalog; and values
     * derived from that commit's tables.
     */
    private record Published(CatalogSnapshot snapshot, TableSearcher searcher, Map<String, Object> derived) {
        Published(CatalogSnapshot snapshot, TableSearcher searcher) {
            this(snapshot, searcher, new ConcurrentHashMap<>());
        }
    }

    /**
     * Returns a value derived from the tables of one commit and kept with it, such as a table's sample rows for
     * get-schemas. Values are kept only for the latest commit; a newer commit starts empty.
     *
     * @param catalog the catalog the value was derived from
     * @param key what the value is, for example {@code schema:orders}
     * @param type the value's class
     * @return the value kept, or empty when none is, or when {@code catalog} is no longer the latest
     * @param <T> the value's type
     */
    public <T> Optional<T> derived(CatalogSnapshot catalog, String key, Class<T> type) {
        Published current = published;
        return current.snapshot() == catalog
                ? Optional.ofNullable(current.derived().get(key)).map(type::cast)
                : Optional.empty();
    }

    /**
     * Keeps a value derived from the tables of one commit, when that commit is still the latest; otherwise does
     * nothing, so a value read from an older commit is never served for a newer one.
     *
     * @param catalog the catalog the value was derived from
     * @param key what the value is
     * @param value the value, immutable
     */
    public void keepDerived(CatalogSnapshot catalog, String key, Object value) {
        Published current = published;
        if (current.snapshot() == catalog) {
            current.derived().putIfAbsent(key, requireNonNull(value, "value is null"));
        }
    }

    /**
     * Ranks the tables for a question (search-tables), against the same catalog {@link #catalog()} shows.
     *
     * @param query the question or keywords
     * @param topK how many tables to return, 1 to {@link TableSearcher#MAX_TOP_K}
     * @return the tables found, best first
     */
    public SearchResult searchTables(String query, int topK) {
        if (topK < 1 || topK > TableSearcher.MAX_TOP_K) {
            throw new IllegalArgumentException("top-k must be 1..%d, not %d".formatted(TableSearcher.MAX_TOP_K, topK));
        }
        while (true) {
            TableSearcher searcher = published.searcher();
            if (searcher == null) {
                searcher = buildSearchIndex();
            }
            Optional<SearchResult> result = searcher.trySearch(query, topK);
            if (result.isPresent()) {
                return result.get();
            }
            // The searcher was released: a newer one is being published, or the workspace was closed.
            if (!lock.isOpen()) {
                throw new IllegalStateException("workspace " + name + " is closed");
            }
            Thread.onSpinWait();
        }
    }

    /**
     * Opens a read-only connection to the SQLite copy; the caller closes it.
     *
     * @return a new connection
     */
    public Connection openSqliteReader() {
        try {
            return Databases.openSqliteReader(paths.sqlite());
        } catch (SQLException e) {
            throw Databases.storageFailure("could not open the SQLite copy of workspace " + name, e);
        }
    }

    /**
     * Lends a read-only connection to the SQLite copy for one run, from the few the workspace keeps open; closing
     * the session drops the run's TEMP objects and gives the connection back.
     *
     * @return the session
     */
    public SqliteSession sqliteSession() {
        try {
            return readers.lend();
        } catch (SQLException e) {
            throw Databases.storageFailure("could not open the SQLite copy of workspace " + name, e);
        }
    }

    /**
     * Opens a connection to the DuckDB copy, sharing the workspace's database; the caller closes it.
     *
     * @return a new connection
     */
    public DuckDBConnection openDuckDb() {
        try {
            return duckDb().duplicate();
        } catch (SQLException e) {
            throw Databases.storageFailure("could not open the DuckDB copy of workspace " + name, e);
        }
    }

    /**
     * Uploads a file: stores its bytes, turns its sheets into tables in both copies, and commits it as one step. A
     * file with the name of an existing file replaces it: its tables keep their names, and readers see either the
     * old or the new version. A failed upload leaves the workspace as it was.
     *
     * @param source the file to upload
     * @param fileName the name to store it under (its extension decides for text files)
     * @param listener hears progress
     * @return the committed upload
     */
    public IngestResult ingest(Path source, String fileName, IngestListener listener) {
        requireReadable(source);
        try (InputStream in = Files.newInputStream(source)) {
            return ingest(in, fileName, listener);
        } catch (IOException e) {
            throw new EngineException(
                    IngestErrorCode.SOURCE_NOT_READABLE, "cannot read %s: %s".formatted(source, e.getMessage()), e);
        }
    }

    /**
     * Refuses a file to upload that is not there to be read, before anything of the upload starts.
     *
     * @param source the file
     * @throws EngineException SOURCE_NOT_READABLE
     */
    public static void requireReadable(Path source) {
        if (!Files.isRegularFile(source) || !Files.isReadable(source)) {
            throw new EngineException(
                    IngestErrorCode.SOURCE_NOT_READABLE, "cannot read %s: no such readable file".formatted(source));
        }
    }

    /**
     * Uploads a file from a stream, as an HTTP upload delivers it; see {@link #ingest(Path, String, IngestListener)}.
     *
     * @param content the file's bytes; read to the end, not closed
     * @param fileName the name to store it under
     * @param listener hears progress
     * @return the committed upload
     */
    public IngestResult ingest(InputStream content, String fileName, IngestListener listener) {
        String safeName = FileNames.safeName(fileName);
        writeLock.lock();
        try {
            // Opened here, on the thread holding the write lock: the upload's writers run on threads of their own.
            duckDb();
            return new Upload(this, safeName).run(content, listener);
        } finally {
            writeLock.unlock();
        }
    }

    /**
     * Uploads a file under its own name.
     *
     * @param source the file
     * @return the committed upload
     */
    public IngestResult ingest(Path source) {
        return ingest(source, source.getFileName().toString(), IngestListener.NONE);
    }

    /**
     * Removes a file, its tables and its stored bytes, and every earlier version of it that is kept. Given a
     * superseded version, removes just that version's record, bytes and report.
     *
     * @param fileNumber the F-number
     * @return the removed file; its sheets name the tables removed with it
     */
    public SourceFile deleteFile(int fileNumber) {
        writeLock.lock();
        try {
            CatalogSnapshot snapshot = catalog();
            FileVersions chains = versions.chains(snapshot);
            Optional<SourceFile> current = snapshot.file(fileNumber);
            if (current.isEmpty()) {
                SupersededFile version = chains.superseded(fileNumber).orElseThrow(() -> fileNotFound(fileNumber));
                versions.remove(version);
                return version.file().withoutTables();
            }
            List<TableInfo> tables = snapshot.tablesOf(fileNumber);
            List<SupersededFile> earlier = chains.lineage(fileNumber);
            inTransaction(() -> {
                try (Statement statement = sqlite.createStatement()) {
                    for (TableInfo table : tables) {
                        statement.execute("DROP TABLE IF EXISTS " + quote(table.name()));
                    }
                }
                CatalogStore.deleteFile(sqlite, fileNumber);
                for (SupersededFile version : earlier) {
                    VersionStore.delete(sqlite, version);
                }
            });
            publishToDuckDb(List.of(), tables);
            deleteTree(paths.fileDirectory(fileNumber));
            earlier.forEach(
                    version -> deleteTree(paths.fileDirectory(version.file().number())));
            publishChange(CatalogChange.removal(fileNumber));
            return current.get();
        } finally {
            writeLock.unlock();
        }
    }

    /**
     * Returns the ingest report of a file, current or superseded while its content is kept.
     *
     * @param fileNumber the F-number
     * @return the report
     * @throws EngineException FILE_NOT_FOUND, or FILE_CONTENT_DROPPED for a version the retention setting dropped
     */
    public IngestReport report(int fileNumber) {
        return JsonCodec.read(versions.reportJson(fileVersion(fileNumber)), IngestReport.class);
    }

    /**
     * Says what an F-number names: a current file, or a superseded version and what replaced it. A citation's
     * F-reference keeps naming its version after the file is replaced.
     *
     * @param fileNumber the F-number
     * @return the version
     * @throws EngineException FILE_NOT_FOUND when no file ever had that number, or it was removed
     */
    public FileVersion fileVersion(int fileNumber) {
        return versions.find(catalog(), fileNumber);
    }

    /**
     * Returns where the original bytes of a file, current or superseded, are kept.
     *
     * @param fileNumber the F-number
     * @return the stored copy, to be read and not changed
     * @throws EngineException FILE_NOT_FOUND, or FILE_CONTENT_DROPPED for a version the retention setting dropped
     */
    public Path fileContent(int fileNumber) {
        return fileContent(fileVersion(fileNumber));
    }

    /**
     * Returns where the original bytes of a version already looked up are kept.
     *
     * @param version what {@link #fileVersion(int)} answered
     * @return the stored copy, to be read and not changed
     * @throws EngineException FILE_CONTENT_DROPPED for a version the retention setting dropped
     */
    public Path fileContent(FileVersion version) {
        return versions.content(version);
    }

    /** Drops the bytes and reports of a file's superseded versions beyond the retention setting, after an upload. */
    void applyRetention(int fileNumber) {
        versions.applyRetention(catalog(), fileNumber);
    }

    /**
     * Writes a consistent copy of the workspace that other tools read into a new directory: {@code tables.sqlite}
     * (the SQLite copy, one file), {@code parquet/<table>.parquet} for every table (native types and each row's
     * citation in {@code __src}; readable by pandas, polars, Spark and DuckDB 1.x, which cannot open this DuckDB
     * version's file) and {@code manifest.json}. Uploads wait while it runs; queries do not.
     *
     * @param target a directory that does not exist or is empty
     * @return what was written
     * @throws EngineException EXPORT_TARGET_EXISTS, EXPORT_FAILED
     */
    public WorkspaceExport export(Path target) {
        writeLock.lock();
        try {
            return WorkspaceExporter.export(this, sqlite, catalog(), target);
        } finally {
            writeLock.unlock();
        }
    }

    /**
     * Closes the workspace and deletes its directory with every stored file, database and index in it.
     *
     * @throws UncheckedIOException when the directory could not be deleted; the workspace is closed all the same
     */
    public void closeAndDelete() {
        close();
        try {
            PathUtils.delete(paths.directory());
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "workspace '%s' is closed but its directory could not be deleted: %s"
                            .formatted(name, e.getMessage()),
                    e);
        }
    }

    @Override
    public void close() {
        writeLock.lock();
        try {
            if (!lock.isOpen()) {
                return;
            }
            readers.close();
            duckDb.close();
            synchronized (publishLock) {
                if (searchIndex != null) {
                    searchIndex.close();
                }
            }
            closeAll(sqlite, lock);
        } finally {
            writeLock.unlock();
        }
    }

    // --- used by Upload ---

    WorkspacePaths paths() {
        return paths;
    }

    Connection sqlite() {
        return sqlite;
    }

    FileIngestor newIngestor() {
        return new FileIngestor(options.ingest());
    }

    ParallelTableWriter openWriter(
            int fileNumber,
            int sheetNumber,
            int part,
            String sqliteName,
            List<StoredColumn> columns,
            List<SourceIndex<String>> indexColumns) {
        List<TableIndex> indexes = new ArrayList<>();
        for (SourceIndex<String> index : indexColumns) {
            indexes.add(new TableIndex(
                    "tq_index_%d_%d_%d_%d".formatted(fileNumber, sheetNumber, part + 1, indexes.size() + 1),
                    index.columns(),
                    index.unique()));
        }
        return ParallelTableWriter.open(
                sqlite,
                duckDb(),
                sqliteName,
                DuckDbStorage.storageName(fileNumber, sheetNumber, part),
                columns,
                indexes,
                options.ingest().batchRows());
    }

    /**
     * Builds the search index on first use, from the published catalog; later commits keep it up to date. A command
     * that never searches (an upload from the command line) never pays for it.
     */
    private TableSearcher buildSearchIndex() {
        synchronized (publishLock) {
            if (published.searcher() == null) {
                if (!lock.isOpen()) {
                    throw new IllegalStateException("workspace " + name + " is closed");
                }
                searchIndex = new TableSearchIndex();
                published = new Published(
                        published.snapshot(), searchIndex.update(published.snapshot()), published.derived());
            }
            return published.searcher();
        }
    }

    /**
     * Collects the column profiles of new tables before the upload commits: their writers made them as they wrote
     * ({@link ParallelTableWriter#profile()}); a table no writer wrote (one without columns) is profiled here.
     */
    Map<String, TableProfile> profile(List<TableInfo> tables, Map<String, ParallelTableWriter> writers)
            throws SQLException {
        Map<String, TableProfile> profiles = new HashMap<>();
        List<TableInfo> stored = new ArrayList<>();
        for (TableInfo table : tables) {
            ParallelTableWriter writer = writers.get(table.name());
            Optional<TableProfile> seen = writer == null ? Optional.empty() : writer.profile();
            seen.ifPresentOrElse(profile -> profiles.put(table.name(), profile), () -> stored.add(table));
        }
        profiles.putAll(profile(duckDb(), stored));
        return profiles;
    }

    private static Map<String, TableProfile> profile(DuckDBConnection connection, List<TableInfo> tables)
            throws SQLException {
        Map<String, TableProfile> profiles = new HashMap<>();
        for (TableInfo table : tables) {
            profiles.put(table.name(), TableProfiler.profile(connection, table));
        }
        return profiles;
    }

    /** Tells whether this process has opened the DuckDB copy yet. */
    boolean duckDbOpen() {
        return duckDb.isOpen();
    }

    /**
     * The DuckDB copy, opened and repaired at its first use. Opening takes the write lock first, as an upload does,
     * so the repair never runs beside an upload and the two locks are always taken in that order.
     */
    private DuckDBConnection duckDb() {
        if (duckDb.isOpen()) {
            return duckDb.get();
        }
        writeLock.lock();
        try {
            return duckDb.get();
        } finally {
            writeLock.unlock();
        }
    }

    void dropDuckDbStorage(IngestedFile ingested, int fileNumber) {
        for (var sheet : ingested.sheets()) {
            for (var table : sheet.tables()) {
                dropDuckDbStorage(DuckDbStorage.storageName(fileNumber, sheet.number(), table.part()));
            }
        }
    }

    void dropDuckDbStorage(String storageName) {
        if (!duckDb.isOpen()) {
            return;
        }
        try (Statement statement = duckDb().createStatement()) {
            statement.execute("DROP TABLE IF EXISTS " + quote(DuckDbStorage.STORE_SCHEMA, storageName));
        } catch (SQLException e) {
            LOG.warn("could not drop {}; the next open removes it", storageName, e);
        }
    }

    /** Runs work in one SQLite transaction, rolled back when it fails. */
    void inTransaction(SqlWork work) {
        try {
            sqlite.setAutoCommit(false);
            try {
                work.run();
                sqlite.commit();
            } catch (SQLException | RuntimeException e) {
                sqlite.rollback();
                throw e;
            } finally {
                sqlite.setAutoCommit(true);
            }
        } catch (SQLException e) {
            throw Databases.storageFailure("could not update workspace " + name, e);
        }
    }

    void publishToDuckDb(List<TableInfo> added, List<TableInfo> removed) {
        if (!duckDb.isOpen()) {
            // Not opened by this process yet: opening it reconciles it with the catalog.
            return;
        }
        try {
            DuckDbCatalog.publish(duckDb(), added, removed);
        } catch (SQLException e) {
            // The SQLite commit is the record; the DuckDB copy catches up on the next open.
            LOG.error(
                    "workspace {}: the DuckDB copy could not follow the last change; it is repaired on the next"
                            + " open",
                    name,
                    e);
        }
    }

    /**
     * Publishes the catalog after a committed change, derived from the published one and the change alone (and the
     * search index updated for the changed tables only), so that a commit does not read the whole catalog again.
     */
    void publishChange(CatalogChange change) {
        synchronized (publishLock) {
            CatalogSnapshot previous = published.snapshot();
            CatalogSnapshot snapshot = previous.apply(change);
            published = new Published(
                    snapshot, searchIndex == null ? null : searchIndex.update(previous, change, snapshot));
        }
    }

    /** Reads the whole catalog again and publishes it: on opening, and after a repair. */
    private void reloadSnapshot() {
        try {
            synchronized (publishLock) {
                CatalogSnapshot previous = published == null ? CatalogSnapshot.empty() : published.snapshot();
                CatalogSnapshot snapshot = CatalogStore.load(sqlite, previous);
                published = new Published(snapshot, searchIndex == null ? null : searchIndex.update(snapshot));
            }
        } catch (SQLException e) {
            throw Databases.storageFailure("could not read the catalog of workspace " + name, e);
        }
    }

    /** Deletes a file, or a directory with everything in it; nothing when it does not exist. */
    static void deleteTree(Path path) {
        if (!Files.exists(path)) {
            return;
        }
        try {
            PathUtils.delete(path);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static EngineException fileNotFound(int fileNumber) {
        return new EngineException(
                CatalogErrorCode.FILE_NOT_FOUND,
                "no file %s in this workspace; list the files to".formatted(FileRefs.format(fileNumber))
                        + " see their F-numbers");
    }

    /** SQL work inside a transaction. */
    @FunctionalInterface
    interface SqlWork {
        void run() throws SQLException;
    }

    // --- opening and recovery ---

    private void recover() throws SQLException, IOException {
        try (Statement statement = sqlite.createStatement()) {
            List<String> stale = new ArrayList<>();
            try (ResultSet rs = statement.executeQuery(
                    "SELECT name FROM sqlite_schema WHERE type = 'table' AND name LIKE 'tq\\_stage\\_%' ESCAPE '\\'")) {
                while (rs.next()) {
                    stale.add(rs.getString(1));
                }
            }
            for (String table : stale) {
                statement.execute("DROP TABLE " + quote(table));
            }
        }
        reloadSnapshot();
        CatalogSnapshot snapshot = catalog();
        FileVersions versions = new FileVersions(snapshot, VersionStore.list(sqlite));
        try (var entries = Files.list(paths.files())) {
            for (Path entry : entries.toList()) {
                String fileName = entry.getFileName().toString();
                boolean known = snapshot.files().stream().anyMatch(file -> fileName.equals("F" + file.number()))
                        || (fileName.matches("F[0-9]+")
                                && versions.keepsContentOf(Integer.parseInt(fileName.substring(1))));
                if (!known) {
                    LOG.warn("workspace {}: removing {}, left by an upload that did not commit", name, fileName);
                    deleteTree(entry);
                }
            }
        }
        try (var entries = Files.list(paths.tmp())) {
            for (Path entry : entries.toList()) {
                deleteTree(entry);
            }
        }
        if (snapshot.tables().stream().anyMatch(table -> snapshot.profile(table).isEmpty())) {
            // A workspace made before profiles were kept: get-schemas reads them, and they come from DuckDB.
            duckDb();
        }
    }

    /**
     * Brings a newly opened DuckDB copy in line with the catalog: rebuilds the tables a crash left missing, and
     * profiles the tables of a workspace made before profiles were kept.
     */
    private void repairDuckDb(DuckDBConnection connection) throws SQLException {
        List<String> repaired =
                DuckDbCatalog.reconcile(connection, catalog().tables(), new DuckDbRebuilder(sqlite, connection));
        if (!repaired.isEmpty()) {
            // After a crash, or after changes made while this copy was not open (it opens at first use).
            LOG.info("workspace {}: brought the DuckDB copy of {} up to date with the catalog", name, repaired);
        }
        CatalogSnapshot snapshot = catalog();
        List<TableInfo> missing = snapshot.tables().stream()
                .filter(table -> snapshot.profile(table).isEmpty())
                .toList();
        if (missing.isEmpty()) {
            return;
        }
        Map<String, TableProfile> profiles = profile(connection, missing);
        inTransaction(() -> {
            for (TableInfo table : missing) {
                CatalogStore.insertProfile(sqlite, table, profiles.get(table.name()));
            }
        });
        LOG.info("workspace {}: profiled {} tables", name, missing.size());
        reloadSnapshot();
    }

    private static void closeAll(Connection sqlite, WorkspaceLock lock) {
        try {
            if (sqlite != null) {
                sqlite.close();
            }
        } catch (SQLException e) {
            LOG.warn("could not close a SQLite connection", e);
        }
        if (lock != null) {
            lock.close();
        }
    }
}

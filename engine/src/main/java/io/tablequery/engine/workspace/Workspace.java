package io.tablequery.engine.workspace;

import static io.tablequery.dialects.SqlIdentifiers.quote;

import io.tablequery.engine.catalog.CatalogChange;
import io.tablequery.engine.catalog.CatalogErrorCode;
import io.tablequery.engine.catalog.CatalogSnapshot;
import io.tablequery.engine.catalog.CatalogStore;
import io.tablequery.engine.catalog.FileVersion;
import io.tablequery.engine.catalog.SourceFile;
import io.tablequery.engine.catalog.SupersededFile;
import io.tablequery.engine.catalog.TableInfo;
import io.tablequery.engine.catalog.VersionStore;
import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.error.HostPaths;
import io.tablequery.engine.ingest.IngestErrorCode;
import io.tablequery.engine.ingest.IngestListener;
import io.tablequery.engine.ingest.report.IngestReport;
import io.tablequery.engine.joins.JoinGraph;
import io.tablequery.engine.json.JsonCodec;
import io.tablequery.engine.search.SearchResult;
import io.tablequery.engine.search.TableSearcher;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Consumer;
import org.apache.commons.io.file.PathUtils;
import org.duckdb.DuckDBConnection;

/**
 * One tenant's files and tables. Readers take {@link #catalog()} snapshots and their own connections; uploads and
 * deletions are serialized. A workspace directory is held by one process at a time. Its parts: the storage (the
 * directory, its lock and the two copies), the published catalog (with the search index and derived values), the
 * superseded versions, and the recovery that runs when it opens.
 */
public final class Workspace implements AutoCloseable {
    private final WorkspaceStorage storage;
    private final PublishedCatalog published;
    private final SupersededVersions versions;
    private final WorkspaceRecovery recovery;
    private final DuckDbFollower follower;

    /**
     * How long {@link #openDuckDb()} waits for the DuckDB copy to follow the last upload: as long as a query may run
     * ({@code run-sql}'s default time limit).
     */
    public static final Duration DUCKDB_WAIT = Duration.ofSeconds(30);

    private Workspace(String name, WorkspacePaths paths, WorkspaceOptions options) {
        this.published =
                new PublishedCatalog(name, options.search() == SearchMode.MEANING ? paths.meaningVectors() : null);
        this.storage = WorkspaceStorage.open(name, paths, options, connection -> checkDuckDb());
        this.versions = new SupersededVersions(storage);
        this.recovery = new WorkspaceRecovery(storage, published);
        this.follower = new DuckDbFollower(storage, published);
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
        String name = absolute.getFileName() == null
                ? "workspace"
                : absolute.getFileName().toString();
        Workspace workspace = new Workspace(name, new WorkspacePaths(absolute), options);
        try {
            workspace.recovery.recover();
            workspace.follower.recover(workspace.storage.writer());
            return workspace;
        } catch (IOException e) {
            workspace.close();
            throw new EngineException(
                    CatalogErrorCode.STORAGE_FAILURE,
                    "could not open workspace %s: %s".formatted(absolute, e.getMessage()),
                    e);
        } catch (SQLException e) {
            workspace.close();
            throw Databases.storageFailure("could not open workspace " + absolute, e);
        } catch (RuntimeException e) {
            workspace.close();
            throw e;
        }
    }

    /**
     * Tells whether a directory holds a workspace: one opened before, with its SQLite copy in it.
     *
     * @param directory the directory
     * @return true when it does
     */
    public static boolean exists(Path directory) {
        return Files.isRegularFile(new WorkspacePaths(directory).sqlite());
    }

    /**
     * Says in the workspace's holder note that this process serves it over HTTP, so that a command finding the
     * workspace locked can go through the server instead.
     *
     * @param server the server's base URL
     * @param servedName the name the server serves the workspace under
     */
    public void announceServer(URI server, String servedName) {
        WorkspaceLock lock = storage.lock();
        lock.announce(lock.holder().serving(server, servedName));
    }

    /**
     * Returns the workspace name: its directory's name.
     *
     * @return the name
     */
    public String name() {
        return storage.name();
    }

    /**
     * Returns the workspace directory.
     *
     * @return the absolute directory
     */
    public Path directory() {
        return storage.paths().directory();
    }

    /**
     * Returns where DuckDB spills what does not fit in its memory limit while a query runs.
     *
     * @return the directory of DuckDB's temporary files
     */
    public Path spillDirectory() {
        return storage.paths().tmp();
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
     * Returns a value derived from the tables of one commit and kept with it, such as a table's sample rows for
     * get-schemas. Values are kept only for the latest commit; a newer commit starts empty.
     *
     * @param catalog the catalog the value was derived from
     * @param key what the value is and its type
     * @return the value kept, or empty when none is, or when {@code catalog} is no longer the latest
     * @param <T> the value's type
     */
    public <T> Optional<T> derived(CatalogSnapshot catalog, DerivedKey<T> key) {
        return published.derived(catalog, key);
    }

    /**
     * Keeps a value derived from the tables of one commit, when that commit is still the latest; otherwise does
     * nothing, so a value read from an older commit is never served for a newer one.
     *
     * @param catalog the catalog the value was derived from
     * @param key what the value is and its type
     * @param value the value, immutable
     * @param <T> the value's type
     */
    public <T> void keepDerived(CatalogSnapshot catalog, DerivedKey<T> key, T value) {
        published.keepDerived(catalog, key, value);
    }

    /**
     * Waits until search-tables reads the meaning of every table of the latest catalog (their vectors are made in the
     * background after each commit); true at once when the workspace searches by words alone.
     *
     * @param timeout the longest wait
     * @return whether every table's meaning is read
     * @throws InterruptedException when interrupted
     */
    public boolean awaitMeanings(Duration timeout) throws InterruptedException {
        return published.awaitMeanings(timeout);
    }

    /**
     * Returns the joins between a catalog's tables: declared foreign keys and inferred ones. Found once per commit.
     *
     * @param catalog a catalog of this workspace, usually {@link #catalog()}
     * @return its joins
     */
    public JoinGraph joins(CatalogSnapshot catalog) {
        return published.joins(catalog);
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
        return published.search(query, topK);
    }

    /**
     * Opens a read-only connection to the SQLite copy; the caller closes it.
     *
     * @return a new connection
     */
    public Connection openSqliteReader() {
        return storage.openSqliteReader();
    }

    /**
     * Lends a read-only connection to the SQLite copy for one run, from the few the workspace keeps open; closing
     * the session drops the run's TEMP objects and gives the connection back.
     *
     * @return the session
     */
    public SqliteSession sqliteSession() {
        return storage.sqliteSession();
    }

    /**
     * Opens a connection to the DuckDB copy, sharing the workspace's database, once the copy is level with the
     * catalog (it follows each upload's SQLite commit, {@link #awaitDuckDb}), waiting for it up to {@link #DUCKDB_WAIT};
     * the caller closes it.
     *
     * @return a new connection
     * @throws EngineException DUCKDB_COPY_PENDING when the copy is not level in time, DUCKDB_COPY_FAILED when it
     *     could not be made
     */
    public DuckDBConnection openDuckDb() {
        return openDuckDb(DUCKDB_WAIT);
    }

    /**
     * Opens a connection to the DuckDB copy once it is level with the catalog, waiting for it up to {@code wait}.
     *
     * @param wait the longest wait for the copy to follow the last upload
     * @return a new connection
     * @throws EngineException DUCKDB_COPY_PENDING when the copy is not level in time, DUCKDB_COPY_FAILED when it
     *     could not be made
     */
    public DuckDBConnection openDuckDb(Duration wait) {
        awaitDuckDb(wait);
        return storage.openDuckDb();
    }

    /**
     * Waits until the DuckDB copy is level with the catalog: the tables uploaded so far are in it, and those removed
     * are gone. The copy follows each upload's SQLite commit on a thread of its own, about a second per million rows.
     *
     * @param wait the longest wait
     * @throws EngineException DUCKDB_COPY_PENDING when it is not level in time, DUCKDB_COPY_FAILED when it could not
     *     be made
     */
    public void awaitDuckDb(Duration wait) {
        // Opening the copy the first time asks for a check of it, which is waited for too.
        storage.duckDb();
        follower.await(wait);
    }

    /**
     * Waits until the tables uploaded so far have their column profiles: a large table's is made from its DuckDB copy
     * once that is made.
     *
     * @param wait the longest wait
     * @throws EngineException DUCKDB_COPY_PENDING when they are not made in time, DUCKDB_COPY_FAILED when the DuckDB
     *     copy could not be made
     */
    public void awaitProfiles(Duration wait) {
        storage.duckDb();
        follower.awaitProfiles(wait);
    }

    /**
     * Tells whether the DuckDB copy is level with the catalog now, without waiting: {@code auto} runs SQLite while it
     * is not.
     *
     * @return true when no upload's DuckDB copy is still being made
     */
    public boolean duckDbLevel() {
        return follower.level();
    }

    /**
     * Says where a table's DuckDB copy is: made, being made after its upload, or failed.
     *
     * @param table a table of the catalog
     * @return {@code ready}, {@code pending} or {@code failed}
     */
    public String duckDbState(TableInfo table) {
        return follower.state(table).name().toLowerCase(Locale.ROOT);
    }

    /**
     * Adds a listener that hears each catalog whose DuckDB copy has been made (after the uploads it holds), on the
     * follower's thread: it must return quickly. What is derived from the DuckDB copy (Spark's Parquet exports)
     * follows it.
     *
     * @param listener takes the catalog the DuckDB copy now shows
     */
    public void addDuckDbListener(Consumer<CatalogSnapshot> listener) {
        follower.addListener(listener);
    }

    /**
     * Uploads a file: stores its bytes, turns its sheets into tables in the SQLite copy, and commits it as one step;
     * its DuckDB copy follows in the background ({@link #awaitDuckDb}). A file with the name of an existing file
     * replaces it: its tables keep their names, and readers see either the old or the new version. A failed upload
     * leaves the workspace as it was.
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
        return storage.write(() -> new Upload(storage, published, versions, follower, safeName).run(content, listener));
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
     * @return the removed file and the tables removed with it
     */
    public RemovedFile deleteFile(int fileNumber) {
        return storage.write(() -> {
            CatalogSnapshot snapshot = catalog();
            FileVersions chains = versions.chains(snapshot);
            Optional<SourceFile> current = snapshot.file(fileNumber);
            if (current.isEmpty()) {
                SupersededFile version =
                        chains.superseded(fileNumber).orElseThrow(() -> SupersededVersions.fileNotFound(fileNumber));
                versions.remove(version);
                return new RemovedFile(version.file().withoutTables(), List.of());
            }
            List<TableInfo> tables = snapshot.tablesOf(fileNumber);
            List<SupersededFile> earlier = chains.lineage(fileNumber);
            Connection sqlite = storage.writer();
            storage.inTransaction(() -> {
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
            WorkspacePaths paths = storage.paths();
            FileTrees.delete(paths.fileDirectory(fileNumber));
            earlier.forEach(version ->
                    FileTrees.delete(paths.fileDirectory(version.file().number())));
            published.publish(CatalogChange.removal(fileNumber));
            follower.follow();
            return new RemovedFile(current.get(), tables);
        });
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
        while (true) {
            awaitDuckDb(DUCKDB_WAIT);
            // Under the write lock no upload commits; one that committed since the wait is waited for again.
            Optional<WorkspaceExport> written = storage.write(() -> follower.level()
                    ? Optional.of(WorkspaceExporter.export(storage, catalog(), target))
                    : Optional.empty());
            if (written.isPresent()) {
                return written.get();
            }
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
            PathUtils.delete(directory());
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "workspace '%s' is closed but its directory could not be deleted: %s"
                            .formatted(name(), e.getMessage()),
                    e);
        }
    }

    /**
     * Closes the workspace once the DuckDB copy has followed the uploads made (an upload's DuckDB copy is not left half
     * made: a command that uploads returns when both copies are made).
     */
    @Override
    public void close() {
        follower.close();
        storage.write(() -> {
            published.close();
            storage.close();
            return null;
        });
    }

    /** Holds the DuckDB copy's follower until the handle closes (tests of the window after an upload's commit). */
    AutoCloseable holdDuckDb() {
        return follower.hold();
    }

    /** Tells whether this process has opened the DuckDB copy yet. */
    boolean duckDbOpen() {
        return storage.duckDbOpen();
    }

    /** Asks the follower to check a DuckDB copy just opened against the catalog (a crash, a lost file). */
    private void checkDuckDb() {
        follower.follow();
    }
}

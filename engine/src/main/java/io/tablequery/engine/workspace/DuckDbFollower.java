package io.tablequery.engine.workspace;

import io.tablequery.engine.catalog.CatalogErrorCode;
import io.tablequery.engine.catalog.CatalogSnapshot;
import io.tablequery.engine.catalog.CatalogStore;
import io.tablequery.engine.catalog.TableInfo;
import io.tablequery.engine.catalog.TableProfile;
import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.error.HostPaths;
import io.tablequery.engine.store.DuckDbCatalog;
import io.tablequery.engine.store.DuckDbRebuilder;
import io.tablequery.engine.store.StoredColumn;
import io.tablequery.engine.store.TableProfiler;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.duckdb.DuckDBConnection;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Brings a workspace's DuckDB copy level with its catalog, on a thread of its own, after the SQLite copy commits: an
 * upload answers once its SQLite copy commits, and its DuckDB copy (from the spool the upload wrote, or else from the
 * SQLite copy), the removal of what it replaced, and the profiles of its large tables follow here.
 *
 * <p>An upload hands its spools over as soon as they are complete ({@link #preload}), so their physical tables are
 * loaded while SQLite commits; they are shown only by the pass its commit asks for ({@link #follow}). A pass
 * reconciles the DuckDB copy with the latest catalog, so several changes made while one runs are taken by the next.
 * Readers of the DuckDB copy wait for the passes asked for before they came ({@link #await}); nothing reads a DuckDB
 * copy behind the catalog. Then the pass profiles the tables without a profile (get-schemas waits for that, {@link
 * #awaitProfiles}), and records the copies it made in the SQLite catalog, so that a workspace opened after a crash
 * makes again only what is not recorded.
 */
final class DuckDbFollower implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(DuckDbFollower.class);

    /** A table's DuckDB copy, as {@code tq files} and the files route show it. */
    enum State {
        /** Made: DuckDB answers from it. */
        READY,
        /** Being made after the table's upload. */
        PENDING,
        /** Could not be made; the workspace makes it again when it next opens. */
        FAILED
    }

    /**
     * A physical table to load from an upload's spool before the upload commits.
     *
     * @param storageName the physical table
     * @param columns its columns
     * @param spool the spool file
     */
    record Preload(String storageName, List<StoredColumn> columns, Path spool) {}

    private final WorkspaceStorage storage;
    private final PublishedCatalog catalog;
    private final Map<String, Path> spools = new ConcurrentHashMap<>();
    private final List<Consumer<CatalogSnapshot>> listeners = new CopyOnWriteArrayList<>();
    private final Set<String> made = ConcurrentHashMap.newKeySet();
    /**
     * Physical tables of uploads that handed over their spools and have not committed or failed yet: a pass keeps them
     * though the catalog does not have them.
     */
    private final Set<String> inFlight = ConcurrentHashMap.newKeySet();

    private final Deque<Preload> preloads = new ArrayDeque<>();

    private long asked;
    private long done;
    private long profiled;
    private String failure;
    private Thread worker;
    private boolean warm;
    private boolean closed;
    private int holds;

    DuckDbFollower(WorkspaceStorage storage, PublishedCatalog catalog) {
        this.storage = storage;
        this.catalog = catalog;
    }

    /**
     * Reads which tables' copies the catalog records as made, and asks for a pass when one is not, or lacks its
     * profile: after a crash between an upload's commit and its DuckDB copy.
     */
    void recover(Connection sqlite) throws SQLException {
        made.addAll(CatalogStore.recordedDuckDbCopies(sqlite));
        CatalogSnapshot snapshot = catalog.snapshot();
        boolean behind = snapshot.tables().stream()
                .anyMatch(table -> !made.contains(table.storageName())
                        || snapshot.profile(table).isEmpty());
        if (behind) {
            follow();
        }
    }

    /** Opens the DuckDB copy on the follower's thread, for an upload about to hand over its spools. */
    synchronized void prepare() {
        if (!storage.duckDbOpen()) {
            warm = true;
            start();
        }
    }

    /**
     * Loads physical tables from an upload's complete spools while it commits; a pass shows them once the catalog
     * has them, and drops those of an upload that did not commit.
     */
    synchronized void preload(List<Preload> tables) {
        if (closed) {
            return;
        }
        for (Preload table : tables) {
            spools.put(table.storageName(), table.spool());
            inFlight.add(table.storageName());
        }
        preloads.addAll(tables);
        start();
    }

    /** Lets the catalog decide about the tables an upload handed over, now that it committed. */
    void committed(List<Preload> tables) {
        tables.forEach(table -> inFlight.remove(table.storageName()));
    }

    /**
     * Forgets the tables an upload handed over before it failed to commit, so that the next pass drops what was
     * loaded of them (an upload that failed may give its F-number to the next, whose tables then load afresh).
     */
    synchronized void abandon(List<Preload> tables) {
        if (tables.isEmpty()) {
            return;
        }
        for (Preload table : tables) {
            preloads.remove(table);
            deleteQuietly(spools.remove(table.storageName()));
            inFlight.remove(table.storageName());
        }
        follow();
    }

    /**
     * Adds a listener that hears each catalog whose DuckDB copy a pass made, on the pass's thread, before readers
     * waiting for the pass go on; it must return quickly.
     */
    void addListener(Consumer<CatalogSnapshot> listener) {
        listeners.add(listener);
    }

    /** Asks for a pass after a committed change (or to check the DuckDB copy when it opens). */
    synchronized void follow() {
        if (closed) {
            return;
        }
        asked++;
        start();
    }

    private void start() {
        if (worker == null && !closed) {
            worker = new Thread(this::run, "tq-duckdb-follower-" + storage.name());
            worker.setDaemon(true);
            worker.start();
        }
    }

    /**
     * Tells whether the DuckDB copy is level with the catalog: no pass is asked for or running.
     *
     * @return true when DuckDB answers as the latest catalog says
     */
    synchronized boolean level() {
        return done >= asked && failure == null;
    }

    /** The state of a table's DuckDB copy. */
    synchronized State state(TableInfo table) {
        if (made.contains(table.storageName())) {
            return State.READY;
        }
        return failure != null ? State.FAILED : State.PENDING;
    }

    /**
     * Waits until the passes asked for so far have made the DuckDB copy level.
     *
     * @param timeout the longest wait
     * @throws EngineException DUCKDB_COPY_PENDING when they are not done in time, DUCKDB_COPY_FAILED when the last
     *     pass failed
     */
    void await(Duration timeout) {
        awaitPasses(timeout, false);
    }

    /**
     * Waits until the passes asked for so far have also profiled the tables without a profile.
     *
     * @param timeout the longest wait
     * @throws EngineException DUCKDB_COPY_PENDING when they are not done in time, DUCKDB_COPY_FAILED when the last
     *     pass failed
     */
    void awaitProfiles(Duration timeout) {
        awaitPasses(timeout, true);
    }

    private synchronized void awaitPasses(Duration timeout, boolean profiles) {
        long wanted = asked;
        long deadline = System.nanoTime() + timeout.toNanos();
        try {
            while ((profiles ? profiled : done) < wanted) {
                if (failure != null) {
                    throw failed();
                }
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw new EngineException(
                            CatalogErrorCode.DUCKDB_COPY_PENDING,
                            ("the DuckDB copy of workspace %s is still being made after its last upload (it follows"
                                            + " the SQLite copy, about a second per million rows); nothing ran. Try"
                                            + " again in a few seconds, or run on SQLite (run-sql --engine sqlite or"
                                            + " auto), which answers at once")
                                    .formatted(storage.name()));
                }
                wait(Math.max(1, left / 1_000_000));
            }
            if (failure != null) {
                throw failed();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new EngineException(CatalogErrorCode.DUCKDB_COPY_PENDING, "interrupted while waiting for DuckDB");
        }
    }

    private EngineException failed() {
        return new EngineException(
                CatalogErrorCode.DUCKDB_COPY_FAILED,
                ("the DuckDB copy of workspace %s could not be made (%s); it is made again when the workspace next"
                                + " opens. Run on SQLite (run-sql --engine sqlite or auto) meanwhile")
                        .formatted(storage.name(), failure));
    }

    /**
     * Holds the passes until the returned handle closes: the window between an upload's SQLite commit and its DuckDB
     * copy, made to last, for the tests of what happens in it.
     */
    AutoCloseable hold() {
        synchronized (this) {
            holds++;
        }
        return () -> {
            synchronized (this) {
                holds--;
                notifyAll();
            }
        };
    }

    /** Waits for the passes asked for, and takes no more; spools left are deleted. */
    @Override
    public void close() {
        Thread running;
        synchronized (this) {
            closed = true;
            running = worker;
        }
        if (running != null) {
            try {
                running.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        spools.values().forEach(DuckDbFollower::deleteQuietly);
        spools.clear();
    }

    /** The worker's next task, decided under the lock. */
    private enum Task {
        OPEN,
        PRELOAD,
        PASS
    }

    private void run() {
        while (true) {
            Task task;
            Preload preload = null;
            long wanted = 0;
            synchronized (this) {
                while (holds > 0) {
                    try {
                        wait();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        worker = null;
                        return;
                    }
                }
                if (warm) {
                    warm = false;
                    task = Task.OPEN;
                } else if (!preloads.isEmpty()) {
                    task = Task.PRELOAD;
                    preload = preloads.poll();
                } else if (done < asked || profiled < asked) {
                    task = Task.PASS;
                    wanted = asked;
                } else {
                    worker = null;
                    notifyAll();
                    return;
                }
            }
            switch (task) {
                case OPEN -> open();
                case PRELOAD -> load(preload);
                case PASS -> pass(wanted);
            }
        }
    }

    private void open() {
        try {
            storage.duckDb();
        } catch (RuntimeException e) {
            // The pass that needs the copy opens it again and says why it cannot.
            LOG.debug("workspace {}: the DuckDB copy did not open ahead of an upload", storage.name(), e);
        }
    }

    /** Loads a physical table from a spool, ahead of its upload's commit; on failure a pass makes it from SQLite. */
    private void load(Preload table) {
        Path spool = spools.remove(table.storageName());
        if (spool == null) {
            return;
        }
        try {
            DuckDbRebuilder.load(storage.duckDb(), table.storageName(), table.columns(), spool);
        } catch (SQLException | RuntimeException e) {
            LOG.warn(
                    "workspace {}: {} could not be loaded from its spool; it is made from SQLite",
                    storage.name(),
                    table.storageName(),
                    e);
        } finally {
            deleteQuietly(spool);
        }
    }

    /**
     * One pass: the DuckDB copy reconciled with the latest catalog (each missing table made from its spool or from
     * SQLite, views switched, what the catalog no longer has dropped), which readers may then read; the tables
     * without a profile profiled there, and the copies and profiles recorded in the SQLite catalog.
     */
    private void pass(long wanted) {
        CatalogSnapshot snapshot = catalog.snapshot();
        List<TableInfo> unrecorded;
        try {
            level(snapshot);
            unrecorded = snapshot.tables().stream()
                    .filter(table -> !made.contains(table.storageName()))
                    .toList();
            made.addAll(unrecorded.stream().map(TableInfo::storageName).toList());
        } catch (SQLException | RuntimeException e) {
            fail(e);
            return;
        }
        // Before the pass counts as done, so that what follows the copy has started when a reader sees it level.
        for (Consumer<CatalogSnapshot> listener : listeners) {
            try {
                listener.accept(snapshot);
            } catch (RuntimeException e) {
                LOG.warn("workspace {}: a DuckDB copy listener failed: {}", storage.name(), e.toString());
            }
        }
        synchronized (this) {
            done = Math.max(done, wanted);
            failure = null;
            notifyAll();
        }
        Map<TableInfo, TableProfile> profiles;
        try {
            profiles = profile(snapshot);
        } catch (SQLException | RuntimeException e) {
            fail(e);
            return;
        }
        synchronized (this) {
            profiled = Math.max(profiled, wanted);
            notifyAll();
        }
        // Readers go on while the pass is recorded: that waits for the write lock, which an upload may hold.
        try {
            record(unrecorded, profiles);
        } catch (RuntimeException e) {
            LOG.warn(
                    "workspace {}: the DuckDB copies made could not be recorded; they are checked again when the"
                            + " workspace opens",
                    storage.name(),
                    e);
        }
        // The write connection's commits leave the WAL to this, after the upload has answered.
        storage.checkpointSqlite();
    }

    private synchronized void fail(Exception e) {
        LOG.error("workspace {}: the DuckDB copy could not follow the catalog", storage.name(), e);
        failure = HostPaths.scrub(String.valueOf(e.getMessage()));
        done = asked;
        profiled = asked;
        notifyAll();
    }

    /** Makes the DuckDB copy show the catalog's tables and nothing else. */
    private void level(CatalogSnapshot snapshot) throws SQLException {
        DuckDBConnection duckDb = storage.duckDb();
        try (Connection sqlite = storage.openSqliteReader()) {
            DuckDbRebuilder rebuilder = new DuckDbRebuilder(sqlite, duckDb);
            List<String> repaired = DuckDbCatalog.reconcile(
                    duckDb, snapshot.tables(), table -> load(rebuilder, table), Set.copyOf(inFlight));
            if (!repaired.isEmpty()) {
                LOG.debug("workspace {}: the DuckDB copy now shows {}", storage.name(), repaired);
            }
        }
    }

    /** Profiles the tables without a profile from their DuckDB copies, and publishes the profiles at once. */
    private Map<TableInfo, TableProfile> profile(CatalogSnapshot snapshot) throws SQLException {
        List<TableInfo> unprofiled = snapshot.tables().stream()
                .filter(table -> snapshot.profile(table).isEmpty())
                .toList();
        if (unprofiled.isEmpty()) {
            return Map.of();
        }
        Map<String, TableProfile> byName = TableProfiler.profile(storage.duckDb(), unprofiled);
        Map<TableInfo, TableProfile> profiles = new HashMap<>();
        Map<String, TableProfile> byStorage = new HashMap<>();
        for (TableInfo table : unprofiled) {
            TableProfile profile = byName.get(table.name());
            if (profile != null) {
                profiles.put(table, profile);
                byStorage.put(table.storageName(), profile);
            }
        }
        catalog.publishProfiles(byStorage);
        return profiles;
    }

    /** Makes a missing physical table, from its upload's spool when it has one, else from SQLite. */
    private void load(DuckDbRebuilder rebuilder, TableInfo table) throws SQLException {
        Path spool = spools.remove(table.storageName());
        try {
            rebuilder.load(table, spool);
        } finally {
            if (spool != null) {
                deleteQuietly(spool);
            }
        }
    }

    /**
     * Records made copies and new profiles in the SQLite catalog, for the tables still at the version they were made
     * for; under the write lock, as commits are, so that no commit comes between.
     */
    private void record(List<TableInfo> copies, Map<TableInfo, TableProfile> profiles) {
        if (copies.isEmpty() && profiles.isEmpty()) {
            return;
        }
        storage.write(() -> {
            if (!storage.isOpen()) {
                return null;
            }
            Set<String> current = new HashSet<>();
            catalog.snapshot().tables().forEach(table -> current.add(table.storageName()));
            storage.inTransaction(() -> {
                CatalogStore.recordDuckDbCopies(
                        storage.writer(),
                        copies.stream()
                                .filter(table -> current.contains(table.storageName()))
                                .toList());
                for (Map.Entry<TableInfo, TableProfile> entry : profiles.entrySet()) {
                    if (current.contains(entry.getKey().storageName())) {
                        CatalogStore.insertProfile(storage.writer(), entry.getKey(), entry.getValue());
                    }
                }
            });
            return null;
        });
    }

    private static void deleteQuietly(Path spool) {
        if (spool == null) {
            return;
        }
        try {
            Files.deleteIfExists(spool);
        } catch (IOException e) {
            // The workspace's tmp directory is emptied when it next opens.
        }
    }
}

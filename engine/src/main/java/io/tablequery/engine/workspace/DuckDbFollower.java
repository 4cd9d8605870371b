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
import io.tablequery.engine.store.TableProfiler;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
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
 * SQLite copy), the profiles of its large tables, and the removal of what it replaced follow here. Each change asks
 * for a pass ({@link #follow}); a pass reconciles the DuckDB copy with the latest catalog, so several changes made
 * while one runs are taken by the next. Readers of the DuckDB copy wait for the passes asked for before they came
 * ({@link #await}); nothing reads a DuckDB copy behind the catalog. A pass records the copies it made in the SQLite
 * catalog, so that a workspace opened after a crash makes again only what is not recorded.
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

    private final WorkspaceStorage storage;
    private final PublishedCatalog catalog;
    private final Map<String, Path> spools = new ConcurrentHashMap<>();
    private final List<Consumer<CatalogSnapshot>> listeners = new CopyOnWriteArrayList<>();
    private final Set<String> made = ConcurrentHashMap.newKeySet();
    private long asked;
    private long done;
    private String failure;
    private Thread worker;
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

    /** Keeps the spool an upload wrote for a table's DuckDB copy, to load it from rather than from SQLite. */
    void spooled(String storageName, Path spool) {
        spools.put(storageName, spool);
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
        if (worker == null) {
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
     * Waits until the passes asked for so far are done.
     *
     * @param timeout the longest wait
     * @throws EngineException DUCKDB_COPY_PENDING when they are not done in time, DUCKDB_COPY_FAILED when the last
     *     pass failed
     */
    synchronized void await(Duration timeout) {
        long wanted = asked;
        long deadline = System.nanoTime() + timeout.toNanos();
        try {
            while (done < wanted) {
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

    private void run() {
        while (true) {
            long wanted;
            synchronized (this) {
                while (holds > 0) {
                    try {
                        wait();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return;
                    }
                }
                if (done >= asked) {
                    worker = null;
                    notifyAll();
                    return;
                }
                wanted = asked;
            }
            Pass pass;
            try {
                pass = pass();
            } catch (SQLException | RuntimeException e) {
                LOG.error("workspace {}: the DuckDB copy could not follow the catalog", storage.name(), e);
                synchronized (this) {
                    failure = HostPaths.scrub(String.valueOf(e.getMessage()));
                    done = asked;
                    worker = null;
                    notifyAll();
                }
                return;
            }
            // Before the pass counts as done, so that what follows the copy has started when a reader sees it level.
            for (Consumer<CatalogSnapshot> listener : listeners) {
                try {
                    listener.accept(pass.snapshot());
                } catch (RuntimeException e) {
                    LOG.warn("workspace {}: a DuckDB copy listener failed: {}", storage.name(), e.toString());
                }
            }
            synchronized (this) {
                done = Math.max(done, wanted);
                failure = null;
                notifyAll();
            }
            // Readers go on while the pass is recorded: that waits for the write lock, which an upload may hold.
            try {
                record(pass);
            } catch (RuntimeException e) {
                LOG.warn(
                        "workspace {}: the DuckDB copies made could not be recorded; they are checked again when the"
                                + " workspace opens",
                        storage.name(),
                        e);
            }
        }
    }

    /**
     * What a pass made: the catalog it made the DuckDB copy level with, the tables whose copies it is to record, and
     * the profiles it made.
     */
    private record Pass(
            CatalogSnapshot snapshot,
            List<TableInfo> unrecorded,
            List<TableInfo> unprofiled,
            Map<String, TableProfile> profiles) {}

    /**
     * One pass: the DuckDB copy reconciled with the latest catalog (each missing table made from its spool or from
     * SQLite, views switched, what the catalog no longer has dropped), the tables without a profile profiled there,
     * then the copies and profiles recorded in the SQLite catalog.
     */
    private Pass pass() throws SQLException {
        CatalogSnapshot snapshot = catalog.snapshot();
        DuckDBConnection duckDb = storage.duckDb();
        try (Connection sqlite = storage.openSqliteReader()) {
            DuckDbRebuilder rebuilder = new DuckDbRebuilder(sqlite, duckDb);
            List<String> repaired = DuckDbCatalog.reconcile(duckDb, snapshot.tables(), table -> load(rebuilder, table));
            if (!repaired.isEmpty()) {
                LOG.debug("workspace {}: the DuckDB copy now shows {}", storage.name(), repaired);
            }
        }
        List<TableInfo> unprofiled = snapshot.tables().stream()
                .filter(table -> snapshot.profile(table).isEmpty())
                .toList();
        Map<String, TableProfile> profiles =
                unprofiled.isEmpty() ? Map.of() : TableProfiler.profile(duckDb, unprofiled);
        Map<String, TableProfile> byStorage = new HashMap<>();
        unprofiled.forEach(table -> byStorage.put(table.storageName(), profiles.get(table.name())));
        byStorage.values().removeIf(Objects::isNull);
        // Published at once, for readers waiting on this pass; recorded in SQLite after it (record).
        catalog.publishProfiles(byStorage);
        List<TableInfo> unrecorded = snapshot.tables().stream()
                .filter(table -> !made.contains(table.storageName()))
                .toList();
        made.addAll(unrecorded.stream().map(TableInfo::storageName).toList());
        return new Pass(snapshot, unrecorded, unprofiled, profiles);
    }

    /** Makes a table's physical DuckDB table, from its upload's spool when it has one. */
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
    private void record(Pass pass) {
        if (pass.unrecorded().isEmpty() && pass.profiles().isEmpty()) {
            return;
        }
        storage.write(() -> {
            if (!storage.isOpen()) {
                return null;
            }
            CatalogSnapshot latest = catalog.snapshot();
            Set<String> current = new HashSet<>();
            latest.tables().forEach(table -> current.add(table.storageName()));
            storage.inTransaction(() -> {
                CatalogStore.recordDuckDbCopies(
                        storage.writer(),
                        pass.unrecorded().stream()
                                .filter(table -> current.contains(table.storageName()))
                                .toList());
                for (TableInfo table : pass.unprofiled()) {
                    TableProfile profile = pass.profiles().get(table.name());
                    if (profile != null && current.contains(table.storageName())) {
                        CatalogStore.insertProfile(storage.writer(), table, profile);
                    }
                }
            });
            return null;
        });
    }

    private static void deleteQuietly(Path spool) {
        try {
            Files.deleteIfExists(spool);
        } catch (IOException e) {
            // The workspace's tmp directory is emptied when it next opens.
        }
    }
}

package io.tablequery.spark.export;

import static java.util.Objects.requireNonNull;

import io.tablequery.engine.catalog.CatalogSnapshot;
import io.tablequery.engine.catalog.SourceFile;
import io.tablequery.engine.catalog.TableInfo;
import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.error.HostPaths;
import io.tablequery.engine.store.DuckDbStorage;
import io.tablequery.engine.store.ParquetCopy;
import io.tablequery.engine.workspace.Workspace;
import io.tablequery.spark.SparkErrorCode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Pattern;
import org.duckdb.DuckDBConnection;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Exports each committed table version of a workspace as Parquet under {@code DATA/<workspace>/<table>/<version>/},
 * once: in SQLite's representation (the values SQLite holds, and SQLite's rowid in a column {@code rowid}), from the
 * workspace's DuckDB copy, on a thread of its own after the upload committed. A version is written into a hidden
 * directory and renamed into place whole, so the cluster never sees half of one; versions no longer current are
 * removed. A plan waits for the versions it reads, exporting them at once when nothing had started them.
 */
public final class ParquetExports implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ParquetExports.class);
    private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9_]{1,100}");
    private static final String PARTIAL = ".partial-";

    private final Path root;
    private final ExecutorService executor;
    private final Map<Key, CompletableFuture<Path>> exports = new ConcurrentHashMap<>();
    private final Set<String> swept = ConcurrentHashMap.newKeySet();

    /** One version of one table of one workspace. */
    private record Key(String workspace, String table, String version) {}

    /**
     * Creates the exporter.
     *
     * @param root the directory exports go under
     */
    public ParquetExports(Path root) {
        this.root = requireNonNull(root, "root is null").toAbsolutePath().normalize();
        this.executor = Executors.newSingleThreadExecutor(runnable -> {
            Thread thread = new Thread(runnable, "tq-spark-export");
            thread.setDaemon(true);
            return thread;
        });
        try {
            Files.createDirectories(this.root);
        } catch (IOException e) {
            throw new EngineException(
                    SparkErrorCode.BAD_OPTION, "cannot create the Spark data directory: " + e.getMessage(), e);
        }
        HostPaths.registerLocation(this.root, "<spark data>");
    }

    /**
     * Names the version of a table: it changes whenever the table's content can, with the file's content, its upload
     * and the table's place in it.
     *
     * @param catalog the catalog holding the table
     * @param table the table
     * @return the version's directory name
     */
    public static String version(CatalogSnapshot catalog, TableInfo table) {
        SourceFile file = catalog.file(table.fileNumber())
                .orElseThrow(() -> new IllegalArgumentException("table " + table.name() + " has no file"));
        return "F%d-%s-%d-%s"
                .formatted(
                        file.number(),
                        file.sha256().substring(0, Math.min(16, file.sha256().length())),
                        file.uploadedAt().toEpochMilli(),
                        table.storageName());
    }

    /**
     * Returns where a version is exported.
     *
     * @param workspace the workspace's name
     * @param table the table's name
     * @param version the version
     * @return its directory
     */
    public Path directory(String workspace, String table, String version) {
        return root.resolve(segment(workspace)).resolve(segment(table)).resolve(version);
    }

    /**
     * Starts exporting every table of a catalog that has no export of its version, and removes the versions that are
     * no longer current: not in the workspace's latest catalog when the removal runs, which may be newer than this
     * one (the DuckDB copy's passes hear the catalog they made level, and a plan may already read a later one).
     * Returns at once.
     *
     * @param workspace the workspace
     * @param catalog its latest catalog
     */
    public void follow(Workspace workspace, CatalogSnapshot catalog) {
        for (TableInfo table : catalog.tables()) {
            start(workspace, catalog, table);
        }
        executor.execute(() -> removeOld(workspace.name(), workspace.catalog()));
    }

    /**
     * Returns the exported directory of a table's version, exporting it now if nothing started it, and waiting for it
     * until the deadline.
     *
     * @param workspace the workspace
     * @param catalog the catalog the plan was validated against
     * @param table the table
     * @param deadlineNanos when the plan's time runs out, by {@link System#nanoTime()}
     * @return the directory
     * @throws EngineException EXPORT_PENDING when the export is not done by then, EXPORT_FAILED when it failed
     */
    public Path await(Workspace workspace, CatalogSnapshot catalog, TableInfo table, long deadlineNanos) {
        CompletableFuture<Path> export = start(workspace, catalog, table);
        try {
            return export.get(Math.max(0, deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            throw new EngineException(
                    SparkErrorCode.EXPORT_PENDING,
                    ("table %s is still being exported for Spark (it was uploaded moments ago); nothing ran. Run the"
                                    + " plan again shortly, or on another engine")
                            .formatted(table.name()));
        } catch (ExecutionException e) {
            exports.remove(key(workspace, catalog, table), export);
            Throwable cause = e.getCause();
            throw new EngineException(
                    SparkErrorCode.EXPORT_FAILED,
                    "table %s could not be exported for Spark: %s; run the plan on another engine"
                            .formatted(table.name(), HostPaths.scrub(String.valueOf(cause.getMessage()))),
                    cause);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new EngineException(SparkErrorCode.EXPORT_PENDING, "interrupted while waiting for an export");
        }
    }

    /**
     * Lets go of a workspace that is closing: its exports not started are dropped, and the one writing is waited for
     * (up to 30 s), so that none reads a closed workspace. (Cancelling the one writing did not wait for it.)
     *
     * @param workspace the workspace's name
     */
    public void forget(String workspace) {
        List<CompletableFuture<Path>> pending = new ArrayList<>();
        exports.forEach((key, export) -> {
            if (key.workspace().equals(workspace)) {
                if (!export.isDone()) {
                    pending.add(export);
                }
                exports.remove(key, export);
            }
        });
        if (pending.isEmpty()) {
            return;
        }
        // A cancelled export that has not started never runs; the one writing runs on, so wait for the thread to pass
        // it (the exports run one at a time, in order).
        pending.forEach(export -> export.cancel(false));
        try {
            queueEmptied().get(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            LOG.warn("workspace {}: an export for Spark still runs as the workspace closes", workspace);
        }
    }

    /**
     * Waits until every export and removal started so far is done.
     *
     * @throws InterruptedException when the wait is interrupted
     */
    public void drain() throws InterruptedException {
        try {
            queueEmptied().get();
        } catch (ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        }
    }

    /** Completes when the export thread has done everything queued before it. */
    private CompletableFuture<Void> queueEmptied() {
        return CompletableFuture.runAsync(() -> {}, executor);
    }

    /** Stops the export thread; an export running is left to finish its file, then the thread ends. */
    @Override
    public void close() {
        executor.shutdownNow();
    }

    private CompletableFuture<Path> start(Workspace workspace, CatalogSnapshot catalog, TableInfo table) {
        // Before the first export of a workspace starts, whichever way it is asked for (an export follows the DuckDB
        // copy on its own thread, and a plan may ask first).
        sweepPartials(workspace.name());
        Key key = key(workspace, catalog, table);
        return exports.computeIfAbsent(key, k -> {
            Path target = directory(k.workspace(), k.table(), k.version());
            if (Files.isDirectory(target)) {
                return CompletableFuture.completedFuture(target);
            }
            return CompletableFuture.supplyAsync(() -> export(workspace, table, target), executor);
        });
    }

    private static Key key(Workspace workspace, CatalogSnapshot catalog, TableInfo table) {
        return new Key(workspace.name(), table.name(), version(catalog, table));
    }

    /** Writes one version into a hidden directory, then renames it into place. */
    private Path export(Workspace workspace, TableInfo table, Path target) {
        if (Files.isDirectory(target)) {
            return target;
        }
        Path partial = target.resolveSibling("." + target.getFileName() + PARTIAL + UUID.randomUUID());
        long started = System.nanoTime();
        try {
            Files.createDirectories(partial);
            Path file = partial.resolve("part-00000.parquet");
            try (DuckDBConnection duckdb = workspace.openDuckDb();
                    ParquetCopy copy = new ParquetCopy()) {
                copy.write(duckdb, DuckDbStorage.sqliteRowsSql(table), file);
            }
            try {
                Files.move(partial, target, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(partial, target);
            }
            LOG.info(
                    "workspace {}: exported table {} ({} rows) for Spark in {} ms",
                    workspace.name(),
                    table.name(),
                    table.rowCount(),
                    TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started));
            return target;
        } catch (IOException | SQLException e) {
            deleteTree(partial);
            if (Files.isDirectory(target)) {
                return target;
            }
            throw new IllegalStateException(e.getMessage(), e);
        } catch (RuntimeException e) {
            deleteTree(partial);
            throw e;
        }
    }

    /** Removes what a crashed export left, once per workspace and process, before this process exports any of it. */
    private synchronized void sweepPartials(String workspace) {
        if (!swept.add(workspace)) {
            return;
        }
        Path directory = root.resolve(segment(workspace));
        for (Path table : list(directory)) {
            for (Path entry : list(table)) {
                if (entry.getFileName().toString().contains(PARTIAL)) {
                    deleteTree(entry);
                }
            }
        }
    }

    /** Removes the versions that are no longer current, and the tables that are gone. */
    private void removeOld(String workspace, CatalogSnapshot catalog) {
        Path directory = root.resolve(segment(workspace));
        Map<String, String> current = new HashMap<>();
        for (TableInfo table : catalog.tables()) {
            current.put(segment(table.name()), version(catalog, table));
        }
        Set<String> running = new HashSet<>();
        exports.forEach((key, export) -> {
            if (key.workspace().equals(workspace) && !export.isDone()) {
                running.add(segment(key.table()) + "/" + key.version());
            }
        });
        for (Path table : list(directory)) {
            String name = table.getFileName().toString();
            String version = current.get(name);
            for (Path entry : list(table)) {
                String entryName = entry.getFileName().toString();
                boolean partial = entryName.contains(PARTIAL);
                if (!partial && !entryName.equals(version) && !running.contains(name + "/" + entryName)) {
                    deleteTree(entry);
                    exports.keySet()
                            .removeIf(key -> key.workspace().equals(workspace)
                                    && segment(key.table()).equals(name)
                                    && key.version().equals(entryName));
                }
            }
            if (version == null && list(table).isEmpty()) {
                deleteTree(table);
            }
        }
    }

    /** A name as one path segment: itself when plain, else its UTF-8 bytes in hex, so no name escapes its folder. */
    static String segment(String name) {
        return PLAIN.matcher(name).matches()
                ? name.toLowerCase(Locale.ROOT)
                : "x" + HexFormat.of().formatHex(name.toLowerCase(Locale.ROOT).getBytes(StandardCharsets.UTF_8));
    }

    private static List<Path> list(Path directory) {
        List<Path> entries = new ArrayList<>();
        if (!Files.isDirectory(directory)) {
            return entries;
        }
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(directory)) {
            stream.forEach(entries::add);
        } catch (IOException e) {
            LOG.warn("cannot list {}: {}", HostPaths.scrub(directory.toString()), e.toString());
        }
        return entries;
    }

    private static void deleteTree(Path path) {
        if (!Files.exists(path)) {
            return;
        }
        try (var walk = Files.walk(path)) {
            walk.sorted(Comparator.reverseOrder()).forEach(entry -> {
                try {
                    Files.deleteIfExists(entry);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (IOException | UncheckedIOException e) {
            LOG.warn("cannot remove {}: {}", HostPaths.scrub(path.toString()), e.toString());
        }
    }

    /**
     * Spells the temporary view a Spark session reads an exported table version through.
     *
     * @param view the view's quoted name
     * @param location the version's directory, as a URI the cluster reads
     * @return the statement
     */
    public static String viewOver(String view, String location) {
        return "CREATE OR REPLACE TEMP VIEW " + view + " AS SELECT * FROM parquet.`" + location + "`";
    }
}

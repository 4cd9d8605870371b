package io.tablequery.server.http;

import static java.util.Objects.requireNonNull;

import io.tablequery.engine.catalog.CatalogErrorCode;
import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.workspace.Workspace;
import io.tablequery.engine.workspace.WorkspaceListener;
import io.tablequery.engine.workspace.WorkspaceOptions;
import io.tablequery.server.api.ServerErrorCode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.apache.commons.io.file.PathUtils;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The workspaces a server serves, by name. A workspace is known by its directory and opened at its first request, not
 * when the server starts; it closes after it was idle for the lifecycle's time, or, least recently used first, when
 * another must open and the memory budget is spent, never while a request holds it ({@link #lease}). A request that
 * finds no room waits, then is refused as overloaded. It closes them all when the server stops.
 */
public final class WorkspaceRegistry implements AutoCloseable {
    /** A workspace name: a letter or digit, then up to 63 letters, digits, '_', '.' or '-'. */
    public static final Pattern VALID_NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]{0,63}");

    private static final Logger LOG = LoggerFactory.getLogger(WorkspaceRegistry.class);
    /** How many names an error lists; beyond it, it says how many there are. */
    private static final int NAMES_IN_MESSAGES = 20;

    /** One workspace, open or not. Guarded by the registry. */
    private static final class Entry {
        final String name;
        final Path directory;
        Workspace workspace;
        int leases;
        long lastUsed;
        boolean opening;
        boolean closing;

        Entry(String name, Path directory) {
            this.name = name;
            this.directory = directory;
        }

        boolean open() {
            return workspace != null && !closing;
        }

        boolean idle() {
            return open() && leases == 0 && !opening;
        }
    }

    private final Map<String, Entry> entries = new LinkedHashMap<>();
    private final Path root;
    private final WorkspaceOptions options;
    private final WorkspaceLifecycle lifecycle;
    private final long reservation;
    private final ScheduledExecutorService sweeper;
    private long reserved;
    private long opens;
    private long openNanos;
    private long idleCloses;
    private long budgetCloses;
    private long refusals;
    private volatile URI server;
    private final List<WorkspaceListener> listeners = new CopyOnWriteArrayList<>();
    private boolean closed;

    /** Creates a registry that serves the workspaces added to it and cannot create others. */
    public WorkspaceRegistry() {
        this(null, WorkspaceOptions.SERVED);
    }

    /**
     * Creates a registry that can also create workspaces, as sub-directories of a root; it keeps workspaces open.
     *
     * @param root where new workspaces go, or null
     * @param options how workspaces are opened
     */
    public WorkspaceRegistry(Path root, WorkspaceOptions options) {
        this(root, options, WorkspaceLifecycle.KEEP_OPEN);
    }

    /**
     * Creates a registry that opens and closes its workspaces by a lifecycle.
     *
     * @param root where new workspaces go, or null
     * @param options how workspaces are opened
     * @param lifecycle when they open and close, and the memory they may take together
     */
    public WorkspaceRegistry(Path root, WorkspaceOptions options, WorkspaceLifecycle lifecycle) {
        this.root = root;
        this.options = requireNonNull(options, "options is null");
        this.lifecycle = requireNonNull(lifecycle, "lifecycle is null");
        this.reservation = WorkspaceLifecycle.bytes(options.duckDbMemoryLimit()) + WorkspaceLifecycle.SQLITE_RESERVE;
        if (lifecycle.memoryBudget() > 0 && lifecycle.memoryBudget() < reservation) {
            throw new IllegalArgumentException(("a memory budget of %,d bytes cannot hold one workspace, which"
                            + " reserves %,d (its DuckDB memory limit and %d MiB for SQLite)")
                    .formatted(lifecycle.memoryBudget(), reservation, WorkspaceLifecycle.SQLITE_RESERVE >> 20));
        }
        if (lifecycle.idleClose().isZero()) {
            this.sweeper = null;
        } else {
            this.sweeper = Executors.newSingleThreadScheduledExecutor(runnable -> {
                Thread thread = new Thread(runnable, "tq-workspace-sweeper");
                thread.setDaemon(true);
                return thread;
            });
            long period = Math.max(100, Math.min(30_000, lifecycle.idleClose().toMillis() / 2));
            sweeper.scheduleWithFixedDelay(this::closeIdle, period, period, TimeUnit.MILLISECONDS);
        }
    }

    /**
     * What the registry holds and has done since it started, for the server's metrics.
     *
     * @param served workspaces served, open or not
     * @param open workspaces open now
     * @param reservedBytes memory the open workspaces reserve together
     * @param budgetBytes the memory budget, or zero for none
     * @param opens workspaces opened
     * @param openSeconds time spent opening them
     * @param idleCloses workspaces closed after being idle
     * @param budgetCloses workspaces closed to make room within the budget
     * @param refusals requests refused because no room freed in time
     */
    public record Activity(
            int served,
            int open,
            long reservedBytes,
            long budgetBytes,
            long opens,
            double openSeconds,
            long idleCloses,
            long budgetCloses,
            long refusals) {}

    /** A request's hold on an open workspace: while any is held, the workspace stays open. */
    public final class Lease implements AutoCloseable {
        private final Entry entry;
        private boolean released;

        private Lease(Entry entry) {
            this.entry = entry;
        }

        /**
         * Returns the open workspace.
         *
         * @return the workspace
         */
        public Workspace workspace() {
            return entry.workspace;
        }

        @Override
        public void close() {
            synchronized (WorkspaceRegistry.this) {
                if (!released) {
                    released = true;
                    entry.leases--;
                    entry.lastUsed = System.nanoTime();
                    WorkspaceRegistry.this.notifyAll();
                }
            }
        }
    }

    /**
     * Serves a workspace directory under its name without opening it; it opens at its first request.
     *
     * @param directory the workspace's directory
     */
    public synchronized void serve(Path directory) {
        Path absolute = directory.toAbsolutePath().normalize();
        String name = absolute.getFileName().toString();
        if (entries.containsKey(name)) {
            throw new IllegalArgumentException("two workspaces are named " + name);
        }
        entries.put(name, new Entry(name, absolute));
    }

    /**
     * Adds an open workspace under its name.
     *
     * @param workspace the workspace
     */
    public void add(Workspace workspace) {
        synchronized (this) {
            if (entries.containsKey(workspace.name())) {
                throw new IllegalArgumentException("two workspaces are named " + workspace.name());
            }
            Entry entry = new Entry(workspace.name(), workspace.directory());
            entry.workspace = workspace;
            entry.lastUsed = System.nanoTime();
            reserved += reservation;
            entries.put(entry.name, entry);
        }
        opened(workspace);
    }

    /**
     * Creates a workspace under the root and serves it, open.
     *
     * @param name the new workspace's name
     * @return the open workspace
     * @throws EngineException BAD_REQUEST for an invalid name, NOT_SUPPORTED without a root, WORKSPACE_EXISTS
     */
    public Workspace create(String name) {
        if (name == null || !VALID_NAME.matcher(name).matches() || name.equals("..")) {
            throw new EngineException(
                    ServerErrorCode.BAD_REQUEST,
                    "a workspace name is a letter or digit, then up to 63 letters, digits, '_', '.' or '-'");
        }
        if (root == null) {
            throw new EngineException(
                    ServerErrorCode.NOT_SUPPORTED,
                    "this server serves one workspace directory; start it with --data ROOT to create workspaces");
        }
        synchronized (this) {
            if (entries.containsKey(name) || Files.exists(root.resolve(name))) {
                throw new EngineException(
                        ServerErrorCode.WORKSPACE_EXISTS, "a workspace named '%s' exists already".formatted(name));
            }
            entries.put(
                    name, new Entry(name, root.resolve(name).toAbsolutePath().normalize()));
        }
        try (Lease lease = lease(name)) {
            return lease.workspace();
        }
    }

    /**
     * Stops serving a workspace, closes it and deletes its directory with everything in it.
     *
     * @param name the workspace
     * @throws EngineException WORKSPACE_NOT_FOUND
     */
    public void delete(String name) {
        Entry entry;
        Workspace open;
        synchronized (this) {
            entry = entry(name);
            awaitSettled(entry);
            entries.remove(name);
            open = entry.workspace;
            if (open != null) {
                reserved -= reservation;
                entry.workspace = null;
            }
            notifyAll();
        }
        if (open != null) {
            open.closeAndDelete();
            return;
        }
        try {
            PathUtils.delete(entry.directory);
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "workspace '%s' is no longer served but its directory could not be deleted".formatted(name), e);
        }
    }

    /**
     * Holds a workspace open for a request, opening it first if it is closed: within the memory budget, closing
     * idle workspaces, least recently used first, to make room, or waiting for room.
     *
     * @param name the workspace
     * @return the lease, to close when the request is done
     * @throws EngineException WORKSPACE_NOT_FOUND, TOO_MANY_REQUESTS when no room frees in time, or what opening the
     *     workspace throws
     */
    public Lease lease(String name) {
        long deadline = System.nanoTime() + lifecycle.queueWait().toNanos();
        List<Workspace> evicted = new ArrayList<>();
        Entry entry;
        boolean mustOpen;
        synchronized (this) {
            entry = entry(name);
            while (true) {
                if (closed) {
                    throw new IllegalStateException("the server is stopping");
                }
                if (entry.opening || entry.closing) {
                    waitUntil(deadline, "workspace '%s' to open".formatted(name));
                    entry = entry(name);
                    continue;
                }
                if (entry.workspace != null) {
                    entry.leases++;
                    entry.lastUsed = System.nanoTime();
                    mustOpen = false;
                    break;
                }
                if (makeRoom(evicted)) {
                    reserved += reservation;
                    entry.opening = true;
                    entry.leases++;
                    mustOpen = true;
                    break;
                }
                try {
                    waitUntil(deadline, "room to open workspace '%s' within the memory budget".formatted(name));
                } catch (EngineException e) {
                    refusals++;
                    throw e;
                }
                entry = entry(name);
            }
        }
        closeAll(evicted);
        if (mustOpen) {
            open(entry);
        }
        return new Lease(entry);
    }

    /**
     * Returns a workspace for work the caller's request already holds it for, opening it if it is closed.
     *
     * @param name its name
     * @return the workspace
     * @throws EngineException WORKSPACE_NOT_FOUND when no workspace has that name
     */
    public Workspace get(String name) {
        synchronized (this) {
            Entry entry = entry(name);
            if (entry.open() && !entry.opening) {
                entry.lastUsed = System.nanoTime();
                return entry.workspace;
            }
        }
        try (Lease lease = lease(name)) {
            return lease.workspace();
        }
    }

    /**
     * Tells whether a workspace is served, open or not.
     *
     * @param name its name
     * @return true when it is
     */
    public synchronized boolean contains(String name) {
        return entries.containsKey(name);
    }

    /**
     * Finds the directory of a workspace served, open or not.
     *
     * @param name its name
     * @return its directory, or empty when no workspace of that name is served
     */
    public synchronized Optional<Path> directory(String name) {
        Entry entry = entries.get(name);
        return entry == null ? Optional.empty() : Optional.of(entry.directory);
    }

    /**
     * Returns the names of the workspaces served, open or not.
     *
     * @return the names, in the order they were added
     */
    public synchronized List<String> names() {
        return List.copyOf(entries.keySet());
    }

    /**
     * Returns the names of the workspaces open now.
     *
     * @return the names
     */
    public synchronized List<String> openNames() {
        return entries.values().stream().filter(Entry::open).map(e -> e.name).toList();
    }

    /**
     * Returns what the registry holds and has done.
     *
     * @return the counts now
     */
    public synchronized Activity activity() {
        int open = (int) entries.values().stream().filter(Entry::open).count();
        return new Activity(
                entries.size(),
                open,
                reserved,
                lifecycle.memoryBudget(),
                opens,
                openNanos / 1e9,
                idleCloses,
                budgetCloses,
                refusals);
    }

    /**
     * Says in each open workspace's holder note, now and whenever a workspace opens, that this server serves it at a
     * URL, so that a command on the directory goes through the server.
     *
     * @param url the server's base URL, as a client on this machine reaches it
     */
    public void announce(URI url) {
        server = url;
        List<Workspace> open;
        synchronized (this) {
            open = entries.values().stream()
                    .filter(Entry::open)
                    .map(e -> e.workspace)
                    .toList();
        }
        open.forEach(this::announce);
    }

    /** Closes the workspaces idle for longer than the lifecycle allows. */
    void closeIdle() {
        List<Workspace> idle = new ArrayList<>();
        long now = System.nanoTime();
        synchronized (this) {
            for (Entry entry : entries.values()) {
                if (entry.idle()
                        && now - entry.lastUsed >= lifecycle.idleClose().toNanos()) {
                    idle.add(startClosing(entry));
                    idleCloses++;
                }
            }
        }
        closeAll(idle);
    }

    @Override
    public void close() {
        if (sweeper != null) {
            sweeper.shutdownNow();
        }
        List<Workspace> open = new ArrayList<>();
        synchronized (this) {
            closed = true;
            for (Entry entry : entries.values()) {
                if (entry.workspace != null) {
                    open.add(entry.workspace);
                    entry.workspace = null;
                }
            }
            entries.clear();
            notifyAll();
        }
        for (Workspace workspace : open) {
            listeners.forEach(listener -> listener.closing(workspace));
            workspace.close();
        }
    }

    private void open(Entry entry) {
        Workspace opened = null;
        long start = System.nanoTime();
        try {
            opened = Workspace.open(entry.directory, options);
            LOG.debug("workspace {} opened in {} ms", entry.name, (System.nanoTime() - start) / 1_000_000);
        } finally {
            synchronized (this) {
                entry.opening = false;
                opens++;
                openNanos += System.nanoTime() - start;
                if (opened == null) {
                    entry.leases--;
                    reserved -= reservation;
                } else {
                    entry.workspace = opened;
                }
                notifyAll();
            }
        }
        opened(opened);
    }

    /** Makes room for one more open workspace, choosing idle ones to close; false when there is none to close. */
    private boolean makeRoom(List<Workspace> evicted) {
        if (lifecycle.memoryBudget() == 0) {
            return true;
        }
        List<Entry> idle = entries.values().stream()
                .filter(Entry::idle)
                .sorted(Comparator.comparingLong(e -> e.lastUsed))
                .toList();
        int next = 0;
        while (reserved + reservation > lifecycle.memoryBudget()) {
            if (next == idle.size()) {
                return false;
            }
            evicted.add(startClosing(idle.get(next++)));
            budgetCloses++;
        }
        return true;
    }

    /** Marks an idle entry closing and gives its reservation back; the caller closes the workspace outside the lock. */
    private Workspace startClosing(Entry entry) {
        entry.closing = true;
        reserved -= reservation;
        return entry.workspace;
    }

    /** Closes workspaces taken out of service, then marks their entries closed. */
    private void closeAll(List<Workspace> workspaces) {
        for (Workspace workspace : workspaces) {
            try {
                listeners.forEach(listener -> listener.closing(workspace));
                workspace.close();
            } catch (RuntimeException e) {
                LOG.warn("could not close workspace {}", workspace.name(), e);
            }
            synchronized (this) {
                Entry entry = entries.get(workspace.name());
                if (entry != null && entry.workspace == workspace) {
                    entry.workspace = null;
                    entry.closing = false;
                }
                notifyAll();
            }
        }
    }

    private void awaitSettled(Entry entry) {
        long deadline = System.nanoTime() + lifecycle.queueWait().toNanos();
        while (entry.opening || entry.closing) {
            waitUntil(deadline, "workspace '%s' to open or close".formatted(entry.name));
        }
    }

    private void waitUntil(long deadline, String what) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
            throw new EngineException(
                    ServerErrorCode.TOO_MANY_REQUESTS,
                    "the server waited %d seconds for %s; every open workspace is in use; retry in a moment"
                            .formatted(lifecycle.queueWait().toSeconds(), what));
        }
        try {
            TimeUnit.NANOSECONDS.timedWait(this, left);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new EngineException(ServerErrorCode.TOO_MANY_REQUESTS, "interrupted while waiting for " + what);
        }
    }

    private Entry entry(String name) {
        Entry entry = name == null ? null : entries.get(name);
        if (entry == null) {
            entry = discover(name);
        }
        if (entry == null) {
            String served = entries.size() <= NAMES_IN_MESSAGES
                    ? "serves " + entries.keySet()
                    : "serves %,d workspaces; GET /v1/admin/workspaces lists them".formatted(entries.size());
            throw new EngineException(
                    CatalogErrorCode.WORKSPACE_NOT_FOUND,
                    "no workspace '%s' on this server; it %s".formatted(name, served));
        }
        return entry;
    }

    /**
     * Serves a workspace made under the root since the server listed it (by a command on the directory, or another
     * server), when a request names it; null when the root holds no workspace of that name.
     */
    private Entry discover(String name) {
        if (root == null || name == null || !VALID_NAME.matcher(name).matches() || closed) {
            return null;
        }
        Path directory = root.resolve(name).toAbsolutePath().normalize();
        if (!directory.getParent().equals(root.toAbsolutePath().normalize()) || !Workspace.exists(directory)) {
            return null;
        }
        Entry entry = new Entry(name, directory);
        entries.put(name, entry);
        return entry;
    }

    private void announce(Workspace workspace) {
        URI url = server;
        if (url != null && workspace != null) {
            workspace.announceServer(url, workspace.name());
        }
    }

    /** Tells of a workspace just opened (or added open): in its holder note, and to the listeners. */
    private void opened(Workspace workspace) {
        announce(workspace);
        if (workspace != null) {
            listeners.forEach(listener -> listener.opened(workspace));
        }
    }

    /**
     * Adds a listener that hears every workspace this registry opens from now on, and each one it closes.
     *
     * @param listener the listener
     */
    public void addListener(WorkspaceListener listener) {
        listeners.add(requireNonNull(listener, "listener is null"));
    }
}

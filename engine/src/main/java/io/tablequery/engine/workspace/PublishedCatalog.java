package io.tablequery.engine.workspace;

import static java.util.Objects.requireNonNull;

import io.tablequery.engine.catalog.CatalogChange;
import io.tablequery.engine.catalog.CatalogSnapshot;
import io.tablequery.engine.catalog.CatalogStore;
import io.tablequery.engine.catalog.TableInfo;
import io.tablequery.engine.catalog.TableProfile;
import io.tablequery.engine.joins.JoinGraph;
import io.tablequery.engine.search.SearchResult;
import io.tablequery.engine.search.TableSearchIndex;
import io.tablequery.engine.search.TableSearcher;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The catalog readers see: the one of the last commit, with the search index over exactly that catalog once
 * search-tables has been used, and the values derived from that commit's tables. A commit publishes a new one
 * derived from the change alone; readers holding the old one finish on it.
 */
final class PublishedCatalog implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(PublishedCatalog.class);
    private static final DerivedKey<JoinGraph> JOINS = new DerivedKey<>("joins", JoinGraph.class);

    private final String workspace;
    private final Path meaningVectors;
    private final Object publishLock = new Object();
    private TableSearchIndex searchIndex;
    private boolean closed;
    private volatile Published published = new Published(CatalogSnapshot.empty(), null);
    private volatile JoinGraph lastJoins = JoinGraph.empty();
    private final List<Consumer<CatalogSnapshot>> listeners = new CopyOnWriteArrayList<>();

    /** One commit's catalog, its searcher when one is built, and the values derived from it. */
    private record Published(CatalogSnapshot snapshot, TableSearcher searcher, Map<DerivedKey<?>, Object> derived) {
        Published(CatalogSnapshot snapshot, TableSearcher searcher) {
            this(snapshot, searcher, new ConcurrentHashMap<>());
        }
    }

    PublishedCatalog(String workspace, Path meaningVectors) {
        this.workspace = workspace;
        this.meaningVectors = meaningVectors;
    }

    CatalogSnapshot snapshot() {
        return published.snapshot();
    }

    /** Adds a listener that hears each catalog published from now on, after it is published. */
    void addListener(Consumer<CatalogSnapshot> listener) {
        listeners.add(requireNonNull(listener, "listener is null"));
    }

    /** The value kept under a key for {@code catalog}, when that catalog is still the latest. */
    <T> Optional<T> derived(CatalogSnapshot catalog, DerivedKey<T> key) {
        Published current = published;
        return current.snapshot() == catalog
                ? Optional.ofNullable(current.derived().get(key)).map(key.type()::cast)
                : Optional.empty();
    }

    /** Keeps a value derived from {@code catalog} when that catalog is still the latest; otherwise does nothing. */
    <T> void keepDerived(CatalogSnapshot catalog, DerivedKey<T> key, T value) {
        Published current = published;
        if (current.snapshot() == catalog) {
            current.derived().putIfAbsent(key, key.type().cast(requireNonNull(value, "value is null")));
        }
    }

    /**
     * The joins of a catalog's tables, found at the first need and kept with the catalog while it is the latest;
     * each graph reuses what the one before worked out for the tables they share.
     */
    JoinGraph joins(CatalogSnapshot catalog) {
        Published current = published;
        if (current.snapshot() != catalog) {
            return JoinGraph.of(catalog, lastJoins);
        }
        return JOINS.type().cast(current.derived().computeIfAbsent(JOINS, key -> {
            JoinGraph joins = JoinGraph.of(catalog, lastJoins);
            lastJoins = joins;
            return joins;
        }));
    }

    /**
     * Ranks the tables of the latest catalog for a question, building the search index at its first use; the
     * tables found are followed by their join partners.
     */
    SearchResult search(String query, int topK) {
        while (true) {
            TableSearcher searcher = published.searcher();
            if (searcher == null) {
                searcher = buildSearchIndex();
            }
            Optional<SearchResult> result = searcher.trySearch(query, topK, joins(searcher.snapshot()));
            if (result.isPresent()) {
                return result.get();
            }
            // The searcher was released: a newer one is being published, or the workspace was closed.
            synchronized (publishLock) {
                requireOpen();
            }
            Thread.onSpinWait();
        }
    }

    /** Builds the search index if need be, and waits until every table of the latest catalog has its vectors. */
    boolean awaitMeanings(Duration timeout) throws InterruptedException {
        if (published.searcher() == null) {
            buildSearchIndex();
        }
        synchronized (publishLock) {
            requireOpen();
        }
        return searchIndex.awaitMeanings(timeout);
    }

    /**
     * Publishes the catalog after a committed change, derived from the published one and the change alone (and the
     * search index updated for the changed tables only), so that a commit does not read the whole catalog again. A
     * workspace that searches by meaning builds its search index at its first commit if no search has yet: its new
     * tables are then read for meaning right after their upload, not at the first search.
     */
    void publish(CatalogChange change) {
        synchronized (publishLock) {
            CatalogSnapshot previous = published.snapshot();
            CatalogSnapshot snapshot = previous.apply(change);
            TableSearcher searcher = null;
            if (searchIndex != null) {
                searcher = searchIndex.update(previous, change, snapshot);
            } else if (meaningVectors != null) {
                searchIndex = TableSearchIndex.withMeaning(meaningVectors);
                searcher = searchIndex.update(snapshot);
            }
            published = new Published(snapshot, searcher);
        }
        tell();
    }

    /**
     * Publishes profiles made after their tables' upload, each for the table that still has the storage it was made
     * from (a table replaced meanwhile keeps its own).
     *
     * @param byStorage the profiles by the storage name of the table version they describe
     */
    void publishProfiles(Map<String, TableProfile> byStorage) {
        synchronized (publishLock) {
            Map<String, TableProfile> current = new HashMap<>();
            for (TableInfo table : published.snapshot().tables()) {
                TableProfile profile = byStorage.get(table.storageName());
                if (profile != null) {
                    current.put(table.name(), profile);
                }
            }
            if (current.isEmpty()) {
                return;
            }
            CatalogChange change = CatalogChange.profiles(current);
            CatalogSnapshot previous = published.snapshot();
            CatalogSnapshot snapshot = previous.apply(change);
            published = new Published(
                    snapshot, searchIndex == null ? null : searchIndex.update(previous, change, snapshot));
        }
        tell();
    }

    /** Reads the whole catalog again and publishes it: on opening, and after a repair. */
    void reload(Connection sqlite) {
        try {
            synchronized (publishLock) {
                CatalogSnapshot snapshot = CatalogStore.load(sqlite, published.snapshot());
                published = new Published(snapshot, searchIndex == null ? null : searchIndex.update(snapshot));
            }
            tell();
        } catch (SQLException e) {
            throw Databases.storageFailure("could not read the catalog of workspace " + workspace, e);
        }
    }

    /** Tells the listeners of the latest catalog; a listener's failure is its own and fails no commit. */
    private void tell() {
        CatalogSnapshot latest = published.snapshot();
        for (Consumer<CatalogSnapshot> listener : listeners) {
            try {
                listener.accept(latest);
            } catch (RuntimeException e) {
                LOG.warn("workspace {}: a catalog listener failed: {}", workspace, e.toString());
            }
        }
    }

    /** Releases the search index; a search after this fails. */
    @Override
    public void close() {
        synchronized (publishLock) {
            closed = true;
            if (searchIndex != null) {
                searchIndex.close();
            }
        }
    }

    /**
     * Builds the search index on first use, from the published catalog; later commits keep it up to date. A command
     * that never searches (an upload from the command line, which searches by words) never pays for it.
     */
    private TableSearcher buildSearchIndex() {
        synchronized (publishLock) {
            if (published.searcher() == null) {
                requireOpen();
                searchIndex =
                        meaningVectors == null ? new TableSearchIndex() : TableSearchIndex.withMeaning(meaningVectors);
                published = new Published(
                        published.snapshot(), searchIndex.update(published.snapshot()), published.derived());
            }
            return published.searcher();
        }
    }

    private void requireOpen() {
        if (closed) {
            throw new IllegalStateException("workspace " + workspace + " is closed");
        }
    }
}

package io.tablequery.engine.search;

import io.tablequery.engine.catalog.CatalogChange;
import io.tablequery.engine.catalog.CatalogSnapshot;
import io.tablequery.engine.catalog.TableInfo;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.Term;
import org.apache.lucene.store.ByteBuffersDirectory;

/**
 * The in-memory search index of one workspace. It is derived from the catalog (which is the record), built when the
 * workspace opens and brought up to date with each catalog change, indexing only the tables that changed. Each
 * update returns a searcher over exactly the snapshot it was given, which the workspace publishes together with
 * that snapshot.
 *
 * <p>An update costs what changed, not what the workspace holds: a table whose catalog entry is the very object
 * indexed before (a snapshot derived from the last one keeps its unchanged tables) is passed over without comparing
 * what it indexes, and the new searcher's reader is reopened from the writer (near-real-time), sharing every
 * unchanged segment, instead of committing and opening the whole index.
 *
 * <p>A crosstab's long form is not indexed: its words are its table's, which search offers, and counting them twice
 * would move every other table's scores.
 */
public final class TableSearchIndex implements AutoCloseable {
    private final IndexWriter writer;
    private final Map<String, Indexed> indexed = new HashMap<>();
    private final Map<String, MeaningIndex.Text> meaningTexts = new HashMap<>();
    private final MeaningIndex meaning;
    private TableSearcher current;

    /**
     * What a table's document was made from. A profile is fixed by the table's storage, so whether it exists is all
     * the comparison needs of it.
     */
    private record Indexed(TableInfo table, String fileName, boolean profiled) {
        boolean sameAs(Indexed other) {
            return profiled == other.profiled
                    && fileName.equals(other.fileName)
                    && (table == other.table
                            || (table.storageName().equals(other.table.storageName())
                                    && table.description().equals(other.table.description())));
        }
    }

    /** Creates an empty index that finds tables by their words alone. */
    public TableSearchIndex() {
        this(null);
    }

    /**
     * Creates an empty index that finds tables by their words and, once their vectors are made, by their meaning.
     *
     * @param vectors the file the workspace keeps its tables' meaning vectors in
     * @return the index
     */
    public static TableSearchIndex withMeaning(Path vectors) {
        return new TableSearchIndex(new MeaningIndex(vectors));
    }

    private TableSearchIndex(MeaningIndex meaning) {
        this.meaning = meaning;
        try {
            IndexWriterConfig config = new IndexWriterConfig(new SearchAnalyzer());
            config.setOpenMode(IndexWriterConfig.OpenMode.CREATE);
            this.writer = new IndexWriter(new ByteBuffersDirectory(), config);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Brings the index to a catalog snapshot and returns a searcher over it; the previous searcher is released.
     *
     * @param snapshot the catalog as committed
     * @return a searcher that sees exactly the snapshot's tables
     */
    public synchronized TableSearcher update(CatalogSnapshot snapshot) {
        try {
            Set<String> present = new HashSet<>();
            for (TableInfo table : snapshot.tables()) {
                if (table.longForm()) {
                    continue;
                }
                String id = TableDocuments.id(table);
                present.add(id);
                Indexed before = indexed.get(id);
                if (before == null || !before.sameAs(indexedAs(table, snapshot))) {
                    index(table, snapshot);
                }
            }
            if (indexed.size() > present.size()) {
                for (String id : Set.copyOf(indexed.keySet())) {
                    if (!present.contains(id)) {
                        writer.deleteDocuments(new Term(TableDocuments.ID, id));
                        indexed.remove(id);
                        meaningTexts.remove(id);
                    }
                }
            }
            return publish(snapshot);
        } catch (IOException e) {
            throw new UncheckedIOException("could not update the search index", e);
        }
    }

    /**
     * Brings the index from the snapshot it was last brought to through one committed change: only the change's
     * tables (and those whose profiles it brings) are indexed or removed.
     *
     * @param previous the snapshot this index was last brought to
     * @param change the change committed since
     * @param snapshot {@code previous} with the change applied
     * @return a searcher that sees exactly {@code snapshot}'s tables
     */
    public synchronized TableSearcher update(CatalogSnapshot previous, CatalogChange change, CatalogSnapshot snapshot) {
        try {
            Set<String> added = new HashSet<>();
            change.addedTables().forEach(table -> added.add(TableDocuments.id(table)));
            for (int fileNumber : change.removed()) {
                for (TableInfo table : previous.tablesOf(fileNumber)) {
                    String id = TableDocuments.id(table);
                    if (!added.contains(id)) {
                        writer.deleteDocuments(new Term(TableDocuments.ID, id));
                        indexed.remove(id);
                        meaningTexts.remove(id);
                    }
                }
            }
            for (TableInfo table : change.addedTables()) {
                if (!table.longForm()) {
                    index(table, snapshot);
                }
            }
            // A profile made after its table's upload brings the values of its columns.
            for (String name : change.addedProfiles().keySet()) {
                Optional<TableInfo> profiled = snapshot.table(name);
                if (profiled.isPresent()
                        && !profiled.get().longForm()
                        && !added.contains(TableDocuments.id(profiled.get()))) {
                    index(profiled.get(), snapshot);
                }
            }
            return publish(snapshot);
        } catch (IOException e) {
            throw new UncheckedIOException("could not update the search index", e);
        }
    }

    private void index(TableInfo table, CatalogSnapshot snapshot) throws IOException {
        String id = TableDocuments.id(table);
        writer.updateDocument(new Term(TableDocuments.ID, id), TableDocuments.of(table, snapshot));
        indexed.put(id, indexedAs(table, snapshot));
        if (meaning != null) {
            meaningTexts.put(
                    id,
                    MeaningIndex.Text.of(
                            TableDocuments.meaningText(table, snapshot), TableDocuments.hasChineseNames(table)));
        }
    }

    private static Indexed indexedAs(TableInfo table, CatalogSnapshot snapshot) {
        return new Indexed(
                table,
                snapshot.fileName(table.fileNumber()),
                snapshot.profile(table).isPresent());
    }

    private TableSearcher publish(CatalogSnapshot snapshot) throws IOException {
        Map<String, MeaningIndex.Text> texts = Map.copyOf(meaningTexts);
        if (meaning != null) {
            meaning.update(texts.values());
        }
        TableSearcher next = new TableSearcher(reopen(), snapshot, meaning, texts);
        if (current != null) {
            current.release();
        }
        current = next;
        return next;
    }

    /** A reader that sees every change made so far, sharing the current reader's unchanged segments. */
    private DirectoryReader reopen() throws IOException {
        if (current == null) {
            return DirectoryReader.open(writer);
        }
        DirectoryReader previous = current.reader();
        DirectoryReader changed = DirectoryReader.openIfChanged(previous, writer);
        if (changed != null) {
            return changed;
        }
        previous.incRef();
        return previous;
    }

    /**
     * Waits until every table of the last update has its meaning vectors; true at once without meaning search.
     *
     * @param timeout the longest wait
     * @return whether every table has them
     * @throws InterruptedException when interrupted
     */
    public boolean awaitMeanings(Duration timeout) throws InterruptedException {
        return meaning == null || meaning.await(timeout);
    }

    @Override
    public synchronized void close() {
        try {
            if (current != null) {
                current.release();
                current = null;
            }
            writer.close();
            if (meaning != null) {
                meaning.close();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

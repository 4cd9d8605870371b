package io.tablequery.engine.search;

import io.tablequery.engine.catalog.CatalogSnapshot;
import io.tablequery.engine.catalog.TableInfo;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
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
 */
public final class TableSearchIndex implements AutoCloseable {
    private final IndexWriter writer;
    private final Map<String, String> fingerprints = new HashMap<>();
    private TableSearcher current;

    /** Creates an empty index. */
    public TableSearchIndex() {
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
                String id = TableDocuments.id(table);
                present.add(id);
                String fingerprint = TableDocuments.fingerprint(table, snapshot);
                if (!fingerprint.equals(fingerprints.get(id))) {
                    writer.updateDocument(new Term(TableDocuments.ID, id), TableDocuments.of(table, snapshot));
                    fingerprints.put(id, fingerprint);
                }
            }
            for (String id : Set.copyOf(fingerprints.keySet())) {
                if (!present.contains(id)) {
                    writer.deleteDocuments(new Term(TableDocuments.ID, id));
                    fingerprints.remove(id);
                }
            }
            writer.commit();
            TableSearcher next = new TableSearcher(DirectoryReader.open(writer.getDirectory()), snapshot);
            if (current != null) {
                current.release();
            }
            current = next;
            return next;
        } catch (IOException e) {
            throw new UncheckedIOException("could not update the search index", e);
        }
    }

    @Override
    public synchronized void close() {
        try {
            if (current != null) {
                current.release();
                current = null;
            }
            writer.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

package io.tablequery.engine.store;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * An index the SQLite copy of a table gets, carried over from an uploaded SQLite database so that queries written
 * for the original run as fast on the copy.
 *
 * @param name the index name, unique in the workspace's SQLite database
 * @param columns the indexed columns, in key order
 * @param unique whether the source declares it UNIQUE; the copy keeps that where its values still are
 * @param rowidAlias whether it is the source's {@code INTEGER PRIMARY KEY}, which the copy declares as such (no
 *     index of its own: the column is the rowid)
 */
public record TableIndex(String name, List<String> columns, boolean unique, boolean rowidAlias) {
    public TableIndex {
        requireNonNull(name, "name is null");
        columns = List.copyOf(requireNonNull(columns, "columns is null"));
        if (columns.isEmpty()) {
            throw new IllegalArgumentException("an index needs at least one column");
        }
        if (rowidAlias && (columns.size() != 1 || !unique)) {
            throw new IllegalArgumentException("a rowid alias is one unique column");
        }
    }

    /**
     * An index that is not a rowid alias.
     *
     * @param name the index name
     * @param columns the indexed columns, in key order
     * @param unique whether the source declares it UNIQUE
     */
    public TableIndex(String name, List<String> columns, boolean unique) {
        this(name, columns, unique, false);
    }
}

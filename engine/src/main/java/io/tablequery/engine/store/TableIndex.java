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
 */
public record TableIndex(String name, List<String> columns, boolean unique) {
    public TableIndex {
        requireNonNull(name, "name is null");
        columns = List.copyOf(requireNonNull(columns, "columns is null"));
        if (columns.isEmpty()) {
            throw new IllegalArgumentException("an index needs at least one column");
        }
    }
}

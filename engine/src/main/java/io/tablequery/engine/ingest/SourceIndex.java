package io.tablequery.engine.ingest;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * An index a source database declares on plain columns, carried to the workspace's copy of the table.
 *
 * @param <K> how a column is named: its position in the source, or its name in the table
 * @param columns the indexed columns, in key order
 * @param unique whether the source declares the index UNIQUE (a PRIMARY KEY or UNIQUE constraint included)
 */
public record SourceIndex<K>(List<K> columns, boolean unique) {
    public SourceIndex {
        columns = List.copyOf(requireNonNull(columns, "columns is null"));
        if (columns.isEmpty()) {
            throw new IllegalArgumentException("an index needs at least one column");
        }
    }

    /** The same index over other names of its columns. */
    public <M> SourceIndex<M> over(List<M> renamed) {
        return new SourceIndex<>(renamed, unique);
    }
}

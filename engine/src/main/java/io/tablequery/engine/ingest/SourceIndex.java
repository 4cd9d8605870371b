package io.tablequery.engine.ingest;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * An index a source database declares on plain columns, carried to the workspace's copy of the table.
 *
 * @param <K> how a column is named: its position in the source, or its name in the table
 * @param columns the indexed columns, in key order
 * @param unique whether the source declares the index UNIQUE (a PRIMARY KEY or UNIQUE constraint included)
 * @param rowidAlias whether it is the {@code INTEGER PRIMARY KEY} that aliases the rowid: one column, never NULL,
 *     equal to the row's rowid, which the copy declares the same way
 */
public record SourceIndex<K>(List<K> columns, boolean unique, boolean rowidAlias) {
    public SourceIndex {
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
     * @param columns the indexed columns, in key order
     * @param unique whether the source declares it UNIQUE
     */
    public SourceIndex(List<K> columns, boolean unique) {
        this(columns, unique, false);
    }

    /**
     * The {@code INTEGER PRIMARY KEY} that aliases the rowid.
     *
     * @param column the column
     * @return the index
     * @param <K> how the column is named
     */
    public static <K> SourceIndex<K> rowidAlias(K column) {
        return new SourceIndex<>(List.of(column), true, true);
    }

    /** The same index over other names of its columns. */
    public <M> SourceIndex<M> over(List<M> renamed) {
        return new SourceIndex<>(renamed, unique, rowidAlias);
    }
}

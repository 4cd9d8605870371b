package io.tablequery.engine.catalog;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Optional;

/**
 * The column profiles of a table, computed once at upload and kept in the catalog: get-schemas shows them, and
 * search-tables indexes the values of columns with few distinct values.
 *
 * @param columns one profile per column, in column order
 */
public record TableProfile(List<ColumnProfile> columns) {
    /** Columns with at most this many distinct values keep their values. */
    public static final int VALUE_LIMIT = 50;

    public TableProfile {
        columns = List.copyOf(requireNonNull(columns, "columns is null"));
    }

    /**
     * Finds a column's profile by name, ignoring case.
     *
     * @param name the column name
     * @return the profile, if the column exists
     */
    public Optional<ColumnProfile> column(String name) {
        return columns.stream().filter(c -> c.name().equalsIgnoreCase(name)).findFirst();
    }
}

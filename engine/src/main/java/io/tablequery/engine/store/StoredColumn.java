package io.tablequery.engine.store;

import static java.util.Objects.requireNonNull;

import io.tablequery.engine.catalog.ColumnType;

/**
 * A column as the writers store it.
 *
 * @param name the column name in the SQLite table and in the DuckDB views
 * @param type the logical type
 */
public record StoredColumn(String name, ColumnType type) {
    public StoredColumn {
        requireNonNull(name, "name is null");
        requireNonNull(type, "type is null");
    }
}

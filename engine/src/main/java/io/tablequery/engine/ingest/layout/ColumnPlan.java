package io.tablequery.engine.ingest.layout;

import static java.util.Objects.requireNonNull;

import io.tablequery.engine.catalog.ColumnType;
import io.tablequery.engine.ingest.values.DateOrder;

/**
 * How one source column becomes a table column.
 *
 * @param sourceIndex the 0-based source column
 * @param name the column name
 * @param type the inferred type
 * @param dateOrder how order-dependent dates are read
 * @param source the source label: a column letter, or a database column name
 *
 * @param sqliteType the type the SQLite copy declares (see {@link io.tablequery.engine.store.StoredColumn})
 */
public record ColumnPlan(
        int sourceIndex, String name, ColumnType type, DateOrder dateOrder, String source, String sqliteType) {
    public ColumnPlan {
        requireNonNull(name, "name is null");
        requireNonNull(type, "type is null");
        requireNonNull(dateOrder, "dateOrder is null");
        requireNonNull(source, "source is null");
        requireNonNull(sqliteType, "sqliteType is null");
    }
}

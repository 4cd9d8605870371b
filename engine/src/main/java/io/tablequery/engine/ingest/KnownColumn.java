package io.tablequery.engine.ingest;

import static java.util.Objects.requireNonNull;

import io.tablequery.engine.catalog.ColumnReference;

/**
 * A column whose name and declared type the source states itself (a table of an uploaded SQLite database).
 *
 * @param name the column name
 * @param declaredType the declared type as written in the source schema, possibly empty
 * @param references the single-column foreign key the schema declares on it, or null
 */
public record KnownColumn(String name, String declaredType, ColumnReference references) {
    public KnownColumn {
        requireNonNull(name, "name is null");
        requireNonNull(declaredType, "declaredType is null");
    }
}

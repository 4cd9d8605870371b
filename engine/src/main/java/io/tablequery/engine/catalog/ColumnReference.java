package io.tablequery.engine.catalog;

import static java.util.Objects.requireNonNull;

/**
 * A foreign key an uploaded SQLite database declares on a column: the table of the same file it references, and the
 * column there, both by their names in the database.
 *
 * @param table the referenced table's name in the database (its sheet name here)
 * @param column the referenced column's name in the database (its {@link ColumnInfo#source()} here)
 */
public record ColumnReference(String table, String column) {
    public ColumnReference {
        requireNonNull(table, "table is null");
        requireNonNull(column, "column is null");
    }
}

package io.tablequery.engine.joins;

import static java.util.Objects.requireNonNull;

import io.tablequery.dialects.SqlIdentifiers;

/**
 * A join of two tables: every value of a column of one is a value of a key column of the other, which holds each
 * value once.
 *
 * @param table the referencing table
 * @param column its column
 * @param keyTable the table whose column is the key
 * @param keyColumn the key column
 * @param kind declared by a database or inferred
 */
public record TableJoin(String table, String column, String keyTable, String keyColumn, JoinKind kind) {
    public TableJoin {
        requireNonNull(table, "table is null");
        requireNonNull(column, "column is null");
        requireNonNull(keyTable, "keyTable is null");
        requireNonNull(keyColumn, "keyColumn is null");
        requireNonNull(kind, "kind is null");
    }

    /**
     * Returns the other table of the join.
     *
     * @param name one of the join's two tables
     * @return the other one
     */
    public String partnerOf(String name) {
        return table.equalsIgnoreCase(name) ? keyTable : table;
    }

    /**
     * Returns the join condition in SQLite syntax, for example {@code "has_pet"."PetID" = "pets"."PetID"}.
     *
     * @return the condition
     */
    public String condition() {
        return "%s.%s = %s.%s"
                .formatted(
                        SqlIdentifiers.quote(table),
                        SqlIdentifiers.quote(column),
                        SqlIdentifiers.quote(keyTable),
                        SqlIdentifiers.quote(keyColumn));
    }
}

package io.tablequery.dialects.sql;

import static java.util.Objects.requireNonNull;

import java.util.List;

/** A source of rows in a {@code FROM} clause. */
public sealed interface FromItem {
    /**
     * A named table.
     *
     * @param schema the schema qualifier ({@code main}, {@code temp}) or null
     * @param name the table name
     * @param alias the alias or null
     * @param indexedBy the index of {@code INDEXED BY}, or null
     * @param notIndexed whether {@code NOT INDEXED} was written: SQLite then reads the table in rowid order, which
     *     decides the order of an unordered result and of {@code group_concat}
     */
    record Table(String schema, String name, String alias, String indexedBy, boolean notIndexed) implements FromItem {
        public Table {
            requireNonNull(name, "name is null");
        }

        /**
         * A named table read as SQLite chooses.
         *
         * @param schema the schema qualifier or null
         * @param name the table name
         * @param alias the alias or null
         */
        public Table(String schema, String name, String alias) {
            this(schema, name, alias, null, false);
        }
    }

    /**
     * A subquery in {@code FROM}.
     *
     * @param query the subquery
     * @param alias the alias or null
     */
    record Derived(Query query, String alias) implements FromItem {}

    /**
     * Two sources joined.
     *
     * @param left the left source
     * @param kind how they are joined
     * @param right the right source
     * @param on the {@code ON} condition or null
     * @param using the {@code USING} columns, possibly empty
     */
    record Join(FromItem left, JoinKind kind, FromItem right, Expr on, List<String> using) implements FromItem {
        public Join {
            using = List.copyOf(using);
        }
    }

    /** The kinds of join; a comma is {@link #CROSS} written differently. */
    enum JoinKind {
        COMMA,
        INNER,
        CROSS,
        LEFT,
        RIGHT,
        FULL,
        NATURAL,
        NATURAL_LEFT,
        NATURAL_RIGHT,
        NATURAL_FULL
    }
}

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
     */
    record Table(String schema, String name, String alias) implements FromItem {
        public Table {
            requireNonNull(name, "name is null");
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
        NATURAL
    }
}

package io.tablequery.dialects.sql;

import static java.util.Objects.requireNonNull;

import java.util.List;

/** An expression of SQLite's grammar. Every node knows its place in the text. */
public sealed interface Expr {
    /** Where the expression was written. */
    Span span();

    /** How a name was quoted, which decides what an unresolved name means. */
    enum Quoting {
        BARE,
        DOUBLE_QUOTES,
        BRACKETS,
        BACKTICKS
    }

    /** The kinds of literal. */
    enum LiteralKind {
        INTEGER,
        REAL,
        HEX_INTEGER,
        STRING,
        BLOB,
        NULL
    }

    /**
     * A literal as written; the text of a string is without quotes, of a blob only its hex digits.
     *
     * @param span where it was written
     * @param kind its kind
     * @param text its value text
     */
    record Literal(Span span, LiteralKind kind, String text) implements Expr {
        public Literal {
            requireNonNull(kind, "kind is null");
            requireNonNull(text, "text is null");
        }
    }

    /**
     * A column name, possibly qualified by a table (and a schema, which is kept apart).
     *
     * @param span where it was written
     * @param schema the schema qualifier or null
     * @param table the table qualifier or null
     * @param name the column name
     * @param quoting how the column name was quoted
     */
    record ColumnRef(Span span, String schema, String table, String name, Quoting quoting) implements Expr {
        public ColumnRef {
            requireNonNull(name, "name is null");
            requireNonNull(quoting, "quoting is null");
        }
    }

    /**
     * A prefix operator: {@code -}, {@code +}, {@code ~} or {@code NOT}.
     *
     * @param span where it was written
     * @param operator the operator, upper case
     * @param operand its operand
     */
    record Unary(Span span, String operator, Expr operand) implements Expr {}

    /**
     * An infix operator; {@code ==} is recorded as {@code =} and {@code !=} as {@code <>}.
     *
     * @param span where it was written
     * @param operator the operator, upper case for words
     * @param left the left operand
     * @param right the right operand
     */
    record Binary(Span span, String operator, Expr left, Expr right) implements Expr {}

    /**
     * {@code left IS [NOT] right}, also {@code ISNULL}, {@code NOTNULL}, {@code NOT NULL} and {@code IS [NOT] DISTINCT
     * FROM} in their equivalent form.
     *
     * @param span where it was written
     * @param left the left operand
     * @param negated whether it is {@code IS NOT}
     * @param right the right operand
     */
    record Is(Span span, Expr left, boolean negated, Expr right) implements Expr {}

    /**
     * A pattern match: {@code LIKE}, {@code GLOB}, {@code REGEXP} or {@code MATCH}.
     *
     * @param span where it was written
     * @param operator the operator, upper case
     * @param negated whether {@code NOT} precedes the operator
     * @param value the text matched
     * @param pattern the pattern
     * @param escape the escape character or null
     */
    record Like(Span span, String operator, boolean negated, Expr value, Expr pattern, Expr escape) implements Expr {}

    /**
     * {@code value [NOT] BETWEEN low AND high}.
     *
     * @param span where it was written
     * @param value the value tested
     * @param negated whether {@code NOT} precedes {@code BETWEEN}
     * @param low the lower bound
     * @param high the upper bound
     */
    record Between(Span span, Expr value, boolean negated, Expr low, Expr high) implements Expr {}

    /**
     * {@code value [NOT] IN (items)}.
     *
     * @param span where it was written
     * @param value the value tested
     * @param negated whether it is {@code NOT IN}
     * @param items the list, possibly empty
     */
    record InList(Span span, Expr value, boolean negated, List<Expr> items) implements Expr {
        public InList {
            items = List.copyOf(items);
        }
    }

    /**
     * {@code value [NOT] IN (SELECT ...)}.
     *
     * @param span where it was written
     * @param value the value tested
     * @param negated whether it is {@code NOT IN}
     * @param query the subquery
     */
    record InQuery(Span span, Expr value, boolean negated, Query query) implements Expr {}

    /**
     * {@code [NOT] EXISTS (SELECT ...)}.
     *
     * @param span where it was written
     * @param query the subquery
     */
    record Exists(Span span, Query query) implements Expr {}

    /**
     * A subquery used as a value.
     *
     * @param span where it was written
     * @param query the subquery
     */
    record Subquery(Span span, Query query) implements Expr {}

    /**
     * {@code CAST(expr AS type)}.
     *
     * @param span where it was written
     * @param operand the value cast
     * @param typeName the type as written, possibly empty
     */
    record Cast(Span span, Expr operand, String typeName) implements Expr {}

    /**
     * One {@code WHEN ... THEN ...} of a {@code CASE}.
     *
     * @param condition the condition, or the value compared with the {@code CASE} operand
     * @param result the value when it holds
     */
    record When(Expr condition, Expr result) {}

    /**
     * A {@code CASE} expression.
     *
     * @param span where it was written
     * @param operand the value after {@code CASE}, or null for the searched form
     * @param whens the branches
     * @param otherwise the {@code ELSE} value or null
     */
    record Case(Span span, Expr operand, List<When> whens, Expr otherwise) implements Expr {
        public Case {
            whens = List.copyOf(whens);
        }
    }

    /**
     * A function call, aggregate or window function.
     *
     * @param span where it was written
     * @param name the function name as written
     * @param distinct whether {@code DISTINCT} precedes the arguments
     * @param star whether the argument is {@code *}
     * @param args the arguments
     * @param orderBy an {@code ORDER BY} inside the parentheses (aggregates), possibly empty
     * @param filter the {@code FILTER (WHERE ...)} condition or null
     * @param over the window or null
     */
    record Call(
            Span span,
            String name,
            boolean distinct,
            boolean star,
            List<Expr> args,
            List<OrderItem> orderBy,
            Expr filter,
            Window over)
            implements Expr {
        public Call {
            requireNonNull(name, "name is null");
            args = List.copyOf(args);
            orderBy = List.copyOf(orderBy);
        }
    }

    /**
     * {@code operand COLLATE name}.
     *
     * @param span where it was written
     * @param operand the value
     * @param collation the collation name
     */
    record Collate(Span span, Expr operand, String collation) implements Expr {}

    /**
     * A parenthesised list of two or more values.
     *
     * @param span where it was written
     * @param items the values
     */
    record Row(Span span, List<Expr> items) implements Expr {
        public Row {
            items = List.copyOf(items);
        }
    }

    /**
     * An expression in parentheses, kept so result columns are named by the text as written.
     *
     * @param span where it was written, parentheses included
     * @param inner the expression inside
     */
    record Grouping(Span span, Expr inner) implements Expr {}

    /**
     * A bound parameter such as {@code ?1}, which plans cannot bind.
     *
     * @param span where it was written
     * @param text the parameter as written
     */
    record Parameter(Span span, String text) implements Expr {}
}

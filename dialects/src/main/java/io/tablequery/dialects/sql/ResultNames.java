package io.tablequery.dialects.sql;

import java.util.ArrayList;
import java.util.List;

/**
 * Makes the names of result columns part of the tree. SQLite names a result column without an alias by its column's
 * name when it is a column, else by its text as written; a tree that is rewritten, printed or translated no longer has
 * that text at hand. Giving each such column whose printed text differs from its written text that text as its alias
 * keeps every name, so the tree can be printed and translated without the text it was parsed from.
 */
public final class ResultNames {
    private ResultNames() {}

    /**
     * Returns the statement with the names of its result columns explicit, in every query level: the statement's,
     * its {@code WITH} tables' and every subquery's, in {@code FROM} or in an expression (whose own subqueries in
     * {@code FROM} may be read by name).
     *
     * @param statement a statement parsed from {@code source}, possibly rewritten
     * @param source the text its spans point into, or null when its names are explicit already
     * @return the statement with the aliases its names need
     */
    public static Statement explicit(Statement statement, String source) {
        if (source == null) {
            return statement;
        }
        Query query = new ResultNames.Rewrite(source).query(statement.query());
        return statement instanceof Statement.CreateTempTable create
                ? new Statement.CreateTempTable(create.table(), query)
                : new Statement.QueryStatement(query);
    }

    /**
     * Returns the query with the names of its result columns explicit.
     *
     * @param query a query parsed from {@code source}, possibly rewritten
     * @param source the text its spans point into, or null when its names are explicit already
     * @return the query with the aliases its names need
     */
    public static Query explicit(Query query, String source) {
        return source == null ? query : new ResultNames.Rewrite(source).query(query);
    }

    /**
     * Tells whether SQLite names a result column of this expression by its text, not by a column's name: anything but
     * a column, in parentheses or not.
     *
     * @param expr the result column's expression
     * @return true when its name is its text
     */
    public static boolean namedByText(Expr expr) {
        return !(Exprs.unwrap(expr) instanceof Expr.ColumnRef);
    }

    private record Rewrite(String source) {
        Query query(Query query) {
            Query.With with = query.with();
            if (with != null) {
                List<Query.CommonTable> tables = new ArrayList<>();
                for (Query.CommonTable table : with.tables()) {
                    tables.add(new Query.CommonTable(table.name(), table.columns(), query(table.query())));
                }
                with = new Query.With(with.recursive(), tables);
            }
            return new Query(
                    query.span(),
                    with,
                    body(query.body()),
                    Exprs.mapOrder(query.orderBy(), this::expr),
                    expr(query.limit()),
                    expr(query.offset()));
        }

        private Expr expr(Expr expr) {
            return Exprs.mapQueries(expr, this::query);
        }

        private Query.Body body(Query.Body body) {
            if (body instanceof Query.Compound compound) {
                return new Query.Compound(body(compound.left()), compound.operator(), body(compound.right()));
            }
            if (body instanceof Query.Values values) {
                return new Query.Values(values.rows().stream()
                        .map(row -> row.stream().map(this::expr).toList())
                        .toList());
            }
            Query.Select select = (Query.Select) body;
            List<Query.SelectItem> items = new ArrayList<>();
            for (Query.SelectItem item : select.items()) {
                items.add(item instanceof Query.Item expression ? item(expression) : item);
            }
            return new Query.Select(
                    select.distinct(),
                    items,
                    select.from() == null ? null : from(select.from()),
                    expr(select.where()),
                    select.groupBy().stream().map(this::expr).toList(),
                    expr(select.having()),
                    select.windows().stream()
                            .map(named ->
                                    new Query.NamedWindow(named.name(), Exprs.mapWindow(named.window(), this::expr)))
                            .toList());
        }

        private Query.Item item(Query.Item item) {
            Expr expr = expr(item.expr());
            Span span = expr.span();
            if (item.alias() != null || !namedByText(expr) || span.end() == span.start()) {
                return new Query.Item(expr, item.alias());
            }
            String written = span.text(source);
            return new Query.Item(expr, written.equals(SqlPrinter.sqlite(expr)) ? null : written);
        }

        private FromItem from(FromItem from) {
            if (from instanceof FromItem.Derived derived) {
                return new FromItem.Derived(query(derived.query()), derived.alias());
            }
            if (from instanceof FromItem.Join join) {
                return new FromItem.Join(
                        from(join.left()), join.kind(), from(join.right()), expr(join.on()), join.using());
            }
            return from;
        }
    }
}

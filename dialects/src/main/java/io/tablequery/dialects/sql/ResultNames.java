package io.tablequery.dialects.sql;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Consumer;

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
     * Tells whether an alias {@link #explicit} would give could change what a name means: SQLite may read a name in a
     * level's clauses as a result column's alias (in {@code ORDER BY} before a source's column, anywhere before a
     * double-quoted string), so a level that reads a name equal to the written text it would alias must keep that
     * text as it is.
     *
     * @param statement a statement parsed from {@code source}, possibly rewritten
     * @param source the text its spans point into, or null when its names are explicit already
     * @return true when printing or translating its tree could change a name's meaning
     */
    public static boolean capturesAName(Statement statement, String source) {
        if (source == null) {
            return false;
        }
        List<Query.Select> selects = new ArrayList<>();
        List<List<OrderItem>> orders = new ArrayList<>();
        levels(statement.query(), selects, orders);
        for (int i = 0; i < selects.size(); i++) {
            Set<String> added = new HashSet<>();
            for (Query.SelectItem item : selects.get(i).items()) {
                if (item instanceof Query.Item expression) {
                    Query.Item named = new ResultNames.Rewrite(source).item(expression);
                    if (named.alias() != null && expression.alias() == null) {
                        added.add(named.alias().toLowerCase(Locale.ROOT));
                    }
                }
            }
            if (!added.isEmpty()) {
                Set<String> read = new HashSet<>();
                clauses(selects.get(i), orders.get(i)).forEach(expr -> names(expr, read));
                if (!Collections.disjoint(added, read)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Every SELECT of a query at any depth, each with the ORDER BY of the query whose body it is in. */
    private static void levels(Query query, List<Query.Select> selects, List<List<OrderItem>> orders) {
        if (query.with() != null) {
            query.with().tables().forEach(table -> levels(table.query(), selects, orders));
        }
        List<Query.Select> own = new ArrayList<>();
        bodySelects(query.body(), own);
        for (Query.Select select : own) {
            selects.add(select);
            orders.add(query.orderBy());
            fromQueries(select.from(), sub -> levels(sub, selects, orders));
            clauses(select, List.of())
                    .forEach(expr -> Exprs.mapQueries(expr, sub -> {
                        levels(sub, selects, orders);
                        return sub;
                    }));
        }
        query.orderBy()
                .forEach(item -> Exprs.mapQueries(item.expr(), sub -> {
                    levels(sub, selects, orders);
                    return sub;
                }));
    }

    private static void bodySelects(Query.Body body, List<Query.Select> selects) {
        if (body instanceof Query.Compound compound) {
            bodySelects(compound.left(), selects);
            bodySelects(compound.right(), selects);
        } else if (body instanceof Query.Select select) {
            selects.add(select);
        }
    }

    private static void fromQueries(FromItem from, Consumer<Query> visit) {
        if (from instanceof FromItem.Derived derived) {
            visit.accept(derived.query());
        } else if (from instanceof FromItem.Join join) {
            fromQueries(join.left(), visit);
            fromQueries(join.right(), visit);
        }
    }

    /** The expressions of a SELECT's clauses that may read its aliases, and its query's ORDER BY terms. */
    private static List<Expr> clauses(Query.Select select, List<OrderItem> orderBy) {
        List<Expr> exprs = new ArrayList<>();
        for (Query.SelectItem item : select.items()) {
            if (item instanceof Query.Item expression) {
                exprs.add(expression.expr());
            }
        }
        if (select.where() != null) {
            exprs.add(select.where());
        }
        exprs.addAll(select.groupBy());
        if (select.having() != null) {
            exprs.add(select.having());
        }
        orderBy.forEach(item -> exprs.add(item.expr()));
        return exprs;
    }

    /** The unqualified names an expression reads, its subqueries' included, in lower case. */
    private static void names(Expr expr, Set<String> read) {
        Exprs.walk(expr, node -> {
            if (node instanceof Expr.ColumnRef column && column.table() == null) {
                read.add(column.name().toLowerCase(Locale.ROOT));
            }
        });
        Exprs.mapQueries(expr, sub -> {
            List<Query.Select> selects = new ArrayList<>();
            List<List<OrderItem>> orders = new ArrayList<>();
            levels(sub, selects, orders);
            for (int i = 0; i < selects.size(); i++) {
                clauses(selects.get(i), orders.get(i)).forEach(inner -> names(inner, read));
            }
            return sub;
        });
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

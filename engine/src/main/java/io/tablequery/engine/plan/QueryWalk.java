package io.tablequery.engine.plan;

import io.tablequery.dialects.sql.Expr;
import io.tablequery.dialects.sql.Exprs;
import io.tablequery.dialects.sql.FromItem;
import io.tablequery.dialects.sql.OrderItem;
import io.tablequery.dialects.sql.Query;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** Looks through a parsed query for what a rewrite must not disturb. */
final class QueryWalk {
    private QueryWalk() {}

    /**
     * Tells whether a subquery inside an expression ({@code IN}, {@code EXISTS}, a scalar) selects {@code *}
     * anywhere: hidden columns added to a WITH table or a subquery in FROM would change how many columns it has.
     *
     * @param query the step's query
     * @return true when one does
     */
    static boolean selectsStarInExpressions(Query query) {
        for (Query nested : expressionSubqueries(query)) {
            if (selectsStar(nested)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Names the tables a query reads: every table named in a FROM clause, in the query, its WITH tables, its FROM
     * subqueries and the subqueries of its expressions, at any depth, but for the names of its WITH tables.
     *
     * @param query the step's query
     * @return the lower-case names
     */
    static Set<String> tablesRead(Query query) {
        List<Query> all = new ArrayList<>(queries(query));
        for (Query nested : expressionSubqueries(query)) {
            all.addAll(queries(nested));
        }
        Set<String> read = new HashSet<>();
        Set<String> withTables = new HashSet<>();
        for (Query inner : all) {
            if (inner.with() != null) {
                inner.with()
                        .tables()
                        .forEach(table -> withTables.add(table.name().toLowerCase(Locale.ROOT)));
            }
            for (Query.Body body : bodies(inner.body())) {
                if (body instanceof Query.Select select) {
                    tables(select.from(), read);
                }
            }
        }
        read.removeAll(withTables);
        return read;
    }

    private static void tables(FromItem from, Set<String> read) {
        if (from instanceof FromItem.Table table) {
            read.add(table.name().toLowerCase(Locale.ROOT));
        } else if (from instanceof FromItem.Join join) {
            tables(join.left(), read);
            tables(join.right(), read);
        }
    }

    /** Every query inside an expression, at any depth of the given query. */
    private static List<Query> expressionSubqueries(Query query) {
        List<Query> found = new ArrayList<>();
        for (Query inner : queries(query)) {
            for (Expr root : expressions(inner)) {
                Exprs.walk(root, node -> {
                    Query nested = subquery(node);
                    if (nested != null) {
                        found.add(nested);
                        found.addAll(expressionSubqueries(nested));
                    }
                });
            }
        }
        return found;
    }

    private static Query subquery(Expr node) {
        if (node instanceof Expr.InQuery in) {
            return in.query();
        }
        if (node instanceof Expr.Exists exists) {
            return exists.query();
        }
        if (node instanceof Expr.Subquery subquery) {
            return subquery.query();
        }
        return null;
    }

    private static boolean selectsStar(Query query) {
        for (Query inner : queries(query)) {
            for (Query.Body body : bodies(inner.body())) {
                if (body instanceof Query.Select select
                        && select.items().stream().anyMatch(item -> item instanceof Query.Star)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The query and every query in its WITH tables and FROM subqueries, not those inside expressions. */
    private static List<Query> queries(Query query) {
        List<Query> found = new ArrayList<>();
        found.add(query);
        if (query.with() != null) {
            query.with().tables().forEach(table -> found.addAll(queries(table.query())));
        }
        for (Query.Body body : bodies(query.body())) {
            if (body instanceof Query.Select select && select.from() != null) {
                derived(select.from(), found);
            }
        }
        return found;
    }

    private static void derived(FromItem from, List<Query> found) {
        if (from instanceof FromItem.Derived derived) {
            found.addAll(queries(derived.query()));
        } else if (from instanceof FromItem.Join join) {
            derived(join.left(), found);
            derived(join.right(), found);
        }
    }

    private static List<Query.Body> bodies(Query.Body body) {
        List<Query.Body> found = new ArrayList<>();
        if (body instanceof Query.Compound compound) {
            found.addAll(bodies(compound.left()));
            found.addAll(bodies(compound.right()));
        } else {
            found.add(body);
        }
        return found;
    }

    /** The expressions of a query's own clauses. */
    private static List<Expr> expressions(Query query) {
        List<Expr> roots = new ArrayList<>();
        for (Query.Body body : bodies(query.body())) {
            if (body instanceof Query.Select select) {
                for (Query.SelectItem item : select.items()) {
                    if (item instanceof Query.Item value) {
                        roots.add(value.expr());
                    }
                }
                addIfPresent(roots, select.where());
                addIfPresent(roots, select.having());
                roots.addAll(select.groupBy());
                joinConditions(select.from(), roots);
            }
        }
        query.orderBy().stream().map(OrderItem::expr).forEach(roots::add);
        return roots;
    }

    private static void joinConditions(FromItem from, List<Expr> roots) {
        if (from instanceof FromItem.Join join) {
            addIfPresent(roots, join.on());
            joinConditions(join.left(), roots);
            joinConditions(join.right(), roots);
        }
    }

    private static void addIfPresent(List<Expr> roots, Expr expr) {
        if (expr != null) {
            roots.add(expr);
        }
    }
}

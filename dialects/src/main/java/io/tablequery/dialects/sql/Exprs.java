package io.tablequery.dialects.sql;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

/** Walks expression trees. */
public final class Exprs {
    private Exprs() {}

    /**
     * Returns the direct sub-expressions of an expression, not looking into subqueries.
     *
     * @param expr the expression
     * @return its children in order
     */
    public static List<Expr> children(Expr expr) {
        List<Expr> children = new ArrayList<>();
        if (expr instanceof Expr.Unary unary) {
            children.add(unary.operand());
        } else if (expr instanceof Expr.Binary binary) {
            children.add(binary.left());
            children.add(binary.right());
        } else if (expr instanceof Expr.Is is) {
            children.add(is.left());
            children.add(is.right());
        } else if (expr instanceof Expr.Like like) {
            children.add(like.value());
            children.add(like.pattern());
            addIfPresent(children, like.escape());
        } else if (expr instanceof Expr.Between between) {
            children.add(between.value());
            children.add(between.low());
            children.add(between.high());
        } else if (expr instanceof Expr.InList in) {
            children.add(in.value());
            children.addAll(in.items());
        } else if (expr instanceof Expr.InQuery in) {
            children.add(in.value());
        } else if (expr instanceof Expr.Cast cast) {
            children.add(cast.operand());
        } else if (expr instanceof Expr.Case caseExpr) {
            addIfPresent(children, caseExpr.operand());
            for (Expr.When when : caseExpr.whens()) {
                children.add(when.condition());
                children.add(when.result());
            }
            addIfPresent(children, caseExpr.otherwise());
        } else if (expr instanceof Expr.Call call) {
            children.addAll(call.args());
            call.orderBy().forEach(item -> children.add(item.expr()));
            addIfPresent(children, call.filter());
        } else if (expr instanceof Expr.Collate collate) {
            children.add(collate.operand());
        } else if (expr instanceof Expr.Row row) {
            children.addAll(row.items());
        } else if (expr instanceof Expr.Grouping grouping) {
            children.add(grouping.inner());
        }
        return children;
    }

    /**
     * Visits an expression and all its descendants outside subqueries, parents first.
     *
     * @param expr the root
     * @param visitor called for each node
     */
    public static void walk(Expr expr, Consumer<Expr> visitor) {
        visitor.accept(expr);
        for (Expr child : children(expr)) {
            walk(child, visitor);
        }
    }

    /**
     * Rebuilds an expression with each subquery in it, at any depth, replaced.
     *
     * @param expr the expression
     * @param queries what each subquery becomes
     * @return the expression, or the same one when it holds no subquery
     */
    public static Expr mapQueries(Expr expr, UnaryOperator<Query> queries) {
        if (expr == null || !hasQuery(expr)) {
            return expr;
        }
        UnaryOperator<Expr> map = e -> mapQueries(e, queries);
        if (expr instanceof Expr.Unary u) {
            return new Expr.Unary(u.span(), u.operator(), map.apply(u.operand()));
        } else if (expr instanceof Expr.Binary b) {
            return new Expr.Binary(b.span(), b.operator(), map.apply(b.left()), map.apply(b.right()));
        } else if (expr instanceof Expr.Is is) {
            return new Expr.Is(is.span(), map.apply(is.left()), is.negated(), map.apply(is.right()));
        } else if (expr instanceof Expr.Like l) {
            return new Expr.Like(
                    l.span(),
                    l.operator(),
                    l.negated(),
                    map.apply(l.value()),
                    map.apply(l.pattern()),
                    map.apply(l.escape()));
        } else if (expr instanceof Expr.Between b) {
            return new Expr.Between(
                    b.span(), map.apply(b.value()), b.negated(), map.apply(b.low()), map.apply(b.high()));
        } else if (expr instanceof Expr.InList in) {
            return new Expr.InList(
                    in.span(),
                    map.apply(in.value()),
                    in.negated(),
                    in.items().stream().map(map).toList());
        } else if (expr instanceof Expr.InQuery in) {
            return new Expr.InQuery(in.span(), map.apply(in.value()), in.negated(), queries.apply(in.query()));
        } else if (expr instanceof Expr.Exists exists) {
            return new Expr.Exists(exists.span(), queries.apply(exists.query()));
        } else if (expr instanceof Expr.Subquery subquery) {
            return new Expr.Subquery(subquery.span(), queries.apply(subquery.query()));
        } else if (expr instanceof Expr.Cast cast) {
            return new Expr.Cast(cast.span(), map.apply(cast.operand()), cast.typeName());
        } else if (expr instanceof Expr.Case c) {
            return new Expr.Case(
                    c.span(),
                    map.apply(c.operand()),
                    c.whens().stream()
                            .map(w -> new Expr.When(map.apply(w.condition()), map.apply(w.result())))
                            .toList(),
                    map.apply(c.otherwise()));
        } else if (expr instanceof Expr.Call call) {
            return new Expr.Call(
                    call.span(),
                    call.name(),
                    call.distinct(),
                    call.star(),
                    call.args().stream().map(map).toList(),
                    mapOrder(call.orderBy(), map),
                    map.apply(call.filter()),
                    mapWindow(call.over(), map));
        } else if (expr instanceof Expr.Collate collate) {
            return new Expr.Collate(collate.span(), map.apply(collate.operand()), collate.collation());
        } else if (expr instanceof Expr.Row row) {
            return new Expr.Row(row.span(), row.items().stream().map(map).toList());
        } else if (expr instanceof Expr.Grouping grouping) {
            return new Expr.Grouping(grouping.span(), map.apply(grouping.inner()));
        }
        return expr;
    }

    /**
     * Rebuilds order terms with their expressions mapped.
     *
     * @param items the terms
     * @param map what each expression becomes
     * @return the terms
     */
    public static List<OrderItem> mapOrder(List<OrderItem> items, UnaryOperator<Expr> map) {
        return items.stream()
                .map(item -> new OrderItem(map.apply(item.expr()), item.descending(), item.nulls()))
                .toList();
    }

    /**
     * Rebuilds a window with its expressions mapped.
     *
     * @param window the window, or null
     * @param map what each expression becomes
     * @return the window, or null
     */
    public static Window mapWindow(Window window, UnaryOperator<Expr> map) {
        if (window == null) {
            return null;
        }
        Window.Frame frame = window.frame();
        if (frame != null) {
            frame = new Window.Frame(
                    frame.unit(),
                    new Window.Bound(
                            frame.start().kind(), map.apply(frame.start().offset())),
                    frame.end() == null
                            ? null
                            : new Window.Bound(
                                    frame.end().kind(), map.apply(frame.end().offset())),
                    frame.exclude());
        }
        return new Window(
                window.baseName(),
                window.partitionBy().stream().map(map).toList(),
                mapOrder(window.orderBy(), map),
                frame);
    }

    /** Tells whether an expression holds a subquery at any depth, windows included. */
    private static boolean hasQuery(Expr expr) {
        if (expr instanceof Expr.InQuery || expr instanceof Expr.Exists || expr instanceof Expr.Subquery) {
            return true;
        }
        if (expr instanceof Expr.Call call && call.over() != null) {
            Window over = call.over();
            List<Expr> windowed = new ArrayList<>(over.partitionBy());
            over.orderBy().forEach(item -> windowed.add(item.expr()));
            if (over.frame() != null) {
                addIfPresent(windowed, over.frame().start().offset());
                if (over.frame().end() != null) {
                    addIfPresent(windowed, over.frame().end().offset());
                }
            }
            if (windowed.stream().anyMatch(Exprs::hasQuery)) {
                return true;
            }
        }
        return children(expr).stream().anyMatch(Exprs::hasQuery);
    }

    /**
     * Strips the parentheses around an expression.
     *
     * @param expr the expression
     * @return the innermost expression that is not a {@link Expr.Grouping}
     */
    public static Expr unwrap(Expr expr) {
        Expr current = expr;
        while (current instanceof Expr.Grouping grouping) {
            current = grouping.inner();
        }
        return current;
    }

    private static void addIfPresent(List<Expr> list, Expr expr) {
        if (expr != null) {
            list.add(expr);
        }
    }
}

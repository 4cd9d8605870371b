package io.tablequery.dialects.sql;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

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

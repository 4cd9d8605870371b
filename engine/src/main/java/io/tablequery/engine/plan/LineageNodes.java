package io.tablequery.engine.plan;

import io.tablequery.dialects.sql.Expr;
import io.tablequery.dialects.sql.Span;
import java.util.List;

/** The nodes lineage adds to a step's tree, which were written nowhere in its SQL. */
final class LineageNodes {
    /** The place of the nodes lineage makes. */
    static final Span NOWHERE = new Span(0, 0);

    /** A NULL, as a UNION ALL branch holds the hidden columns that belong to other branches. */
    static final Expr NULL = new Expr.Literal(NOWHERE, Expr.LiteralKind.NULL, "NULL");

    private LineageNodes() {}

    /** A whole-number literal. */
    static Expr integer(long value) {
        return new Expr.Literal(NOWHERE, Expr.LiteralKind.INTEGER, Long.toString(value));
    }

    /** A call of an aggregate that lineage writes, on the given arguments. */
    static Expr call(String function, boolean distinct, Expr... args) {
        return new Expr.Call(NOWHERE, function, distinct, false, List.of(args), List.of(), null, null);
    }
}

package io.tablequery.dialects.translate;

import io.tablequery.dialects.sql.Expr;

/**
 * Translates the aggregates lineage writes ({@link SqlDialect#ROW_SUMMARY}, {@link SqlDialect#ROW_LIST}, {@link
 * SqlDialect#ROW_LISTS}) into the target's row summaries and lists.
 */
final class RowSummaryCalls {
    private final ExpressionTranslator expressions;
    private final StatementTranslator statement;

    RowSummaryCalls(ExpressionTranslator expressions, StatementTranslator statement) {
        this.expressions = expressions;
        this.statement = statement;
    }

    /** Whether an argument is a whole-number literal of at most so many digits. */
    private static boolean wholeNumber(Expr arg, int digits) {
        return arg instanceof Expr.Literal literal
                && literal.kind() == Expr.LiteralKind.INTEGER
                && literal.text().length() <= digits
                && literal.text().chars().allMatch(Character::isDigit);
    }

    /**
     * {@link SqlDialect#ROW_SUMMARY}, {@link SqlDialect#ROW_LIST} or {@link SqlDialect#ROW_LISTS}, which lineage
     * writes; a dialect without them refuses them. A summary or a list is typed as a blob: it is a hidden column of a
     * final table no step reads, or of a level under it, which only {@link SqlDialect#ROW_LISTS} reads.
     */
    Typed call(Expr.Call call, Scope scope) {
        SqlDialect dialect = statement.dialect();
        if (!dialect.has(SqlDialect.Feature.ROW_SUMMARIES)) {
            throw new Refusal("the function " + call.name() + "() has no " + dialect.name() + " counterpart");
        }
        boolean merged = call.name().equalsIgnoreCase(SqlDialect.ROW_LISTS);
        boolean list = merged || call.name().equalsIgnoreCase(SqlDialect.ROW_LIST);
        if (call.over() != null || call.filter() != null) {
            throw new Refusal(call.name() + "() is an aggregate without OVER or FILTER");
        }
        if (list && (call.args().size() != 1 || (call.distinct() && !merged))) {
            throw new Refusal(call.name() + "() takes one value");
        }
        if (!list
                && (call.args().size() < 2
                        || call.args().size() > 3
                        || !wholeNumber(call.args().get(1), 4))) {
            throw new Refusal(call.name() + "() takes a value, a whole number below 10,000 and, as a third, the most"
                    + " groups it is taken of or the lists' ranks");
        }
        Aggregation aggregation = scope.aggregation;
        if (aggregation == null) {
            throw new Refusal("an aggregate where none is allowed");
        }
        aggregation.shelter++;
        try {
            Typed value = expressions.value(call.args().get(0), scope);
            if (!list && value.type() == SqlType.BLOB) {
                Typed rank =
                        call.args().size() == 3 ? expressions.value(call.args().get(2), scope) : null;
                if (call.distinct() || rank == null || rank.type() != SqlType.INTEGER) {
                    throw new Refusal(
                            call.name() + "() of lists takes them, a whole number below 10,000 and their ranks");
                }
                return Typed.of(
                        dialect.listSummary(
                                value.sql(),
                                Integer.parseInt(((Expr.Literal) call.args().get(1)).text()),
                                rank.sql()),
                        SqlType.BLOB);
            }
            if (call.args().size() == 3 && !wholeNumber(call.args().get(2), 18)) {
                throw new Refusal(call.name() + "() takes as a third value the most groups it is taken of");
            }
            if (value.type() != (merged ? SqlType.BLOB : SqlType.INTEGER)) {
                throw new Refusal(call.name() + "() of values that are not all " + (merged ? "lists" : "integers"));
            }
            if (merged) {
                return Typed.of(dialect.mergedLists(value.sql(), call.distinct()), SqlType.BLOB);
            }
            if (list) {
                return Typed.of(dialect.rowList(value.sql(), value.facts().int32()), SqlType.BLOB);
            }
            Expr.Literal count = (Expr.Literal) call.args().get(1);
            long groups = call.args().size() == 3
                    ? Long.parseLong(((Expr.Literal) call.args().get(2)).text())
                    : 0;
            return Typed.of(
                    dialect.rowSummary(
                            value.sql(),
                            Integer.parseInt(count.text()),
                            call.distinct()
                                    ? new SqlDialect.Distinct(value.facts().range(), groups)
                                    : null),
                    SqlType.BLOB);
        } finally {
            aggregation.shelter--;
        }
    }
}

package io.tablequery.dialects.translate;

import io.tablequery.dialects.sql.Expr;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;

/** The arguments of a function call as the translations of functions, aggregates and window functions take them. */
final class CallArguments {
    private CallArguments() {}

    /** The arguments as values. */
    static List<Typed> values(ExpressionTranslator expressions, Expr.Call call, Scope scope) {
        List<Typed> args = new ArrayList<>();
        for (Expr arg : call.args()) {
            args.add(expressions.value(arg, scope));
        }
        return args;
    }

    /** The arguments as values, a value of integers and reals row by row ({@code coalesce(x, 0)}) kept as one. */
    static List<Typed> numbers(ExpressionTranslator expressions, Expr.Call call, Scope scope) {
        List<Typed> args = new ArrayList<>();
        for (Expr arg : call.args()) {
            Typed typed = expressions.translate(arg, scope);
            args.add(ExpressionTranslator.isNumberUnion(typed) ? typed : ExpressionTranslator.value(typed));
        }
        return args;
    }

    /** An argument that must be an integer, a whole real constant made one. */
    static Typed integer(Typed typed, Expr.Call call) {
        Typed number = ExpressionTranslator.numeric(typed);
        if (number.type() == SqlType.REAL) {
            if (number.constant() instanceof Double d && SqliteNumbers.isIntegral(d)) {
                return Typed.constant((long) (double) d);
            }
            throw new Refusal("a real where " + call.name() + "() takes an integer");
        }
        return number;
    }

    /** Refuses a call with fewer or more arguments than the function takes. */
    static void arity(Expr.Call call, List<?> args, int min, int max) {
        if (args.size() < min || args.size() > max) {
            throw new Refusal("wrong number of arguments to " + call.name() + "()");
        }
    }

    /** A call of a function of the target on the arguments, {@code f(a, b)}. */
    static String join(String function, List<Typed> args) {
        StringJoiner list = new StringJoiner(", ", function + "(", ")");
        args.forEach(arg -> list.add(arg.sql()));
        return list.toString();
    }
}

package io.tablequery.dialects.translate;

import io.tablequery.dialects.SqliteAffinity;
import io.tablequery.dialects.sql.Expr;
import io.tablequery.dialects.sql.Exprs;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.StringJoiner;

/**
 * Translates expressions with SQLite's value semantics: literals keep their SQLite types, operands are coerced as
 * SQLite coerces them, comparisons apply affinity and compare storage classes, and predicates become integers where
 * values are expected.
 */
final class ExpressionTranslator {
    /** The lambda parameter an IN list's left operand is bound to when it is evaluated once. */
    private static final String IN_VALUE = "__tq_in";

    static final String UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    static final String LOWER = "abcdefghijklmnopqrstuvwxyz";

    private final StatementTranslator statement;
    private final FunctionTranslator functions;
    /**
     * The COLLATE nodes whose collation the translation applies as SQLite does: an operand of a comparison, the
     * value of an IN list, a CASE's operand and WHEN values, an ORDER BY term, or LIKE's (which ignores it).
     */
    private final Set<Expr> honoredCollations = Collections.newSetFromMap(new IdentityHashMap<>());

    ExpressionTranslator(StatementTranslator statement) {
        this.statement = statement;
        this.functions = new FunctionTranslator(this, statement);
    }

    /** Translates an expression as it is, a predicate staying BOOLEAN. */
    Typed translate(Expr expr, Scope scope) {
        Aggregation aggregation = scope.aggregation;
        boolean grouped = aggregation != null
                && aggregation.shelter == 0
                && !(Exprs.unwrap(expr) instanceof Expr.ColumnRef)
                && !(expr instanceof Expr.Literal)
                // Most GROUP BY terms are columns, which leave no text to match: nothing is printed then.
                && !aggregation.groupTexts.isEmpty()
                && aggregation.groupTexts.contains(StatementTranslator.normalized(expr));
        if (grouped) {
            aggregation.shelter++;
        }
        try {
            Typed typed = dispatch(expr, scope);
            // An expression whose storage class is NULL is NULL on every row; DuckDB would give it a type.
            return typed.type() == SqlType.NULL && !typed.sql().equals("NULL") ? Typed.nullValue() : typed;
        } finally {
            if (grouped) {
                aggregation.shelter--;
            }
        }
    }

    /** Why a value of integers and reals is refused where it is used further than as a result column. */
    static final String MIXED_NUMBERS = "branches mix integers and reals, whose type SQLite keeps row by row"
            + " (translated only as a result column)";

    /** Translates an expression whose value is used: predicates become SQLite's 0 or 1. */
    Typed value(Expr expr, Scope scope) {
        return value(translate(expr, scope));
    }

    static Typed value(Typed typed) {
        if (typed.type() == SqlType.MIXED && typed.textForm() == null && typed.unionForm() != null) {
            throw new Refusal(MIXED_NUMBERS);
        }
        if (typed.type() == SqlType.MIXED && typed.textForm() == null) {
            throw new Refusal("a column holds values of several storage classes");
        }
        if (typed.type() == SqlType.BOOLEAN) {
            return Typed.of("CAST(" + typed.sql() + " AS INTEGER)", SqlType.INTEGER);
        }
        return typed;
    }

    /**
     * Marks operands whose COLLATE, directly or inside parentheses and unary plus, this translation applies as SQLite
     * does.
     *
     * @param operands the operands
     */
    void honorCollation(Expr... operands) {
        for (Expr operand : operands) {
            Expr node = operand;
            while (node instanceof Expr.Grouping
                    || node instanceof Expr.Unary unary && unary.operator().equals("+")) {
                node = Exprs.children(node).get(0);
            }
            if (node instanceof Expr.Collate) {
                honoredCollations.add(node);
            }
        }
    }

    /** Translates an expression used as a condition, as SQLite tests truth: a number other than 0. */
    String predicate(Expr expr, Scope scope) {
        return predicate(translate(expr, scope));
    }

    String predicate(Typed typed) {
        switch (typed.type()) {
            case BOOLEAN:
                return typed.sql();
            case NULL:
                return "CAST(NULL AS BOOLEAN)";
            case INTEGER:
            case REAL:
                if (typed.isConstant()) {
                    return ((Number) typed.constant()).doubleValue() != 0 ? "TRUE" : "FALSE";
                }
                return "(" + typed.sql() + " <> 0)";
            case TEXT:
                if (typed.isConstant()) {
                    return SqliteNumbers.prefix((String) typed.constant()).doubleValue() != 0 ? "TRUE" : "FALSE";
                }
                return "(" + numericText(typed.sql(), statement.dialect()) + " <> 0)";
            default:
                throw new Refusal("a " + typed.type().name().toLowerCase(Locale.ROOT) + " value used as a condition");
        }
    }

    /** The numeric prefix of a text expression as a DOUBLE, NULL for NULL. */
    static String numericText(String sql, SqlDialect dialect) {
        return prefix(sql, SqliteNumbers.REAL_PREFIX, "DOUBLE", dialect);
    }

    /**
     * A text's numeric prefix cast to a type, 0 when it has none and NULL for NULL. The text is written once: it may
     * be a long expression, and nested conversions would otherwise repeat it exponentially.
     */
    static String prefix(String sql, String pattern, String type, SqlDialect dialect) {
        return "TRY_CAST(regexp_replace(regexp_extract(" + sql + ", " + dialect.literal(pattern)
                + ", 1), '^$', '0') AS "
                + type
                + ")";
    }

    private Typed dispatch(Expr expr, Scope scope) {
        if (expr instanceof Expr.Literal literal) {
            return literalValue(literal);
        } else if (expr instanceof Expr.Grouping grouping) {
            Typed inner = translate(grouping.inner(), scope);
            Typed grouped = new Typed(
                    "(" + inner.sql() + ")", inner.type(), inner.affinity(), inner.constant(), inner.collation());
            return grouped.withFacts(inner.facts());
        } else if (expr instanceof Expr.ColumnRef column) {
            return column(column, scope);
        } else if (expr instanceof Expr.Unary unary) {
            return unary(unary, scope);
        } else if (expr instanceof Expr.Binary binary) {
            return binary(binary, scope);
        } else if (expr instanceof Expr.Is is) {
            honorCollation(is.left(), is.right());
            Comparison comparison =
                    compare(translate(is.left(), scope), is.negated() ? "IS NOT" : "IS", translate(is.right(), scope));
            return Typed.of(comparison.sql(), SqlType.BOOLEAN);
        } else if (expr instanceof Expr.Like like) {
            return like(like, scope);
        } else if (expr instanceof Expr.Between between) {
            honorCollation(between.value(), between.low(), between.high());
            Typed value = translate(between.value(), scope);
            String low = compare(value, ">=", translate(between.low(), scope)).sql();
            String high = compare(value, "<=", translate(between.high(), scope)).sql();
            String sql = "(" + low + " AND " + high + ")";
            return Typed.of(between.negated() ? "(NOT " + sql + ")" : sql, SqlType.BOOLEAN);
        } else if (expr instanceof Expr.InList in) {
            return inList(in, scope);
        } else if (expr instanceof Expr.InQuery in) {
            return inQuery(in, scope);
        } else if (expr instanceof Expr.Exists exists) {
            return Typed.of(
                    "EXISTS (" + statement.subquery(exists.query(), scope).sql() + ")", SqlType.BOOLEAN);
        } else if (expr instanceof Expr.Subquery subquery) {
            return scalarSubquery(subquery, scope);
        } else if (expr instanceof Expr.Cast cast) {
            return Casts.cast(translate(cast.operand(), scope), cast.typeName(), statement.dialect());
        } else if (expr instanceof Expr.Case caseExpr) {
            return caseExpr(caseExpr, scope);
        } else if (expr instanceof Expr.Call call) {
            return functions.call(call, scope);
        } else if (expr instanceof Expr.Collate collate) {
            String collation = collate.collation().toUpperCase(Locale.ROOT);
            if (!collation.equals("BINARY") && !collation.equals("NOCASE") && !collation.equals("RTRIM")) {
                throw new Refusal("unknown collation " + collate.collation());
            }
            if (!collation.equals("BINARY") && !honoredCollations.contains(collate)) {
                throw new Refusal("COLLATE " + collation + " outside a comparison or an ORDER BY term: SQLite carries"
                        + " it on to what reads the value (DISTINCT, GROUP BY, IN, min and max, the columns of a"
                        + " subquery), which the translation does not; compare or order with it directly");
            }
            return translate(collate.operand(), scope).withCollation(collation);
        } else if (expr instanceof Expr.Row) {
            throw new Refusal("row values");
        } else if (expr instanceof Expr.Parameter parameter) {
            throw new Refusal("a parameter (" + parameter.text() + ") that a plan cannot bind");
        }
        throw new AssertionError("unknown expression " + expr);
    }

    private Typed literalValue(Expr.Literal literal) {
        switch (literal.kind()) {
            case NULL:
                return Typed.nullValue();
            case STRING:
                return Typed.text(literal.text(), statement.dialect());
            case BLOB:
                statement.require(SqlDialect.Feature.BLOBS, "a blob constant");
                return Typed.constant(new Typed.Blob(literal.text().toUpperCase(Locale.ROOT)));
            case HEX_INTEGER:
                if (literal.text().length() > 16) {
                    throw new Refusal("a hex literal wider than 64 bits");
                }
                return Typed.constant(Long.parseUnsignedLong(literal.text(), 16));
            case INTEGER:
            case REAL:
                return Typed.constant(SqliteNumbers.number(literal.text()));
            default:
                throw new AssertionError(literal.kind());
        }
    }

    private Typed column(Expr.ColumnRef ref, Scope scope) {
        if (ref.schema() != null) {
            throw new Refusal("a column qualified by a schema: " + StatementTranslator.text(ref));
        }
        Scope.Resolved resolved = scope.resolve(ref.table(), ref.name());
        String key = ref.name().toLowerCase(Locale.ROOT);
        if (resolved == null && ref.table() == null && scope.aliases.containsKey(key) && scope.expanding.add(key)) {
            try {
                return translate(scope.aliases.get(key), scope);
            } finally {
                scope.expanding.remove(key);
            }
        }
        if (resolved == null) {
            if (ref.table() == null && ref.quoting() == Expr.Quoting.DOUBLE_QUOTES) {
                return Typed.text(ref.name(), statement.dialect());
            }
            if (ref.table() != null && !scope.hasSource(ref.table())) {
                throw new Refusal("no such table: " + ref.table());
            }
            throw new Refusal("no such column: " + StatementTranslator.text(ref));
        }
        Aggregation aggregation = scope.aggregation;
        if (resolved.local()
                && aggregation != null
                && aggregation.shelter == 0
                && !aggregation.groupColumns.contains(resolved.key())) {
            return bare(resolved, ref, scope);
        }
        return resolved.typed();
    }

    /**
     * A column neither grouped nor aggregated, taken from the row SQLite 3.54 takes it from (measured): beside the
     * query's only {@code min} or {@code max}, the first row that reaches the extreme, or the group's last row when
     * the argument is NULL on every row; beside other aggregates, the group's first row. Rows count in the order one
     * source is read; over several sources that order is the plan's, and beside several {@code min} and {@code max}
     * calls the row is one of theirs: both are refused. A column of a source whose rowid or a unique key is grouped
     * on has one value per group, whichever row SQLite takes it from.
     */
    private Typed bare(Scope.Resolved resolved, Expr.ColumnRef ref, Scope scope) {
        Typed column = resolved.typed();
        Aggregation aggregation = scope.aggregation;
        for (Scope.Source source : scope.sources) {
            if (resolved.key().startsWith(source.sqlAlias() + ".") && source.singleRowPer(aggregation.groupColumns)) {
                return new Typed("any_value(" + column.sql() + ")", column.type(), column.affinity(), null, null);
            }
        }
        String order = scope.sources.size() == 1 ? scope.sources.get(0).order() : null;
        if (order == null || aggregation.severalMinMax) {
            throw new Refusal("the column " + StatementTranslator.text(ref)
                    + " is neither grouped nor aggregated, so SQLite" + " returns it from a row its plan picks");
        }
        statement.require(SqlDialect.Feature.BARE_COLUMNS, "a bare column read from the row SQLite meets first");
        scope.readOrderUsed = true;
        if (aggregation.minMax == null) {
            return new Typed(
                    "arg_min_null(" + column.sql() + ", " + order + ")", column.type(), column.affinity(), null, null);
        }
        if (aggregation.minMaxArgument == null) {
            aggregation.shelter++;
            try {
                aggregation.minMaxArgument = value(aggregation.minMax.args().get(0), scope);
            } finally {
                aggregation.shelter--;
            }
        }
        boolean max = aggregation.minMax.name().equalsIgnoreCase("max");
        String argument = aggregation.minMaxArgument.sql();
        // SQLite keeps the first row that reaches the extreme, in the order it reads rows.
        String key = "CASE WHEN " + argument + " IS NULL THEN NULL ELSE struct_pack(v := " + argument + ", o0 := "
                + (max ? "-" : "") + order + ") END";
        return new Typed(
                "CASE WHEN count(" + argument + ") = 0 THEN arg_max_null(" + column.sql() + ", " + order + ") ELSE "
                        + (max ? "arg_max_null(" : "arg_min_null(") + column.sql() + ", " + key + ") END",
                column.type(),
                column.affinity(),
                null,
                null);
    }

    private Typed unary(Expr.Unary unary, Scope scope) {
        if (unary.operator().equals("NOT")) {
            Typed operand = translate(unary.operand(), scope);
            if (operand.type() == SqlType.NULL) {
                return Typed.of("CAST(NULL AS BOOLEAN)", SqlType.BOOLEAN);
            }
            return Typed.of("(NOT " + predicate(operand) + ")", SqlType.BOOLEAN);
        }
        if (unary.operator().equals("+")) {
            // A no-op on every value, text included; it only takes the affinity away. Its collation stays, as
            // SQLite looks through a unary plus for one.
            Typed operand = value(unary.operand(), scope);
            return new Typed(
                    operand.sql(),
                    operand.type(),
                    SqliteAffinity.NONE,
                    operand.constant(),
                    operand.collation(),
                    operand.textForm());
        }
        Typed operand = numeric(value(unary.operand(), scope));
        switch (unary.operator()) {
            case "-":
                if (operand.constant() instanceof Long l && l != Long.MIN_VALUE) {
                    return Typed.constant(-l);
                } else if (operand.constant() instanceof Double d) {
                    return Typed.constant(-d);
                }
                return Typed.of("(-" + operand.sql() + ")", operand.type());
            case "~":
                if (operand.type() == SqlType.REAL) {
                    throw new Refusal("~ on a real value");
                }
                return Typed.of("(~" + operand.sql() + ")", operand.type());
            default:
                throw new AssertionError(unary.operator());
        }
    }

    private Typed binary(Expr.Binary binary, Scope scope) {
        String operator = binary.operator();
        switch (operator) {
            case "AND":
            case "OR":
                return Typed.of(
                        "(" + predicate(binary.left(), scope) + " " + operator + " " + predicate(binary.right(), scope)
                                + ")",
                        SqlType.BOOLEAN);
            case "=":
            case "<>":
            case "<":
            case "<=":
            case ">":
            case ">=":
                honorCollation(binary.left(), binary.right());
                return Typed.of(
                        compare(translate(binary.left(), scope), operator, translate(binary.right(), scope))
                                .sql(),
                        SqlType.BOOLEAN);
            case "||":
                return concat(binary, scope);
            case "->":
            case "->>":
                throw new Refusal("the JSON operator " + operator);
            default:
                return arithmetic(binary, scope);
        }
    }

    private Typed concat(Expr.Binary binary, Scope scope) {
        Typed left = value(binary.left(), scope);
        Typed right = value(binary.right(), scope);
        if (left.isNullLiteral() || right.isNullLiteral()) {
            return Typed.of("CAST(NULL AS " + statement.dialect().textType() + ")", SqlType.TEXT);
        }
        Typed leftText = text(left, statement.dialect());
        Typed rightText = text(right, statement.dialect());
        if (leftText.isConstant() && rightText.isConstant()) {
            return Typed.text((String) leftText.constant() + rightText.constant(), statement.dialect());
        }
        return Typed.of("(" + leftText.sql() + " || " + rightText.sql() + ")", SqlType.TEXT);
    }

    private Typed arithmetic(Expr.Binary binary, Scope scope) {
        Typed left = operand(binary.left(), scope);
        Typed right = operand(binary.right(), scope);
        if (isNumberUnion(left) || isNumberUnion(right)) {
            return unionArithmetic(binary.operator(), left, right);
        }
        return arithmetic(binary.operator(), left, right);
    }

    /** An arithmetic operand: a number, or a value of integers and reals row by row, which stays one. */
    private Typed operand(Expr expr, Scope scope) {
        Typed typed = translate(expr, scope);
        return isNumberUnion(typed) ? typed : numeric(value(typed));
    }

    /**
     * Tells whether a value holds integers and reals row by row ({@link SqlType#MIXED} with a {@code NUMBER_UNION}),
     * as {@code coalesce(real_column, 0)} does.
     *
     * @param typed the value
     * @return whether it is such a value
     */
    static boolean isNumberUnion(Typed typed) {
        return typed.type() == SqlType.MIXED && typed.unionForm() != null;
    }

    /**
     * Arithmetic with an operand of integers and reals row by row: each combination of the operands' classes is
     * computed as SQLite computes it (integer arithmetic for two integers, real otherwise), chosen row by row by the
     * operands' classes, so the result keeps each row's class as SQLite's does ({@code coalesce(price, 0) * qty} is
     * the integer 0 where the price is NULL and a real elsewhere).
     */
    private Typed unionArithmetic(String operator, Typed left, Typed right) {
        statement.require(SqlDialect.Feature.NUMBER_UNIONS, "arithmetic on a value of integers and reals row by row");
        List<String> conditions = new ArrayList<>();
        List<Typed> results = new ArrayList<>();
        for (Map.Entry<String, Typed> l : byClass(left).entrySet()) {
            for (Map.Entry<String, Typed> r : byClass(right).entrySet()) {
                StringJoiner when = new StringJoiner(" AND ");
                if (isNumberUnion(left)) {
                    when.add("union_tag(" + left.unionForm() + ") = '" + l.getKey() + "'");
                }
                if (isNumberUnion(right)) {
                    when.add("union_tag(" + right.unionForm() + ") = '" + r.getKey() + "'");
                }
                conditions.add(when.toString());
                results.add(arithmetic(operator, l.getValue(), r.getValue()));
            }
        }
        if (results.stream().allMatch(Typed::isNullLiteral)) {
            return Typed.nullValue();
        }
        return branches(conditions, results, null, "arithmetic on integers and reals");
    }

    /** A number by its class: a union's integers ({@code i}) and reals ({@code r}), or the number itself. */
    private static Map<String, Typed> byClass(Typed number) {
        Map<String, Typed> classes = new LinkedHashMap<>();
        if (isNumberUnion(number)) {
            classes.put("i", Typed.of("union_extract(" + number.unionForm() + ", 'i')", SqlType.INTEGER));
            classes.put("r", Typed.of("union_extract(" + number.unionForm() + ", 'r')", SqlType.REAL));
        } else {
            classes.put("", number);
        }
        return classes;
    }

    private Typed arithmetic(String operator, Typed left, Typed right) {
        if (left.isNullLiteral() || right.isNullLiteral()) {
            return Typed.nullValue();
        }
        boolean integers = left.type() == SqlType.INTEGER && right.type() == SqlType.INTEGER;
        switch (operator) {
            case "+":
            case "-":
            case "*":
                return Typed.of(
                        "(" + wide(left) + " " + operator + " " + wide(right) + ")",
                        integers ? SqlType.INTEGER : SqlType.REAL);
            case "/":
                if (integers) {
                    return Typed.of(
                            statement.dialect().integerDivision(wide(left), "NULLIF(" + wide(right) + ", 0)"),
                            SqlType.INTEGER);
                }
                return Typed.of("(" + left.sql() + " / NULLIF(" + right.sql() + ", 0))", SqlType.REAL);
            case "%":
                if (integers) {
                    return Typed.of("(" + wide(left) + " % NULLIF(" + wide(right) + ", 0))", SqlType.INTEGER);
                }
                return Typed.of(
                        "CAST(" + truncated(left) + " % NULLIF(" + truncated(right) + ", 0) AS DOUBLE)", SqlType.REAL);
            case "&":
            case "|":
            case "<<":
            case ">>":
                if (!integers) {
                    throw new Refusal("the bit operator " + operator + " on a real value");
                }
                return Typed.of("(" + wide(left) + " " + operator + " " + wide(right) + ")", SqlType.INTEGER);
            default:
                throw new Refusal("the operator " + operator);
        }
    }

    private String truncated(Typed numeric) {
        return numeric.type() == SqlType.INTEGER
                ? wide(numeric)
                : statement.dialect().truncateToInteger(numeric.sql());
    }

    /** An integer operand as a BIGINT, so arithmetic on small literals does not overflow 32 bits. */
    static String wide(Typed numeric) {
        if (numeric.constant() instanceof Long l && l >= Integer.MIN_VALUE && l <= Integer.MAX_VALUE) {
            return "CAST(" + l + " AS BIGINT)";
        }
        return numeric.sql();
    }

    /** Coerces a value to a number as SQLite's arithmetic does. */
    static Typed numeric(Typed typed) {
        switch (typed.type()) {
            case INTEGER:
            case REAL:
            case NULL:
                return typed;
            case TEXT:
                if (typed.isConstant()) {
                    return Typed.constant(SqliteNumbers.prefix((String) typed.constant()));
                }
                throw new Refusal("text used as a number (SQLite reads its numeric prefix as an integer or a real"
                        + " row by row)");
            case BLOB:
                throw new Refusal("a blob used as a number");
            default:
                throw new Refusal("a column holds values of several storage classes");
        }
    }

    /** Renders a value as text, as SQLite's {@code ||} and text functions do. */
    static Typed text(Typed typed, SqlDialect dialect) {
        if (typed.type() == SqlType.MIXED && typed.textForm() != null) {
            return Typed.of(typed.textForm(), SqlType.TEXT);
        }
        switch (typed.type()) {
            case TEXT:
            case NULL:
                return typed;
            case INTEGER:
                if (typed.isConstant()) {
                    return Typed.text(Long.toString((Long) typed.constant()), dialect);
                }
                return Typed.of("CAST(" + typed.sql() + " AS " + dialect.textType() + ")", SqlType.TEXT);
            case REAL:
                if (typed.isConstant()) {
                    String text = SqliteNumbers.realText((Double) typed.constant());
                    if (text != null) {
                        return Typed.text(text, dialect);
                    }
                }
                throw new Refusal(
                        "a real value rendered as text (" + dialect.name() + " writes other digits than SQLite)");
            case BOOLEAN:
                return Typed.of(
                        "CAST(CAST(" + typed.sql() + " AS INTEGER) AS " + dialect.textType() + ")", SqlType.TEXT);
            case BLOB:
                if (typed.constant() instanceof Typed.Blob blob) {
                    return Typed.text(new String(HexFormat.of().parseHex(blob.hex()), StandardCharsets.UTF_8), dialect);
                }
                throw new Refusal("a blob rendered as text");
            default:
                throw new Refusal("a column holds values of several storage classes");
        }
    }

    /** A text value lower-cased in ASCII only, as SQLite's LIKE and NOCASE fold. */
    static String lowerAscii(Typed text, SqlDialect dialect) {
        if (text.isConstant()) {
            return dialect.literal(foldAscii((String) text.constant(), true));
        }
        return "translate(" + text.sql() + ", '" + UPPER + "', '" + LOWER + "')";
    }

    private static boolean isAscii(String text) {
        return text.chars().allMatch(c -> c < 0x80);
    }

    static String foldAscii(String text, boolean lower) {
        StringBuilder out = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (lower && c >= 'A' && c <= 'Z') {
                c = (char) (c + 32);
            } else if (!lower && c >= 'a' && c <= 'z') {
                c = (char) (c - 32);
            }
            out.append(c);
        }
        return out.toString();
    }

    private Typed like(Expr.Like like, Scope scope) {
        honorCollation(like.value(), like.pattern());
        Typed value = value(like.value(), scope);
        Typed pattern = value(like.pattern(), scope);
        String sql;
        switch (like.operator()) {
            case "LIKE":
                String escapeLiteral = null;
                if (like.escape() != null) {
                    Typed escape = value(like.escape(), scope);
                    if (!(escape.constant() instanceof String s) || s.codePointCount(0, s.length()) != 1) {
                        throw new Refusal("a LIKE escape that is not one constant character");
                    }
                    escapeLiteral = statement.dialect().literal(s);
                }
                Typed text = text(value, statement.dialect());
                Typed patternText = text(pattern, statement.dialect());
                AsciiLetters letters =
                        value.type() == SqlType.TEXT ? value.facts().letters() : AsciiLetters.BOTH;
                if (escapeLiteral == null
                        && patternText.constant() instanceof String constant
                        && letters != AsciiLetters.BOTH) {
                    // Values of one case match the pattern folded to that case as SQLite's folding of both does.
                    sql = statement
                            .dialect()
                            .like(
                                    text.sql(),
                                    statement.dialect().literal(foldAscii(constant, letters != AsciiLetters.UPPER)),
                                    null);
                } else if (escapeLiteral == null
                        && like.value() instanceof Expr.ColumnRef
                        && patternText.constant() instanceof String constant
                        && isAscii(constant)) {
                    sql = statement
                            .dialect()
                            .likeAsciiPattern(
                                    text.sql(),
                                    lowerAscii(text, statement.dialect()),
                                    lowerAscii(patternText, statement.dialect()));
                } else {
                    sql = statement
                            .dialect()
                            .like(
                                    lowerAscii(text, statement.dialect()),
                                    lowerAscii(patternText, statement.dialect()),
                                    escapeLiteral);
                }
                break;
            case "GLOB":
                if (!(pattern.constant() instanceof String glob)) {
                    throw new Refusal("a GLOB pattern that is not a constant");
                }
                statement.require(SqlDialect.Feature.GLOB, "GLOB");
                sql = text(value, statement.dialect()).sql() + " GLOB "
                        + statement.dialect().literal(GlobPatterns.toDuckDb(glob));
                break;
            default:
                throw new Refusal("the " + like.operator() + " operator, which needs a user function");
        }
        if (value.isNullLiteral() || pattern.isNullLiteral()) {
            sql = "CAST(NULL AS BOOLEAN)";
        }
        return Typed.of(like.negated() ? "(NOT (" + sql + "))" : "(" + sql + ")", SqlType.BOOLEAN);
    }

    private Typed inList(Expr.InList in, Scope scope) {
        if (in.items().isEmpty()) {
            return Typed.bool(in.negated());
        }
        // SQLite compares a list's items with the value's collation only; a COLLATE on an item is refused.
        honorCollation(in.value());
        Typed value = translate(in.value(), scope);
        String bound = null;
        if (conditional(in.value())) {
            // DuckDB 2.0 answers CASE WHEN c THEN NULL ELSE 'a' END IN ('a', 'b') as true in a WHERE clause, where
            // the value is NULL when c holds; evaluated once, as a lambda's argument, the value is not rewritten.
            bound = value.sql();
            value = new Typed(IN_VALUE, value.type(), value.affinity(), null, value.collation(), value.textForm());
        }
        List<Comparison> comparisons = new ArrayList<>();
        boolean direct = true;
        for (Expr item : in.items()) {
            if (value.affinity() == SqliteAffinity.REAL
                    && translate(item, scope).constant() instanceof Long integer
                    && Math.abs(integer) > 1L << 47) {
                // SQLite matches a long list through keys built as reals (the integer rounded to a double) and a
                // short one exactly, so the answer depends on its plan.
                throw new Refusal("an IN list holding an integer beyond 2^47 against a REAL column, which SQLite"
                        + " matches exactly or as a real depending on its plan");
            }
            // A list takes the left operand's affinity only (measured on SQLite 3.54: '5' IN (n) is false over a
            // NUMERIC n = 5, where '5' = n is true), so the items' own affinities are left out of the comparison.
            Comparison comparison = compare(value, "=", translate(item, scope).withAffinity(SqliteAffinity.NONE));
            direct &= comparison.direct()
                    && comparison
                            .left()
                            .equals(
                                    comparisons.isEmpty()
                                            ? comparison.left()
                                            : comparisons.get(0).left());
            comparisons.add(comparison);
        }
        String sql;
        if (direct) {
            StringJoiner items = new StringJoiner(", ", comparisons.get(0).left() + " IN (", ")");
            comparisons.forEach(comparison -> items.add(comparison.right()));
            sql = "(" + items + ")";
        } else {
            StringJoiner any = new StringJoiner(" OR ", "(", ")");
            comparisons.forEach(comparison -> any.add(comparison.sql()));
            sql = any.toString();
        }
        if (bound != null) {
            sql = statement.dialect().bind(bound, IN_VALUE, sql);
        }
        return Typed.of(in.negated() ? "(NOT " + sql + ")" : sql, SqlType.BOOLEAN);
    }

    /**
     * Whether an {@code IN (SELECT ...)} compares with REAL affinity: one side a REAL column, the other without
     * affinity. SQLite then builds the keys it matches as reals, so an integer beyond 2^47 becomes a double, as it
     * does in DuckDB's own comparison of BIGINT with DOUBLE (measured on SQLite 3.54:
     * {@code 9007199254740993 IN (SELECT r)} is true for r = 9007199254740992.0).
     */
    private static boolean realAffinity(SqliteAffinity value, SqliteAffinity column) {
        // A column declared without a type has BLOB affinity, which counts here; only an expression has none.
        boolean valueHas = value != SqliteAffinity.NONE;
        boolean columnHas = column != SqliteAffinity.NONE;
        return valueHas != columnHas && (valueHas ? value : column) == SqliteAffinity.REAL;
    }

    /** Whether an expression translates to a CASE: CASE itself, iif, nullif, coalesce or ifnull. */
    private static boolean conditional(Expr expr) {
        Expr unwrapped = Exprs.unwrap(expr);
        return unwrapped instanceof Expr.Case
                || unwrapped instanceof Expr.Call call
                        && Set.of("iif", "nullif", "coalesce", "ifnull")
                                .contains(call.name().toLowerCase(Locale.ROOT));
    }

    private Typed inQuery(Expr.InQuery in, Scope scope) {
        Typed value = value(in.value(), scope);
        Translation.Translated query = statement.subquery(in.query(), scope);
        if (query.columns().size() != 1) {
            throw new Refusal("an IN subquery must return one column");
        }
        ColumnSchema column = query.columns().get(0);
        checkSameClass(value.type(), column.type(), "IN compares values of different storage classes");
        if (value.affinity() != column.affinity()
                && (isNumericAffinity(value.affinity()) || isNumericAffinity(column.affinity()))
                && (value.type() == SqlType.TEXT || column.type() == SqlType.TEXT)) {
            throw new Refusal("IN compares text with a numeric column");
        }
        String sql;
        Typed item = Typed.of(IN_VALUE, column.type());
        if (IntegerRealComparison.needed(value, item) && !realAffinity(value.affinity(), column.affinity())) {
            // An integer matched against reals, or a real against integers, is matched exactly, both as HUGEINT.
            // The dialect spells IN with SQL's three values (Spark SQL answers false where a NULL makes it NULL).
            sql = value.type() == SqlType.INTEGER
                    ? statement
                            .dialect()
                            .inQuery(
                                    value.sql(),
                                    "SELECT " + IntegerRealComparison.asInteger(item, statement.dialect()) + " FROM ("
                                            + query.sql() + ") AS __tq_q(" + IN_VALUE + ")")
                    : statement
                            .dialect()
                            .inQuery(IntegerRealComparison.asInteger(value, statement.dialect()), query.sql());
        } else if (in.negated() && value.neverNull() && column.neverNull()) {
            // Without NULL on either side NOT IN is NOT EXISTS, which needs no NULL-aware anti join.
            sql = statement.dialect().existsEqual(value.sql(), query.sql(), statement.nextAlias("__tq_in"));
        } else {
            sql = statement.dialect().inQuery(value.sql(), query.sql());
        }
        return Typed.of(in.negated() ? "(NOT " + sql + ")" : sql, SqlType.BOOLEAN);
    }

    private Typed scalarSubquery(Expr.Subquery subquery, Scope scope) {
        Translation.Translated query = statement.subquery(subquery.query(), scope);
        if (query.columns().size() != 1) {
            throw new Refusal("a subquery used as a value must return one column");
        }
        String sql = subquery.query().limit() == null
                ? query.sql() + " LIMIT 1"
                : "SELECT * FROM (" + query.sql() + ") LIMIT 1";
        ColumnSchema column = query.columns().get(0);
        return new Typed("(" + sql + ")", column.type(), column.affinity(), null, null);
    }

    private Typed caseExpr(Expr.Case caseExpr, Scope scope) {
        if (caseExpr.operand() != null) {
            honorCollation(caseExpr.operand());
            caseExpr.whens().forEach(when -> honorCollation(when.condition()));
        }
        Typed operand = caseExpr.operand() == null ? null : translate(caseExpr.operand(), scope);
        List<String> conditions = new ArrayList<>();
        List<Typed> results = new ArrayList<>();
        for (Expr.When when : caseExpr.whens()) {
            conditions.add(
                    operand == null
                            ? predicate(when.condition(), scope)
                            : compare(operand, "=", translate(when.condition(), scope))
                                    .sql());
            results.add(value(when.result(), scope));
        }
        Typed otherwise = caseExpr.otherwise() == null ? null : value(caseExpr.otherwise(), scope);
        return branches(conditions, results, otherwise, "CASE branches");
    }

    /**
     * A CASE of translated branches. Branches of one storage class make a value of that class; integers mixed with
     * text make a value usable only as text, where SQLite's rendering of each is exact.
     */
    Typed branches(List<String> conditions, List<Typed> results, Typed otherwise, String what) {
        List<Typed> all = new ArrayList<>(results);
        if (otherwise != null) {
            all.add(otherwise);
        }
        SqlType type;
        try {
            type = unify(all, what);
        } catch (Refusal mixed) {
            String unionForm = numbersOnly(all) ? unionSql(conditions, results, otherwise) : null;
            String textForm;
            try {
                textForm = caseSql(conditions, results, otherwise, true);
            } catch (Refusal noTextForm) {
                if (unionForm == null) {
                    // Without an exact text form the mix itself is why the value cannot be used, not its rendering.
                    throw mixed;
                }
                textForm = null;
            }
            return new Typed(
                    caseSql(conditions, results, otherwise, false),
                    SqlType.MIXED,
                    SqliteAffinity.NONE,
                    null,
                    null,
                    textForm,
                    unionForm);
        }
        return Typed.of(caseSql(conditions, results, otherwise, false), type);
    }

    /** Whether values are integers and reals only (with NULLs), so that a union of the two can hold them. */
    private static boolean numbersOnly(List<Typed> values) {
        return values.stream().allMatch(value -> switch (value.type()) {
            case INTEGER, REAL, BOOLEAN, NULL -> true;
            default -> false;
        });
    }

    /** The CASE of branches of integers and reals, each branch tagged with its class in a {@code NUMBER_UNION}. */
    private static String unionSql(List<String> conditions, List<Typed> results, Typed otherwise) {
        StringBuilder sql = new StringBuilder("CASE");
        for (int i = 0; i < conditions.size(); i++) {
            sql.append(" WHEN ").append(conditions.get(i)).append(" THEN ").append(tagged(results.get(i)));
        }
        if (otherwise != null) {
            sql.append(" ELSE ").append(tagged(otherwise));
        }
        return sql.append(" END").toString();
    }

    private static String tagged(Typed value) {
        String member =
                switch (value.type()) {
                    case NULL -> null;
                    case REAL -> "union_value(r := CAST(" + value.sql() + " AS DOUBLE))";
                    default -> "union_value(i := CAST(" + value.sql() + " AS BIGINT))";
                };
        return member == null
                ? "CAST(NULL AS " + Typed.NUMBER_UNION + ")"
                : "CAST(" + member + " AS " + Typed.NUMBER_UNION + ")";
    }

    private String caseSql(List<String> conditions, List<Typed> results, Typed otherwise, boolean asText) {
        StringBuilder sql = new StringBuilder("CASE");
        for (int i = 0; i < conditions.size(); i++) {
            Typed result = asText ? text(results.get(i), statement.dialect()) : results.get(i);
            sql.append(" WHEN ").append(conditions.get(i)).append(" THEN ").append(result.sql());
        }
        if (otherwise != null) {
            sql.append(" ELSE ").append((asText ? text(otherwise, statement.dialect()) : otherwise).sql());
        }
        return sql.append(" END").toString();
    }

    /** The one storage class several values share, refusing mixes SQLite would keep apart row by row. */
    static SqlType unify(List<Typed> values, String what) {
        SqlType type = SqlType.NULL;
        for (Typed value : values) {
            SqlType next = value.type() == SqlType.BOOLEAN ? SqlType.INTEGER : value.type();
            if (next == SqlType.MIXED) {
                throw new Refusal("a column holds values of several storage classes");
            }
            if (next == SqlType.NULL || next == type) {
                continue;
            }
            if (type != SqlType.NULL) {
                throw new Refusal(what + " mix " + type.name().toLowerCase(Locale.ROOT) + " and "
                        + next.name().toLowerCase(Locale.ROOT) + " values, whose type SQLite keeps row by row");
            }
            type = next;
        }
        return type;
    }

    private static void checkSameClass(SqlType left, SqlType right, String reason) {
        if (left == SqlType.MIXED || right == SqlType.MIXED) {
            throw new Refusal("a column holds values of several storage classes");
        }
        if (left.comparisonClass() != 0
                && right.comparisonClass() != 0
                && left.comparisonClass() != right.comparisonClass()) {
            throw new Refusal(reason);
        }
    }

    static boolean isNumericAffinity(SqliteAffinity affinity) {
        return affinity == SqliteAffinity.INTEGER
                || affinity == SqliteAffinity.REAL
                || affinity == SqliteAffinity.NUMERIC;
    }

    /**
     * One comparison.
     *
     * @param sql the BOOLEAN expression
     * @param direct whether it is the plain operator on the coerced operands
     * @param left the coerced left operand
     * @param right the coerced right operand
     */
    record Comparison(String sql, boolean direct, String left, String right) {}

    /** Compares two values as SQLite does: affinity first, then storage class, then value. */
    Comparison compare(Typed rawLeft, String operator, Typed rawRight) {
        if (rawLeft.type() == SqlType.MIXED || rawRight.type() == SqlType.MIXED) {
            throw new Refusal("a comparison with values of several storage classes");
        }
        Typed left = value(rawLeft);
        Typed right = value(rawRight);
        if (left.isNullLiteral() || right.isNullLiteral()) {
            Typed other = left.isNullLiteral() ? right : left;
            String sql =
                    switch (operator) {
                        case "IS" -> "(" + other.sql() + " IS NULL)";
                        case "IS NOT" -> "(" + other.sql() + " IS NOT NULL)";
                        default -> "CAST(NULL AS BOOLEAN)";
                    };
            return new Comparison(sql, false, left.sql(), right.sql());
        }
        SqliteAffinity leftAffinity = rawLeft.affinity();
        SqliteAffinity rightAffinity = rawRight.affinity();
        boolean leftCandidate = false;
        boolean rightCandidate = false;
        if (isNumericAffinity(leftAffinity) && !isNumericAffinity(rightAffinity)) {
            right = numericAffinity(right);
            rightCandidate = right.type() == SqlType.TEXT && !right.isConstant();
        } else if (isNumericAffinity(rightAffinity) && !isNumericAffinity(leftAffinity)) {
            left = numericAffinity(left);
            leftCandidate = left.type() == SqlType.TEXT && !left.isConstant();
        } else if (leftAffinity == SqliteAffinity.TEXT && rightAffinity == SqliteAffinity.NONE) {
            right = textAffinity(right);
        } else if (rightAffinity == SqliteAffinity.TEXT && leftAffinity == SqliteAffinity.NONE) {
            left = textAffinity(left);
        }
        String collation = rawLeft.collation() != null ? rawLeft.collation() : rawRight.collation();
        if (collation != null
                && !collation.equals("BINARY")
                && left.type() == SqlType.TEXT
                && right.type() == SqlType.TEXT) {
            left = collated(left, collation);
            right = collated(right, collation);
        }
        boolean is = operator.startsWith("IS");
        String plain = is ? (operator.equals("IS") ? "IS NOT DISTINCT FROM" : "IS DISTINCT FROM") : operator;
        String dated = datedComparison(left, plain, right);
        if (dated != null) {
            return new Comparison(dated, false, left.sql(), right.sql());
        }
        int leftClass = left.type().comparisonClass();
        int rightClass = right.type().comparisonClass();
        if (leftClass == rightClass && IntegerRealComparison.needed(left, right)) {
            return new Comparison(
                    IntegerRealComparison.sql(left, operator, right, statement.dialect()),
                    false,
                    left.sql(),
                    right.sql());
        }
        if (leftClass == 0 || rightClass == 0 || leftClass == rightClass) {
            return new Comparison(
                    "(" + left.sql() + " " + plain + " " + right.sql() + ")", true, left.sql(), right.sql());
        }
        if (leftCandidate || rightCandidate) {
            Typed text = leftCandidate ? left : right;
            // Numeric affinity reads text of an integer that fits 64 bits as that integer, exactly, and other
            // numbers as reals ('9007199254740993' is not 9007199254740992.0).
            Typed integer = Typed.of("TRY_CAST(trim(" + text.sql() + ") AS BIGINT)", SqlType.INTEGER);
            Typed real = Typed.of("TRY_CAST(trim(" + text.sql() + ") AS DOUBLE)", SqlType.REAL);
            SqlDialect dialect = statement.dialect();
            String converted = "(CASE WHEN " + dialect.fullMatch(text.sql(), INTEGER_TEXT) + " AND "
                    + integer.sql() + " IS NOT NULL THEN "
                    + numbers(leftCandidate ? integer : left, operator, plain, leftCandidate ? right : integer, dialect)
                    + " ELSE "
                    + numbers(leftCandidate ? real : left, operator, plain, leftCandidate ? right : real, dialect)
                    + " END)";
            String otherwise = classComparison(left, operator, right, leftClass, rightClass);
            String sql = "(CASE WHEN " + dialect.fullMatch(text.sql(), SqliteNumbers.WHOLE_NUMBER) + " THEN "
                    + converted + " ELSE " + otherwise + " END)";
            return new Comparison(sql, false, left.sql(), right.sql());
        }
        return new Comparison(
                classComparison(left, operator, right, leftClass, rightClass), false, left.sql(), right.sql());
    }

    /**
     * Text known to be ISO dates compared, as text with BINARY collation, with a date constant written as they are
     * or with other such text: the same comparison of the dates the texts hold, which needs no text read and lets the
     * engine skip rows by the dates' ranges. Null when the operands are not such.
     */
    private String datedComparison(Typed left, String operator, Typed right) {
        if (left.dateValues() != null && right.dateValues() != null) {
            return binaryText(left) && binaryText(right)
                    ? "(" + left.dateValues() + " " + operator + " " + right.dateValues() + ")"
                    : null;
        }
        Typed dates = left.dateValues() != null ? left : right;
        Typed constant = dates == left ? right : left;
        if (dates.dateValues() == null
                || !binaryText(dates)
                || constant.collation() != null && !constant.collation().equals("BINARY")
                || !(constant.constant() instanceof String text)
                || !IsoDates.isDate(text)) {
            return null;
        }
        String date = "DATE " + statement.dialect().literal(text);
        return dates == left
                ? "(" + dates.dateValues() + " " + operator + " " + date + ")"
                : "(" + date + " " + operator + " " + dates.dateValues() + ")";
    }

    /** Whether a value is text compared byte by byte. */
    private static boolean binaryText(Typed value) {
        return value.type() == SqlType.TEXT
                && (value.collation() == null || value.collation().equals("BINARY"));
    }

    /** Text that numeric affinity reads as an integer when it fits 64 bits. */
    private static final String INTEGER_TEXT = "^\\s*[+-]?[0-9]+\\s*$";

    /** Two numbers compared: integers with reals exactly, else with the plain operator. */
    private static String numbers(Typed left, String operator, String plain, Typed right, SqlDialect dialect) {
        return IntegerRealComparison.needed(left, right)
                ? IntegerRealComparison.sql(left, operator, right, dialect)
                : "(" + left.sql() + " " + plain + " " + right.sql() + ")";
    }

    /** A comparison of values of different storage classes: decided by the classes, NULL-aware. */
    private static String classComparison(Typed left, String operator, Typed right, int leftClass, int rightClass) {
        boolean less = leftClass < rightClass;
        if (operator.equals("IS")) {
            return "(" + left.sql() + " IS NULL AND " + right.sql() + " IS NULL)";
        } else if (operator.equals("IS NOT")) {
            return "(NOT (" + left.sql() + " IS NULL AND " + right.sql() + " IS NULL))";
        }
        boolean result =
                switch (operator) {
                    case "=" -> false;
                    case "<>" -> true;
                    case "<", "<=" -> less;
                    case ">", ">=" -> !less;
                    default -> throw new AssertionError(operator);
                };
        if (left.isConstant() && right.isConstant()) {
            return result ? "TRUE" : "FALSE";
        }
        return "(CASE WHEN " + left.sql() + " IS NULL OR " + right.sql() + " IS NULL THEN NULL ELSE "
                + (result ? "TRUE" : "FALSE") + " END)";
    }

    private Typed collated(Typed text, String collation) {
        if (collation.equals("NOCASE")) {
            return Typed.of(lowerAscii(text, statement.dialect()), SqlType.TEXT);
        }
        return Typed.of(statement.dialect().trimTrailingSpaces(text.sql()), SqlType.TEXT);
    }

    /** SQLite's numeric affinity applied to a value: text that is wholly a number becomes that number. */
    private static Typed numericAffinity(Typed typed) {
        if (typed.type() == SqlType.TEXT && typed.isConstant()) {
            Number number = SqliteNumbers.whole((String) typed.constant());
            return number == null ? typed : Typed.constant(number);
        }
        return typed;
    }

    /** SQLite's text affinity applied to a value: numbers become their text. */
    private Typed textAffinity(Typed typed) {
        switch (typed.type()) {
            case INTEGER:
            case REAL:
                return text(typed, statement.dialect());
            default:
                return typed;
        }
    }
}

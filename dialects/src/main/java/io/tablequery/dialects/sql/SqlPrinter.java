package io.tablequery.dialects.sql;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Prints the typed tree as SQL text, in SQLite's spelling: what {@link SqliteParser} reads, printed so that it parses
 * back to the same tree (spans aside) and runs on SQLite with the same answer. Parentheses are printed where the
 * tree has a {@link Expr.Grouping} and where SQLite's precedence needs them for a tree built by a rewrite, never
 * elsewhere, so a parsed statement prints unchanged once it is in this printer's layout.
 *
 * <p>As Calcite's {@code SqlWriter} with {@code SqlDialect.unparseCall}, each part of the tree is printed by a method
 * of its own: a target that spells some part differently overrides that method alone.
 *
 * <p>A result column SQLite names by its text (an expression without an alias, other than a column) keeps the name
 * it had in the {@code source} it was parsed from: when it prints differently, it is given that name as an alias
 * ({@link ResultNames}).
 */
public class SqlPrinter {
    private static final Pattern BARE_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    /** SQLite's binding strengths, loosest first, as {@link SqliteParser} reads them. */
    private static final int OR = 1;

    private static final int AND = 2;
    private static final int NOT = 3;
    private static final int EQUALITY = 4;
    private static final int COMPARISON = 5;
    private static final int BITWISE = 6;
    private static final int ADDITIVE = 7;
    private static final int MULTIPLICATIVE = 8;
    private static final int CONCAT = 9;
    private static final int COLLATE = 10;
    private static final int PREFIX = 11;
    private static final int PRIMARY = 12;

    private final StringBuilder out = new StringBuilder();

    /** A printer; a target's printer extends it. */
    protected SqlPrinter() {}

    /**
     * Prints a statement in SQLite's spelling.
     *
     * @param statement the statement
     * @return its text
     */
    public static String sqlite(Statement statement) {
        return sqlite(statement, null);
    }

    /**
     * Prints a statement in SQLite's spelling, its result columns named as in the text it was parsed from.
     *
     * @param statement the statement, parsed from {@code source} and possibly rewritten
     * @param source the text its spans point into, or null
     * @return its text
     */
    public static String sqlite(Statement statement, String source) {
        SqlPrinter printer = new SqlPrinter();
        printer.statement(ResultNames.explicit(requireNonNull(statement, "statement is null"), source));
        return printer.out.toString();
    }

    /**
     * Prints an expression in SQLite's spelling.
     *
     * @param expr the expression
     * @return its text
     */
    public static String sqlite(Expr expr) {
        SqlPrinter printer = new SqlPrinter();
        printer.expr(requireNonNull(expr, "expr is null"), OR);
        return printer.out.toString();
    }

    /** The text printed so far. */
    protected final StringBuilder out() {
        return out;
    }

    /** Prints a statement. */
    protected void statement(Statement statement) {
        if (statement instanceof Statement.CreateTempTable create) {
            out.append("CREATE TEMP TABLE ");
            name(create.table());
            out.append(" AS ");
        }
        query(statement.query());
    }

    /** Prints a query: its {@code WITH}, body, {@code ORDER BY} and {@code LIMIT}. */
    protected void query(Query query) {
        if (query.with() != null) {
            out.append(query.with().recursive() ? "WITH RECURSIVE " : "WITH ");
            List<Query.CommonTable> tables = query.with().tables();
            for (int i = 0; i < tables.size(); i++) {
                Query.CommonTable table = tables.get(i);
                separate(i);
                name(table.name());
                if (!table.columns().isEmpty()) {
                    out.append('(');
                    for (int c = 0; c < table.columns().size(); c++) {
                        separate(c);
                        name(table.columns().get(c));
                    }
                    out.append(')');
                }
                out.append(" AS (");
                query(table.query());
                out.append(')');
            }
            out.append(' ');
        }
        body(query.body());
        orderBy(query.orderBy());
        if (query.limit() != null) {
            out.append(" LIMIT ");
            expr(query.limit(), OR);
            if (query.offset() != null) {
                out.append(" OFFSET ");
                expr(query.offset(), OR);
            }
        }
    }

    /** Prints a {@code SELECT}, {@code VALUES} or compound. */
    protected void body(Query.Body body) {
        if (body instanceof Query.Select select) {
            select(select);
        } else if (body instanceof Query.Values values) {
            values(values);
        } else if (body instanceof Query.Compound compound) {
            if (compound.right() instanceof Query.Compound) {
                throw new IllegalArgumentException("a compound's right side must be one SELECT or VALUES");
            }
            body(compound.left());
            out.append(' ').append(compound.operator()).append(' ');
            body(compound.right());
        }
    }

    /** Prints one {@code SELECT}. */
    protected void select(Query.Select select) {
        out.append(select.distinct() ? "SELECT DISTINCT " : "SELECT ");
        for (int i = 0; i < select.items().size(); i++) {
            separate(i);
            selectItem(select.items().get(i));
        }
        if (select.from() != null) {
            out.append(" FROM ");
            from(select.from());
        }
        if (select.where() != null) {
            out.append(" WHERE ");
            expr(select.where(), OR);
        }
        if (!select.groupBy().isEmpty()) {
            out.append(" GROUP BY ");
            exprs(select.groupBy());
        }
        if (select.having() != null) {
            out.append(" HAVING ");
            expr(select.having(), OR);
        }
        for (int i = 0; i < select.windows().size(); i++) {
            out.append(i == 0 ? " WINDOW " : ", ");
            Query.NamedWindow named = select.windows().get(i);
            name(named.name());
            out.append(" AS ");
            windowDefinition(named.window());
        }
    }

    /** Prints a result column. */
    protected void selectItem(Query.SelectItem item) {
        if (item instanceof Query.Star star) {
            if (star.table() != null) {
                name(star.table());
                out.append('.');
            }
            out.append('*');
        } else if (item instanceof Query.Item expression) {
            expr(expression.expr(), OR);
            alias(expression.alias());
        }
    }

    /** Prints a {@code VALUES} list. */
    protected void values(Query.Values values) {
        out.append("VALUES ");
        for (int i = 0; i < values.rows().size(); i++) {
            separate(i);
            out.append('(');
            exprs(values.rows().get(i));
            out.append(')');
        }
    }

    /** Prints a source of rows. */
    protected void from(FromItem from) {
        if (from instanceof FromItem.Table table) {
            if (table.schema() != null) {
                name(table.schema());
                out.append('.');
            }
            name(table.name());
            alias(table.alias());
            if (table.indexedBy() != null) {
                out.append(" INDEXED BY ");
                name(table.indexedBy());
            } else if (table.notIndexed()) {
                out.append(" NOT INDEXED");
            }
        } else if (from instanceof FromItem.Derived derived) {
            out.append('(');
            query(derived.query());
            out.append(')');
            alias(derived.alias());
        } else if (from instanceof FromItem.Join join) {
            join(join);
        }
    }

    /** Prints a join; a join on the right of another is put in parentheses. */
    protected void join(FromItem.Join join) {
        from(join.left());
        out.append(
                switch (join.kind()) {
                    case COMMA -> ", ";
                    case INNER -> " JOIN ";
                    case CROSS -> " CROSS JOIN ";
                    case LEFT -> " LEFT JOIN ";
                    case RIGHT -> " RIGHT JOIN ";
                    case FULL -> " FULL JOIN ";
                    case NATURAL -> " NATURAL JOIN ";
                    case NATURAL_LEFT -> " NATURAL LEFT JOIN ";
                    case NATURAL_RIGHT -> " NATURAL RIGHT JOIN ";
                    case NATURAL_FULL -> " NATURAL FULL JOIN ";
                });
        if (join.right() instanceof FromItem.Join) {
            out.append('(');
            from(join.right());
            out.append(')');
        } else {
            from(join.right());
        }
        if (join.on() != null) {
            out.append(" ON ");
            expr(join.on(), OR);
        } else if (!join.using().isEmpty()) {
            out.append(" USING (");
            for (int i = 0; i < join.using().size(); i++) {
                separate(i);
                name(join.using().get(i));
            }
            out.append(')');
        }
    }

    /** Prints {@code ORDER BY} terms after a space, or nothing. */
    protected void orderBy(List<OrderItem> items) {
        if (items.isEmpty()) {
            return;
        }
        out.append(" ORDER BY ");
        orderTerms(items);
    }

    private void orderTerms(List<OrderItem> items) {
        for (int i = 0; i < items.size(); i++) {
            separate(i);
            OrderItem item = items.get(i);
            expr(item.expr(), OR);
            if (item.descending()) {
                out.append(" DESC");
            }
            switch (item.nulls()) {
                case FIRST -> out.append(" NULLS FIRST");
                case LAST -> out.append(" NULLS LAST");
                case DEFAULT -> {}
            }
        }
    }

    /**
     * Prints an expression, in parentheses when it binds more loosely than its place needs.
     *
     * @param expr the expression
     * @param needed the binding strength its place needs
     */
    protected final void expr(Expr expr, int needed) {
        boolean parenthesised = strength(expr) < needed;
        if (parenthesised) {
            out.append('(');
        }
        if (expr instanceof Expr.Literal literal) {
            literal(literal);
        } else if (expr instanceof Expr.ColumnRef column) {
            column(column);
        } else if (expr instanceof Expr.Unary unary) {
            unary(unary);
        } else if (expr instanceof Expr.Binary binary) {
            binary(binary);
        } else if (expr instanceof Expr.Is is) {
            is(is);
        } else if (expr instanceof Expr.Like like) {
            like(like);
        } else if (expr instanceof Expr.Between between) {
            between(between);
        } else if (expr instanceof Expr.InList in) {
            inList(in);
        } else if (expr instanceof Expr.InQuery in) {
            inQuery(in);
        } else if (expr instanceof Expr.Exists exists) {
            exists(exists);
        } else if (expr instanceof Expr.Subquery subquery) {
            subquery(subquery);
        } else if (expr instanceof Expr.Cast cast) {
            cast(cast);
        } else if (expr instanceof Expr.Case caseExpr) {
            caseExpr(caseExpr);
        } else if (expr instanceof Expr.Call call) {
            call(call);
        } else if (expr instanceof Expr.Collate collate) {
            collate(collate);
        } else if (expr instanceof Expr.Row row) {
            out.append('(');
            exprs(row.items());
            out.append(')');
        } else if (expr instanceof Expr.Grouping grouping) {
            out.append('(');
            expr(grouping.inner(), OR);
            out.append(')');
        } else if (expr instanceof Expr.Parameter parameter) {
            out.append(parameter.text());
        }
        if (parenthesised) {
            out.append(')');
        }
    }

    /** How tightly an expression binds, as the parser reads it. */
    private static int strength(Expr expr) {
        if (expr instanceof Expr.Binary binary) {
            return binaryStrength(binary.operator());
        }
        if (expr instanceof Expr.Unary unary) {
            return unary.operator().equals("NOT") ? NOT : PREFIX;
        }
        if (expr instanceof Expr.Is
                || expr instanceof Expr.Like
                || expr instanceof Expr.Between
                || expr instanceof Expr.InList
                || expr instanceof Expr.InQuery) {
            return EQUALITY;
        }
        return expr instanceof Expr.Collate ? COLLATE : PRIMARY;
    }

    private static int binaryStrength(String operator) {
        return switch (operator) {
            case "OR" -> OR;
            case "AND" -> AND;
            case "=", "<>" -> EQUALITY;
            case "<", "<=", ">", ">=" -> COMPARISON;
            case "&", "|", "<<", ">>" -> BITWISE;
            case "+", "-" -> ADDITIVE;
            case "*", "/", "%" -> MULTIPLICATIVE;
            case "||", "->", "->>" -> CONCAT;
            default -> throw new IllegalArgumentException("unknown operator " + operator);
        };
    }

    /** Prints a literal. */
    protected void literal(Expr.Literal literal) {
        switch (literal.kind()) {
            case INTEGER, REAL, NULL -> out.append(literal.text());
            case HEX_INTEGER -> out.append("0x").append(literal.text());
            case STRING ->
                out.append('\'').append(literal.text().replace("'", "''")).append('\'');
            case BLOB -> out.append("X'").append(literal.text()).append('\'');
        }
    }

    /**
     * Prints a column as it was quoted: SQLite reads an unresolved double-quoted name as a string, a bracketed or
     * back-quoted one never, so the quoting is part of the meaning.
     */
    protected void column(Expr.ColumnRef column) {
        if (column.schema() != null) {
            name(column.schema());
            out.append('.');
        }
        if (column.table() != null) {
            name(column.table());
            out.append('.');
        }
        String name = column.name();
        switch (column.quoting()) {
            case BARE -> out.append(name);
            case DOUBLE_QUOTES -> name(name);
            case BRACKETS -> out.append('[').append(name).append(']');
            case BACKTICKS -> out.append('`').append(name.replace("`", "``")).append('`');
        }
    }

    /** Prints a prefix operator. */
    protected void unary(Expr.Unary unary) {
        if (unary.operator().equals("NOT")) {
            out.append("NOT ");
            expr(unary.operand(), NOT);
            return;
        }
        out.append(unary.operator());
        int at = out.length();
        expr(unary.operand(), PREFIX);
        if (unary.operator().equals("-") && out.length() > at && out.charAt(at) == '-') {
            out.insert(at, ' ');
        }
    }

    /** Prints an infix operator; it groups to the left, so its right operand binds more tightly. */
    protected void binary(Expr.Binary binary) {
        int strength = binaryStrength(binary.operator());
        expr(binary.left(), strength);
        out.append(' ').append(binary.operator()).append(' ');
        expr(binary.right(), strength + 1);
    }

    /** Prints {@code IS [NOT]}. */
    protected void is(Expr.Is is) {
        expr(is.left(), EQUALITY);
        out.append(is.negated() ? " IS NOT " : " IS ");
        expr(is.right(), COMPARISON);
    }

    /** Prints a pattern match. */
    protected void like(Expr.Like like) {
        expr(like.value(), EQUALITY);
        out.append(like.negated() ? " NOT " : " ").append(like.operator()).append(' ');
        expr(like.pattern(), COMPARISON);
        if (like.escape() != null) {
            out.append(" ESCAPE ");
            expr(like.escape(), COMPARISON);
        }
    }

    /** Prints {@code BETWEEN}. */
    protected void between(Expr.Between between) {
        expr(between.value(), EQUALITY);
        out.append(between.negated() ? " NOT BETWEEN " : " BETWEEN ");
        expr(between.low(), COMPARISON);
        out.append(" AND ");
        expr(between.high(), COMPARISON);
    }

    /** Prints {@code IN} a list. */
    protected void inList(Expr.InList in) {
        expr(in.value(), EQUALITY);
        out.append(in.negated() ? " NOT IN (" : " IN (");
        exprs(in.items());
        out.append(')');
    }

    /** Prints {@code IN} a subquery. */
    protected void inQuery(Expr.InQuery in) {
        expr(in.value(), EQUALITY);
        out.append(in.negated() ? " NOT IN (" : " IN (");
        query(in.query());
        out.append(')');
    }

    /** Prints {@code EXISTS}. */
    protected void exists(Expr.Exists exists) {
        out.append("EXISTS (");
        query(exists.query());
        out.append(')');
    }

    /** Prints a subquery used as a value. */
    protected void subquery(Expr.Subquery subquery) {
        out.append('(');
        query(subquery.query());
        out.append(')');
    }

    /** Prints a cast, its type as written. */
    protected void cast(Expr.Cast cast) {
        out.append("CAST(");
        expr(cast.operand(), OR);
        out.append(" AS ").append(cast.typeName()).append(')');
    }

    /** Prints a {@code CASE}. */
    protected void caseExpr(Expr.Case caseExpr) {
        out.append("CASE");
        if (caseExpr.operand() != null) {
            out.append(' ');
            expr(caseExpr.operand(), OR);
        }
        for (Expr.When when : caseExpr.whens()) {
            out.append(" WHEN ");
            expr(when.condition(), OR);
            out.append(" THEN ");
            expr(when.result(), OR);
        }
        if (caseExpr.otherwise() != null) {
            out.append(" ELSE ");
            expr(caseExpr.otherwise(), OR);
        }
        out.append(" END");
    }

    /** Prints a function call, aggregate or window function. */
    protected void call(Expr.Call call) {
        String name = call.name();
        String lower = name.toLowerCase(Locale.ROOT);
        if (call.args().isEmpty()
                && !call.star()
                && (lower.equals("current_date")
                        || lower.equals("current_time")
                        || lower.equals("current_timestamp"))) {
            out.append(name.toUpperCase(Locale.ROOT));
            return;
        }
        if (BARE_NAME.matcher(name).matches()) {
            out.append(name);
        } else {
            name(name);
        }
        out.append('(');
        if (call.star()) {
            out.append('*');
        } else {
            if (call.distinct()) {
                out.append("DISTINCT ");
            }
            exprs(call.args());
            orderBy(call.orderBy());
        }
        out.append(')');
        if (call.filter() != null) {
            out.append(" FILTER (WHERE ");
            expr(call.filter(), OR);
            out.append(')');
        }
        if (call.over() != null) {
            out.append(" OVER ");
            Window over = call.over();
            if (over.baseName() != null
                    && over.partitionBy().isEmpty()
                    && over.orderBy().isEmpty()
                    && over.frame() == null) {
                name(over.baseName());
            } else {
                windowDefinition(over);
            }
        }
    }

    /** Prints {@code COLLATE}. */
    protected void collate(Expr.Collate collate) {
        expr(collate.operand(), COLLATE);
        out.append(" COLLATE ");
        name(collate.collation());
    }

    /** Prints a window in parentheses. */
    protected void windowDefinition(Window window) {
        out.append('(');
        int start = out.length();
        if (window.baseName() != null) {
            name(window.baseName());
        }
        if (!window.partitionBy().isEmpty()) {
            space(start);
            out.append("PARTITION BY ");
            exprs(window.partitionBy());
        }
        if (!window.orderBy().isEmpty()) {
            space(start);
            out.append("ORDER BY ");
            orderTerms(window.orderBy());
        }
        Window.Frame frame = window.frame();
        if (frame != null) {
            space(start);
            out.append(frame.unit()).append(' ');
            if (frame.end() != null) {
                out.append("BETWEEN ");
                bound(frame.start());
                out.append(" AND ");
                bound(frame.end());
            } else {
                bound(frame.start());
            }
            if (frame.exclude() != null) {
                out.append(" EXCLUDE ").append(frame.exclude());
            }
        }
        out.append(')');
    }

    private void bound(Window.Bound bound) {
        if (bound.offset() != null) {
            expr(bound.offset(), ADDITIVE);
            out.append(' ');
        }
        out.append(bound.kind());
    }

    /** Prints a name in double quotes, which SQLite reads as a name wherever a name goes. */
    protected void name(String name) {
        out.append('"').append(name.replace("\"", "\"\"")).append('"');
    }

    private void alias(String alias) {
        if (alias != null) {
            out.append(" AS ");
            name(alias);
        }
    }

    private void exprs(List<Expr> exprs) {
        for (int i = 0; i < exprs.size(); i++) {
            separate(i);
            expr(exprs.get(i), OR);
        }
    }

    private void separate(int index) {
        if (index > 0) {
            out.append(", ");
        }
    }

    private void space(int start) {
        if (out.length() > start) {
            out.append(' ');
        }
    }
}

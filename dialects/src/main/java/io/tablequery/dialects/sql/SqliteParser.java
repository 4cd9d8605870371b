package io.tablequery.dialects.sql;

import static java.util.Objects.requireNonNull;

import io.tablequery.dialects.lex.SqlToken;
import io.tablequery.dialects.lex.SqlTokenKind;
import io.tablequery.dialects.lex.SqliteLexer;
import io.tablequery.dialects.sql.Expr.Quoting;
import io.tablequery.dialects.sql.FromItem.JoinKind;
import io.tablequery.dialects.sql.Query.Body;
import io.tablequery.dialects.sql.Query.CommonTable;
import io.tablequery.dialects.sql.Query.SelectItem;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;

/**
 * A recursive-descent parser of SQLite's {@code SELECT}, {@code VALUES}, {@code WITH [RECURSIVE]} and {@code CREATE
 * TEMP TABLE ... AS} statements, with the operator precedence of SQLite's documentation ("SQL Language Expressions",
 * section 2), from loosest to tightest: {@code OR}; {@code AND}; {@code NOT}; {@code = == != <> IS IN LIKE GLOB MATCH
 * REGEXP BETWEEN}; {@code < <= > >=}; {@code & | << >>}; {@code + -}; {@code * / %}; {@code || -> ->>};
 * {@code COLLATE}; unary {@code - + ~}. Anything outside that subset is a {@link SqlSyntaxException}.
 */
public final class SqliteParser {
    /** Words that end an expression, so they cannot be an alias written without {@code AS}. */
    private static final Set<String> RESERVED = Set.of(
            "ALL",
            "AND",
            "AS",
            "ASC",
            "BETWEEN",
            "BY",
            "CASE",
            "CAST",
            "COLLATE",
            "CROSS",
            "DESC",
            "DISTINCT",
            "ELSE",
            "END",
            "ESCAPE",
            "EXCEPT",
            "EXISTS",
            "FILTER",
            "FROM",
            "FULL",
            "GLOB",
            "GROUP",
            "HAVING",
            "IN",
            "INDEXED",
            "INNER",
            "INTERSECT",
            "IS",
            "ISNULL",
            "JOIN",
            "LEFT",
            "LIKE",
            "LIMIT",
            "MATCH",
            "NATURAL",
            "NOT",
            "NOTNULL",
            "NULL",
            "NULLS",
            "OFFSET",
            "ON",
            "OR",
            "ORDER",
            "OUTER",
            "OVER",
            "REGEXP",
            "RIGHT",
            "SELECT",
            "THEN",
            "UNION",
            "USING",
            "VALUES",
            "WHEN",
            "WHERE",
            "WINDOW",
            "WITH");

    /** How many statements this process has parsed. */
    private static final LongAdder PARSES = new LongAdder();

    /** How deep expressions and subqueries may nest; deeper text is refused before the stack runs out. */
    static final int MAX_DEPTH = 200;

    private final String sql;
    private final List<SqlToken> tokens;
    private int pos;
    private int depth;

    private SqliteParser(String sql) {
        this.sql = sql;
        this.tokens = SqliteLexer.tokenize(sql);
    }

    /**
     * Parses one statement, optionally followed by a semicolon.
     *
     * @param sql the statement
     * @return its tree
     * @throws SqlSyntaxException if the text is not one statement of the subset
     */
    public static Statement parse(String sql) {
        PARSES.increment();
        SqliteParser parser = new SqliteParser(requireNonNull(sql, "sql is null"));
        Statement statement = parser.statement();
        parser.acceptSymbol(";");
        if (!parser.atEnd()) {
            throw parser.error("the end of the statement");
        }
        return statement;
    }

    /**
     * Returns how many statements this process has parsed: a plan parses each step's SQL once, and every later stage
     * (lineage, translation, the lineage query) works on that tree; the plan tests count parses with it.
     *
     * @return the count
     */
    public static long parses() {
        return PARSES.sum();
    }

    private Statement statement() {
        for (SqlToken token : tokens) {
            if (token.kind() == SqlTokenKind.ILLEGAL) {
                throw new SqlSyntaxException(
                        "unrecognized token at offset %d: %s".formatted(token.start(), token.text()));
            }
        }
        if (acceptWord("CREATE")) {
            if (!acceptWord("TEMP") && !acceptWord("TEMPORARY")) {
                throw error("TEMP after CREATE");
            }
            expectWord("TABLE");
            if (acceptWord("IF")) {
                expectWord("NOT");
                expectWord("EXISTS");
            }
            String name = name();
            if (acceptSymbol(".")) {
                if (!name.equalsIgnoreCase("temp")) {
                    throw error("a temp table");
                }
                name = name();
            }
            expectWord("AS");
            return new Statement.CreateTempTable(name, query());
        }
        return new Statement.QueryStatement(query());
    }

    private Query query() {
        int start = peek().start();
        Query.With with = null;
        if (acceptWord("WITH")) {
            boolean recursive = acceptWord("RECURSIVE");
            List<CommonTable> tables = new ArrayList<>();
            do {
                String name = name();
                List<String> columns = new ArrayList<>();
                if (acceptSymbol("(")) {
                    do {
                        columns.add(name());
                    } while (acceptSymbol(","));
                    expectSymbol(")");
                }
                expectWord("AS");
                if (acceptWord("NOT")) {
                    expectWord("MATERIALIZED");
                } else {
                    acceptWord("MATERIALIZED");
                }
                expectSymbol("(");
                Query query = query();
                expectSymbol(")");
                tables.add(new CommonTable(name, columns, query));
            } while (acceptSymbol(","));
            with = new Query.With(recursive, tables);
        }
        Body body = compoundBody();
        List<OrderItem> orderBy = List.of();
        if (acceptWord("ORDER")) {
            expectWord("BY");
            orderBy = orderItems();
        }
        Expr limit = null;
        Expr offset = null;
        if (acceptWord("LIMIT")) {
            limit = expr();
            if (acceptWord("OFFSET")) {
                offset = expr();
            } else if (acceptSymbol(",")) {
                offset = limit;
                limit = expr();
            }
        }
        return new Query(new Span(start, previousEnd()), with, body, orderBy, limit, offset);
    }

    private Body compoundBody() {
        Body body = simpleBody();
        while (true) {
            String operator;
            if (acceptWord("UNION")) {
                operator = acceptWord("ALL") ? "UNION ALL" : "UNION";
            } else if (acceptWord("INTERSECT")) {
                operator = "INTERSECT";
            } else if (acceptWord("EXCEPT")) {
                operator = "EXCEPT";
            } else {
                return body;
            }
            body = new Query.Compound(body, operator, simpleBody());
        }
    }

    private Body simpleBody() {
        if (acceptWord("VALUES")) {
            List<List<Expr>> rows = new ArrayList<>();
            do {
                expectSymbol("(");
                rows.add(exprList());
                expectSymbol(")");
            } while (acceptSymbol(","));
            return new Query.Values(rows);
        }
        expectWord("SELECT");
        boolean distinct = acceptWord("DISTINCT");
        if (!distinct) {
            acceptWord("ALL");
        }
        List<SelectItem> items = new ArrayList<>();
        do {
            items.add(selectItem());
        } while (acceptSymbol(","));
        FromItem from = null;
        if (acceptWord("FROM")) {
            from = fromClause();
        }
        Expr where = acceptWord("WHERE") ? expr() : null;
        List<Expr> groupBy = List.of();
        Expr having = null;
        if (acceptWord("GROUP")) {
            expectWord("BY");
            groupBy = exprList();
        }
        if (acceptWord("HAVING")) {
            having = expr();
        }
        List<Query.NamedWindow> windows = new ArrayList<>();
        if (acceptWord("WINDOW")) {
            do {
                String name = name();
                expectWord("AS");
                windows.add(new Query.NamedWindow(name, windowDefinition()));
            } while (acceptSymbol(","));
        }
        return new Query.Select(distinct, items, from, where, groupBy, having, windows);
    }

    private SelectItem selectItem() {
        if (acceptSymbol("*")) {
            return new Query.Star(null);
        }
        if (peek().isName() && peekAt(1).isSymbol(".") && peekAt(2).isSymbol("*")) {
            String table = name();
            pos += 2;
            return new Query.Star(table);
        }
        Expr expr = expr();
        return new Query.Item(expr, alias());
    }

    /** Reads {@code [AS] alias}; a string literal is an alias too, as in SQLite. */
    private String alias() {
        if (acceptWord("AS")) {
            if (peek().kind() == SqlTokenKind.STRING) {
                return unquoteString(next().text());
            }
            return name();
        }
        SqlToken token = peek();
        if (token.kind() == SqlTokenKind.QUOTED_IDENTIFIER
                || (token.kind() == SqlTokenKind.WORD && !RESERVED.contains(upper(token.text())))) {
            return name();
        }
        if (token.kind() == SqlTokenKind.STRING) {
            return unquoteString(next().text());
        }
        return null;
    }

    private FromItem fromClause() {
        FromItem left = tableOrSubquery();
        while (true) {
            JoinKind kind;
            if (acceptSymbol(",")) {
                kind = JoinKind.COMMA;
            } else if (acceptWord("NATURAL")) {
                kind = naturalJoinKind();
                expectWord("JOIN");
            } else if (acceptWord("LEFT")) {
                acceptWord("OUTER");
                expectWord("JOIN");
                kind = JoinKind.LEFT;
            } else if (acceptWord("RIGHT")) {
                acceptWord("OUTER");
                expectWord("JOIN");
                kind = JoinKind.RIGHT;
            } else if (acceptWord("FULL")) {
                acceptWord("OUTER");
                expectWord("JOIN");
                kind = JoinKind.FULL;
            } else if (acceptWord("INNER")) {
                expectWord("JOIN");
                kind = JoinKind.INNER;
            } else if (acceptWord("CROSS")) {
                expectWord("JOIN");
                kind = JoinKind.CROSS;
            } else if (acceptWord("JOIN")) {
                kind = JoinKind.INNER;
            } else {
                return left;
            }
            FromItem right = tableOrSubquery();
            Expr on = null;
            List<String> using = new ArrayList<>();
            if (acceptWord("ON")) {
                on = expr();
            } else if (acceptWord("USING")) {
                expectSymbol("(");
                do {
                    using.add(name());
                } while (acceptSymbol(","));
                expectSymbol(")");
            }
            left = new FromItem.Join(left, kind, right, on, using);
        }
    }

    /** Reads what may follow {@code NATURAL}: an outer join keeps its side, as SQLite does. */
    private JoinKind naturalJoinKind() {
        JoinKind kind = JoinKind.NATURAL;
        if (acceptWord("LEFT")) {
            kind = JoinKind.NATURAL_LEFT;
        } else if (acceptWord("RIGHT")) {
            kind = JoinKind.NATURAL_RIGHT;
        } else if (acceptWord("FULL")) {
            kind = JoinKind.NATURAL_FULL;
        } else {
            acceptWord("INNER");
            return kind;
        }
        acceptWord("OUTER");
        return kind;
    }

    private FromItem tableOrSubquery() {
        if (acceptSymbol("(")) {
            if (peek().isWord("SELECT") || peek().isWord("WITH") || peek().isWord("VALUES")) {
                Query query = query();
                expectSymbol(")");
                return new FromItem.Derived(query, alias());
            }
            FromItem inner = nested(this::fromClause);
            expectSymbol(")");
            return inner;
        }
        String schema = null;
        String name = name();
        if (acceptSymbol(".")) {
            schema = name;
            name = name();
        }
        if (peek().isSymbol("(")) {
            throw error("a table (table-valued functions are not supported)");
        }
        String alias = alias();
        String indexedBy = null;
        boolean notIndexed = false;
        if (acceptWord("INDEXED")) {
            expectWord("BY");
            indexedBy = name();
        } else if (peek().isWord("NOT") && peekAt(1).isWord("INDEXED")) {
            pos += 2;
            notIndexed = true;
        }
        return new FromItem.Table(schema, name, alias, indexedBy, notIndexed);
    }

    private List<OrderItem> orderItems() {
        List<OrderItem> items = new ArrayList<>();
        do {
            Expr expr = expr();
            boolean descending = false;
            if (acceptWord("DESC")) {
                descending = true;
            } else {
                acceptWord("ASC");
            }
            OrderItem.Nulls nulls = OrderItem.Nulls.DEFAULT;
            if (acceptWord("NULLS")) {
                if (acceptWord("FIRST")) {
                    nulls = OrderItem.Nulls.FIRST;
                } else {
                    expectWord("LAST");
                    nulls = OrderItem.Nulls.LAST;
                }
            }
            items.add(new OrderItem(expr, descending, nulls));
        } while (acceptSymbol(","));
        return items;
    }

    private List<Expr> exprList() {
        List<Expr> list = new ArrayList<>();
        do {
            list.add(expr());
        } while (acceptSymbol(","));
        return list;
    }

    private Expr expr() {
        return nested(this::or);
    }

    /** Runs one level of recursion, refusing text nested deeper than {@link #MAX_DEPTH} before the stack runs out. */
    private <T> T nested(Supplier<T> parse) {
        if (++depth > MAX_DEPTH) {
            throw new SqlSyntaxException("the statement nests more than %d levels deep".formatted(MAX_DEPTH));
        }
        try {
            return parse.get();
        } finally {
            depth--;
        }
    }

    private Expr or() {
        Expr left = and();
        while (peek().isWord("OR")) {
            next();
            Expr right = and();
            left = new Expr.Binary(span(left, right), "OR", left, right);
        }
        return left;
    }

    private Expr and() {
        Expr left = not();
        while (peek().isWord("AND")) {
            next();
            Expr right = not();
            left = new Expr.Binary(span(left, right), "AND", left, right);
        }
        return left;
    }

    private Expr not() {
        if (peek().isWord("NOT")) {
            int start = next().start();
            Expr operand = nested(this::not);
            return new Expr.Unary(new Span(start, operand.span().end()), "NOT", operand);
        }
        return equality();
    }

    private Expr equality() {
        Expr left = comparison();
        while (true) {
            SqlToken token = peek();
            if (token.isSymbol("=") || token.isSymbol("==") || token.isSymbol("<>") || token.isSymbol("!=")) {
                next();
                String operator = token.isSymbol("=") || token.isSymbol("==") ? "=" : "<>";
                Expr right = comparison();
                left = new Expr.Binary(span(left, right), operator, left, right);
            } else if (token.isWord("IS")) {
                next();
                boolean negated = acceptWord("NOT");
                if (acceptWord("DISTINCT")) {
                    expectWord("FROM");
                    negated = !negated;
                }
                Expr right = comparison();
                left = new Expr.Is(span(left, right), left, negated, right);
            } else if (token.isWord("ISNULL") || token.isWord("NOTNULL")) {
                next();
                left = new Expr.Is(spanTo(left), left, token.isWord("NOTNULL"), nullAt(token));
            } else if (token.isWord("NOT") && peekAt(1).isWord("NULL")) {
                next();
                SqlToken nullToken = next();
                left = new Expr.Is(spanTo(left), left, true, nullAt(nullToken));
            } else {
                boolean negated = token.isWord("NOT");
                SqlToken operator = negated ? peekAt(1) : token;
                if (operator.isWord("IN")) {
                    pos += negated ? 2 : 1;
                    left = in(left, negated);
                } else if (operator.isWord("LIKE")
                        || operator.isWord("GLOB")
                        || operator.isWord("REGEXP")
                        || operator.isWord("MATCH")) {
                    pos += negated ? 2 : 1;
                    Expr pattern = comparison();
                    Expr escape = null;
                    if (acceptWord("ESCAPE")) {
                        escape = comparison();
                    }
                    left = new Expr.Like(spanTo(left), upper(operator.text()), negated, left, pattern, escape);
                } else if (operator.isWord("BETWEEN")) {
                    pos += negated ? 2 : 1;
                    Expr low = comparison();
                    expectWord("AND");
                    Expr high = comparison();
                    left = new Expr.Between(span(left, high), left, negated, low, high);
                } else {
                    return left;
                }
            }
        }
    }

    private Expr in(Expr value, boolean negated) {
        if (!acceptSymbol("(")) {
            SqlToken table = nameToken();
            if (peek().isSymbol("(") || peek().isSymbol(".")) {
                throw error("a table name after IN (table-valued functions and schemas are not supported)");
            }
            Span at = new Span(table.start(), table.end());
            Query.Select all = new Query.Select(
                    false,
                    List.of(new Query.Star(null)),
                    new FromItem.Table(null, table.name(), null),
                    null,
                    List.of(),
                    null,
                    List.of());
            return new Expr.InQuery(spanTo(value), value, negated, new Query(at, null, all, List.of(), null, null));
        }
        if (peek().isWord("SELECT") || peek().isWord("WITH") || peek().isWord("VALUES")) {
            Query query = query();
            expectSymbol(")");
            return new Expr.InQuery(spanTo(value), value, negated, query);
        }
        List<Expr> items = peek().isSymbol(")") ? List.of() : exprList();
        expectSymbol(")");
        return new Expr.InList(spanTo(value), value, negated, items);
    }

    private Expr comparison() {
        Expr left = bitwise();
        while (peek().isSymbol("<") || peek().isSymbol("<=") || peek().isSymbol(">") || peek().isSymbol(">=")) {
            String operator = next().text();
            Expr right = bitwise();
            left = new Expr.Binary(span(left, right), operator, left, right);
        }
        return left;
    }

    private Expr bitwise() {
        Expr left = additive();
        while (peek().isSymbol("&") || peek().isSymbol("|") || peek().isSymbol("<<") || peek().isSymbol(">>")) {
            String operator = next().text();
            Expr right = additive();
            left = new Expr.Binary(span(left, right), operator, left, right);
        }
        return left;
    }

    private Expr additive() {
        Expr left = multiplicative();
        while (peek().isSymbol("+") || peek().isSymbol("-")) {
            String operator = next().text();
            Expr right = multiplicative();
            left = new Expr.Binary(span(left, right), operator, left, right);
        }
        return left;
    }

    private Expr multiplicative() {
        Expr left = concat();
        while (peek().isSymbol("*") || peek().isSymbol("/") || peek().isSymbol("%")) {
            String operator = next().text();
            Expr right = concat();
            left = new Expr.Binary(span(left, right), operator, left, right);
        }
        return left;
    }

    private Expr concat() {
        Expr left = collate();
        while (peek().isSymbol("||") || peek().isSymbol("->") || peek().isSymbol("->>")) {
            String operator = next().text();
            Expr right = collate();
            left = new Expr.Binary(span(left, right), operator, left, right);
        }
        return left;
    }

    private Expr collate() {
        Expr operand = unary();
        while (acceptWord("COLLATE")) {
            String collation = name();
            operand = new Expr.Collate(spanTo(operand), operand, collation);
        }
        return operand;
    }

    private Expr unary() {
        SqlToken token = peek();
        if (token.isSymbol("-") || token.isSymbol("+") || token.isSymbol("~")) {
            next();
            Expr operand = nested(this::unary);
            return new Expr.Unary(new Span(token.start(), operand.span().end()), token.text(), operand);
        }
        return primary();
    }

    private Expr primary() {
        SqlToken token = next();
        Span at = new Span(token.start(), token.end());
        switch (token.kind()) {
            case NUMBER -> {
                return numberLiteral(token, at);
            }
            case STRING -> {
                return new Expr.Literal(at, Expr.LiteralKind.STRING, unquoteString(token.text()));
            }
            case BLOB -> {
                String text = token.text();
                return new Expr.Literal(at, Expr.LiteralKind.BLOB, text.substring(2, text.length() - 1));
            }
            case VARIABLE -> {
                return new Expr.Parameter(at, token.text());
            }
            case SYMBOL -> {
                if (token.isSymbol("(")) {
                    return parenthesised(token);
                }
                throw errorAt(token, "an expression");
            }
            case WORD, QUOTED_IDENTIFIER -> {
                return wordExpr(token, at);
            }
            default -> throw errorAt(token, "an expression");
        }
    }

    private Expr parenthesised(SqlToken open) {
        if (peek().isWord("SELECT") || peek().isWord("WITH") || peek().isWord("VALUES")) {
            Query query = query();
            SqlToken close = expectSymbol(")");
            return new Expr.Subquery(new Span(open.start(), close.end()), query);
        }
        List<Expr> items = exprList();
        SqlToken close = expectSymbol(")");
        if (items.size() == 1) {
            return new Expr.Grouping(new Span(open.start(), close.end()), items.get(0));
        }
        return new Expr.Row(new Span(open.start(), close.end()), items);
    }

    private Expr wordExpr(SqlToken token, Span at) {
        if (token.kind() == SqlTokenKind.WORD) {
            String word = upper(token.text());
            switch (word) {
                case "NULL" -> {
                    return new Expr.Literal(at, Expr.LiteralKind.NULL, "NULL");
                }
                case "TRUE", "FALSE" -> {
                    if (!peek().isSymbol(".")) {
                        return new Expr.Literal(at, Expr.LiteralKind.INTEGER, word.equals("TRUE") ? "1" : "0");
                    }
                }
                case "CURRENT_DATE", "CURRENT_TIME", "CURRENT_TIMESTAMP" -> {
                    return new Expr.Call(
                            at, word.toLowerCase(Locale.ROOT), false, false, List.of(), List.of(), null, null);
                }
                case "CAST" -> {
                    return cast(token);
                }
                case "CASE" -> {
                    return caseExpr(token);
                }
                case "EXISTS" -> {
                    expectSymbol("(");
                    Query query = query();
                    SqlToken close = expectSymbol(")");
                    return new Expr.Exists(new Span(token.start(), close.end()), query);
                }
                case "RAISE", "SELECT" -> throw errorAt(token, "an expression");
                default -> {
                    if (RESERVED.contains(word) && !peek().isSymbol("(")) {
                        throw errorAt(token, "an expression");
                    }
                }
            }
        }
        if (peek().isSymbol("(")) {
            return call(token);
        }
        String first = token.name();
        Quoting quoting = quoting(token);
        if (acceptSymbol(".")) {
            SqlToken second = nameToken();
            if (acceptSymbol(".")) {
                SqlToken third = nameToken();
                return new Expr.ColumnRef(
                        new Span(token.start(), third.end()), first, second.name(), third.name(), quoting(third));
            }
            return new Expr.ColumnRef(
                    new Span(token.start(), second.end()), null, first, second.name(), quoting(second));
        }
        return new Expr.ColumnRef(at, null, null, first, quoting);
    }

    private Expr cast(SqlToken castToken) {
        expectSymbol("(");
        Expr operand = expr();
        expectWord("AS");
        StringBuilder type = new StringBuilder();
        while (peek().isName() && !peek().isSymbol(")")) {
            if (!type.isEmpty()) {
                type.append(' ');
            }
            type.append(next().name());
        }
        if (acceptSymbol("(")) {
            type.append('(');
            while (!peek().isSymbol(")")) {
                SqlToken part = next();
                if (part.kind() == SqlTokenKind.SYMBOL
                                && !part.isSymbol(",")
                                && !part.isSymbol("-")
                                && !part.isSymbol("+")
                        || atEnd()) {
                    throw errorAt(part, "a type argument");
                }
                type.append(part.text());
            }
            expectSymbol(")");
            type.append(')');
        }
        SqlToken close = expectSymbol(")");
        return new Expr.Cast(new Span(castToken.start(), close.end()), operand, type.toString());
    }

    private Expr caseExpr(SqlToken caseToken) {
        Expr operand = peek().isWord("WHEN") ? null : expr();
        List<Expr.When> whens = new ArrayList<>();
        while (acceptWord("WHEN")) {
            Expr condition = expr();
            expectWord("THEN");
            whens.add(new Expr.When(condition, expr()));
        }
        if (whens.isEmpty()) {
            throw error("WHEN");
        }
        Expr otherwise = acceptWord("ELSE") ? expr() : null;
        SqlToken end = expectWord("END");
        return new Expr.Case(new Span(caseToken.start(), end.end()), operand, whens, otherwise);
    }

    private Expr call(SqlToken nameToken) {
        expectSymbol("(");
        boolean distinct = false;
        boolean star = false;
        List<Expr> args = List.of();
        List<OrderItem> orderBy = List.of();
        if (acceptSymbol("*")) {
            star = true;
        } else if (!peek().isSymbol(")")) {
            distinct = acceptWord("DISTINCT");
            if (!distinct) {
                acceptWord("ALL");
            }
            args = exprList();
            if (acceptWord("ORDER")) {
                expectWord("BY");
                orderBy = orderItems();
            }
        }
        SqlToken close = expectSymbol(")");
        int end = close.end();
        Expr filter = null;
        if (acceptWord("FILTER")) {
            expectSymbol("(");
            expectWord("WHERE");
            filter = expr();
            end = expectSymbol(")").end();
        }
        Window over = null;
        if (acceptWord("OVER")) {
            if (peek().isSymbol("(")) {
                over = windowDefinition();
            } else {
                over = new Window(name(), List.of(), List.of(), null);
            }
            end = previousEnd();
        }
        return new Expr.Call(
                new Span(nameToken.start(), end), nameToken.name(), distinct, star, args, orderBy, filter, over);
    }

    private Window windowDefinition() {
        expectSymbol("(");
        String base = null;
        if (peek().isName()
                && !peek().isWord("PARTITION")
                && !peek().isWord("ORDER")
                && !peek().isWord("ROWS")
                && !peek().isWord("RANGE")
                && !peek().isWord("GROUPS")) {
            base = name();
        }
        List<Expr> partitionBy = List.of();
        if (acceptWord("PARTITION")) {
            expectWord("BY");
            partitionBy = exprList();
        }
        List<OrderItem> orderBy = List.of();
        if (acceptWord("ORDER")) {
            expectWord("BY");
            orderBy = orderItems();
        }
        Window.Frame frame = null;
        if (peek().isWord("ROWS") || peek().isWord("RANGE") || peek().isWord("GROUPS")) {
            String unit = upper(next().text());
            Window.Bound start;
            Window.Bound end = null;
            if (acceptWord("BETWEEN")) {
                start = bound();
                expectWord("AND");
                end = bound();
            } else {
                start = bound();
            }
            String exclude = null;
            if (acceptWord("EXCLUDE")) {
                if (acceptWord("NO")) {
                    expectWord("OTHERS");
                    exclude = "NO OTHERS";
                } else if (acceptWord("CURRENT")) {
                    expectWord("ROW");
                    exclude = "CURRENT ROW";
                } else if (acceptWord("GROUP")) {
                    exclude = "GROUP";
                } else {
                    expectWord("TIES");
                    exclude = "TIES";
                }
            }
            frame = new Window.Frame(unit, start, end, exclude);
        }
        expectSymbol(")");
        return new Window(base, partitionBy, orderBy, frame);
    }

    private Window.Bound bound() {
        if (acceptWord("UNBOUNDED")) {
            if (acceptWord("PRECEDING")) {
                return new Window.Bound("UNBOUNDED PRECEDING", null);
            }
            expectWord("FOLLOWING");
            return new Window.Bound("UNBOUNDED FOLLOWING", null);
        }
        if (acceptWord("CURRENT")) {
            expectWord("ROW");
            return new Window.Bound("CURRENT ROW", null);
        }
        Expr offset = additive();
        if (acceptWord("PRECEDING")) {
            return new Window.Bound("PRECEDING", offset);
        }
        expectWord("FOLLOWING");
        return new Window.Bound("FOLLOWING", offset);
    }

    private static Expr numberLiteral(SqlToken token, Span at) {
        String text = token.text().replace("_", "");
        if (text.length() > 2 && (text.startsWith("0x") || text.startsWith("0X"))) {
            return new Expr.Literal(at, Expr.LiteralKind.HEX_INTEGER, text.substring(2));
        }
        boolean real = text.indexOf('.') >= 0 || text.indexOf('e') >= 0 || text.indexOf('E') >= 0;
        return new Expr.Literal(at, real ? Expr.LiteralKind.REAL : Expr.LiteralKind.INTEGER, text);
    }

    private static Expr.Literal nullAt(SqlToken token) {
        return new Expr.Literal(new Span(token.start(), token.end()), Expr.LiteralKind.NULL, "NULL");
    }

    private static Quoting quoting(SqlToken token) {
        if (token.kind() == SqlTokenKind.WORD) {
            return Quoting.BARE;
        }
        return switch (token.text().charAt(0)) {
            case '"' -> Quoting.DOUBLE_QUOTES;
            case '[' -> Quoting.BRACKETS;
            default -> Quoting.BACKTICKS;
        };
    }

    private static String unquoteString(String text) {
        return text.substring(1, text.length() - 1).replace("''", "'");
    }

    private static String upper(String text) {
        return text.toUpperCase(Locale.ROOT);
    }

    private String name() {
        return nameToken().name();
    }

    private SqlToken nameToken() {
        SqlToken token = peek();
        if (!token.isName() && token.kind() != SqlTokenKind.STRING) {
            throw error("a name");
        }
        next();
        if (token.kind() == SqlTokenKind.STRING) {
            return new SqlToken(
                    SqlTokenKind.QUOTED_IDENTIFIER,
                    "\"" + unquoteString(token.text()).replace("\"", "\"\"") + "\"",
                    token.start(),
                    token.end());
        }
        return token;
    }

    private Span span(Expr left, Expr right) {
        return new Span(left.span().start(), right.span().end());
    }

    private Span spanTo(Expr left) {
        return new Span(left.span().start(), previousEnd());
    }

    private int previousEnd() {
        return pos == 0 ? 0 : tokens.get(pos - 1).end();
    }

    private boolean atEnd() {
        return pos >= tokens.size();
    }

    private SqlToken peek() {
        return peekAt(0);
    }

    private SqlToken peekAt(int ahead) {
        int index = pos + ahead;
        if (index >= tokens.size()) {
            return new SqlToken(SqlTokenKind.SYMBOL, "", sql.length(), sql.length());
        }
        return tokens.get(index);
    }

    private SqlToken next() {
        SqlToken token = peek();
        if (atEnd()) {
            throw error("more text");
        }
        pos++;
        return token;
    }

    private boolean acceptWord(String word) {
        if (peek().isWord(word)) {
            pos++;
            return true;
        }
        return false;
    }

    private boolean acceptSymbol(String symbol) {
        if (peek().isSymbol(symbol)) {
            pos++;
            return true;
        }
        return false;
    }

    private SqlToken expectWord(String word) {
        if (!peek().isWord(word)) {
            throw error(word);
        }
        return next();
    }

    private SqlToken expectSymbol(String symbol) {
        if (!peek().isSymbol(symbol)) {
            throw error("'" + symbol + "'");
        }
        return next();
    }

    private SqlSyntaxException error(String expected) {
        return errorAt(peek(), expected);
    }

    private static SqlSyntaxException errorAt(SqlToken token, String expected) {
        String found = token.text().isEmpty() ? "the end" : "'" + token.text() + "'";
        return new SqlSyntaxException("expected %s at offset %d, found %s".formatted(expected, token.start(), found));
    }
}

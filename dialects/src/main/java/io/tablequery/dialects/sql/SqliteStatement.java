package io.tablequery.dialects.sql;

import static java.util.Objects.requireNonNull;

/**
 * One SQLite statement: its text, and its tree parsed at most once, when first asked for (a plan that runs on SQLite
 * as written never needs the tree; translation and result comparison share one parse). A statement outside the
 * parsed subset is a typed outcome, not an exception, so every stage that needs the tree handles it the same way. A
 * statement made by rewriting a tree ({@link #printed}) carries that tree and is never parsed.
 */
public final class SqliteStatement {
    /** What parsing the text gave. */
    public sealed interface Parse permits Tree, OutsideSubset {}

    /**
     * The statement's tree.
     *
     * @param statement the tree
     */
    public record Tree(Statement statement) implements Parse {
        public Tree {
            requireNonNull(statement, "statement is null");
        }
    }

    /**
     * The text is not one statement of the parsed subset.
     *
     * @param reason what the parser expected or did not recognize
     */
    public record OutsideSubset(String reason) implements Parse {
        public OutsideSubset {
            requireNonNull(reason, "reason is null");
        }
    }

    private final String sql;
    private final String source;
    private volatile Parse parse;

    private SqliteStatement(String sql, String source, Parse parse) {
        this.sql = sql;
        this.source = source;
        this.parse = parse;
    }

    /**
     * Wraps a statement's text; nothing is parsed yet.
     *
     * @param sql the statement
     * @return the statement
     */
    public static SqliteStatement of(String sql) {
        return new SqliteStatement(requireNonNull(sql, "sql is null"), sql, null);
    }

    /**
     * A statement made by rewriting a parsed one: its text is the tree as the SQLite printer prints it, its tree the
     * rewritten one, whose spans still point into the text it was parsed from.
     *
     * @param tree the rewritten tree
     * @param source the text its spans point into, which names the result columns SQLite names by their text; null
     *     for a tree whose result columns are named by aliases already ({@link ResultNames})
     * @return the statement
     */
    public static SqliteStatement printed(Statement tree, String source) {
        return new SqliteStatement(
                SqlPrinter.sqlite(requireNonNull(tree, "tree is null"), source), source, new Tree(tree));
    }

    /** Returns the statement's text. */
    public String sql() {
        return sql;
    }

    /**
     * Returns the text the tree's spans point into: the statement's own text, or for a {@link #printed} one, the text
     * its tree was parsed from.
     *
     * @return the text, or null for a printed tree whose result columns are named by aliases already
     */
    public String source() {
        return source;
    }

    /** Returns the tree, or why there is none; parsed on the first call only. */
    public Parse parse() {
        Parse parsed = parse;
        if (parsed == null) {
            try {
                parsed = new Tree(SqliteParser.parse(sql));
            } catch (SqlSyntaxException e) {
                parsed = new OutsideSubset(e.getMessage());
            }
            parse = parsed;
        }
        return parsed;
    }

    /** Tells whether the statement orders its rows, so their order is part of its answer; false outside the subset. */
    public boolean ordered() {
        return parse() instanceof Tree tree
                && !tree.statement().query().orderBy().isEmpty();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof SqliteStatement that && sql.equals(that.sql);
    }

    @Override
    public int hashCode() {
        return sql.hashCode();
    }

    @Override
    public String toString() {
        return sql;
    }
}

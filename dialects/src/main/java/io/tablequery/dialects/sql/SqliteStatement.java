package io.tablequery.dialects.sql;

import static java.util.Objects.requireNonNull;

/**
 * One SQLite statement: its text, and its tree parsed at most once, when first asked for (a plan that runs on SQLite
 * as written never needs the tree; translation and result comparison share one parse). A statement outside the
 * parsed subset is a typed outcome, not an exception, so every stage that needs the tree handles it the same way.
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
    private volatile Parse parse;

    private SqliteStatement(String sql) {
        this.sql = sql;
    }

    /**
     * Wraps a statement's text; nothing is parsed yet.
     *
     * @param sql the statement
     * @return the statement
     */
    public static SqliteStatement of(String sql) {
        return new SqliteStatement(requireNonNull(sql, "sql is null"));
    }

    /** Returns the statement's text. */
    public String sql() {
        return sql;
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

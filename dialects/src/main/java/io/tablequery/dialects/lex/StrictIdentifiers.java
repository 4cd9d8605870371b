package io.tablequery.dialects.lex;

import java.util.List;

/**
 * Rewrites a SQLite statement so that every double-quoted identifier is quoted with brackets (or backticks) instead.
 * The two mean the same to SQLite with one exception: an unresolved {@code "x"} silently becomes the string
 * {@code 'x'} (SQLite's "double-quoted string literal" misfeature), while an unresolved {@code [x]} is an error. So
 * preparing the rewritten statement tells whether the original relies on that fallback, typically because a column
 * name is misspelled.
 *
 * @see <a href="https://www.sqlite.org/quirks.html#double_quoted_string_literals_are_accepted">SQLite quirks:
 *     double-quoted string literals</a>
 */
public final class StrictIdentifiers {
    private StrictIdentifiers() {}

    /**
     * Returns the statement with double-quoted identifiers requoted.
     *
     * @param sql a SQLite statement
     * @return the same statement in which no identifier can fall back to a string
     */
    public static String rewrite(String sql) {
        List<SqlToken> tokens = SqliteLexer.tokenize(sql);
        StringBuilder out = new StringBuilder(sql.length() + 8);
        int copied = 0;
        for (SqlToken token : tokens) {
            if (token.kind() != SqlTokenKind.QUOTED_IDENTIFIER || token.text().charAt(0) != '"') {
                continue;
            }
            out.append(sql, copied, token.start());
            String name = token.name();
            if (name.indexOf(']') < 0) {
                out.append('[').append(name).append(']');
            } else {
                out.append('`').append(name.replace("`", "``")).append('`');
            }
            copied = token.end();
        }
        return out.append(sql, copied, sql.length()).toString();
    }
}

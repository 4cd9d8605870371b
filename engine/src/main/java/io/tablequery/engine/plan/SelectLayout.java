package io.tablequery.engine.plan;

import io.tablequery.dialects.lex.SqlToken;
import io.tablequery.dialects.lex.SqlTokenKind;
import io.tablequery.dialects.lex.SqliteLexer;
import io.tablequery.dialects.sql.Span;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Where the parts of a query's {@code SELECT} lie in the step's SQL, found from SQLite's tokens: what the parsed tree
 * does not record.
 *
 * @param bodyStart the offset of the {@code SELECT} after the query's {@code WITH} clause, or of the query's start
 * @param selectListEnd the offset just after the select list, where hidden columns can be added
 * @param fromStart the offset of the first character after {@code FROM}
 * @param fromEnd the offset just after the {@code FROM} clause's last token
 */
public record SelectLayout(int bodyStart, int selectListEnd, int fromStart, int fromEnd) {
    /** Words that end a FROM clause at the top level. */
    private static final Set<String> FROM_ENDS =
            Set.of("where", "group", "having", "window", "order", "limit", "union", "intersect", "except");

    public SelectLayout {
        if (bodyStart < 0 || selectListEnd < bodyStart || fromStart < selectListEnd || fromEnd < fromStart) {
            throw new IllegalArgumentException(
                    "bad layout %d, %d, %d..%d".formatted(bodyStart, selectListEnd, fromStart, fromEnd));
        }
    }

    /**
     * Finds the layout of a query whose body is one {@code SELECT} with a {@code FROM} clause: the clause ends at the
     * first word at the body's top level that starts another clause (or a compound's next {@code SELECT}).
     *
     * @param sql the step's SQL
     * @param query where the query was written
     * @return the layout, or empty when the body does not start with {@code SELECT} or has no {@code FROM}
     */
    public static Optional<SelectLayout> of(String sql, Span query) {
        List<SqlToken> tokens = SqliteLexer.tokenize(sql.substring(query.start(), query.end()));
        int start = 0;
        if (!tokens.isEmpty() && tokens.get(0).isWord("WITH")) {
            int depth = 0;
            start = -1;
            for (int i = 1; i < tokens.size() && start < 0; i++) {
                SqlToken token = tokens.get(i);
                if (token.isSymbol("(")) {
                    depth++;
                } else if (token.isSymbol(")")) {
                    depth--;
                } else if (depth == 0 && token.isWord("SELECT")) {
                    start = i;
                }
            }
        }
        if (start < 0 || start >= tokens.size() || !tokens.get(start).isWord("SELECT")) {
            return Optional.empty();
        }
        int depth = 0;
        int from = -1;
        int end = tokens.size();
        for (int i = start + 1; i < tokens.size(); i++) {
            SqlToken token = tokens.get(i);
            if (token.isSymbol("(")) {
                depth++;
            } else if (token.isSymbol(")")) {
                depth--;
            } else if (depth == 0 && token.kind() == SqlTokenKind.WORD) {
                String word = token.text().toLowerCase(Locale.ROOT);
                if (from < 0 && word.equals("from")) {
                    from = i;
                } else if (from >= 0 && FROM_ENDS.contains(word)) {
                    end = i;
                    break;
                }
            }
        }
        if (from <= start || from + 1 >= end) {
            return Optional.empty();
        }
        int shift = query.start();
        return Optional.of(new SelectLayout(
                tokens.get(start).start() + shift,
                tokens.get(from - 1).end() + shift,
                tokens.get(from).end() + shift,
                tokens.get(end - 1).end() + shift));
    }

    /**
     * Splits a compound query's body into its branches, at the words {@code UNION}, {@code INTERSECT} and {@code
     * EXCEPT} at its top level; the last branch runs to the query's end (its {@code ORDER BY} and {@code LIMIT} are not
     * part of a FROM clause, so {@link #of} stops before them).
     *
     * @param sql the step's SQL
     * @param query where the query was written
     * @return where each branch was written, in order
     */
    public static List<Span> branches(String sql, Span query) {
        List<SqlToken> tokens = SqliteLexer.tokenize(sql.substring(query.start(), query.end()));
        int depth = 0;
        int start = tokens.isEmpty() || !tokens.get(0).isWord("WITH") ? 0 : -1;
        List<Span> branches = new ArrayList<>();
        for (int i = 0; i < tokens.size(); i++) {
            SqlToken token = tokens.get(i);
            if (token.isSymbol("(")) {
                depth++;
            } else if (token.isSymbol(")")) {
                depth--;
            } else if (depth == 0 && start < 0 && token.isWord("SELECT")) {
                start = i;
            } else if (depth == 0
                    && start >= 0
                    && (token.isWord("UNION") || token.isWord("INTERSECT") || token.isWord("EXCEPT"))) {
                branches.add(new Span(tokens.get(start).start() + query.start(), token.start() + query.start()));
                start = i + 1 < tokens.size() && tokens.get(i + 1).isWord("ALL") ? i + 2 : i + 1;
            }
        }
        if (start >= 0 && start < tokens.size()) {
            branches.add(new Span(tokens.get(start).start() + query.start(), query.end()));
        }
        return branches;
    }
}

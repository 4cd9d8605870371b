package io.tablequery.dialects.lex;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits SQL text into tokens by the rules of SQLite's {@code tokenize.c}: whitespace and comments separate tokens
 * and are dropped; strings, quoted identifiers ({@code "x"}, {@code [x]}, {@code `x`}), blob literals, numbers,
 * parameters, words and operators are kept with their offsets. Text SQLite would refuse becomes an
 * {@link SqlTokenKind#ILLEGAL} token rather than an exception, so a caller can say where the problem is.
 *
 * @see <a href="https://www.sqlite.org/lang_keywords.html">SQLite keywords and quoting</a>
 */
public final class SqliteLexer {
    private final String sql;
    private final List<SqlToken> tokens = new ArrayList<>();
    private int pos;

    private SqliteLexer(String sql) {
        this.sql = sql;
    }

    /**
     * Tokenizes SQL text.
     *
     * @param sql the text
     * @return its tokens in order, without whitespace and comments
     */
    public static List<SqlToken> tokenize(String sql) {
        SqliteLexer lexer = new SqliteLexer(requireNonNull(sql, "sql is null"));
        lexer.run();
        return List.copyOf(lexer.tokens);
    }

    private void run() {
        while (pos < sql.length()) {
            char c = sql.charAt(pos);
            int start = pos;
            if (isSpace(c)) {
                pos++;
            } else if (c == '-' && peek(1) == '-') {
                int newline = sql.indexOf('\n', pos);
                pos = newline < 0 ? sql.length() : newline + 1;
            } else if (c == '/' && peek(1) == '*') {
                int close = sql.indexOf("*/", pos + 2);
                pos = close < 0 ? sql.length() : close + 2;
            } else if (c == '\'') {
                quoted(start, '\'', SqlTokenKind.STRING);
            } else if (c == '"' || c == '`') {
                quoted(start, c, SqlTokenKind.QUOTED_IDENTIFIER);
            } else if (c == '[') {
                int close = sql.indexOf(']', pos);
                pos = close < 0 ? sql.length() : close + 1;
                add(close < 0 ? SqlTokenKind.ILLEGAL : SqlTokenKind.QUOTED_IDENTIFIER, start);
            } else if ((c == 'x' || c == 'X') && peek(1) == '\'') {
                blob(start);
            } else if (isDigit(c) || (c == '.' && isDigit(peek(1)))) {
                number(start);
            } else if (c == '?') {
                pos++;
                while (isDigit(peek(0))) {
                    pos++;
                }
                add(SqlTokenKind.VARIABLE, start);
            } else if (c == ':' || c == '@' || c == '$' || c == '#') {
                variable(start);
            } else if (isIdentifierStart(c)) {
                pos++;
                while (isIdentifierPart(peek(0))) {
                    pos++;
                }
                add(SqlTokenKind.WORD, start);
            } else {
                symbol(start, c);
            }
        }
    }

    private void quoted(int start, char quote, SqlTokenKind kind) {
        pos++;
        while (pos < sql.length()) {
            if (sql.charAt(pos) == quote) {
                if (peek(1) == quote) {
                    pos += 2;
                    continue;
                }
                pos++;
                add(kind, start);
                return;
            }
            pos++;
        }
        add(SqlTokenKind.ILLEGAL, start);
    }

    private void blob(int start) {
        pos += 2;
        while (pos < sql.length() && isHexDigit(sql.charAt(pos))) {
            pos++;
        }
        boolean closed = pos < sql.length() && sql.charAt(pos) == '\'';
        boolean even = (pos - start - 2) % 2 == 0;
        if (!closed) {
            while (pos < sql.length() && sql.charAt(pos) != '\'') {
                pos++;
            }
            pos = Math.min(sql.length(), pos + 1);
            add(SqlTokenKind.ILLEGAL, start);
            return;
        }
        pos++;
        add(even ? SqlTokenKind.BLOB : SqlTokenKind.ILLEGAL, start);
    }

    private void number(int start) {
        if (sql.charAt(pos) == '0' && (peek(1) == 'x' || peek(1) == 'X') && isHexDigit(peek(2))) {
            pos += 2;
            while (isHexDigit(peek(0)) || peek(0) == '_') {
                pos++;
            }
        } else {
            digits();
            if (peek(0) == '.') {
                pos++;
                digits();
            }
            if ((peek(0) == 'e' || peek(0) == 'E')
                    && (isDigit(peek(1)) || ((peek(1) == '+' || peek(1) == '-') && isDigit(peek(2))))) {
                pos += 2;
                digits();
            }
        }
        // SQLite refuses a number run straight into a word, such as 12abc.
        boolean glued = isIdentifierPart(peek(0));
        while (isIdentifierPart(peek(0))) {
            pos++;
        }
        add(glued ? SqlTokenKind.ILLEGAL : SqlTokenKind.NUMBER, start);
    }

    private void digits() {
        while (isDigit(peek(0)) || (peek(0) == '_' && isDigit(peek(1)))) {
            pos++;
        }
    }

    private void variable(int start) {
        pos++;
        int nameStart = pos;
        while (pos < sql.length()) {
            char c = sql.charAt(pos);
            if (isIdentifierPart(c)) {
                pos++;
            } else if (c == ':' && peek(1) == ':') {
                pos += 2;
            } else {
                break;
            }
        }
        add(pos > nameStart ? SqlTokenKind.VARIABLE : SqlTokenKind.ILLEGAL, start);
    }

    private void symbol(int start, char c) {
        String two = pos + 1 < sql.length() ? sql.substring(pos, pos + 2) : "";
        if (sql.startsWith("->>", pos)) {
            pos += 3;
        } else if (List.of("||", "<=", ">=", "<>", "!=", "==", "<<", ">>", "->").contains(two)) {
            pos += 2;
        } else if ("();+-*/%=<>&|~,.".indexOf(c) >= 0) {
            pos++;
        } else {
            pos += Character.charCount(sql.codePointAt(pos));
            add(SqlTokenKind.ILLEGAL, start);
            return;
        }
        add(SqlTokenKind.SYMBOL, start);
    }

    private void add(SqlTokenKind kind, int start) {
        tokens.add(new SqlToken(kind, sql.substring(start, pos), start, pos));
    }

    private char peek(int ahead) {
        int index = pos + ahead;
        return index < sql.length() ? sql.charAt(index) : '\0';
    }

    private static boolean isSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r';
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static boolean isHexDigit(char c) {
        return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    }

    private static boolean isIdentifierStart(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c >= 0x80;
    }

    private static boolean isIdentifierPart(char c) {
        return isIdentifierStart(c) || isDigit(c) || c == '$';
    }
}

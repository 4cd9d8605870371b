package io.tablequery.dialects.lex;

import static java.util.Objects.requireNonNull;

import java.util.Locale;

/**
 * One token of a SQL text.
 *
 * @param kind what kind of token it is
 * @param text the token exactly as written
 * @param start the offset of its first character in the SQL text
 * @param end the offset just after its last character
 */
public record SqlToken(SqlTokenKind kind, String text, int start, int end) {
    public SqlToken {
        requireNonNull(kind, "kind is null");
        requireNonNull(text, "text is null");
        if (start < 0 || end < start) {
            throw new IllegalArgumentException("bad token bounds: %d..%d".formatted(start, end));
        }
    }

    /**
     * Tells whether this is the bare word {@code keyword}, ignoring case.
     *
     * @param keyword an upper- or lower-case keyword
     * @return true for a {@link SqlTokenKind#WORD} with that spelling
     */
    public boolean isWord(String keyword) {
        return kind == SqlTokenKind.WORD && text.equalsIgnoreCase(keyword);
    }

    /**
     * Tells whether this is the symbol {@code symbol}.
     *
     * @param symbol an operator or punctuation such as {@code (} or {@code ;}
     * @return true for a {@link SqlTokenKind#SYMBOL} with that text
     */
    public boolean isSymbol(String symbol) {
        return kind == SqlTokenKind.SYMBOL && text.equals(symbol);
    }

    /**
     * Tells whether this token can name a table or column: a bare word or a quoted identifier.
     *
     * @return true for words and quoted identifiers
     */
    public boolean isName() {
        return kind == SqlTokenKind.WORD || kind == SqlTokenKind.QUOTED_IDENTIFIER;
    }

    /**
     * Returns the name this token spells: a word as written, a quoted identifier without its quotes and with
     * doubled quotes undone.
     *
     * @return the name
     * @throws IllegalStateException if the token is not a name
     */
    public String name() {
        if (kind == SqlTokenKind.WORD) {
            return text;
        }
        if (kind != SqlTokenKind.QUOTED_IDENTIFIER) {
            throw new IllegalStateException("not a name: " + text);
        }
        String inner = text.substring(1, text.length() - 1);
        return switch (text.charAt(0)) {
            case '"' -> inner.replace("\"\"", "\"");
            case '`' -> inner.replace("``", "`");
            default -> inner;
        };
    }

    /**
     * Returns the name in the case-insensitive form both engines compare table and column names by.
     *
     * @return the name, lower-cased in the root locale
     */
    public String nameKey() {
        return name().toLowerCase(Locale.ROOT);
    }
}

package io.tablequery.server.cli;

import org.jline.utils.WCWidth;

/**
 * Text padded to the columns it takes in a terminal, where a CJK character takes two: {@code %-32s} counts characters,
 * so a Chinese table name pushed the columns after it out of line.
 */
final class TerminalColumns {
    private TerminalColumns() {}

    /**
     * The columns a text takes in a terminal: two for wide characters (CJK, fullwidth forms), none for combining marks
     * and control characters.
     *
     * @param text the text
     * @return its width in columns
     */
    static int width(String text) {
        return text.codePoints().map(code -> Math.max(0, WCWidth.wcwidth(code))).sum();
    }

    /**
     * A text followed by spaces up to a width, as {@code %-Ns} does for text of narrow characters.
     *
     * @param text the text
     * @param columns the width to fill
     * @return the text, padded; a wider text as it is
     */
    static String pad(String text, int columns) {
        return text + " ".repeat(Math.max(0, columns - width(text)));
    }

    /**
     * A noun for a count: singular for one ({@code 1 row}), plural otherwise ({@code 9 rows}).
     *
     * @param count the count
     * @param noun the noun, singular
     * @return the noun as the count wants it
     */
    static String noun(long count, String noun) {
        return count == 1 ? noun : noun + "s";
    }
}

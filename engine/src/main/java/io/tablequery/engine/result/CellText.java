package io.tablequery.engine.result;

/** Cuts text to a number of characters, counted as code points so that no character is split. */
public final class CellText {
    /** What run-sql and get-schemas append to a cut value. */
    public static final String CUT_MARK = "..";

    private CellText() {}

    /**
     * Cuts a value longer than {@code maxCodePoints} and appends {@code mark}.
     *
     * @param value the text, or null
     * @param maxCodePoints how many characters to keep
     * @param mark what to append to a cut value
     * @return the same instance when it is null or short enough, else the cut text with the mark
     */
    public static String cut(String value, int maxCodePoints, String mark) {
        if (value == null || value.length() <= maxCodePoints) {
            return value;
        }
        if (value.codePointCount(0, value.length()) <= maxCodePoints) {
            return value;
        }
        return value.substring(0, value.offsetByCodePoints(0, maxCodePoints)) + mark;
    }
}

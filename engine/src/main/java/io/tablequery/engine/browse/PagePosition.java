package io.tablequery.engine.browse;

import io.tablequery.engine.error.EngineException;

/**
 * Where a page of a table starts, by row number (the {@code R} of a citation, which is the row's {@code rowid}).
 *
 * @param anchor where: the first or last page, the rows after or before a row, or the page starting at a row
 * @param row the row number the anchor refers to; ignored for {@link Anchor#FIRST} and {@link Anchor#LAST}
 */
public record PagePosition(Anchor anchor, long row) {
    /** What a page position is relative to. */
    public enum Anchor {
        /** The first rows. */
        FIRST,
        /** The rows after a row number. */
        AFTER,
        /** The rows before a row number. */
        BEFORE,
        /** The rows from a row number on (the row itself, or the next one there is). */
        AT,
        /** The last rows. */
        LAST
    }

    /** The first page. */
    public static final PagePosition FIRST = new PagePosition(Anchor.FIRST, 0);

    /**
     * Reads a position from request parameters: at most one of {@code after}, {@code before}, {@code at}, or {@code
     * last=true}; none means the first page.
     *
     * @param after a row number, or null
     * @param before a row number, or null
     * @param at a row number, or null
     * @param last whether the last page is asked for
     * @return the position
     * @throws EngineException INVALID_RANGE when more than one is given or a number is not one
     */
    public static PagePosition of(String after, String before, String at, boolean last) {
        int given = (after != null ? 1 : 0) + (before != null ? 1 : 0) + (at != null ? 1 : 0) + (last ? 1 : 0);
        if (given > 1) {
            throw new EngineException(
                    BrowseErrorCode.INVALID_RANGE, "give at most one of after, before, at and last to place a page");
        }
        if (after != null) {
            return new PagePosition(Anchor.AFTER, rowNumber("after", after));
        }
        if (before != null) {
            return new PagePosition(Anchor.BEFORE, rowNumber("before", before));
        }
        if (at != null) {
            return new PagePosition(Anchor.AT, rowNumber("at", at));
        }
        return last ? new PagePosition(Anchor.LAST, 0) : FIRST;
    }

    private static long rowNumber(String name, String text) {
        try {
            return Long.parseLong(text.strip());
        } catch (NumberFormatException e) {
            throw new EngineException(
                    BrowseErrorCode.INVALID_RANGE, "%s must be a row number, not '%s'".formatted(name, text));
        }
    }
}

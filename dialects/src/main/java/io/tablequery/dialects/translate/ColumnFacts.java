package io.tablequery.dialects.translate;

import static java.util.Objects.requireNonNull;

/**
 * What is known of a column's values beyond their storage class, each fact letting the translation choose a cheaper
 * form that gives SQLite's answer: facts ingest proves of a stored table's current version, carried to where the
 * column is read.
 *
 * @param dateValues for text whose every value is an ISO-8601 date {@code YYYY-MM-DD} of a year from 1 to 9999, where
 *     the same values are held as SQL {@code DATE}s: a column of the same relation in a {@link ColumnSchema}, that
 *     column's SQL in a translated value; else null. Comparisons with dates and date functions then read it instead of
 *     parsing text.
 * @param neverNull whether no value is NULL where it is read (not on the side of an outer join that may have no row),
 *     so {@code NOT IN} may be spelled as {@code NOT EXISTS}
 * @param letters which ASCII letters the text values hold, so {@code LIKE} may match without folding them
 * @param range where the values lie when they are whole numbers of a known range (a table's rowids, from its smallest
 *     and largest), so a list of them may be a list of 32-bit integers, half the memory of 64-bit ones, and a count of
 *     the distinct ones a count of bits; else null
 */
public record ColumnFacts(String dateValues, boolean neverNull, AsciiLetters letters, ValueRange range) {
    /** Nothing known. */
    public static final ColumnFacts NONE = new ColumnFacts(null, false, AsciiLetters.BOTH, null);

    public ColumnFacts {
        requireNonNull(letters, "letters is null");
    }

    /**
     * These facts, the values known to be dates held elsewhere as SQL dates.
     *
     * @param dates where they are held, or null
     * @return the facts
     */
    public ColumnFacts withDateValues(String dates) {
        return new ColumnFacts(dates, neverNull, letters, range);
    }

    /**
     * These facts, the values known to hold no NULL, or no longer known to.
     *
     * @param never whether they hold no NULL
     * @return the facts
     */
    public ColumnFacts withNeverNull(boolean never) {
        return new ColumnFacts(dateValues, never, letters, range);
    }

    /**
     * These facts, with the ASCII letters the values hold.
     *
     * @param held the letters
     * @return the facts
     */
    public ColumnFacts withLetters(AsciiLetters held) {
        return new ColumnFacts(dateValues, neverNull, held, range);
    }

    /**
     * These facts, the values known to be whole numbers of a range, or not known to be.
     *
     * @param known the range, or null
     * @return the facts
     */
    public ColumnFacts withRange(ValueRange known) {
        return new ColumnFacts(dateValues, neverNull, letters, known);
    }

    /**
     * Whether every value is known to be a whole number within 32 bits.
     *
     * @return whether it is
     */
    public boolean int32() {
        return range != null && range.int32();
    }
}

package io.tablequery.dialects.translate;

import java.util.List;

/**
 * How a target spells the few time operations SQLite's date functions are printed with ({@link DateTimes},
 * {@link TimeTexts}): a time value is a TIMESTAMP of whole milliseconds in UTC, made from and read as microseconds
 * since 1970. Everything else of the date functions (SQLite's reading of text, day numbers, modifiers, ranges,
 * years) is decided once over these, so a target that spells them answers as SQLite does.
 */
public interface DateTimeDialect {
    /**
     * Spells the current time in UTC.
     *
     * @return a TIMESTAMP expression
     */
    String now();

    /**
     * Spells the time some microseconds after 1970-01-01 00:00 UTC; a time the target cannot hold fails as it runs.
     *
     * @param micros a BIGINT expression
     * @return a TIMESTAMP expression
     */
    String fromMicros(String micros);

    /**
     * Spells the microseconds from 1970-01-01 00:00 UTC to a time.
     *
     * @param timestamp a TIMESTAMP expression
     * @return a BIGINT expression
     */
    String micros(String timestamp);

    /**
     * Spells the first of a month some months later.
     *
     * @param monthStart a TIMESTAMP at midnight of a month's first day
     * @param months how many months, negative for earlier
     * @return a TIMESTAMP expression
     */
    String plusMonths(String monthStart, long months);

    /**
     * Spells the day of the week of a time, Sunday 0 to Saturday 6.
     *
     * @param timestamp a TIMESTAMP expression
     * @return an integer expression
     */
    String weekday(String timestamp);

    /**
     * Spells a list of values.
     *
     * @param items the values, of one type
     * @return the list expression
     */
    String array(List<String> items);

    /**
     * Spells an item of a list.
     *
     * @param array the list
     * @param position the item's position, from 1
     * @return the item
     */
    String element(String array, int position);

    /**
     * Spells a text of the form {@code YYYY-MM-DD[( |T)HH:MM[:SS[.fff]]]} with hours to 23 as a time, NULL when it is
     * not a date of the target's calendar (a day past its month's end, which SQLite overflows, or a year the target
     * does not hold): the caller then reads the text the long way.
     *
     * @param text the text
     * @return a TIMESTAMP expression
     */
    String tryTimestamp(String text);

    /**
     * Spells one of SQLite's {@code strftime} conversions in the target's format pattern, writing what SQLite writes.
     *
     * @param conversion the letter after {@code %}
     * @return the pattern's spelling, or null when the target's patterns have none
     */
    String conversion(char conversion);

    /**
     * Spells literal text in the target's format pattern.
     *
     * @param text the text
     * @return the pattern's spelling
     */
    String patternText(String text);

    /**
     * Spells a time written by a format pattern of the target, made of {@link #conversion} and {@link #patternText}.
     *
     * @param timestamp the time
     * @param pattern the pattern
     * @return a text expression
     */
    String format(String timestamp, String pattern);

    /**
     * Spells a real as C's {@code %.16g} writes it ({@code strftime('%J')}).
     *
     * @param real the real
     * @return a text expression
     * @throws Refusal when the target has no such conversion
     */
    String sixteenDigits(String real);
}

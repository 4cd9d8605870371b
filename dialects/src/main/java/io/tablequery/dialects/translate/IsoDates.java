package io.tablequery.dialects.translate;

import java.time.DateTimeException;
import java.time.LocalDate;
import java.util.regex.Pattern;

/**
 * Text of ISO-8601 dates, {@code YYYY-MM-DD}: of a year from 1 to 9999 such text sorts as the dates do, as every
 * part is of fixed width, so text known to be such dates ({@link ColumnSchema#dateValues}) compares with a date
 * constant as the dates compare.
 */
final class IsoDates {
    private static final Pattern DATE = Pattern.compile("\\d{4}-\\d{2}-\\d{2}");

    private IsoDates() {}

    /**
     * Tells whether text is a date as ingest writes dates: {@code YYYY-MM-DD}, a day that exists, a year from 1 to
     * 9999.
     *
     * @param text the text
     * @return whether a SQL {@code DATE} literal of it names that day and sorts as the text does
     */
    static boolean isDate(String text) {
        if (!DATE.matcher(text).matches()) {
            return false;
        }
        int year = Integer.parseInt(text.substring(0, 4));
        if (year < 1) {
            return false;
        }
        try {
            LocalDate.of(year, Integer.parseInt(text.substring(5, 7)), Integer.parseInt(text.substring(8, 10)));
            return true;
        } catch (DateTimeException e) {
            return false;
        }
    }
}

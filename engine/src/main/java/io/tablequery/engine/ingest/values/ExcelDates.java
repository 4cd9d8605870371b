package io.tablequery.engine.ingest.values;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeParseException;

/**
 * Converts Excel date serials to epoch days and microseconds. Times are rounded to the millisecond, the precision
 * Excel itself keeps.
 */
public final class ExcelDates {
    /** Serial of 1970-01-01 in the 1900 system (which counts the fictitious 1900-02-29). */
    private static final int EPOCH_1900 = 25569;
    /** Serial of 1970-01-01 in the 1904 system. */
    private static final int EPOCH_1904 = 24107;
    /** Serial of 9999-12-31 in the 1900 system. */
    private static final double MAX_SERIAL = 2958465.0;

    static final long MILLIS_PER_DAY = 86_400_000L;
    /** Microseconds in a day. */
    public static final long MICROS_PER_DAY = MILLIS_PER_DAY * 1000;

    private ExcelDates() {}

    /** Tells whether a serial can be shown as a date. */
    static boolean isValid(double serial) {
        return serial >= 0 && serial < MAX_SERIAL + 1 && !Double.isNaN(serial);
    }

    /** Returns the epoch micros of a serial, its time rounded to the millisecond. */
    public static long epochMicros(double serial, boolean date1904) {
        long days = (long) Math.floor(serial);
        long millis = Math.round((serial - days) * MILLIS_PER_DAY);
        if (millis >= MILLIS_PER_DAY) {
            days++;
            millis -= MILLIS_PER_DAY;
        }
        return epochDay(days, date1904) * MICROS_PER_DAY + millis * 1000;
    }

    /** Returns the epoch day a serial shows (its time of day dropped). */
    static long epochDayOf(double serial, boolean date1904) {
        return Math.floorDiv(epochMicros(serial, date1904), MICROS_PER_DAY);
    }

    /** Returns the time of day of a serial in micros, rounded to the millisecond. */
    static long timeOfDayMicros(double serial) {
        long millis = Math.round((serial - Math.floor(serial)) * MILLIS_PER_DAY);
        return (millis % MILLIS_PER_DAY) * 1000;
    }

    /** Returns the elapsed micros of a duration serial (days as a fraction). */
    static long durationMicros(double serial) {
        return Math.round(serial * MILLIS_PER_DAY) * 1000;
    }

    /**
     * The serial of an ISO 8601 date or date and time, as an xlsx cell of type {@code d} holds it; a UTC offset is
     * dropped (Excel keeps no time zone). Null when the text is not one.
     */
    public static Double serialOfIso(String text, boolean date1904) {
        String local = text.strip().replaceFirst("(Z|[+-]\\d{2}:?\\d{2})$", "");
        LocalDateTime value;
        try {
            value = local.contains("T")
                    ? LocalDateTime.parse(local)
                    : LocalDate.parse(local).atStartOfDay();
        } catch (DateTimeParseException e) {
            return null;
        }
        long epochDay = value.toLocalDate().toEpochDay();
        long serialDays;
        if (date1904) {
            serialDays = epochDay + EPOCH_1904;
        } else {
            serialDays = epochDay + EPOCH_1900;
            // Before 1900-03-01, Excel's serials do not count its fictitious 1900-02-29.
            serialDays = serialDays < 61 ? serialDays - 1 : serialDays;
        }
        double serial = serialDays + value.toLocalTime().toNanoOfDay() / (MILLIS_PER_DAY * 1_000_000.0);
        return isValid(serial) ? serial : null;
    }

    private static long epochDay(long serialDays, boolean date1904) {
        if (date1904) {
            return serialDays - EPOCH_1904;
        }
        // Serials below 61 precede Excel's fictitious 1900-02-29 (serial 60, shown here as 1900-03-01).
        return serialDays < 61 ? serialDays - EPOCH_1900 + 1 : serialDays - EPOCH_1900;
    }
}

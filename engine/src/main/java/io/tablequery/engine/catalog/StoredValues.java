package io.tablequery.engine.catalog;

import java.math.BigDecimal;
import java.time.LocalDate;

/**
 * Renders values the way the SQLite copy stores them as text: ISO-8601 dates ({@code 2024-03-05}) and timestamps
 * ({@code 2024-03-05 14:30:00}, with {@code .SSS} or {@code .SSSSSS} only when the time has a fraction), and plain
 * decimal numbers. The DuckDB copy keeps the same text beside its native DATE and TIMESTAMP columns, so both engines
 * see identical strings.
 */
public final class StoredValues {
    private static final long MICROS_PER_DAY = 86_400_000_000L;

    private StoredValues() {}

    /**
     * Renders a date.
     *
     * @param epochDay days since 1970-01-01
     * @return {@code YYYY-MM-DD}
     */
    public static String dateText(long epochDay) {
        return LocalDate.ofEpochDay(epochDay).toString();
    }

    /**
     * Renders a timestamp.
     *
     * @param epochMicros microseconds since 1970-01-01 00:00:00
     * @return {@code YYYY-MM-DD HH:MM:SS[.fraction]}
     */
    public static String timestampText(long epochMicros) {
        long day = Math.floorDiv(epochMicros, MICROS_PER_DAY);
        long micros = Math.floorMod(epochMicros, MICROS_PER_DAY);
        StringBuilder out = new StringBuilder(26).append(dateText(day)).append(' ');
        appendTime(out, micros);
        return out.toString();
    }

    /**
     * Renders a time of day.
     *
     * @param micros microseconds since midnight
     * @return {@code HH:MM:SS[.fraction]}
     */
    public static String timeText(long micros) {
        StringBuilder out = new StringBuilder(15);
        appendTime(out, micros);
        return out.toString();
    }

    /**
     * Renders an elapsed time whose hours may exceed 24.
     *
     * @param micros elapsed microseconds, not negative
     * @return {@code H:MM:SS[.fraction]}
     */
    public static String durationText(long micros) {
        long hours = micros / 3_600_000_000L;
        StringBuilder out = new StringBuilder().append(hours);
        StringBuilder rest = new StringBuilder();
        appendTime(rest, micros % 3_600_000_000L);
        return out.append(rest, 2, rest.length()).toString();
    }

    /**
     * Renders a number as plain decimal text: {@code 12}, {@code 0.1}, {@code 1234567.5}; very large or small numbers
     * in scientific notation.
     *
     * @param value the number
     * @return its shortest text that reads back as the same double
     */
    public static String numberText(double value) {
        if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            return Long.toString((long) value);
        }
        double magnitude = Math.abs(value);
        if (Double.isFinite(value) && magnitude >= 1e-6 && magnitude < 1e21) {
            return BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
        }
        return Double.toString(value);
    }

    private static void appendTime(StringBuilder out, long micros) {
        long seconds = micros / 1_000_000;
        long fraction = micros % 1_000_000;
        two(out, seconds / 3600).append(':');
        two(out, seconds / 60 % 60).append(':');
        two(out, seconds % 60);
        if (fraction != 0) {
            if (fraction % 1000 == 0) {
                out.append('.').append(String.format("%03d", fraction / 1000));
            } else {
                out.append('.').append(String.format("%06d", fraction));
            }
        }
    }

    private static StringBuilder two(StringBuilder out, long value) {
        if (value < 10) {
            out.append('0');
        }
        return out.append(value);
    }
}

package io.tablequery.engine.catalog;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.HexFormat;

/**
 * Renders values the way the SQLite copy stores them as text: ISO-8601 dates ({@code 2024-03-05}) and timestamps
 * ({@code 2024-03-05 14:30:00}, with {@code .SSS} or {@code .SSSSSS} only when the time has a fraction), and plain
 * decimal numbers. The DuckDB copy keeps the same text beside its native DATE and TIMESTAMP columns, so both engines
 * see identical strings.
 */
public final class StoredValues {
    private static final long MICROS_PER_DAY = 86_400_000_000L;
    /** 1000-01-01 and 9999-12-31: the range with four-digit years. */
    private static final long MIN_FAST_DAY = -354_285;

    private static final long MAX_FAST_DAY = 2_932_896;

    private StoredValues() {}

    /**
     * Renders a date.
     *
     * @param epochDay days since 1970-01-01
     * @return {@code YYYY-MM-DD}
     */
    public static String dateText(long epochDay) {
        if (epochDay < MIN_FAST_DAY || epochDay > MAX_FAST_DAY) {
            return LocalDate.ofEpochDay(epochDay).toString();
        }
        // Civil-from-days (H. Hinnant), which avoids LocalDate on the ingest hot path.
        long z = epochDay + 719_468;
        long era = Math.floorDiv(z, 146_097);
        long dayOfEra = z - era * 146_097;
        long yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365;
        long dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100);
        long mp = (5 * dayOfYear + 2) / 153;
        int day = (int) (dayOfYear - (153 * mp + 2) / 5 + 1);
        int month = (int) (mp < 10 ? mp + 3 : mp - 9);
        int year = (int) (yearOfEra + era * 400 + (month <= 2 ? 1 : 0));
        char[] text = {
            (char) ('0' + year / 1000),
            (char) ('0' + year / 100 % 10),
            (char) ('0' + year / 10 % 10),
            (char) ('0' + year % 10),
            '-',
            (char) ('0' + month / 10),
            (char) ('0' + month % 10),
            '-',
            (char) ('0' + day / 10),
            (char) ('0' + day % 10)
        };
        return new String(text);
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
        return plainNumberText(value);
    }

    /**
     * Renders bytes as a SQL blob literal, the way a TEXT column shows a blob among text values.
     *
     * @param bytes the bytes
     * @return {@code X'0A1B...'}
     */
    public static String blobText(byte[] bytes) {
        return "X'" + HexFormat.of().withUpperCase().formatHex(bytes) + "'";
    }

    private static String plainNumberText(double value) {
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

package io.tablequery.engine.ingest.values;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.Locale;
import java.util.Set;

/**
 * Recognises numbers, dates, booleans and missing-value markers written as text, strictly: anything it is not sure
 * of stays text. Numbers with leading zeros ({@code 007}) stay text, because they are codes; so do numbers too long
 * for a 64-bit integer. Dates written day and month in an order only the whole column can settle ({@code 03/04/2024})
 * are marked {@link CellValue#ORDER_DEPENDENT} with both readings.
 */
public final class TextValueParser {
    private static final Set<String> NULL_MARKERS =
            Set.of("na", "n/a", "#n/a", "null", "nil", "none", "nan", "-", "--", "---", "—", "–", "n.a.");
    private static final String[] MONTHS = {
        "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"
    };
    private static final long MICROS_PER_DAY = 86_400_000_000L;
    private static final int[] MONTH_KEYS = Arrays.stream(MONTHS)
            .mapToInt(m -> m.charAt(0) << 16 | m.charAt(1) << 8 | m.charAt(2))
            .toArray();

    private TextValueParser() {}

    /**
     * Classifies text. Sets {@code out.cls} to NULL_MARKER, INT, REAL, DATE, DATETIME, BOOL or TEXT and keeps the
     * original text in {@code out.text}.
     */
    static void parse(String s, CellValue out) {
        out.text = s;
        int start = 0;
        int end = s.length();
        while (start < end && isSpace(s.charAt(start))) {
            start++;
        }
        while (end > start && isSpace(s.charAt(end - 1))) {
            end--;
        }
        if (start == end || isNullMarker(s, start, end)) {
            out.cls = ValueClass.NULL_MARKER;
            return;
        }
        char first = s.charAt(start);
        if (first >= '0' && first <= '9') {
            if (parseNumber(s, start, end, out) || parseNumericDate(s, start, end, out)) {
                return;
            }
            if (end - start <= 20 && hasLetter(s, start, end) && parseMonthNameDate(s, start, end, out)) {
                return;
            }
        } else if (first == '-' || first == '.' || first == '\u2212' || isCurrency(first)) {
            if (parseNumber(s, start, end, out)) {
                return;
            }
        } else if (end - start <= 5 && (first == 't' || first == 'T' || first == 'f' || first == 'F')) {
            String word = s.substring(start, end);
            if (word.equalsIgnoreCase("true") || word.equalsIgnoreCase("false")) {
                out.cls = ValueClass.BOOL;
                out.longValue = word.length() == 4 ? 1 : 0;
                return;
            }
        }
        if (Character.isLetter(first)
                && end - start <= 20
                && startsWithMonth(s, start, end)
                && hasDigit(s, start, end)
                && parseMonthNameDate(s, start, end, out)) {
            return;
        }
        out.cls = ValueClass.TEXT;
    }

    /** Classifies text as an ISO date or timestamp only (for date-typed database columns), else as TEXT. */
    static void parseIsoTemporal(String s, CellValue out) {
        out.text = s;
        int start = 0;
        int end = s.length();
        while (start < end && isSpace(s.charAt(start))) {
            start++;
        }
        while (end > start && isSpace(s.charAt(end - 1))) {
            end--;
        }
        if (end - start >= 10 && s.charAt(start + 4) == '-' && parseNumericDate(s, start, end, out)) {
            return;
        }
        out.cls = ValueClass.TEXT;
    }

    private static boolean startsWithMonth(String s, int start, int end) {
        if (end - start < 3) {
            return false;
        }
        int key = lower(s.charAt(start)) << 16 | lower(s.charAt(start + 1)) << 8 | lower(s.charAt(start + 2));
        for (int month : MONTH_KEYS) {
            if (month == key) {
                return true;
            }
        }
        return false;
    }

    private static int lower(char c) {
        return c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c & 0xFF;
    }

    private static boolean hasLetter(String s, int start, int end) {
        for (int i = start; i < end; i++) {
            if (Character.isLetter(s.charAt(i))) {
                return true;
            }
        }
        return false;
    }

    private static boolean hasDigit(String s, int start, int end) {
        for (int i = start; i < end; i++) {
            if (isDigit(s.charAt(i))) {
                return true;
            }
        }
        return false;
    }

    /** Tells whether a character is a space around a value: ASCII whitespace and the no-break and wide spaces. */
    public static boolean isSpace(char c) {
        return c == ' '
                || c == '\t'
                || c == '\n'
                || c == '\r'
                || c == '\u00A0'
                || c == '\u3000'
                || c == '\u2007'
                || c == '\u202F'
                || c == '\f'
                || c == '\u000B';
    }

    private static boolean isNullMarker(String s, int start, int end) {
        if (end - start > 4) {
            return false;
        }
        char c = s.charAt(start);
        if (c != 'n' && c != 'N' && c != '-' && c != '#' && c != '—' && c != '–') {
            return false;
        }
        return NULL_MARKERS.contains(s.substring(start, end).toLowerCase(Locale.ROOT));
    }

    private static boolean isCurrency(char c) {
        return c == '$' || c == '€' || c == '£' || c == '¥' || c == '￥' || c == '₹' || c == '₩' || c == '₽';
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static boolean parseNumber(String s, int start, int end, CellValue out) {
        int i = start;
        boolean negative = false;
        boolean currency = false;
        if (s.charAt(i) == '-' || s.charAt(i) == '\u2212') {
            negative = true;
            i++;
        }
        if (i < end && isCurrency(s.charAt(i))) {
            currency = true;
            i++;
            while (i < end && s.charAt(i) == ' ') {
                i++;
            }
            if (!negative && i < end && s.charAt(i) == '-') {
                negative = true;
                i++;
            }
        }
        int digitsStart = i;
        long integer = 0;
        int digits = 0;
        int groupDigits = 0;
        boolean grouped = false;
        while (i < end) {
            char c = s.charAt(i);
            if (isDigit(c)) {
                integer = integer * 10 + (c - '0');
                digits++;
                groupDigits++;
                i++;
            } else if (c == ',' && digits > 0 && (grouped ? groupDigits == 3 : groupDigits <= 3)) {
                grouped = true;
                groupDigits = 0;
                i++;
            } else {
                break;
            }
        }
        if (grouped && groupDigits != 3) {
            return false;
        }
        if (digits > 1 && s.charAt(digitsStart) == '0') {
            return false;
        }
        int fractionDigits = 0;
        boolean point = false;
        if (i < end && s.charAt(i) == '.') {
            point = true;
            i++;
            while (i < end && isDigit(s.charAt(i))) {
                fractionDigits++;
                i++;
            }
        }
        if (digits == 0 && fractionDigits == 0) {
            return false;
        }
        boolean exponent = false;
        if (i < end && (s.charAt(i) == 'e' || s.charAt(i) == 'E') && !grouped && !currency && digits > 0) {
            int j = i + 1;
            if (j < end && (s.charAt(j) == '+' || s.charAt(j) == '-')) {
                j++;
            }
            int expDigits = 0;
            while (j < end && isDigit(s.charAt(j))) {
                expDigits++;
                j++;
            }
            if (expDigits == 0) {
                return false;
            }
            exponent = true;
            i = j;
        }
        int numberEnd = i;
        boolean percent = false;
        int suffixStart = i;
        while (i < end && s.charAt(i) == ' ') {
            i++;
        }
        if (i < end && s.charAt(i) == '%' && !currency) {
            percent = true;
            i++;
        } else if (i < end && isCurrency(s.charAt(i)) && !currency) {
            currency = true;
            i++;
        } else {
            i = suffixStart;
        }
        if (i != end) {
            return false;
        }
        out.flags |= (currency || grouped ? CellValue.CURRENCY : 0) | (percent ? CellValue.PERCENT : 0);
        if (!point && !exponent && !percent) {
            if (digits > 18) {
                return false;
            }
            out.cls = ValueClass.INT;
            out.longValue = negative ? -integer : integer;
            return true;
        }
        String plain = s.substring(digitsStart, numberEnd);
        if (grouped) {
            plain = plain.replace(",", "");
        }
        double value;
        try {
            value = percent ? new BigDecimal(plain).movePointLeft(2).doubleValue() : Decimals.parseDouble(plain);
        } catch (NumberFormatException e) {
            return false;
        }
        if (Double.isInfinite(value)) {
            return false;
        }
        out.cls = ValueClass.REAL;
        out.doubleValue = negative ? -value : value;
        return true;
    }

    private static boolean parseNumericDate(String s, int start, int end, CellValue out) {
        int i = start;
        int a = 0;
        int aDigits = 0;
        while (i < end && isDigit(s.charAt(i)) && aDigits < 5) {
            a = a * 10 + (s.charAt(i++) - '0');
            aDigits++;
        }
        if (i >= end || aDigits == 0 || aDigits == 3 || aDigits > 4) {
            return false;
        }
        char separator = s.charAt(i);
        boolean chinese = separator == '年';
        if (separator != '-' && separator != '/' && separator != '.' && !chinese) {
            return false;
        }
        i++;
        int b = 0;
        int bDigits = 0;
        while (i < end && isDigit(s.charAt(i)) && bDigits < 3) {
            b = b * 10 + (s.charAt(i++) - '0');
            bDigits++;
        }
        if (bDigits == 0 || bDigits > 2 || i >= end) {
            return false;
        }
        char second = s.charAt(i);
        if (chinese ? second != '月' : second != separator) {
            return false;
        }
        i++;
        int c = 0;
        int cDigits = 0;
        while (i < end && isDigit(s.charAt(i)) && cDigits < 5) {
            c = c * 10 + (s.charAt(i++) - '0');
            cDigits++;
        }
        if (chinese) {
            if (i >= end || s.charAt(i) != '日') {
                return false;
            }
            i++;
        }
        long timeMicros = 0;
        boolean hasTime = false;
        if (i < end) {
            int timeStart = i;
            if (s.charAt(i) != 'T' && s.charAt(i) != ' ') {
                return false;
            }
            while (timeStart < end && (s.charAt(timeStart) == ' ' || s.charAt(timeStart) == 'T')) {
                timeStart++;
            }
            timeMicros = parseTime(s, timeStart, end);
            if (timeMicros < 0) {
                return false;
            }
            hasTime = true;
        }
        if (aDigits == 4 && (cDigits == 1 || cDigits == 2)) {
            long day = epochDay(a, b, c);
            if (day == CellValue.INVALID) {
                return false;
            }
            return setDate(out, day, hasTime, timeMicros);
        }
        if (aDigits <= 2 && cDigits == 4 && !chinese) {
            long dayFirst = epochDay(c, b, a);
            if (separator == '.') {
                return dayFirst != CellValue.INVALID && setDate(out, dayFirst, hasTime, timeMicros);
            }
            long monthFirst = epochDay(c, a, b);
            if (dayFirst == CellValue.INVALID && monthFirst == CellValue.INVALID) {
                return false;
            }
            setDate(out, monthFirst, hasTime, timeMicros);
            if (dayFirst != CellValue.INVALID && hasTime) {
                dayFirst = dayFirst * MICROS_PER_DAY + timeMicros;
            }
            out.dayFirstValue = dayFirst;
            out.flags |= CellValue.ORDER_DEPENDENT;
            return true;
        }
        return false;
    }

    private static boolean setDate(CellValue out, long epochDay, boolean hasTime, long timeMicros) {
        if (epochDay == CellValue.INVALID) {
            out.cls = hasTime ? ValueClass.DATETIME : ValueClass.DATE;
            out.longValue = CellValue.INVALID;
            return true;
        }
        if (hasTime) {
            out.cls = ValueClass.DATETIME;
            out.longValue = epochDay * MICROS_PER_DAY + timeMicros;
        } else {
            out.cls = ValueClass.DATE;
            out.longValue = epochDay;
        }
        return true;
    }

    /** Parses {@code H:MM[:SS[.fraction]]} to micros of the day, or -1. */
    private static long parseTime(String s, int i, int end) {
        int hour = 0;
        int hourDigits = 0;
        while (i < end && isDigit(s.charAt(i)) && hourDigits < 3) {
            hour = hour * 10 + (s.charAt(i++) - '0');
            hourDigits++;
        }
        if (hourDigits == 0 || hourDigits > 2 || hour > 23 || i >= end || s.charAt(i) != ':') {
            return -1;
        }
        i++;
        int minute = twoDigits(s, i, end);
        if (minute < 0 || minute > 59) {
            return -1;
        }
        i += 2;
        int second = 0;
        long micros = 0;
        if (i < end && s.charAt(i) == ':') {
            second = twoDigits(s, i + 1, end);
            if (second < 0 || second > 59) {
                return -1;
            }
            i += 3;
            if (i < end && s.charAt(i) == '.') {
                i++;
                int fractionDigits = 0;
                while (i < end && isDigit(s.charAt(i))) {
                    if (fractionDigits < 6) {
                        micros = micros * 10 + (s.charAt(i) - '0');
                    }
                    fractionDigits++;
                    i++;
                }
                if (fractionDigits == 0) {
                    return -1;
                }
                for (int k = fractionDigits; k < 6; k++) {
                    micros *= 10;
                }
            }
        }
        if (i != end) {
            return -1;
        }
        return ((hour * 60L + minute) * 60 + second) * 1_000_000L + micros;
    }

    private static int twoDigits(String s, int i, int end) {
        if (i + 2 > end) {
            return -1;
        }
        char tens = s.charAt(i);
        char ones = s.charAt(i + 1);
        if (!isDigit(tens) || !isDigit(ones)) {
            return -1;
        }
        return (tens - '0') * 10 + (ones - '0');
    }

    /** Parses {@code 5 Jan 2024}, {@code 5-Jan-2024}, {@code Jan 5, 2024} and {@code January 5 2024}. */
    private static boolean parseMonthNameDate(String s, int start, int end, CellValue out) {
        String[] tokens = new String[3];
        int count = 0;
        int i = start;
        while (i < end) {
            while (i < end && isDateSeparator(s.charAt(i))) {
                i++;
            }
            int tokenStart = i;
            while (i < end && !isDateSeparator(s.charAt(i))) {
                i++;
            }
            if (i > tokenStart) {
                if (count == 3) {
                    return false;
                }
                tokens[count++] = s.substring(tokenStart, i);
            }
        }
        if (count != 3) {
            return false;
        }
        int month = month(tokens[0]);
        int day;
        if (month > 0) {
            day = smallNumber(tokens[1]);
        } else {
            month = month(tokens[1]);
            day = smallNumber(tokens[0]);
        }
        if (month <= 0 || day <= 0 || tokens[2].length() != 4) {
            return false;
        }
        int year = smallNumber(tokens[2]);
        long epochDay = epochDay(year, month, day);
        if (year <= 0 || epochDay == CellValue.INVALID) {
            return false;
        }
        out.cls = ValueClass.DATE;
        out.longValue = epochDay;
        return true;
    }

    private static boolean isDateSeparator(char c) {
        return c == ' ' || c == ',' || c == '.' || c == '/' || c == '-' || isSpace(c);
    }

    private static int month(String token) {
        if (token.length() < 3 || token.length() > 9) {
            return -1;
        }
        String lower = token.toLowerCase(Locale.ROOT);
        for (int m = 0; m < MONTHS.length; m++) {
            if (lower.startsWith(MONTHS[m]) && isMonthSpelling(lower, m)) {
                return m + 1;
            }
        }
        return -1;
    }

    private static boolean isMonthSpelling(String lower, int month) {
        if (lower.length() == 3) {
            return true;
        }
        String[] full = {
            "january",
            "february",
            "march",
            "april",
            "may",
            "june",
            "july",
            "august",
            "september",
            "october",
            "november",
            "december"
        };
        return full[month].equals(lower) || (month == 8 && lower.equals("sept"));
    }

    private static int smallNumber(String token) {
        if (token.isEmpty() || token.length() > 4) {
            return -1;
        }
        int value = 0;
        for (int i = 0; i < token.length(); i++) {
            char c = token.charAt(i);
            if (!isDigit(c)) {
                return -1;
            }
            value = value * 10 + (c - '0');
        }
        return value;
    }

    /** Returns the epoch day of a valid calendar date with a four-digit year, else {@link CellValue#INVALID}. */
    static long epochDay(int year, int month, int day) {
        if (year < 1000 || year > 9999 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
            return CellValue.INVALID;
        }
        // Days-from-civil (H. Hinnant), which avoids LocalDate on the ingest hot path.
        int y = month <= 2 ? year - 1 : year;
        int era = Math.floorDiv(y, 400);
        int yearOfEra = y - era * 400;
        int dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1;
        int dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear;
        return era * 146_097L + dayOfEra - 719_468;
    }

    private static int daysInMonth(int year, int month) {
        return switch (month) {
            case 2 -> (year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)) ? 29 : 28;
            case 4, 6, 9, 11 -> 30;
            default -> 31;
        };
    }
}

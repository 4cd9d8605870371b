package io.tablequery.dialects.translate;

import io.tablequery.dialects.SqliteReals;
import java.math.BigDecimal;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** SQLite's conversions between text and numbers, applied to constants while translating. */
final class SqliteNumbers {
    /** The longest numeric prefix SQLite reads when text is used as a number. */
    static final String REAL_PREFIX = "^\\s*([+-]?([0-9]+\\.?[0-9]*|\\.[0-9]+)([eE][+-]?[0-9]+)?)";
    /** A whole text that SQLite's numeric affinity turns into a number. */
    static final String WHOLE_NUMBER = "^\\s*[+-]?([0-9]+\\.?[0-9]*|\\.[0-9]+)([eE][+-]?[0-9]+)?\\s*$";

    private static final Pattern PREFIX = Pattern.compile(REAL_PREFIX);
    private static final Pattern WHOLE = Pattern.compile(WHOLE_NUMBER);
    private static final Pattern INTEGER_PREFIX = Pattern.compile("^\\s*([+-]?[0-9]+)");

    private SqliteNumbers() {}

    /**
     * Reads text as SQLite does in arithmetic: its longest numeric prefix, as an integer when it has no point or
     * exponent and fits, else as a double; 0 when there is none.
     */
    static Number prefix(String text) {
        Matcher matcher = PREFIX.matcher(text);
        if (!matcher.find()) {
            return 0L;
        }
        return number(matcher.group(1));
    }

    /** Reads the integer prefix of text, as {@code CAST(text AS INTEGER)} does. */
    static long integerPrefix(String text) {
        Matcher matcher = INTEGER_PREFIX.matcher(text);
        if (!matcher.find()) {
            return 0;
        }
        BigDecimal value = new BigDecimal(matcher.group(1));
        if (value.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0) {
            return Long.MAX_VALUE;
        }
        if (value.compareTo(BigDecimal.valueOf(Long.MIN_VALUE)) < 0) {
            return Long.MIN_VALUE;
        }
        return value.longValueExact();
    }

    /** Reads text that is entirely a number, as numeric affinity does; null when it is not one. */
    static Number whole(String text) {
        if (!WHOLE.matcher(text).matches()) {
            return null;
        }
        Number number = number(text.strip());
        if (number instanceof Double d && isIntegral(d)) {
            return (long) (double) d;
        }
        return number;
    }

    /** Parses a numeric literal's text: an integer when it has no point or exponent and fits 64 bits. */
    static Number number(String text) {
        String plain = text.startsWith("+") ? text.substring(1) : text;
        boolean real = plain.indexOf('.') >= 0 || plain.indexOf('e') >= 0 || plain.indexOf('E') >= 0;
        if (!real) {
            try {
                return Long.parseLong(plain);
            } catch (NumberFormatException e) {
                return Double.parseDouble(plain);
            }
        }
        return Double.parseDouble(plain);
    }

    /** Renders a double as SQLite's text for it; null for a value beyond the double range, which SQLite has not. */
    static String realText(double value) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            return null;
        }
        return SqliteReals.text(value);
    }

    static boolean isIntegral(double value) {
        return value == Math.rint(value) && Math.abs(value) < 9.2e18;
    }
}

package io.tablequery.engine.ingest.values;

/**
 * Parses decimal numbers quickly: a number with at most 15 significant digits and at most 22 digits after the point
 * is an exact integer divided by an exact power of ten, which IEEE division rounds correctly (Clinger's fast path).
 * Anything else goes to {@link Double#parseDouble}, so the result always equals it.
 */
public final class Decimals {
    private static final double[] POWERS_OF_TEN = new double[23];

    static {
        double power = 1;
        for (int i = 0; i < POWERS_OF_TEN.length; i++) {
            POWERS_OF_TEN[i] = power;
            power *= 10;
        }
    }

    private Decimals() {}

    /**
     * Parses a decimal number.
     *
     * @param text a number such as {@code -12.5}, {@code 1e3} or {@code .5}
     * @return its double value, equal to {@code Double.parseDouble(text)}
     * @throws NumberFormatException if the text is not a number
     */
    public static double parseDouble(String text) {
        return parseDouble(text, 0, text.length());
    }

    /**
     * Parses a decimal number from a range of a character sequence, without making a string of it first.
     *
     * @param text the characters
     * @param start the first character
     * @param end one past the last character
     * @return its double value, equal to {@code Double.parseDouble} of the range
     * @throws NumberFormatException if the range is not a number
     */
    public static double parseDouble(CharSequence text, int start, int end) {
        int i = start;
        boolean negative = false;
        if (i < end && (text.charAt(i) == '-' || text.charAt(i) == '+')) {
            negative = text.charAt(i) == '-';
            i++;
        }
        long mantissa = 0;
        int digits = 0;
        int allDigits = 0;
        int fractionDigits = 0;
        boolean point = false;
        for (; i < end; i++) {
            char c = text.charAt(i);
            if (c >= '0' && c <= '9') {
                allDigits++;
                if (digits > 0 || c != '0') {
                    digits++;
                }
                if (digits > 15) {
                    return Double.parseDouble(text.subSequence(start, end).toString());
                }
                mantissa = mantissa * 10 + (c - '0');
                if (point) {
                    fractionDigits++;
                }
            } else if (c == '.' && !point) {
                point = true;
            } else {
                return Double.parseDouble(text.subSequence(start, end).toString());
            }
        }
        if (fractionDigits > 22 || allDigits == 0) {
            return Double.parseDouble(text.subSequence(start, end).toString());
        }
        double value = mantissa / POWERS_OF_TEN[fractionDigits];
        return negative ? -value : value;
    }
}

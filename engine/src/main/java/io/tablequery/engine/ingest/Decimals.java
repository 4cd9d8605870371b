package io.tablequery.engine.ingest;

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
        int length = text.length();
        int i = 0;
        boolean negative = false;
        if (length > 0 && (text.charAt(0) == '-' || text.charAt(0) == '+')) {
            negative = text.charAt(0) == '-';
            i++;
        }
        long mantissa = 0;
        int digits = 0;
        int fractionDigits = 0;
        boolean point = false;
        for (; i < length; i++) {
            char c = text.charAt(i);
            if (c >= '0' && c <= '9') {
                if (digits > 0 || c != '0') {
                    digits++;
                }
                if (digits > 15) {
                    return Double.parseDouble(text);
                }
                mantissa = mantissa * 10 + (c - '0');
                if (point) {
                    fractionDigits++;
                }
            } else if (c == '.' && !point) {
                point = true;
            } else {
                return Double.parseDouble(text);
            }
        }
        if (fractionDigits > 22 || (digits == 0 && mantissa == 0 && !hasDigit(text))) {
            return Double.parseDouble(text);
        }
        double value = mantissa / POWERS_OF_TEN[fractionDigits];
        return negative ? -value : value;
    }

    private static boolean hasDigit(String text) {
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) >= '0' && text.charAt(i) <= '9') {
                return true;
            }
        }
        return false;
    }
}

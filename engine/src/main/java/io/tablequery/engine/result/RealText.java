package io.tablequery.engine.result;

import com.fasterxml.jackson.core.io.NumberOutput;
import io.tablequery.dialects.SqliteReals;

/**
 * The text every answer gives a REAL: the shortest decimal that reads back as the same double (what Python,
 * JavaScript and DuckDB print; Schubfach's digits, through Jackson), laid out as SQLite lays out a real: fixed
 * notation for decimal exponents from -4 to 16, else {@code d.ddde+XX}, always a digit after the point, so an
 * integral real reads {@code 13120000.0} and stays told apart from an integer. {@code 2.594 / 3} is {@code
 * 0.8646666666666666} where SQLite's own text is {@code 0.86466666666666658}; both read back as the same double, and
 * comparisons ({@code both}, the differential suites) compare the doubles, not this text.
 */
public final class RealText {
    private RealText() {}

    /**
     * Renders a double.
     *
     * @param value the double
     * @return its text: {@code Inf}, {@code -Inf} and {@code NaN} as SQLite names them, {@code 0.0} for either zero
     */
    public static String of(double value) {
        if (value == 0 || !Double.isFinite(value)) {
            return SqliteReals.text(value);
        }
        // Schubfach writes Double.toString's forms: "123.45", "0.00123" or "1.2345E10", one point in each.
        String text = NumberOutput.toString(Math.abs(value), true);
        int e = text.indexOf('E');
        if (e < 0) {
            // From 10^-3 to 10^7 it writes the plain decimal, a digit at least after the point and no zero past the
            // last digit but that one: SQLite's layout already (most values an answer shows).
            return value < 0 ? "-" + text : text;
        }
        int exponent = Integer.parseInt(text, e + 1, text.length(), 10);
        if (exponent > 0 && exponent <= SqliteReals.MOST_FIXED_EXPONENT) {
            return fixed(value < 0, text, e, exponent);
        }
        int dot = text.indexOf('.');
        StringBuilder digits = new StringBuilder(e).append(text, 0, dot).append(text, dot + 1, e);
        int first = 0;
        while (digits.charAt(first) == '0') {
            first++;
        }
        int last = digits.length();
        while (digits.charAt(last - 1) == '0') {
            last--;
        }
        return SqliteReals.layout(value < 0, digits.substring(first, last), dot + exponent - first);
    }

    /**
     * Writes Schubfach's {@code d.dddEx} of a value from 10^7 to below 10^17 in SQLite's fixed layout, moving the
     * point: {@code 1.2345678901E7} is {@code 12345678.901}, {@code 1.5E7} is {@code 15000000.0}. Its digits have no
     * trailing zero but the one of {@code d.0}.
     */
    private static String fixed(boolean negative, String text, int e, int exponent) {
        StringBuilder out = new StringBuilder(exponent + 20);
        if (negative) {
            out.append('-');
        }
        out.append(text.charAt(0));
        int fraction = e == 3 && text.charAt(2) == '0' ? 0 : e - 2;
        if (fraction <= exponent) {
            out.append(text, 2, 2 + fraction);
            for (int i = fraction; i < exponent; i++) {
                out.append('0');
            }
            return out.append(".0").toString();
        }
        return out.append(text, 2, 2 + exponent)
                .append('.')
                .append(text, 2 + exponent, e)
                .toString();
    }
}

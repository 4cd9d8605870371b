package io.tablequery.engine.result;

import com.fasterxml.jackson.core.io.NumberOutput;
import io.tablequery.dialects.SqliteReals;
import java.math.BigDecimal;

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
        BigDecimal shortest = new BigDecimal(NumberOutput.toString(Math.abs(value), true)).stripTrailingZeros();
        String digits = shortest.unscaledValue().toString();
        return SqliteReals.layout(value < 0, digits, digits.length() - shortest.scale());
    }
}

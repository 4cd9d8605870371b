package io.tablequery.engine.result;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.io.NumberOutput;
import io.tablequery.dialects.SqliteReals;
import java.math.BigDecimal;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class RealTextTest {
    @Test
    void writesTheShortestTextInSqlitesLayout() {
        assertThat(RealText.of(2.594 / 3)).isEqualTo("0.8646666666666666");
        assertThat(SqliteReals.text(2.594 / 3)).isEqualTo("0.86466666666666658");
        assertThat(RealText.of(1.0 / 3)).isEqualTo("0.3333333333333333");
        assertThat(RealText.of(0.1 + 0.2)).isEqualTo("0.30000000000000004");
        assertThat(RealText.of(0.1)).isEqualTo("0.1");
        assertThat(RealText.of(-2.5)).isEqualTo("-2.5");
        assertThat(RealText.of(13_120_000.0))
                .as("an integral real keeps its point")
                .isEqualTo("13120000.0");
        assertThat(RealText.of(1e16)).isEqualTo("10000000000000000.0");
        assertThat(RealText.of(1e17)).isEqualTo("1.0e+17");
        assertThat(RealText.of(1.5e100)).isEqualTo("1.5e+100");
        assertThat(RealText.of(0.0001)).isEqualTo("0.0001");
        assertThat(RealText.of(0.00001234)).isEqualTo("1.234e-05");
        assertThat(RealText.of(Double.MIN_VALUE)).isEqualTo("4.9e-324");
        assertThat(RealText.of(Double.MAX_VALUE)).isEqualTo("1.7976931348623157e+308");
        assertThat(RealText.of(-0.0)).isEqualTo("0.0");
        assertThat(RealText.of(Double.NaN)).isEqualTo("NaN");
        assertThat(RealText.of(Double.NEGATIVE_INFINITY)).isEqualTo("-Inf");
    }

    @Test
    void readsBackAsTheSameDoubleInNoMoreDigitsThanSqlite() {
        SplittableRandom random = new SplittableRandom(47);
        for (int i = 0; i < 200_000; i++) {
            double value = i % 2 == 0
                    ? Double.longBitsToDouble(random.nextLong())
                    : Math.round(random.nextDouble() * 1e6) / Math.pow(10, random.nextInt(8));
            if (!Double.isFinite(value) || value == 0) {
                continue;
            }
            String text = RealText.of(value);
            assertThat(Double.parseDouble(text)).as(text).isEqualTo(value);
            assertThat(digits(text))
                    .as("%s against SQLite's %s", text, SqliteReals.text(value))
                    .isLessThanOrEqualTo(digits(SqliteReals.text(value)));
            assertThat(layout(text)).as(text).isEqualTo(layout(SqliteReals.text(value)));
            assertThat(text).as("Schubfach's digits, laid out").isEqualTo(shortestDecimal(value));
        }
    }

    /**
     * From 10^-3 to 10^7 Schubfach's own text is SQLite's layout and is used as it is: every double of the band, at
     * both its ends and spread over its exponents, reads as the slow path would write it.
     */
    @Test
    void writesThePlainDecimalBandAsTheLayoutWould() {
        assertThat(RealText.of(0.001)).isEqualTo("0.001");
        assertThat(RealText.of(Math.nextDown(0.001))).isEqualTo("0.0009999999999999998");
        assertThat(RealText.of(-0.00123)).isEqualTo("-0.00123");
        assertThat(RealText.of(9_999_999.5)).isEqualTo("9999999.5");
        assertThat(RealText.of(Math.nextDown(1e7))).isEqualTo("9999999.999999998");
        assertThat(RealText.of(1e7)).isEqualTo("10000000.0");
        assertThat(RealText.of(1_234_567.0)).isEqualTo("1234567.0");
        SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < 200_000; i++) {
            double value = Math.pow(10, -3 + 10 * random.nextDouble()) * (random.nextBoolean() ? 1 : -1);
            assertThat(RealText.of(value)).isEqualTo(shortestDecimal(value));
        }
    }

    /**
     * From 10^7 to below 10^17 Schubfach writes {@code d.dddEx} and the point is moved into SQLite's fixed layout:
     * every double of the band, at its ends, integral or not, and past it in exponent form, reads as the slow path
     * would write it.
     */
    @Test
    void movesThePointOfLargeRealsAsTheLayoutWould() {
        assertThat(RealText.of(12_345_678.901)).isEqualTo("12345678.901");
        assertThat(RealText.of(-15_000_000.0)).isEqualTo("-15000000.0");
        assertThat(RealText.of(12_345_678.0)).isEqualTo("12345678.0");
        assertThat(RealText.of(1e16)).isEqualTo("10000000000000000.0");
        assertThat(RealText.of(Math.nextDown(1e17))).isEqualTo("99999999999999980.0");
        assertThat(RealText.of(1e17)).isEqualTo("1.0e+17");
        assertThat(RealText.of(1.5e-4)).isEqualTo("0.00015");
        assertThat(RealText.of(1.5e-5)).isEqualTo("1.5e-05");
        SplittableRandom random = new SplittableRandom(11);
        for (int i = 0; i < 200_000; i++) {
            double magnitude = Math.pow(10, 7 + 12 * random.nextDouble());
            double value = (random.nextBoolean() ? Math.rint(magnitude) : magnitude) * (random.nextBoolean() ? 1 : -1);
            assertThat(RealText.of(value)).isEqualTo(shortestDecimal(value));
            double small = Math.pow(10, -9 + 6 * random.nextDouble());
            assertThat(RealText.of(small)).isEqualTo(shortestDecimal(small));
        }
    }

    /** The shortest decimal of a double by way of BigDecimal, the slow and plain reading of Schubfach's text. */
    private static String shortestDecimal(double value) {
        BigDecimal shortest = new BigDecimal(NumberOutput.toString(Math.abs(value), true)).stripTrailingZeros();
        String digits = shortest.unscaledValue().toString();
        return SqliteReals.layout(value < 0, digits, digits.length() - shortest.scale());
    }

    /** The significant digits of a text. */
    private static int digits(String text) {
        String mantissa = text.replace("-", "").split("e")[0].replace(".", "");
        return mantissa.replaceFirst("^0+", "").replaceFirst("0+$", "").length();
    }

    /** Whether a text is in exponent form, and its exponent's sign. */
    private static String layout(String text) {
        return text.contains("e-") ? "e-" : text.contains("e+") ? "e+" : "fixed";
    }
}

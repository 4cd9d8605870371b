package io.tablequery.dialects;

import java.math.BigInteger;

/**
 * Renders a double as SQLite 3.54 renders a REAL as text ({@code CAST(x AS TEXT)}, {@code sqlite3_column_text}, the
 * shell): {@code printf("%!.17g")} over SQLite's own digit generation, which multiplies by a 64-bit power of ten
 * and rounds to 17 significant digits, so it writes {@code 0.1} and {@code 0.33333333333333332} where Java's
 * shortest form writes {@code 0.3333333333333333}. Fixed notation for decimal exponents from -4 to 16, else
 * {@code d.ddde+XX}; always a digit after the point.
 */
public final class SqliteReals {
    private static final int FIRST_POWER = -348;
    private static final int LAST_POWER = 347;
    private static final int DIGITS = 17;
    /** The largest decimal exponent {@link #layout} writes in fixed notation; above it, {@code d.ddde+XX}. */
    public static final int MOST_FIXED_EXPONENT = DIGITS - 1;
    /** The significant digits generated before rounding to {@link #DIGITS}. */
    private static final int GENERATED = 18;
    /** {@code 10^k} for k from -348 to 347, as the 64 leading bits of its binary expansion, truncated. */
    private static final long[] POWERS_OF_TEN = powersOfTen();
    /** {@code 10^k} for k from 0 to 22, each exactly a double. */
    private static final double[] EXACT_POWERS_OF_TEN = {
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19,
        1e20, 1e21, 1e22
    };

    private SqliteReals() {}

    /**
     * Renders a value.
     *
     * @param value the double
     * @return SQLite's text for it: {@code Inf} and {@code -Inf} for infinities, {@code NaN} for not-a-number
     */
    public static String text(double value) {
        if (Double.isNaN(value)) {
            return "NaN";
        }
        if (Double.isInfinite(value)) {
            return value > 0 ? "Inf" : "-Inf";
        }
        if (value == 0) {
            return "0.0";
        }
        Decimal decimal = decode(Math.abs(value));
        return layout(value < 0, decimal.digits(), decimal.pointAt());
    }

    /**
     * Lays out a non-zero real's significant digits as SQLite does: fixed notation for decimal exponents from -4 to
     * 16, else {@code d.ddde+XX}; always a digit after the point.
     *
     * @param negative whether the value is below zero
     * @param digits its significant digits, without leading or trailing zeros
     * @param pointAt where the decimal point falls among them: 1 for {@code d.dd}, 0 for {@code 0.dd}, -1 for {@code
     *     0.0dd}
     * @return the text
     */
    public static String layout(boolean negative, String digits, int pointAt) {
        StringBuilder out = new StringBuilder(26);
        if (negative) {
            out.append('-');
        }
        int exponent = pointAt - 1;
        if (exponent < -4 || exponent > MOST_FIXED_EXPONENT) {
            out.append(digits.charAt(0)).append('.');
            out.append(digits.length() > 1 ? digits.substring(1) : "0");
            out.append(exponent < 0 ? "e-" : "e+");
            int magnitude = Math.abs(exponent);
            if (magnitude < 10) {
                out.append('0');
            }
            return out.append(magnitude).toString();
        }
        int point = pointAt;
        if (point <= 0) {
            out.append("0.").append("0".repeat(-point)).append(digits);
        } else if (point >= digits.length()) {
            out.append(digits).append("0".repeat(point - digits.length())).append(".0");
        } else {
            out.append(digits, 0, point).append('.').append(digits, point, digits.length());
        }
        return out.toString();
    }

    /** Significant digits without trailing zeros, and where the decimal point falls among them. */
    private record Decimal(String digits, int pointAt) {}

    private static Decimal decode(double positive) {
        long bits = Double.doubleToRawLongBits(positive);
        int e = (int) (bits >>> 52) & 0x7ff;
        long m = bits & 0x000f_ffff_ffff_ffffL;
        if (e == 0) {
            int shift = Long.numberOfLeadingZeros(m);
            m <<= shift;
            e = -1074 - shift;
        } else {
            m = (m << 11) | Long.MIN_VALUE;
            e -= 1086;
        }
        int p = GENERATED - 1 - floorLog10OfPowerOfTwo(e + 63);
        long high = unsignedMultiplyHigh(m, POWERS_OF_TEN[p - FIRST_POWER]);
        high >>>= -(e + floorLog2OfPowerOfTen(p) + 2);
        long significand = (high + ((high << 1) & 2)) >>> 1;
        char[] z = Long.toUnsignedString(significand).toCharArray();
        int n = z.length;
        int exp = -p;
        int pointAt = n + exp;
        if (n > DIGITS) {
            int round = DIGITS;
            if (z[15] == '9' && z[14] == '9') {
                int jj = 14;
                while (jj > 0 && z[jj - 1] == '9') {
                    jj--;
                }
                long shorter = jj == 0 ? 1 : prefix(z, jj) + 1;
                if (positive == parse(shorter, exp + n - jj)) {
                    round = jj + 1;
                }
            } else if (pointAt >= n || (z[15] == '0' && z[14] == '0' && z[13] == '0')) {
                int jj = 13;
                while (z[jj - 1] == '0') {
                    jj--;
                }
                if (positive == parse(prefix(z, jj), exp + n - jj)) {
                    round = jj + 1;
                }
            }
            n = round;
            if (z[round] >= '5') {
                int j = round - 1;
                while (j >= 0 && z[j] == '9') {
                    z[j--] = '0';
                }
                if (j >= 0) {
                    z[j]++;
                } else {
                    return new Decimal("1", pointAt + 1);
                }
            }
        }
        while (n > 1 && z[n - 1] == '0') {
            n--;
        }
        return new Decimal(new String(z, 0, n), pointAt);
    }

    private static long prefix(char[] digits, int length) {
        long value = 0;
        for (int k = 0; k < length; k++) {
            value = value * 10 + digits[k] - '0';
        }
        return value;
    }

    /**
     * The double nearest {@code digits * 10^exponent}, as SQLite's own conversion finds it. Digits below 2^53 and a
     * power of ten up to 10^22 are both exact doubles, so one multiplication or division, rounded once, gives that
     * double (Clinger's fast path) without making and parsing text.
     */
    private static double parse(long digits, int exponent) {
        if (digits >= 0 && digits < 1L << 53 && Math.abs(exponent) < EXACT_POWERS_OF_TEN.length) {
            return exponent >= 0 ? digits * EXACT_POWERS_OF_TEN[exponent] : digits / EXACT_POWERS_OF_TEN[-exponent];
        }
        return Double.parseDouble(digits + "E" + exponent);
    }

    /** floor(log10(2^x)), by SQLite's fixed-point ratio. */
    private static int floorLog10OfPowerOfTwo(int x) {
        return (x * 78913) >> 18;
    }

    /** floor(log2(10^x)), by SQLite's fixed-point ratio. */
    private static int floorLog2OfPowerOfTen(int x) {
        return (x * 108853) >> 15;
    }

    private static long unsignedMultiplyHigh(long a, long b) {
        return Math.multiplyHigh(a, b) + ((a >> 63) & b) + ((b >> 63) & a);
    }

    private static long[] powersOfTen() {
        long[] powers = new long[LAST_POWER - FIRST_POWER + 1];
        BigInteger ten = BigInteger.TEN;
        for (int k = FIRST_POWER; k <= LAST_POWER; k++) {
            BigInteger leading;
            if (k >= 0) {
                BigInteger power = ten.pow(k);
                int shift = power.bitLength() - 64;
                leading = shift >= 0 ? power.shiftRight(shift) : power.shiftLeft(-shift);
            } else {
                BigInteger divisor = ten.pow(-k);
                int shift = 63 + divisor.bitLength();
                leading = BigInteger.ONE.shiftLeft(shift).divide(divisor);
            }
            powers[k - FIRST_POWER] = leading.longValue();
        }
        return powers;
    }

    /** The table entry for {@code 10^k}, for tests that pin it. */
    static long powerOfTen(int k) {
        return POWERS_OF_TEN[k - FIRST_POWER];
    }
}

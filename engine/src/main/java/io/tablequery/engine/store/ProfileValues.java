package io.tablequery.engine.store;

import io.tablequery.engine.catalog.ColumnType;
import io.tablequery.engine.result.RealText;
import java.util.Comparator;

/**
 * How a profile writes and orders a column's values, whoever computed it: in the SQLite copy's representation, as a
 * SQLite plan sees them. Integers and 0/1 booleans as decimal text, reals as every answer writes them ({@link
 * RealText}: the shortest text that reads back as the double, {@code -0.0} as {@code 0.0}), dates and timestamps as
 * their ISO text, text as it is. Values order as DuckDB orders the column: numbers by value, everything else by its
 * UTF-8 bytes (code point order).
 */
public final class ProfileValues {
    private ProfileValues() {}

    /**
     * Turns the text DuckDB gives for a value ({@code CAST(v AS VARCHAR)}) into the profile's text: DuckDB writes a
     * real in its shortest form ({@code 1e+20}, {@code -0.0}), which reads back as the same double.
     *
     * @param type the column's type
     * @param duckDbText DuckDB's text, or null
     * @return the profile's text, or null
     */
    static String fromDuckDb(ColumnType type, String duckDbText) {
        if (duckDbText == null || type != ColumnType.REAL) {
            return duckDbText;
        }
        return real(parseReal(duckDbText));
    }

    /** A real's text in a profile. */
    static String real(double value) {
        return RealText.of(value);
    }

    /**
     * The order of a column's values, applied to their profile text; a value that is not of the type throws.
     *
     * @param type the column's type
     * @return the order
     */
    public static Comparator<String> order(ColumnType type) {
        return switch (type) {
            case INTEGER, BOOLEAN -> Comparator.comparingLong(Long::parseLong);
            case REAL -> Comparator.comparingDouble(ProfileValues::parseReal);
            default -> ProfileValues::compareCodePoints;
        };
    }

    /**
     * Compares two strings by code point, which is how their UTF-8 bytes compare: UTF-16 order differs only where a
     * surrogate pair meets a character from U+E000 to U+FFFF.
     */
    static int compareCodePoints(String a, String b) {
        int n = Math.min(a.length(), b.length());
        for (int i = 0; i < n; i++) {
            char x = a.charAt(i);
            char y = b.charAt(i);
            if (x != y) {
                return Integer.compare(codePointRank(x), codePointRank(y));
            }
        }
        return Integer.compare(a.length(), b.length());
    }

    private static int codePointRank(char c) {
        if (c >= '\uD800' && c <= '\uDFFF') {
            return c + 0x2000;
        }
        return c >= '\uE000' ? c - 0x800 : c;
    }

    private static double parseReal(String text) {
        return switch (text) {
            case "inf", "Inf" -> Double.POSITIVE_INFINITY;
            case "-inf", "-Inf" -> Double.NEGATIVE_INFINITY;
            case "nan", "-nan", "NaN" -> Double.NaN;
            default -> Double.parseDouble(text);
        };
    }
}

package io.tablequery.dialects.translate;

/**
 * SQLite 3.54's {@code round(x, n)} in DuckDB SQL. SQLite leaves {@code x} beyond 2^52 as it is (it has no
 * fraction to round, and adding 0.5 would round it in binary); below that, it rounds {@code x} with no digits as
 * {@code (double)(i64)(x + 0.5)}, in binary, and otherwise writes {@code x} as decimal digits, rounds them half up at
 * the n-th decimal (looking at one digit only), and reads the text back. DuckDB's own {@code round} rounds the binary
 * value exactly, which differs near a tie: {@code round(1899.5 * (1 - 0.1), 1)} is 1709.5 on SQLite, as the product
 * is just below 1709.55, and 1709.6 on DuckDB.
 */
final class SqliteRounding {
    private SqliteRounding() {}

    /**
     * The DuckDB SQL of {@code round(x, digits)}.
     *
     * @param x DuckDB SQL of a DOUBLE
     * @param digits the decimals, 0 to 30
     * @return the SQL of a DOUBLE
     */
    static String sql(String x, int digits) {
        String rounded =
                digits > 0 ? viaText("v", digits) : "CASE WHEN v >= 0 THEN trunc(v + 0.5) ELSE -trunc(-v + 0.5) END";
        return once(x, "v", "CASE WHEN abs(v) > 4503599627370496.0 THEN v ELSE " + rounded + " END");
    }

    /** Evaluates {@code x} once, as {@code name} in {@code body}, so a nested round does not grow its SQL. */
    private static String once(String x, String name, String body) {
        return "list_transform([" + x + "], lambda " + name + ": " + body + ")[1]";
    }

    /**
     * Rounding of SQLite's digits. SQLite scales {@code |x|} by {@code 10^p}, p fixed by the binary exponent k of x
     * ({@code p = 17 - floor(k * 78913 / 2^18)}), to an integer of 18 or 19 digits, and keeps
     * {@code exponent + 1 + digits} of them, half up on the next one. The digits are DuckDB's exact ones at that
     * length ({@code printf('%.17e')} or {@code '%.18e'}).
     */
    private static String viaText(String v, int digits) {
        String a = "abs(" + v + ")";
        String log = "CAST(floor(log2(" + a + ")) AS INTEGER)";
        String k = "(" + log + " - CASE WHEN pow(2, " + log + ") > " + a + " THEN 1 ELSE 0 END + CASE WHEN pow(2, "
                + log + " + 1) <= " + a + " THEN 1 ELSE 0 END)";
        String p = "(17 - CAST(floor(" + k + " * 78913 / 262144.0) AS INTEGER))";
        String long19 = "printf('%.18e', " + a + ")";
        String count = "(CAST(" + long19 + "[22:] AS INTEGER) + 1 + " + p + ")";
        String text = "CASE WHEN " + count + " >= 19 THEN " + long19 + " ELSE printf('%.17e', " + a + ") END";
        String mantissa = "CAST(replace(split_part(t, 'e', 1), '.', '') AS HUGEINT)";
        String length = "(length(split_part(t, 'e', 1)) - 1)";
        String kept = "(CAST(split_part(t, 'e', 2) AS INTEGER) + " + (1 + digits) + ")";
        String dropped = "CAST(pow(10, " + length + " - " + kept + ") AS HUGEINT)";
        String next = "(" + mantissa + " // CAST(pow(10, " + length + " - 1 - " + kept + ") AS HUGEINT)) % 10";
        String rounded = "(" + mantissa + " // " + dropped + " + CASE WHEN " + next + " >= 5 THEN 1 ELSE 0 END)";
        String scaled = "CAST(CAST(" + rounded + " AS VARCHAR) || 'e-" + digits + "' AS DOUBLE)";
        String magnitude = "CASE WHEN " + kept + " >= " + length + " THEN " + a + " WHEN " + kept + " < 0 THEN 0.0"
                + " WHEN " + kept + " = 0 THEN CASE WHEN CAST(t[1:1] AS INTEGER) >= 5 THEN CAST('1e-" + digits
                + "' AS DOUBLE) ELSE 0.0 END ELSE " + scaled + " END";
        String signed = "CASE WHEN " + v + " < 0 THEN -1.0 ELSE 1.0 END * (" + magnitude + ")";
        return "CASE WHEN " + v + " IS NULL THEN NULL WHEN " + v + " = 0 THEN 0.0 ELSE " + once(text, "t", signed)
                + " END";
    }
}

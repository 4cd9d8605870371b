package io.tablequery.dialects.translate;

/**
 * SQLite 3.54's {@code round(x, n)}, decided once for every dialect. SQLite leaves {@code x} beyond 2^52 as it is
 * (it has no fraction to round, and adding 0.5 would round it in binary); below that, it rounds {@code x} with no
 * digits as {@code (double)(i64)(x + 0.5)}, in binary, and otherwise writes {@code x} as decimal digits, rounds them
 * half up at the n-th decimal (looking at one digit only), and reads the text back. An engine's own {@code round}
 * rounds the binary value exactly, which differs near a tie: {@code round(1899.5 * (1 - 0.1), 1)} is 1709.5 on
 * SQLite, as the product is just below 1709.55, and 1709.6 on DuckDB.
 *
 * <p>SQLite's digits are the integer nearest {@code |x| * 10^p}, p fixed by the binary exponent k of x ({@code p = 17
 * - floor(k * 78913 / 2^18)}), of 18 or 19 digits; the target makes that integer ({@link SqlDialect#scaledDigits}),
 * and the rest (which digit is rounded, the text read back) is written here once.
 */
final class SqliteRounding {
    /** 2^52, beyond which SQLite leaves a real as it is. */
    private static final String WHOLE = "4503599627370496.0";

    /** The most digits the scaled integer is cut by: below that, the answer is 0. */
    private static final int MOST_DROPPED = 19;

    private SqliteRounding() {}

    /**
     * The SQL of {@code round(x, digits)}.
     *
     * @param dialect the target
     * @param x SQL of a DOUBLE
     * @param digits the decimals, 0 to 30
     * @return the SQL of a DOUBLE
     */
    static String sql(SqlDialect dialect, String x, int digits) {
        String rounded = digits > 0
                ? viaDigits(dialect, "v", digits)
                : "CASE WHEN v >= 0 THEN CAST(floor(v + 0.5) AS DOUBLE) ELSE -CAST(floor(-v + 0.5) AS DOUBLE) END";
        return dialect.bind(x, "v", "CASE WHEN abs(v) > " + WHOLE + " THEN v ELSE " + rounded + " END");
    }

    /**
     * Rounding of SQLite's digits: of the scaled integer, {@code p - digits} digits are dropped and the next one
     * rounds the rest half up; none dropped leaves x as it is, more than the integer has gives 0.
     */
    private static String viaDigits(SqlDialect dialect, String v, int digits) {
        String a = "abs(" + v + ")";
        String log = "CAST(floor(log2(" + a + ")) AS INTEGER)";
        String k = "(" + log + " - CASE WHEN pow(2, " + log + ") > " + a + " THEN 1 ELSE 0 END + CASE WHEN pow(2, "
                + log + " + 1) <= " + a + " THEN 1 ELSE 0 END)";
        String p = "(17 - CAST(floor(" + k + " * 78913 / 262144.0) AS INTEGER))";
        String drop = "(p - " + digits + ")";
        String kept = dialect.integerDivision("n", tenTo(drop, dialect));
        String next = dialect.integerDivision("n % " + tenTo(drop, dialect), tenTo(drop + " - 1", dialect));
        String rounded = "(" + kept + " + CASE WHEN " + next + " >= 5 THEN 1 ELSE 0 END)";
        String magnitude = "CAST(CAST(" + rounded + " AS " + dialect.textType() + ") || 'e-" + digits + "' AS DOUBLE)";
        String signed = "CASE WHEN " + v + " < 0 THEN -1.0 ELSE 1.0 END * " + magnitude;
        String cut = "CASE WHEN " + drop + " <= 0 THEN " + v + " WHEN " + drop + " > " + MOST_DROPPED
                + " THEN 0.0 ELSE " + dialect.bind(dialect.scaledDigits(a, "p"), "n", signed) + " END";
        return "CASE WHEN " + v + " IS NULL THEN NULL WHEN " + v + " = 0 THEN 0.0 ELSE " + dialect.bind(p, "p", cut)
                + " END";
    }

    /** 10 to an exponent of 0 to 19, as an exact integer. */
    private static String tenTo(String exponent, SqlDialect dialect) {
        return "CAST(pow(10, " + exponent + ") AS " + dialect.wideIntegerType() + ")";
    }
}

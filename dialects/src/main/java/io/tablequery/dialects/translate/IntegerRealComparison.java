package io.tablequery.dialects.translate;

import java.math.BigDecimal;

/**
 * Compares an integer with a real exactly, as SQLite does, where DuckDB would round the integer to a double: above
 * 2^53 two different numbers then compare equal ({@code 9007199254740993 = 9007199254740992.0} is false in SQLite,
 * true in DuckDB).
 *
 * <p>The real is moved to the integers instead, losing nothing: an integer is below a real exactly when it is
 * below its ceiling, at most it exactly when at most its floor, and equal to it only when the real is whole. The
 * ceiling and floor are clamped to ±10^19, beyond every 64-bit integer, and compared as HUGEINT (DuckDB) or
 * DECIMAL(38, 0) (Spark SQL).
 */
final class IntegerRealComparison {
    /** The largest magnitude below which every integer is exactly a double. */
    private static final long EXACT_DOUBLE = 1L << 53;
    /** The digits of a whole number no 64-bit integer equals. */
    private static final String NO_INTEGER = "100000000000000000000";
    /** A bound beyond every 64-bit integer, within a wide integer. */
    private static final double LIMIT = 1e19;

    private IntegerRealComparison() {}

    /** Whether comparing these two values through a double could be inexact. */
    static boolean needed(Typed left, Typed right) {
        return inexact(left, right) || inexact(right, left);
    }

    private static boolean inexact(Typed integer, Typed real) {
        return integer.type() == SqlType.INTEGER
                && real.type() == SqlType.REAL
                && !(integer.constant() instanceof Long value && Math.abs(value) <= EXACT_DOUBLE);
    }

    /** The comparison of two values of which one is an integer and one a real, in SQLite's NULL logic. */
    static String sql(Typed left, String operator, Typed right, SqlDialect dialect) {
        boolean integerLeft = left.type() == SqlType.INTEGER;
        String integer = integerLeft ? left.sql() : right.sql();
        Typed real = integerLeft ? right : left;
        requireExact(real, dialect);
        String op = integerLeft ? operator : mirrored(operator);
        return switch (op) {
            case "<" -> "(" + integer + " < " + rounded(real, "ceil", dialect) + ")";
            case ">=" -> "(" + integer + " >= " + rounded(real, "ceil", dialect) + ")";
            case "<=" -> "(" + integer + " <= " + rounded(real, "floor", dialect) + ")";
            case ">" -> "(" + integer + " > " + rounded(real, "floor", dialect) + ")";
            case "=" -> equal(integer, real, dialect);
            case "<>" -> "(NOT " + equal(integer, real, dialect) + ")";
            case "IS" ->
                "(" + integer + " IS NULL AND " + real.sql() + " IS NULL OR coalesce(" + equal(integer, real, dialect)
                        + ", FALSE))";
            case "IS NOT" ->
                "(NOT (" + integer + " IS NULL AND " + real.sql() + " IS NULL OR coalesce("
                        + equal(integer, real, dialect) + ", FALSE)))";
            default -> throw new AssertionError(operator);
        };
    }

    /**
     * A real as a value an integer can be compared with for equality: itself when whole, else a number no 64-bit
     * integer equals; NULL stays NULL.
     */
    static String asInteger(Typed real, SqlDialect dialect) {
        requireExact(real, dialect);
        return integerOf(real, dialect);
    }

    private static String integerOf(Typed real, SqlDialect dialect) {
        if (real.constant() instanceof Double value) {
            return Math.floor(value) == value ? clamped(value, dialect) : wide(NO_INTEGER, dialect);
        }
        String sql = real.sql();
        return "(CASE WHEN " + sql + " IS NULL THEN NULL WHEN floor(" + sql + ") = " + sql + " THEN "
                + clamped(sql, sql, dialect) + " ELSE " + wide(NO_INTEGER, dialect) + " END)";
    }

    private static String equal(String integer, Typed real, SqlDialect dialect) {
        return "(" + integer + " = " + integerOf(real, dialect) + ")";
    }

    /**
     * Refuses a real that is not a constant where the dialect cannot take its ceiling or floor as a wide integer:
     * there the comparison could only round the integer to a double.
     */
    private static void requireExact(Typed real, SqlDialect dialect) {
        if (!(real.constant() instanceof Double) && !dialect.has(SqlDialect.Feature.INTEGER_REAL_COMPARISONS)) {
            throw new Refusal("an integer compared exactly with a real that is not a constant has no exact "
                    + dialect.name() + " counterpart");
        }
    }

    /** The ceiling or floor of a real as a wide integer. */
    private static String rounded(Typed real, String function, SqlDialect dialect) {
        if (real.constant() instanceof Double value) {
            return clamped(function.equals("ceil") ? Math.ceil(value) : Math.floor(value), dialect);
        }
        return clamped(real.sql(), function + "(" + real.sql() + ")", dialect);
    }

    private static String clamped(double whole, SqlDialect dialect) {
        double bounded = Math.max(-LIMIT, Math.min(LIMIT, whole));
        return wide(new BigDecimal(bounded).toBigInteger().toString(), dialect);
    }

    /** A whole number's digits as the dialect's wide integer. */
    private static String wide(String digits, SqlDialect dialect) {
        return "CAST('" + digits + "' AS " + dialect.wideIntegerType() + ")";
    }

    /**
     * A whole number made from a real, as a wide integer: beyond the 64-bit range (decided on the real itself, as a
     * target's {@code ceil} or {@code floor} may answer a saturated BIGINT there) a bound beyond every 64-bit integer,
     * else the whole number through a BIGINT, which holds it exactly (a target may cast a double to a decimal through
     * its shortest text, which is not exact above 2^53).
     */
    private static String clamped(String real, String whole, SqlDialect dialect) {
        return "CASE WHEN " + real + " >= 9223372036854775808E0 THEN " + clamped(LIMIT, dialect) + " WHEN " + real
                + " < -9223372036854775808E0 THEN " + clamped(-LIMIT, dialect) + " ELSE CAST(CAST(" + whole
                + " AS BIGINT) AS " + dialect.wideIntegerType() + ") END";
    }

    private static String mirrored(String operator) {
        return switch (operator) {
            case "<" -> ">";
            case ">" -> "<";
            case "<=" -> ">=";
            case ">=" -> "<=";
            default -> operator;
        };
    }
}

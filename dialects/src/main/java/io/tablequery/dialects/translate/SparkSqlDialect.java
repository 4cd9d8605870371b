package io.tablequery.dialects.translate;

import java.util.EnumSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Spark SQL (Spark 4, ANSI mode, {@code spark.sql.ansi.doubleQuotedIdentifiers=true}), as the Spark engine's sessions
 * are configured. Spark has no 128-bit integer but exact DECIMAL(38, 0), divides integers with {@code div}, binds a
 * value with {@code transform(array(v), x -> ...)[0]}, matches regular expressions with Java's syntax, reads backslash
 * escapes in string constants, keeps a step's rows in order by a hidden column of increasing ids, and spells SQLite's
 * date functions over its microsecond TIMESTAMP ({@link SparkDateTimes}), {@code round} through exact products of
 * doubles and {@code group_concat} as {@code listagg}. What it has no exact spelling for (a union type, ordered folds
 * of reals, the text of a double as SQLite writes it, lists sorted by their elements' fields) is refused, and so is
 * every function whose Spark counterpart was not checked against SQLite.
 */
public final class SparkSqlDialect implements SqlDialect {
    /** The one instance. */
    public static final SparkSqlDialect INSTANCE = new SparkSqlDialect();

    /** The hidden column that orders a step's rows as they were made. */
    public static final String ORDER_COLUMN = "__tq_order";

    private static final Set<Feature> FEATURES =
            EnumSet.of(Feature.INTEGER_REAL_COMPARISONS, Feature.ROUNDING, Feature.ORDERED_STRING_AGGREGATES);

    /** SQLite functions whose translation Spark computes as SQLite does, with the argument counts allowed. */
    private static final Map<String, int[]> FUNCTIONS = Map.ofEntries(
            Map.entry("count", new int[] {0, 1}),
            Map.entry("sum", new int[] {1, 1}),
            Map.entry("total", new int[] {1, 1}),
            Map.entry("avg", new int[] {1, 1}),
            Map.entry("min", new int[] {1, Integer.MAX_VALUE}),
            Map.entry("max", new int[] {1, Integer.MAX_VALUE}),
            Map.entry("row_number", new int[] {0, 0}),
            Map.entry("rank", new int[] {0, 0}),
            Map.entry("dense_rank", new int[] {0, 0}),
            Map.entry("percent_rank", new int[] {0, 0}),
            Map.entry("cume_dist", new int[] {0, 0}),
            Map.entry("ntile", new int[] {1, 1}),
            Map.entry("lag", new int[] {1, 3}),
            Map.entry("lead", new int[] {1, 3}),
            Map.entry("first_value", new int[] {1, 1}),
            Map.entry("last_value", new int[] {1, 1}),
            Map.entry("coalesce", new int[] {2, Integer.MAX_VALUE}),
            Map.entry("ifnull", new int[] {2, 2}),
            Map.entry("nullif", new int[] {2, 2}),
            Map.entry("iif", new int[] {2, Integer.MAX_VALUE}),
            Map.entry("if", new int[] {2, Integer.MAX_VALUE}),
            Map.entry("abs", new int[] {1, 1}),
            Map.entry("sign", new int[] {1, 1}),
            Map.entry("sqrt", new int[] {1, 1}),
            Map.entry("round", new int[] {1, 2}),
            Map.entry("pi", new int[] {0, 0}),
            Map.entry("length", new int[] {1, 1}),
            Map.entry("lower", new int[] {1, 1}),
            Map.entry("upper", new int[] {1, 1}),
            Map.entry("instr", new int[] {2, 2}),
            Map.entry("substr", new int[] {2, 3}),
            Map.entry("substring", new int[] {2, 3}),
            Map.entry("replace", new int[] {3, 3}),
            Map.entry("trim", new int[] {1, 1}),
            Map.entry("ltrim", new int[] {1, 1}),
            Map.entry("rtrim", new int[] {1, 1}),
            Map.entry("concat_ws", new int[] {2, Integer.MAX_VALUE}),
            Map.entry("group_concat", new int[] {1, 2}),
            Map.entry("string_agg", new int[] {2, 2}),
            Map.entry("typeof", new int[] {1, 1}),
            Map.entry("likely", new int[] {1, 1}),
            Map.entry("unlikely", new int[] {1, 1}),
            Map.entry("likelihood", new int[] {2, 2}),
            Map.entry("date", new int[] {0, Integer.MAX_VALUE}),
            Map.entry("time", new int[] {0, Integer.MAX_VALUE}),
            Map.entry("datetime", new int[] {0, Integer.MAX_VALUE}),
            Map.entry("julianday", new int[] {0, Integer.MAX_VALUE}),
            Map.entry("unixepoch", new int[] {0, Integer.MAX_VALUE}),
            Map.entry("strftime", new int[] {1, Integer.MAX_VALUE}),
            Map.entry("current_date", new int[] {0, 0}),
            Map.entry("current_time", new int[] {0, 0}),
            Map.entry("current_timestamp", new int[] {0, 0}));

    private SparkSqlDialect() {}

    @Override
    public String name() {
        return "Spark SQL";
    }

    @Override
    public boolean has(Feature feature) {
        return FEATURES.contains(feature);
    }

    @Override
    public Optional<DateTimeDialect> dateTimes() {
        return Optional.of(SparkDateTimes.INSTANCE);
    }

    @Override
    public boolean hasFunction(String sqliteName, int arguments) {
        int[] range = FUNCTIONS.get(sqliteName);
        return range != null && arguments >= range[0] && arguments <= range[1];
    }

    @Override
    public String integerDivision(String dividend, String divisor) {
        return "(" + dividend + " div " + divisor + ")";
    }

    @Override
    public String oneGroup() {
        return "GROUPING SETS (())";
    }

    @Override
    public String truncateToInteger(String real) {
        return "CAST(" + real + " AS BIGINT)";
    }

    @Override
    public String bind(String value, String variable, String body) {
        return "transform(array(" + value + "), " + variable + " -> " + body + ")[0]";
    }

    /**
     * {@inheritDoc} Spark writes no double's exact digits ({@code format_string} pads the shortest ones with zeros),
     * so the product is made exactly in doubles, as {@code h + l} by Dekker's splitting, where {@code 10^power} is a
     * double (a power up to 22, magnitudes from 2^-16 on), and rounded to even; {@code h}, of at least 18 digits, is a
     * whole even double, read through a BIGINT of its half. A smaller magnitude fails as it runs.
     */
    @Override
    public String scaledDigits(String magnitude, String power) {
        String b = "pow(10, " + power + ")";
        String h = "(" + magnitude + " * " + b + ")";
        String ah = high(magnitude);
        String bh = high(b);
        String al = "(" + magnitude + " - " + ah + ")";
        String bl = "(" + b + " - " + bh + ")";
        String low = "((" + ah + " * " + bh + " - " + h + ") + " + ah + " * " + bl + " + " + al + " * " + bh + ") + "
                + al + " * " + bl;
        String nearest =
                "CASE WHEN l > floor(l) + 0.5 THEN floor(l) + 1 WHEN l < floor(l) + 0.5 OR pmod(floor(l), 2) = 0"
                        + " THEN floor(l) ELSE floor(l) + 1 END";
        String digits = "CAST(CAST(" + h + " / 2 AS BIGINT) AS DECIMAL(38, 0)) * 2 + " + bind(low, "l", nearest);
        String tooSmall = SqliteToDuckDb.RUN_TIME_REFUSAL + "round of a real below 2^-16 to 4 decimals or more"
                + " (Spark writes no exact digits of so small a double)";
        return "CASE WHEN " + power + " > 22 THEN " + fail(tooSmall) + " ELSE " + digits + " END";
    }

    /** The high half of a double's 53 bits, by Veltkamp's splitting. */
    private static String high(String x) {
        String scaled = "CAST(134217729 AS DOUBLE) * " + x;
        return "(" + scaled + " - (" + scaled + " - " + x + "))";
    }

    @Override
    public String orderedStringAggregate(String text, String separator, String order) {
        return "listagg(" + text + ", " + separator + ") WITHIN GROUP (ORDER BY " + order + ")";
    }

    /** {@inheritDoc} The pattern is a Java regular expression, matched whole. */
    @Override
    public String fullMatch(String text, String pattern) {
        return "(" + text + " RLIKE " + literal("^(?:" + pattern + ")\\z") + ")";
    }

    /**
     * {@inheritDoc} Spark's {@code LIKE} takes a backslash as its escape character when none is given, so without one
     * every backslash of the pattern is doubled first.
     */
    @Override
    public String like(String value, String pattern, String escape) {
        if (escape != null) {
            return value + " LIKE " + pattern + " ESCAPE " + escape;
        }
        return value + " LIKE replace(" + pattern + ", " + literal("\\") + ", " + literal("\\\\") + ")";
    }

    /** {@inheritDoc} Spark's one-argument {@code rtrim} trims spaces; its two-argument form takes its text last. */
    @Override
    public String trimTrailingSpaces(String text) {
        return "rtrim(" + text + ")";
    }

    /**
     * {@inheritDoc} Spark answers {@code x IN (subquery)} used as a value with false where SQL says NULL (it plans it
     * as an existence join), so the three values are spelled out with {@code EXISTS}.
     */
    @Override
    public String inQuery(String value, String query) {
        String rows = "SELECT 1 FROM (" + query + ") AS \"__tq_in\"(\"__tq_v\")";
        return "(CASE WHEN " + existsEqual(value, query, "__tq_in") + " THEN TRUE"
                + " WHEN " + value + " IS NULL AND EXISTS (" + rows + ") THEN NULL"
                + " WHEN EXISTS (" + rows + " WHERE \"__tq_in\".\"__tq_v\" IS NULL) THEN NULL ELSE FALSE END)";
    }

    /** {@inheritDoc} */
    @Override
    public String fail(String message) {
        return "raise_error(" + literal(message) + ")";
    }

    @Override
    public String createTable(String table, String select) {
        return "CREATE OR REPLACE TEMP VIEW " + table + " AS " + tableRows(select);
    }

    @Override
    public String tableRows(String select) {
        return "SELECT *, monotonically_increasing_id() AS \"" + ORDER_COLUMN + "\" FROM (" + select
                + ") AS \"__tq_step\"";
    }

    @Override
    public String insertionOrder(String alias) {
        return alias + ".\"" + ORDER_COLUMN + "\"";
    }

    @Override
    public String insertionRowid(String alias) {
        throw new UnsupportedOperationException("Spark SQL has no rowid of a step's table");
    }

    @Override
    public String literal(String text) {
        if (text.indexOf('\0') >= 0) {
            throw new IllegalArgumentException("string literal contains a NUL character");
        }
        return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'";
    }

    @Override
    public String textType() {
        return "STRING";
    }

    @Override
    public String wideIntegerType() {
        return "DECIMAL(38, 0)";
    }
}

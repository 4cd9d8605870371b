package io.tablequery.dialects.translate;

import io.tablequery.dialects.SqlIdentifiers;
import java.util.Optional;

/** DuckDB's SQL: the target the translator was first written for, which spells every construct. */
public final class DuckDbDialect implements SqlDialect {
    /**
     * The most bits the strings of a summary's groups may hold in all, per DuckDB thread, to count distinct values by
     * their bits: 64 Mbit, 8 MB (TPC-H q05 at sf1, the orders of its 25 nations at most: 37.5 Mbit).
     */
    static final long DISTINCT_BITS = 64L << 20;

    /** The one instance. */
    public static final DuckDbDialect INSTANCE = new DuckDbDialect();

    private DuckDbDialect() {}

    @Override
    public String name() {
        return "DuckDB";
    }

    @Override
    public boolean has(Feature feature) {
        return true;
    }

    @Override
    public Optional<DateTimeDialect> dateTimes() {
        return Optional.of(DuckDbDateTimes.INSTANCE);
    }

    @Override
    public boolean hasFunction(String sqliteName, int arguments) {
        return true;
    }

    /**
     * {@inheritDoc} A list of values that fit in 32 bits is a list of {@code INTEGER}: TPC-H q13 at sf1, whose lists
     * hold 1.5M R-numbers, 257 against 282 ms for its step.
     */
    @Override
    public String rowList(String value, boolean int32) {
        return "list(" + (int32 ? "CAST(" + value + " AS INTEGER)" : value) + ")";
    }

    @Override
    public String mergedLists(String list, boolean distinct) {
        return "flatten(list(" + (distinct ? "DISTINCT " : "") + list + "))";
    }

    @Override
    public String listedValues(String list) {
        return "unnest(" + list + ")";
    }

    /** {@inheritDoc} DuckDB's bounded {@code min(value, n)} keeps the smallest values without sorting the group. */
    @Override
    public String rowSummary(String value, int smallest, Distinct distinct) {
        return "list_concat(CAST([" + count(value, distinct) + ", max(" + value
                + ")] AS BIGINT[]), COALESCE(CAST(min(" + value + ", " + smallest + ") AS BIGINT[]), CAST([] AS"
                + " BIGINT[])))";
    }

    /**
     * {@inheritDoc} Only the lists ranked first are merged, {@code list(list) FILTER (WHERE rank <= n + 1)}: TPC-H q13
     * at sf1, 150,000 customers' lists of orders in 42 groups, reads about 20,000 R-numbers instead of 1.7 million.
     */
    @Override
    public String listSummary(String list, int lists, String rank) {
        String bound = "COALESCE(max(list_min(" + list + ")) FILTER (WHERE " + rank + " = " + (lists + 1) + "), "
                + Long.MAX_VALUE + ")";
        return "list_concat(CAST([sum(list_count(" + list + ")), max(list_max(" + list + "))] AS BIGINT[]),"
                + " COALESCE(CAST(list_filter(list_sort(flatten(list(" + list + ") FILTER (WHERE " + rank + " <= "
                + (lists + 1) + "))), lambda x: x < " + bound + ") AS BIGINT[]), CAST([] AS BIGINT[])))";
    }

    /**
     * A summary's count: of every value, or of the distinct ones. Those of a known range, when the summary's groups
     * each hold a string of one bit per value of it within {@link #DISTINCT_BITS} bits in all, are counted as the bits
     * {@code bitstring_agg} sets, which costs less than {@code count(DISTINCT)}'s hash table (TPC-H q14 at sf1, the
     * distinct rows of part under the join with lineitem: 47.8 ms against 52.6 for the summarized query, 38.5
     * without the summary); a group of none counts 0.
     */
    private static String count(String value, Distinct distinct) {
        if (distinct == null) {
            return "count(" + value + ")";
        }
        ValueRange range = distinct.range();
        if (range == null || distinct.groups() <= 0 || range.width() > DISTINCT_BITS / distinct.groups()) {
            return "count(DISTINCT " + value + ")";
        }
        return "COALESCE(bit_count(bitstring_agg(" + value + ", " + range.least() + ", " + range.most() + ")), 0)";
    }

    /** {@inheritDoc} DuckDB's {@code fsum} adds with Kahan's compensation (https://duckdb.org/docs/stable/sql/functions/aggregates#fsumarg). */
    @Override
    public String compensatedSum(String arguments) {
        return "fsum(" + arguments + ")";
    }

    /** {@inheritDoc} DuckDB's {@code favg} averages with Kahan's compensation. */
    @Override
    public String compensatedAverage(String arguments) {
        return "favg(" + arguments + ")";
    }

    @Override
    public String integerDivision(String dividend, String divisor) {
        return "(" + dividend + " // " + divisor + ")";
    }

    @Override
    public String oneGroup() {
        return "()";
    }

    @Override
    public String truncateToInteger(String real) {
        return "CAST(trunc(" + real + ") AS BIGINT)";
    }

    /**
     * {@inheritDoc} DuckDB's {@code printf} writes a double's digits correctly rounded: the integer is the 19 digits of
     * {@code %.18e} where they reach the power, else the 18 of {@code %.17e}, shifted to the power (a rounding up to
     * the next power of ten adds a digit).
     */
    @Override
    public String scaledDigits(String magnitude, String power) {
        String long19 = "printf('%.18e', " + magnitude + ")";
        String text = "CASE WHEN CAST(" + long19 + "[22:] AS INTEGER) + " + power + " >= 18 THEN " + long19
                + " ELSE printf('%.17e', " + magnitude + ") END";
        String digits = "CAST(replace(split_part(t, 'e', 1), '.', '') AS HUGEINT)";
        String shift = "(CAST(split_part(t, 'e', 2) AS INTEGER) - length(split_part(t, 'e', 1)) + 2 + " + power + ")";
        return bind(text, "t", digits + " * CAST(pow(10, " + shift + ") AS HUGEINT)");
    }

    @Override
    public String bind(String value, String variable, String body) {
        return "list_transform([" + value + "], lambda " + variable + ": " + body + ")[1]";
    }

    @Override
    public String fullMatch(String text, String pattern) {
        return "regexp_full_match(" + text + ", " + literal(pattern) + ")";
    }

    @Override
    public String like(String value, String pattern, String escape) {
        return value + " LIKE " + pattern + (escape == null ? "" : " ESCAPE " + escape);
    }

    /**
     * {@inheritDoc} DuckDB's {@code lower} folds as SQLite's LIKE does on ASCII text (it folds other letters too, so a
     * value with any other character is matched in the plain form); a value is ASCII when its bytes are as many as
     * its characters. Measured on TPC-H q13 at sf0.1: 181 ms with {@code translate} on every row, 32.5 ms with
     * {@code ILIKE} for ASCII values, 26.5 ms with {@code lower(value) LIKE} (an ILIKE costs more than lowering the
     * value and a plain LIKE), 21.6 ms with a plain case-sensitive LIKE.
     */
    @Override
    public String likeAsciiPattern(String value, String foldedValue, String foldedPattern) {
        return "CASE WHEN strlen(" + value + ") = length(" + value + ") THEN "
                + like("lower(" + value + ")", foldedPattern, null) + " ELSE " + like(foldedValue, foldedPattern, null)
                + " END";
    }

    @Override
    public String trimTrailingSpaces(String text) {
        return "rtrim(" + text + ", ' ')";
    }

    @Override
    public String inQuery(String value, String query) {
        return "(" + value + " IN (" + query + "))";
    }

    @Override
    public String fail(String message) {
        return "error(" + literal(message) + ")";
    }

    @Override
    public String createTable(String table, String select) {
        return "CREATE TEMP TABLE " + table + " AS " + select;
    }

    /** A DuckDB table keeps its rows in the order they were inserted, which is the query's order. */
    @Override
    public String tableRows(String select) {
        return select;
    }

    @Override
    public String insertionOrder(String alias) {
        return alias + ".rowid";
    }

    @Override
    public String insertionRowid(String alias) {
        return "(" + alias + ".rowid + 1)";
    }

    @Override
    public String literal(String text) {
        return SqlIdentifiers.literal(text);
    }

    @Override
    public String textType() {
        return "VARCHAR";
    }

    @Override
    public String wideIntegerType() {
        return "HUGEINT";
    }
}

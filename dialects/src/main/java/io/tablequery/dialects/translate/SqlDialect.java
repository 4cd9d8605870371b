package io.tablequery.dialects.translate;

import io.tablequery.dialects.SqlIdentifiers;
import io.tablequery.dialects.sql.SqliteAggregates;
import java.util.Optional;

/**
 * A database the translator prints SQLite's statements for. The translator decides every question of SQLite's
 * semantics once, on the typed tree (affinity, integer division, NULL order, LIKE folding, dates); a dialect only says
 * how the target spells what was decided, and which constructs it has no exact spelling for, so that one tree prints
 * for every target (as Calcite's {@code SqlDialect} lets one plan be unparsed for many databases). A construct a
 * dialect cannot spell makes the statement {@link Translation.Untranslatable} for it, never a different answer.
 */
public interface SqlDialect {
    /** Constructs some targets have no exact spelling for. */
    enum Feature {
        /** A result column whose rows keep integers and reals apart ({@code UNION(i BIGINT, r DOUBLE)}). */
        NUMBER_UNIONS,
        /** Reals added one at a time in SQLite's row order, as SQLite's compensated sum does. */
        ORDERED_REAL_SUMS,
        /** SQLite's bare columns beside {@code min}/{@code max}: the row that holds the extreme, first in read order. */
        BARE_COLUMNS,
        /** SQLite's {@code GLOB} patterns. */
        GLOB,
        /** Blob values and blob constants. */
        BLOBS,
        /** SQLite's {@code printf}/{@code format}. */
        PRINTF,
        /** {@code round} with SQLite's digits, made through the text of a double. */
        ROUNDING,
        /** An integer compared exactly with a real that is not a constant, through 128-bit integers. */
        INTEGER_REAL_COMPARISONS,
        /** {@code group_concat}/{@code string_agg} in a given order. */
        ORDERED_STRING_AGGREGATES,
        /**
         * A group's values gathered in a list with their row order, sorted, filtered by position and joined, as
         * {@code group_concat(DISTINCT ...)} keeps each value where SQLite first meets it.
         */
        LISTS_IN_ORDER,
        /** A step's table read back in the order its rows were inserted, by their position (SQLite's rowid). */
        INSERTION_ROWIDS,
        /**
         * {@code substr} from any start and of any length: SQLite counts positions before the first character
         * (start 0 or less) and takes a negative length backwards.
         */
        SUBSTR_ANY_POSITION,
        /** Window frames counted in peer groups ({@code GROUPS}) or leaving rows out ({@code EXCLUDE}). */
        PEER_GROUP_FRAMES,
        /** {@code SELECT DISTINCT} ordered by a term that is not one of its result columns. */
        DISTINCT_ORDERED_ELSEWHERE,
        /**
         * The aggregates {@link #ROW_SUMMARY} and {@link #ROW_LIST} of tablequery's lineage: a group's count, largest
         * and smallest few integers in one pass, without sorting the group; or all its integers, as a list.
         */
        ROW_SUMMARIES
    }

    /**
     * The name of an aggregate tablequery's lineage writes into the SQLite text it translates, never into SQL that
     * SQLite runs: {@code __tq_row_summary(value, n)} summarizes a group's values of an integer expression as a list
     * of 64-bit integers, {@code [count, largest, smallest...]} (its {@code n} smallest values, repeats kept; {@code
     * [0, NULL]} for a group without values), read as a typed value, never as text; {@code __tq_row_summary(DISTINCT
     * value, n)} counts the distinct values; {@code __tq_row_summary(list, n, rank)} of a {@link #ROW_LIST} column of
     * the level under it summarizes the values of its lists ({@link #listSummary}). Only a dialect that has {@link
     * Feature#ROW_SUMMARIES} spells it. It is one aggregate, not a count, a {@code max} and another, so that it never
     * changes which row SQLite's bare columns beside one {@code min} or {@code max} take.
     */
    String ROW_SUMMARY = SqliteAggregates.ROW_SUMMARY;

    /**
     * The name of another aggregate of tablequery's lineage, like {@link #ROW_SUMMARY} never in SQL that SQLite runs:
     * {@code __tq_row_list(value)} keeps every value of a group's integer expression, repeats and NULLs kept, in the
     * dialect's list type, which nothing but {@link #listedValues} reads.
     */
    String ROW_LIST = SqliteAggregates.ROW_LIST;

    /**
     * The name of the aggregate that merges {@link #ROW_LIST} columns of a level under the top: {@code
     * __tq_row_lists(list)} keeps every value of the group's lists; {@code __tq_row_lists(DISTINCT list)} keeps each
     * distinct list once, so that a list that many rows of the group repeat (a join repeating the lower level's rows)
     * is not repeated.
     */
    String ROW_LISTS = SqliteAggregates.ROW_LISTS;

    /**
     * Returns the dialect's name, as refusals and notices say it.
     *
     * @return the name, such as {@code DuckDB}
     */
    String name();

    /**
     * Tells whether the target spells a construct exactly.
     *
     * @param feature the construct
     * @return true when it does
     */
    boolean has(Feature feature);

    /**
     * Returns how the target spells the time operations SQLite's date functions are printed with, where it spells
     * them; a target without them folds the date functions of constants only.
     *
     * @return the target's time operations, or empty
     */
    default Optional<DateTimeDialect> dateTimes() {
        return Optional.empty();
    }

    /**
     * What a summary that counts distinct values knows of them, for a cheaper count where the target has one.
     *
     * @param range where the values lie, or null when not known
     * @param groups the most groups the summary is taken of, or 0 when not known
     */
    record Distinct(ValueRange range, long groups) {}

    /**
     * Spells {@link #ROW_SUMMARY}.
     *
     * @param value the integer expression
     * @param smallest how many of the smallest values
     * @param distinct what is known of the values when the summary counts distinct ones; null to count every value
     * @return the aggregate
     * @throws UnsupportedOperationException when the dialect lacks {@link Feature#ROW_SUMMARIES}
     */
    default String rowSummary(String value, int smallest, Distinct distinct) {
        throw new UnsupportedOperationException(name() + " has no row summary");
    }

    /**
     * Spells {@link #ROW_SUMMARY} of {@link #ROW_LIST} columns, {@code __tq_row_summary(list, n, rank)}: the summary
     * of the values of a group's lists, in the same form, for lists that share no value (the groups of a level under
     * it, each read once) and hold each value once, each list ranked within the group by its least value, lists of no
     * value last. Its smallest values are every value below the least value of the list ranked {@code n + 1}, all of
     * them in the lists ranked before it, so at least {@code n} of them.
     *
     * @param list the list column
     * @param lists how many lists of least values to take
     * @param rank the column of each list's rank
     * @return the aggregate
     * @throws UnsupportedOperationException when the dialect lacks {@link Feature#ROW_SUMMARIES}
     */
    default String listSummary(String list, int lists, String rank) {
        throw new UnsupportedOperationException(name() + " has no row summary");
    }

    /**
     * Spells {@link #ROW_LIST}.
     *
     * @param value the integer expression
     * @param int32 whether its values are known to fit in 32 bits ({@link ColumnFacts#int32})
     * @return the aggregate
     * @throws UnsupportedOperationException when the dialect lacks {@link Feature#ROW_SUMMARIES}
     */
    default String rowList(String value, boolean int32) {
        throw new UnsupportedOperationException(name() + " has no row list");
    }

    /**
     * Spells {@link #ROW_LISTS}.
     *
     * @param list the list column
     * @param distinct whether each distinct list counts once
     * @return the aggregate
     * @throws UnsupportedOperationException when the dialect lacks {@link Feature#ROW_SUMMARIES}
     */
    default String mergedLists(String list, boolean distinct) {
        throw new UnsupportedOperationException(name() + " has no row list");
    }

    /**
     * Spells, in a select list, the values of a {@link #ROW_LIST} column, one row each, the row's other columns
     * repeated beside them.
     *
     * @param list the list column
     * @return the expression
     * @throws UnsupportedOperationException when the dialect lacks {@link Feature#ROW_SUMMARIES}
     */
    default String listedValues(String list) {
        throw new UnsupportedOperationException(name() + " has no row list");
    }

    /**
     * Spells {@code group_concat}'s aggregate: a group's texts, NULLs left out, joined by a separator in a given order;
     * NULL for a group without texts.
     *
     * @param text the text expression
     * @param separator the separator's constant
     * @param order the order's terms, comma-separated
     * @return the aggregate, without FILTER
     */
    default String orderedStringAggregate(String text, String separator, String order) {
        return "string_agg(" + text + ", " + separator + " ORDER BY " + order + ")";
    }

    /**
     * Spells the digits SQLite rounds a real by: the integer nearest {@code magnitude * 10^power} (ties to even), which
     * has 18 or 19 digits for the power SQLite picks, in an exact integer type; a target that cannot make it exactly
     * for some values fails on them as it runs ({@link #fail}).
     *
     * @param magnitude a positive DOUBLE
     * @param power the power of ten SQLite scales it by, an INTEGER
     * @return the integer
     * @throws UnsupportedOperationException when the dialect lacks {@link Feature#ROUNDING}
     */
    default String scaledDigits(String magnitude, String power) {
        throw new UnsupportedOperationException(name() + " has no rounding of SQLite's digits");
    }

    /**
     * Tells whether the translation of one of SQLite's functions is known to give SQLite's answer on the target.
     *
     * @param sqliteName the function's lower-case SQLite name
     * @param arguments how many arguments the call has
     * @return true when the call may be translated
     */
    boolean hasFunction(String sqliteName, int arguments);

    /**
     * A compensated sum of DOUBLE values, where the engine has one; else its plain sum.
     *
     * @param arguments the aggregate's arguments, {@code DISTINCT} included
     * @return the aggregate call, without FILTER or OVER
     */
    default String compensatedSum(String arguments) {
        return "sum(" + arguments + ")";
    }

    /**
     * A compensated average of DOUBLE values, where the engine has one; else its plain average.
     *
     * @param arguments the aggregate's arguments, {@code DISTINCT} included
     * @return the aggregate call, without FILTER or OVER
     */
    default String compensatedAverage(String arguments) {
        return "avg(" + arguments + ")";
    }

    /**
     * Spells integer division truncated toward zero, as SQLite divides integers.
     *
     * @param dividend the dividend, a 64-bit integer
     * @param divisor the divisor, a 64-bit integer, NULL for zero
     * @return the quotient
     */
    String integerDivision(String dividend, String divisor);

    /**
     * Spells the grouping of an aggregate query into one group, which gives one row even for no input rows.
     *
     * @return the grouping, after {@code GROUP BY}
     */
    String oneGroup();

    /**
     * Spells a real truncated toward zero as a 64-bit integer, failing beyond the 64-bit range.
     *
     * @param real the real
     * @return the integer
     */
    String truncateToInteger(String real);

    /**
     * Spells an expression that uses a value more than once but evaluates it once.
     *
     * @param value the value
     * @param variable the name the body uses for it, a plain identifier
     * @param body the expression
     * @return the bound expression
     */
    String bind(String value, String variable, String body);

    /**
     * Spells whether a whole text matches a regular expression (one the translator wrote, in the common subset of RE2
     * and Java's syntax).
     *
     * @param text the text
     * @param pattern the pattern
     * @return a boolean expression
     */
    String fullMatch(String text, String pattern);

    /**
     * Spells SQLite's {@code LIKE}, which has no escape character unless one is given.
     *
     * @param value the text matched
     * @param pattern the pattern
     * @param escape the escape character's literal, or null for none
     * @return the boolean expression
     */
    String like(String value, String pattern, String escape);

    /**
     * Spells SQLite's {@code LIKE} of a column's text against a constant pattern of ASCII characters, with no escape
     * character: SQLite folds ASCII letters alone, so the plain form matches the value and the pattern each lowered
     * in ASCII ({@code foldedValue}, {@code foldedPattern}). A dialect whose case-insensitive match folds ASCII text
     * as SQLite does may use it where the value is ASCII and the plain form elsewhere.
     *
     * @param value the column's text, which the dialect may read more than once
     * @param foldedValue the same text lowered in ASCII
     * @param foldedPattern the pattern's literal, lowered in ASCII
     * @return the boolean expression
     */
    default String likeAsciiPattern(String value, String foldedValue, String foldedPattern) {
        return like(foldedValue, foldedPattern, null);
    }

    /**
     * Spells a text without its trailing spaces (SQLite's {@code RTRIM} collation; spaces only).
     *
     * @param text the text
     * @return the trimmed text
     */
    String trimTrailingSpaces(String text);

    /**
     * Spells {@code value IN (query)} with SQL's three values: NULL when the value is NULL (and the query has rows)
     * or when it matches no row but the query returns a NULL.
     *
     * @param value the value, of the query's one column's class
     * @param query the query
     * @return the boolean expression
     */
    String inQuery(String value, String query);

    /**
     * Spells {@code value IN (query)} as {@code EXISTS}, which it is when neither the value nor any row of the query
     * is NULL.
     *
     * @param value the value's SQL
     * @param query the one-column query's SQL
     * @param alias a new alias for the query's rows
     * @return the condition
     */
    default String existsEqual(String value, String query, String alias) {
        String rows = SqlIdentifiers.quote(alias);
        return "(EXISTS (SELECT 1 FROM (" + query + ") AS " + rows + "(\"__tq_v\") WHERE " + rows + ".\"__tq_v\" = "
                + value + "))";
    }

    /**
     * Spells a run-time refusal: an expression that fails the statement with a message beginning with
     * {@link SqliteToDuckDb#RUN_TIME_REFUSAL}.
     *
     * @param message the message
     * @return the expression
     */
    String fail(String message);

    /**
     * Spells a step's {@code CREATE TEMP TABLE ... AS}, its rows kept in the order the query gives them.
     *
     * @param table the quoted table name
     * @param select the query
     * @return the statement
     */
    String createTable(String table, String select);

    /**
     * Spells the rows a step's {@code CREATE TEMP TABLE ... AS} would keep, as a query, with the column that holds
     * their order where the dialect keeps one ({@link #insertionOrder}).
     *
     * @param select the query
     * @return the query for the table's rows
     */
    String tableRows(String select);

    /**
     * Spells what orders a step's table as its rows were inserted.
     *
     * @param alias the alias the table is read under
     * @return the order expression
     */
    String insertionOrder(String alias);

    /**
     * Spells SQLite's rowid of a step's table (its rows counted from 1 in insertion order), when
     * {@link Feature#INSERTION_ROWIDS} is had.
     *
     * @param alias the alias the table is read under
     * @return the rowid expression
     */
    String insertionRowid(String alias);

    /**
     * Spells a string constant. Every constant the translator prints whose text may hold a quote or a backslash (the
     * statement's own, a pattern, a format, a separator) is spelled here; the others (digits, names, tags) are spelled
     * alike by every target.
     *
     * @param text the text
     * @return the literal
     */
    String literal(String text);

    /**
     * Spells the type of text values in a cast ({@code VARCHAR}).
     *
     * @return the type's name
     */
    String textType();

    /**
     * Spells the type of whole numbers beyond 64 bits in a cast ({@code HUGEINT}); the translator needs 20 digits.
     *
     * @return the type's name
     */
    String wideIntegerType();
}

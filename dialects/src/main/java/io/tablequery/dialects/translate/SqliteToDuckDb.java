package io.tablequery.dialects.translate;

import io.tablequery.dialects.sql.SqliteStatement;

/**
 * Translates SQLite {@code SELECT}, {@code WITH} and {@code CREATE TEMP TABLE ... AS} statements into DuckDB SQL that
 * returns the same rows, column names, value types and order on the same data. The SQL relies on no session setting:
 * the workspace locks DuckDB's configuration, so what the dialect catalog bridges with settings (NULL order, integer
 * division, division by zero, scalar subqueries of several rows, the UTC clock) is written into the SQL itself. A statement that cannot be carried over exactly is {@link Translation.Untranslatable}.
 */
public final class SqliteToDuckDb {
    /**
     * How the message of a DuckDB error begins where a translation finds, while it runs, values it cannot give
     * SQLite's answer for (integer sums that may pass 2^63): the step is refused then, as a translation is refused
     * before it runs, and {@code auto} runs it on SQLite.
     */
    public static final String RUN_TIME_REFUSAL = "not answered as SQLite would: ";

    private SqliteToDuckDb() {}

    /**
     * Translates one statement, adding reals as SQLite does.
     *
     * @param sql the SQLite statement
     * @param schema the tables it may read
     * @return the DuckDB statement, or why there is none
     */
    public static Translation translate(String sql, SchemaLookup schema) {
        return translate(sql, schema, RealSums.SQLITE);
    }

    /**
     * Translates one statement.
     *
     * @param sql the SQLite statement
     * @param schema the tables it may read
     * @param realSums how its sums of reals are added
     * @return the DuckDB statement, or why there is none
     */
    public static Translation translate(String sql, SchemaLookup schema, RealSums realSums) {
        return translate(SqliteStatement.of(sql), schema, realSums);
    }

    /**
     * Translates one statement, using its tree if it was parsed already.
     *
     * @param statement the SQLite statement
     * @param schema the tables it may read
     * @param realSums how its sums of reals are added
     * @return the DuckDB statement, or why there is none
     */
    public static Translation translate(SqliteStatement statement, SchemaLookup schema, RealSums realSums) {
        return SqliteTranslator.translate(statement, schema, realSums, DuckDbDialect.INSTANCE);
    }
}

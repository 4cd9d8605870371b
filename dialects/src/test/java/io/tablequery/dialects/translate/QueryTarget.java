package io.tablequery.dialects.translate;

import java.util.List;

/**
 * A database the differential suites check translations on, beside the SQLite of an {@link EnginePair}: it loads the
 * pair's tables, translates SQLite's statements into its dialect and runs them.
 */
public interface QueryTarget {
    /**
     * Returns the target's name, for reports.
     *
     * @return the name
     */
    String name();

    /**
     * Loads (again) the tables of the pair's SQLite.
     *
     * @param engines the pair
     * @throws Exception when loading fails
     */
    void load(EnginePair engines) throws Exception;

    /**
     * Translates a statement over the tables loaded and created so far.
     *
     * @param sql the SQLite statement
     * @return the translation
     */
    Translation translate(String sql);

    /**
     * Runs a translated statement.
     *
     * @param sql the statement in the target's dialect
     * @return its rows, normalised as {@link EnginePair#query} does; none for a statement without rows
     * @throws Exception when the target refuses it
     */
    EnginePair.Rows query(String sql) throws Exception;

    /**
     * Registers a table a translated {@code CREATE TEMP TABLE} made.
     *
     * @param table its name
     * @param columns its columns
     */
    void created(String table, List<ColumnSchema> columns);
}

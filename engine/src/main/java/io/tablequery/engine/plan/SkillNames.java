package io.tablequery.engine.plan;

import static java.util.Objects.requireNonNull;

/**
 * How a transport's callers name the skill's tools and arguments, for the hints the answers and errors carry: an
 * agent using the command line is told to re-run with {@code --max-rows}, one using MCP to call {@code run_sql} with
 * {@code max_rows}.
 *
 * @param searchTables the search tool
 * @param getSchemas the schema tool
 * @param runSql the plan tool
 * @param query search-tables' question
 * @param topK search-tables' count
 * @param tables get-schemas' table list
 * @param maxRows run-sql's row ceiling
 * @param cellMax run-sql's cell ceiling
 * @param engine run-sql's engine choice
 * @param sql translate's statement
 */
public record SkillNames(
        String searchTables,
        String getSchemas,
        String runSql,
        String query,
        String topK,
        String tables,
        String maxRows,
        String cellMax,
        String engine,
        String sql) {
    /** The command line's names, which the HTTP API's texts use too (the CLI prints them through a server). */
    public static final SkillNames CLI = new SkillNames(
            "search-tables",
            "get-schemas",
            "run-sql",
            "--query",
            "--top-k",
            "--tables",
            "--max-rows",
            "--cell-max",
            "--engine",
            "--sql");

    /** The MCP tools' names and arguments. */
    public static final SkillNames MCP = new SkillNames(
            "search_tables",
            "get_schemas",
            "run_sql",
            "query",
            "top_k",
            "tables",
            "max_rows",
            "cell_max",
            "engine",
            "sql");

    public SkillNames {
        requireNonNull(searchTables, "searchTables is null");
        requireNonNull(getSchemas, "getSchemas is null");
        requireNonNull(runSql, "runSql is null");
        requireNonNull(query, "query is null");
        requireNonNull(topK, "topK is null");
        requireNonNull(tables, "tables is null");
        requireNonNull(maxRows, "maxRows is null");
        requireNonNull(cellMax, "cellMax is null");
        requireNonNull(engine, "engine is null");
        requireNonNull(sql, "sql is null");
    }

    /**
     * Spells the engine argument set to a value: {@code --engine sqlite}, or {@code engine "sqlite"}.
     *
     * @param value the engine
     * @return the argument as callers write it
     */
    public String engineSetTo(String value) {
        return engine.startsWith("--") ? engine + " " + value : engine + " \"" + value + "\"";
    }
}

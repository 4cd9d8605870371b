package io.tablequery.engine.duck;

import io.tablequery.dialects.lex.SqlToken;
import io.tablequery.dialects.lex.SqliteLexer;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Lets through exactly one statement of a reading kind, judged by DuckDB's own parser: {@code json_serialize_sql}
 * parses the text without running it and serializes only SELECT statements (which include FROM-first queries,
 * VALUES, DESCRIBE, SUMMARIZE and SHOW). PIVOT and UNPIVOT are judged as the subquery {@code SELECT * FROM (...)},
 * and EXPLAIN by the statement it explains. DuckDB's JDBC driver runs every statement of a string, so this check is
 * what keeps a second statement from running; the database's own settings stop file access beneath it.
 *
 * <p>The verdict depends on the text alone (the parser does not look at the catalog), so verdicts on texts up to
 * {@value #CACHED_TEXT_MAX} characters are kept for the {@value #CACHED_VERDICTS} texts used last: a repeated query
 * skips the parser's round trip.
 */
public final class DuckQueryGuard {
    static final int CACHED_VERDICTS = 1024;
    static final int CACHED_TEXT_MAX = 4096;

    /** Only what the verdict needs leaves DuckDB, not the serialized syntax tree. */
    private static final String PARSE = "SELECT j->>'$.error', j->>'$.error_type', j->>'$.error_message',"
            + " json_array_length(j, '$.statements'),"
            + " array_to_string(list_distinct(regexp_extract_all(j::VARCHAR,"
            + " '\"(?:function_name|table_name)\":\"([^\"]*)\"', 1)), ',')"
            + " FROM (SELECT json_serialize_sql(?::VARCHAR) AS j)";

    /**
     * Functions and system views that show the server rather than the workspace's tables: the database's file, the
     * settings (temporary and home directories), installed extensions' paths, temporary files, secrets, logs. A tenant
     * learns nothing of the host from them, so a query naming one is refused.
     */
    private static final Set<String> HOST_FUNCTIONS = Set.of(
            "duckdb_databases",
            "duckdb_settings",
            "current_setting",
            "duckdb_extensions",
            "duckdb_temporary_files",
            "duckdb_secrets",
            "duckdb_secret_types",
            "which_secret",
            "duckdb_logs",
            "duckdb_log_contexts",
            "duckdb_external_file_cache",
            "pragma_database_list",
            "getenv");

    private static final Map<String, Optional<String>> VERDICTS = new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Optional<String>> eldest) {
            return size() > CACHED_VERDICTS;
        }
    };

    private DuckQueryGuard() {}

    /**
     * Checks a query.
     *
     * @param duckDb a connection to parse with
     * @param query the agent's SQL
     * @return empty when the query may run, else why not
     * @throws SQLException when the parser cannot be asked
     */
    public static Optional<String> refusal(Connection duckDb, String query) throws SQLException {
        if (query == null || query.isBlank()) {
            return Optional.of("the query is empty");
        }
        if (query.length() > CACHED_TEXT_MAX) {
            return judge(duckDb, query);
        }
        synchronized (VERDICTS) {
            Optional<String> known = VERDICTS.get(query);
            if (known != null) {
                return known;
            }
        }
        Optional<String> verdict = judge(duckDb, query);
        synchronized (VERDICTS) {
            VERDICTS.put(query, verdict);
        }
        return verdict;
    }

    private static Optional<String> judge(Connection duckDb, String query) throws SQLException {
        List<SqlToken> tokens = SqliteLexer.tokenize(query);
        String judged = query;
        boolean pivot = !tokens.isEmpty()
                && (tokens.get(0).isWord("PIVOT") || tokens.get(0).isWord("UNPIVOT"));
        if (pivot) {
            judged = "SELECT * FROM (" + query + "\n)";
        } else if (!tokens.isEmpty() && tokens.get(0).isWord("EXPLAIN")) {
            int start = tokens.size() > 1 && tokens.get(1).isWord("ANALYZE") ? 2 : 1;
            if (tokens.size() <= start) {
                return Optional.of("EXPLAIN needs a query to explain");
            }
            judged = query.substring(tokens.get(start).start());
        }
        boolean error;
        String errorType;
        String message;
        long statements;
        String names;
        try (PreparedStatement statement = duckDb.prepareStatement(PARSE)) {
            statement.setString(1, judged);
            try (ResultSet rs = statement.executeQuery()) {
                rs.next();
                error = "true".equals(rs.getString(1));
                errorType = rs.getString(2);
                message = Objects.requireNonNullElse(rs.getString(3), "");
                statements = rs.getLong(4);
                names = Objects.requireNonNullElse(rs.getString(5), "");
            }
        }
        if (error) {
            if (message.startsWith("Only SELECT statements") && pivot) {
                // DuckDB runs a PIVOT without an IN list as several statements that create a type first.
                return Optional.of("a PIVOT must list the values it turns into columns: PIVOT t ON col IN ('a', 'b')"
                        + " USING sum(x); find them with SELECT DISTINCT col FROM t");
            }
            if (message.startsWith("Only SELECT statements")) {
                return Optional.of("only one reading statement can run (SELECT, WITH, FROM, VALUES, DESCRIBE,"
                        + " SUMMARIZE, SHOW, EXPLAIN, PIVOT); this query writes, changes settings, or holds several"
                        + " statements");
            }
            return Optional.of("parser".equals(errorType) ? "Parser Error: " + message : message);
        }
        if (statements != 1) {
            return Optional.of("send one statement at a time; this query holds %d".formatted(statements));
        }
        for (String name : names.split(",")) {
            if (HOST_FUNCTIONS.contains(name.toLowerCase(Locale.ROOT))) {
                return Optional.of(("%s shows the server's own files and settings, not the workspace's tables;"
                                + " list and describe the tables with getTableList and getTableSchema")
                        .formatted(name));
            }
        }
        return Optional.empty();
    }
}

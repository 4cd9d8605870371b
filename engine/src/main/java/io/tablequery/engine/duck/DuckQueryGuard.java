package io.tablequery.engine.duck;

import com.fasterxml.jackson.databind.JsonNode;
import io.tablequery.dialects.lex.SqlToken;
import io.tablequery.dialects.lex.SqliteLexer;
import io.tablequery.engine.json.JsonCodec;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;

/**
 * Lets through exactly one statement of a reading kind, judged by DuckDB's own parser: {@code json_serialize_sql}
 * parses the text without running it and serializes only SELECT statements (which include FROM-first queries,
 * VALUES, DESCRIBE, SUMMARIZE and SHOW). PIVOT and UNPIVOT are judged as the subquery {@code SELECT * FROM (...)},
 * and EXPLAIN by the statement it explains. DuckDB's JDBC driver runs every statement of a string, so this check is
 * what keeps a second statement from running; the database's own settings stop file access beneath it.
 */
public final class DuckQueryGuard {
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
        JsonNode parsed;
        try (PreparedStatement statement = duckDb.prepareStatement("SELECT json_serialize_sql(?::VARCHAR)")) {
            statement.setString(1, judged);
            try (ResultSet rs = statement.executeQuery()) {
                rs.next();
                parsed = JsonCodec.read(rs.getString(1), JsonNode.class);
            }
        }
        if (parsed.path("error").asBoolean()) {
            String message = parsed.path("error_message").asText();
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
            return Optional.of(
                    parsed.path("error_type").asText().equals("parser") ? "Parser Error: " + message : message);
        }
        int statements = parsed.path("statements").size();
        if (statements != 1) {
            return Optional.of("send one statement at a time; this query holds %d".formatted(statements));
        }
        return Optional.empty();
    }
}

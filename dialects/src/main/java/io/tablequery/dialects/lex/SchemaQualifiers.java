package io.tablequery.dialects.lex;

import static java.util.Objects.requireNonNull;

import java.util.List;

/** Drops a schema qualifier from SQL written for an attached database, so it reads the same tables unqualified. */
public final class SchemaQualifiers {
    private SchemaQualifiers() {}

    /**
     * Removes {@code schema.} before table names, token by token: {@code tpch.lineitem} becomes {@code lineitem};
     * strings, quoted names and comments that merely contain the word are left alone.
     *
     * @param sql the SQL text
     * @param schema the schema name, matched ignoring case
     * @return the SQL without the qualifier
     */
    public static String strip(String sql, String schema) {
        requireNonNull(schema, "schema is null");
        List<SqlToken> tokens = SqliteLexer.tokenize(requireNonNull(sql, "sql is null"));
        StringBuilder out = new StringBuilder();
        int copied = 0;
        for (int i = 0; i + 1 < tokens.size(); i++) {
            SqlToken token = tokens.get(i);
            boolean qualifier = token.isName()
                    && token.name().equalsIgnoreCase(schema)
                    && tokens.get(i + 1).isSymbol(".")
                    && (i == 0 || !tokens.get(i - 1).isSymbol("."));
            if (qualifier) {
                out.append(sql, copied, token.start());
                copied = tokens.get(i + 1).end();
            }
        }
        return out.append(sql.substring(copied)).toString();
    }
}

package io.tablequery.engine.plan;

import static io.tablequery.dialects.SqlIdentifiers.quote;

import io.tablequery.dialects.lex.SqlToken;
import io.tablequery.dialects.lex.SqlTokenKind;
import io.tablequery.dialects.lex.SqliteLexer;
import io.tablequery.dialects.sql.SqliteStatement;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Checks that a step's SQL is exactly one {@code CREATE TEMP TABLE "<name>" AS SELECT|WITH ...} statement, using
 * SQLite's own tokenization, and finds out whether its body is a simple single-table SELECT. A hidden second
 * statement is refused here because DuckDB's JDBC driver would run every statement of a string.
 */
final class StepSqlAnalyzer {
    /**
     * Functions a step may not call, whether or not this build of SQLite has them: file access, extensions, and
     * {@code fts3_tokenizer}, whose one-argument form returns a pointer into the process.
     */
    private static final Set<String> UNSAFE_FUNCTIONS = Set.of(
            "fts3_tokenizer",
            "load_extension",
            "readfile",
            "writefile",
            "edit",
            "fsdir",
            "zipfile",
            "sqlar_compress",
            "sqlar_uncompress");

    /**
     * Table-valued pragmas that show the server rather than the workspace's tables: where its database files and
     * temporary files are. A step naming one, called or not, is refused.
     */
    private static final Set<String> HOST_PRAGMAS =
            Set.of("pragma_database_list", "pragma_temp_store_directory", "pragma_data_store_directory");

    private StepSqlAnalyzer() {}

    static StepSql analyze(PlanStep step) {
        String where = "step " + step.step();
        List<SqlToken> tokens = SqliteLexer.tokenize(step.sql());
        for (SqlToken token : tokens) {
            if (token.kind() == SqlTokenKind.ILLEGAL) {
                throw PlanParser.invalid("%s: SQLite cannot read %s at character %d%s"
                        .formatted(where, abbreviate(token.text()), token.start() + 1, illegalHint(token)));
            }
        }
        int end = tokens.size();
        for (int i = 0; i < tokens.size(); i++) {
            if (tokens.get(i).isSymbol(";")) {
                for (int j = i + 1; j < tokens.size(); j++) {
                    if (!tokens.get(j).isSymbol(";")) {
                        throw PlanParser.invalid(("%s holds more than one statement: '%s' follows the ';' at character"
                                        + " %d. A step is exactly one CREATE TEMP TABLE ... AS SELECT; put further"
                                        + " work in further steps")
                                .formatted(
                                        where,
                                        tokens.get(j).text(),
                                        tokens.get(i).start() + 1));
                    }
                }
                end = i;
                break;
            }
        }
        List<SqlToken> statement = tokens.subList(0, end);
        int bodyStart = checkCreate(statement, step, where);
        List<SqlToken> body = statement.subList(bodyStart, statement.size());
        for (int i = 0; i + 1 < body.size(); i++) {
            if (body.get(i).isName()
                    && UNSAFE_FUNCTIONS.contains(body.get(i).nameKey())
                    && body.get(i + 1).isSymbol("(")) {
                throw PlanParser.invalid(("%s calls %s(), which reaches outside the workspace's tables or reveals the"
                                + " process's memory; a step may only compute from its tables")
                        .formatted(where, body.get(i).text()));
            }
            if (body.get(i).isName()
                    && body.get(i).nameKey().startsWith(PlanValidator.HIDDEN_PREFIX)
                    && body.get(i + 1).isSymbol("(")) {
                throw PlanParser.invalid("%s calls %s(), which is internal to tablequery; use SQLite's functions"
                        .formatted(where, body.get(i).text()));
            }
        }
        Set<String> referenced = new HashSet<>();
        for (SqlToken token : body) {
            if (token.isName()) {
                referenced.add(token.nameKey());
                if (HOST_PRAGMAS.contains(token.nameKey())) {
                    throw PlanParser.invalid(("%s reads %s, which shows the server's files rather than the workspace's"
                                    + " tables; a step may only compute from its tables")
                            .formatted(where, token.text()));
                }
            }
        }
        String sql = step.sql().substring(0, statement.get(statement.size() - 1).end());
        return new StepSql(sql, referenced, SqliteStatement.of(sql));
    }

    /** The statement a step must be, for its errors: built only when one is thrown. */
    private static String expected(PlanStep step) {
        return "CREATE TEMP TABLE " + quote(step.destineTableName()) + " AS SELECT ...";
    }

    /** Checks the {@code CREATE TEMP TABLE "<name>" AS} prefix and returns the index of the body's first token. */
    private static int checkCreate(List<SqlToken> tokens, PlanStep step, String where) {
        if (tokens.isEmpty()) {
            throw PlanParser.invalid("%s has no statement; write %s".formatted(where, expected(step)));
        }
        if (!tokens.get(0).isWord("CREATE")) {
            throw PlanParser.invalid("%s starts with %s; a step can only be %s (nothing that writes, ATTACH, PRAGMA"
                            .formatted(where, abbreviate(tokens.get(0).text()), expected(step))
                    + " or a bare SELECT)");
        }
        int i = 1;
        if (i < tokens.size() && (tokens.get(i).isWord("TEMP") || tokens.get(i).isWord("TEMPORARY"))) {
            i++;
        } else {
            throw PlanParser.invalid(
                    "%s creates something other than a TEMP table; only TEMP tables can be created: write %s"
                            .formatted(where, expected(step)));
        }
        if (i >= tokens.size() || !tokens.get(i).isWord("TABLE")) {
            throw PlanParser.invalid("%s must create a TEMP TABLE: write %s".formatted(where, expected(step)));
        }
        i++;
        if (i < tokens.size() && tokens.get(i).isWord("IF")) {
            throw PlanParser.invalid("%s: leave out IF NOT EXISTS; write %s".formatted(where, expected(step)));
        }
        if (i >= tokens.size() || !tokens.get(i).isName()) {
            throw PlanParser.invalid("%s: the table name is missing; write %s".formatted(where, expected(step)));
        }
        SqlToken name = tokens.get(i);
        i++;
        if (i < tokens.size() && tokens.get(i).isSymbol(".")) {
            throw PlanParser.invalid(
                    "%s: name the temp table without a schema; write %s".formatted(where, expected(step)));
        }
        if (!name.name().equalsIgnoreCase(step.destineTableName())) {
            throw PlanParser.invalid("%s creates %s but its destine_table_name is %s; they must be the same"
                    .formatted(where, quote(name.name()), quote(step.destineTableName())));
        }
        if (i >= tokens.size() || !tokens.get(i).isWord("AS")) {
            throw PlanParser.invalid("%s: expected AS after the table name; write %s".formatted(where, expected(step)));
        }
        i++;
        if (i >= tokens.size()
                || !(tokens.get(i).isWord("SELECT") || tokens.get(i).isWord("WITH"))) {
            throw PlanParser.invalid(
                    "%s: the table must be made by a SELECT or WITH query; write %s".formatted(where, expected(step)));
        }
        return i;
    }

    private static String abbreviate(String text) {
        String oneLine = text.replace('\n', ' ');
        return "'" + (oneLine.length() > 40 ? oneLine.substring(0, 40) + "..." : oneLine) + "'";
    }

    private static String illegalHint(SqlToken token) {
        return switch (token.text().charAt(0)) {
            case '\'' -> " (a string that is never closed; write '' for a quote inside a string)";
            case '"', '`', '[' -> " (a quoted name that is never closed)";
            default -> "";
        };
    }
}

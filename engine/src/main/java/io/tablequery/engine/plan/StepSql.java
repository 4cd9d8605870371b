package io.tablequery.engine.plan;

import static java.util.Objects.requireNonNull;

import io.tablequery.dialects.sql.SqliteStatement;
import java.util.Set;

/**
 * What the checks learned about one step's SQL.
 *
 * @param sql the statement without trailing semicolons
 * @param referencedKeys the lower-cased names the statement's body mentions: a superset of the tables it reads
 * @param statement the statement, parsed at most once by whichever check needs its tree first
 */
public record StepSql(String sql, Set<String> referencedKeys, SqliteStatement statement) {
    public StepSql {
        requireNonNull(sql, "sql is null");
        referencedKeys = Set.copyOf(requireNonNull(referencedKeys, "referencedKeys is null"));
        requireNonNull(statement, "statement is null");
    }

    /**
     * The names of the tables the statement reads, lower-cased: from its tree where tablequery's parser reads it
     * (tables in FROM clauses at any depth, not its WITH tables), else every name it mentions.
     *
     * @return the names
     */
    Set<String> readKeys() {
        if (statement.parse() instanceof SqliteStatement.Tree tree) {
            return QueryWalk.tablesRead(tree.statement().query());
        }
        return referencedKeys;
    }
}

package io.tablequery.engine.plan;

import static java.util.Objects.requireNonNull;

import java.util.Set;

/**
 * What the checks learned about one step's SQL.
 *
 * @param sql the statement without trailing semicolons
 * @param referencedKeys the lower-cased names the statement's body mentions: a superset of the tables it reads
 */
public record StepSql(String sql, Set<String> referencedKeys) {
    public StepSql {
        requireNonNull(sql, "sql is null");
        referencedKeys = Set.copyOf(requireNonNull(referencedKeys, "referencedKeys is null"));
    }
}

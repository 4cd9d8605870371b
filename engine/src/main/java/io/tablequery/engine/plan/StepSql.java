package io.tablequery.engine.plan;

import static java.util.Objects.requireNonNull;

import java.util.Optional;
import java.util.Set;

/**
 * What the checks learned about one step's SQL.
 *
 * @param sql the statement without trailing semicolons
 * @param referencedKeys the lower-cased names the statement's body mentions: a superset of the tables it reads
 * @param layout where the select list and FROM clause lie, when the body starts with SELECT and has a FROM at its
 *     top level
 */
public record StepSql(String sql, Set<String> referencedKeys, Optional<SelectLayout> layout) {
    public StepSql {
        requireNonNull(sql, "sql is null");
        referencedKeys = Set.copyOf(requireNonNull(referencedKeys, "referencedKeys is null"));
        requireNonNull(layout, "layout is null");
    }
}

package io.tablequery.engine.skill;

import io.tablequery.engine.joins.JoinKind;

/** How search-tables and get-schemas say where a join comes from. */
final class JoinText {
    private JoinText() {}

    static String kind(JoinKind kind) {
        return switch (kind) {
            case DECLARED -> "a foreign key the database declares";
            case INFERRED -> "inferred: the names match and the values fit; check before relying on it";
        };
    }
}

package io.tablequery.engine.skill;

import io.tablequery.dialects.SqlIdentifiers;
import io.tablequery.engine.joins.JoinKind;
import io.tablequery.engine.joins.TableJoin;

/** How search-tables and get-schemas write a join. */
final class JoinText {
    private JoinText() {}

    /**
     * Writes a join seen from one of its tables, for example {@code "pets" on "has_pet"."PetID" = "pets"."PetID" (a
     * foreign key the database declares)}.
     *
     * @param join the join
     * @param from the table it is seen from
     * @return the other table, the condition and where the join comes from
     */
    static String describe(TableJoin join, String from) {
        return "%s on %s (%s)"
                .formatted(SqlIdentifiers.quote(join.partnerOf(from)), join.condition(), kind(join.kind()));
    }

    private static String kind(JoinKind kind) {
        return switch (kind) {
            case DECLARED -> "a foreign key the database declares";
            case INFERRED -> "inferred: the names match and the values fit; check before relying on it";
        };
    }
}

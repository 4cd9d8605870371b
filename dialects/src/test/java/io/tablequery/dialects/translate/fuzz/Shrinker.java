package io.tablequery.dialects.translate.fuzz;

import io.tablequery.dialects.translate.EnginePair;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * Shrinks a failing query and its database greedily: a smaller query (a clause left out, an expression replaced by
 * a part of it) or a database with a row left out is kept whenever the same check still fails on it.
 */
final class Shrinker {
    private static final int MAX_ATTEMPTS = 2_000;

    /** The check that failed, asked again of a smaller case. */
    interface Check {
        boolean fails(Oracles oracles, GeneratedQuery query);
    }

    /** A case small enough to read: the statements that make the database, and the query. */
    record Reproduction(List<String> statements, GeneratedQuery query) {}

    private Shrinker() {}

    static Reproduction shrink(List<String> statements, GeneratedQuery query, Check check) throws SQLException {
        GeneratedQuery smallest = shrinkQuery(statements, query, check);
        List<String> fewest = new ArrayList<>(statements);
        for (int i = fewest.size() - 1; i >= 0; i--) {
            if (!fewest.get(i).startsWith("INSERT")) {
                continue;
            }
            List<String> candidate = new ArrayList<>(fewest);
            candidate.remove(i);
            if (fails(candidate, smallest, check)) {
                fewest = candidate;
            }
        }
        return new Reproduction(fewest, shrinkQuery(fewest, smallest, check));
    }

    private static GeneratedQuery shrinkQuery(List<String> statements, GeneratedQuery query, Check check)
            throws SQLException {
        try (EnginePair engines = QueryFuzzer.load(statements)) {
            Oracles oracles = new Oracles(engines);
            GeneratedQuery current = query;
            int attempts = 0;
            boolean smaller = true;
            while (smaller && attempts < MAX_ATTEMPTS) {
                smaller = false;
                for (GeneratedQuery candidate : current.shrinks()) {
                    attempts++;
                    if (check.fails(oracles, candidate)) {
                        current = candidate;
                        smaller = true;
                        break;
                    }
                }
            }
            return current;
        }
    }

    private static boolean fails(List<String> statements, GeneratedQuery query, Check check) throws SQLException {
        try (EnginePair engines = QueryFuzzer.load(statements)) {
            return check.fails(new Oracles(engines), query);
        }
    }
}

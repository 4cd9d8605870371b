package io.tablequery.dialects.translate.fuzz;

import java.util.List;

/** A generated SQLite query, as a tree the shrinker can take apart. */
sealed interface GeneratedQuery permits SelectQuery, Compound {
    /** The SQLite text. */
    String sql();

    /** Whether SQLite's answer has an order the translation must keep, so that results are compared row by row. */
    boolean ordered();

    /** Smaller queries to try in this one's place when it fails: a clause left out, an expression simplified. */
    List<GeneratedQuery> shrinks();
}

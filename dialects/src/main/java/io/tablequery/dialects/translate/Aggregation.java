package io.tablequery.dialects.translate;

import io.tablequery.dialects.sql.Expr;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * What a grouped or aggregate {@code SELECT} allows outside aggregates: its grouping terms, and SQLite's bare-column
 * rule (a column beside exactly one {@code min} or {@code max} takes its value from that row).
 */
final class Aggregation {
    final Set<String> groupColumns = new HashSet<>();
    final Set<String> groupTexts = new HashSet<>();
    /** The translated GROUP BY terms, in order; constant terms are left out. */
    final List<String> groupTerms = new ArrayList<>();
    /** The position of each of {@link #groupTerms} among all GROUP BY terms. */
    final List<Integer> groupPositions = new ArrayList<>();
    /** Whether a GROUP BY column is one SQLite may read its table in the order of (an index, the rowid). */
    boolean indexedKey;
    /** The only {@code min(x)} or {@code max(x)} of the query, or null. */
    final Expr.Call minMax;
    /** Whether the query has several {@code min} and {@code max} calls, so a bare column's row is SQLite's pick. */
    final boolean severalMinMax;
    /** Whether a GROUP BY column has an index behind it that is not unique, which SQLite may walk backwards. */
    boolean walkableKey;
    /** The translated argument of {@link #minMax}, once needed. */
    Typed minMaxArgument;
    /** How deep the translation is inside aggregate arguments or grouped terms, where columns are not bare. */
    int shelter;

    Aggregation(Expr.Call minMax, boolean severalMinMax) {
        this.minMax = minMax;
        this.severalMinMax = severalMinMax;
    }
}

package io.tablequery.engine.plan;

import static io.tablequery.dialects.SqlIdentifiers.quote;

import io.tablequery.dialects.sql.Expr;
import io.tablequery.dialects.sql.Exprs;
import io.tablequery.dialects.sql.FromItem;
import io.tablequery.dialects.sql.Query;
import io.tablequery.engine.catalog.CatalogSnapshot;
import io.tablequery.engine.catalog.ColumnProfile;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * What lineage knows of one level of a step's query that groups or aggregates: its SELECT and sources, what each GROUP
 * BY term groups by, how its joins repeat their sources' rows ({@link JoinFanout}), and what the profiles bound.
 */
final class GroupLevel {
    private final Query.Select select;
    private final List<LevelSource> sources;
    private final CatalogSnapshot catalog;
    /** What each GROUP BY term groups by. */
    private final List<Expr> keys;

    private JoinFanout fanout;

    /**
     * Reads a level's GROUP BY.
     *
     * @param select the level's SELECT
     * @param sources its sources, in the order of its FROM
     * @param catalog the workspace's tables
     * @throws WholeSheets when a GROUP BY term's meaning cannot be told
     */
    GroupLevel(Query.Select select, List<LevelSource> sources, CatalogSnapshot catalog) throws WholeSheets {
        this.select = select;
        this.sources = List.copyOf(sources);
        this.catalog = catalog;
        List<Expr> terms = new ArrayList<>();
        for (Expr term : select.groupBy()) {
            terms.add(groupKey(term));
        }
        this.keys = List.copyOf(terms);
    }

    Query.Select select() {
        return select;
    }

    List<LevelSource> sources() {
        return sources;
    }

    /** The fan-out of the level's sources, each named as the level reads it and with its workspace table, if any. */
    JoinFanout fanout() {
        if (fanout == null) {
            List<JoinFanout.Source> named = new ArrayList<>();
            for (LevelSource source : sources) {
                named.add(
                        source.table() == null
                                ? new JoinFanout.Source(null, null)
                                : new JoinFanout.Source(source.qualifier(), source.workspace()));
            }
            fanout = JoinFanout.of(select, named, catalog);
        }
        return fanout;
    }

    /** The level's key as its hidden columns hold it: the marker 1, then what each GROUP BY term groups by. */
    List<Expr> markedKeys() {
        List<Expr> marked = new ArrayList<>();
        marked.add(LineageNodes.integer(1));
        marked.addAll(keys);
        return marked;
    }

    /** The sources of which each group has at most one row ({@link JoinFanout#oneRowPerGroup}), by position. */
    BitSet singleRows() {
        return fanout().oneRowPerGroup(keys, outerJoin(select.from()));
    }

    /**
     * An upper bound of how many groups the level makes: one without GROUP BY, else the product of its terms' distinct
     * values (NULL counted as one), when each term is a column of a workspace table whose profile counts them.
     */
    OptionalLong groups() {
        long bound = 1;
        for (Expr term : select.groupBy()) {
            Expr bare = Exprs.unwrap(term);
            if (bare instanceof Expr.Literal literal && literal.kind() == Expr.LiteralKind.INTEGER) {
                Optional<Query.Item> item = resultColumn(literal);
                if (item.isEmpty()) {
                    return OptionalLong.empty();
                }
                bare = Exprs.unwrap(item.get().expr());
            }
            if (!(bare instanceof Expr.ColumnRef column)) {
                return OptionalLong.empty();
            }
            Optional<ColumnProfile> profile = fanout().profile(column);
            if (profile.isEmpty()) {
                return OptionalLong.empty();
            }
            long values = profile.get().distinctCount() + (profile.get().nullCount() > 0 ? 1 : 0);
            bound = bound > Long.MAX_VALUE / Math.max(1, values) ? Long.MAX_VALUE : bound * Math.max(1, values);
        }
        return OptionalLong.of(bound);
    }

    /**
     * The positions of the level's marked keys ({@link #markedKeys}) that no row of its FROM leaves NULL: the marker,
     * and each term that is a workspace table's column whose profile counts no NULL, when no outer join can add a row
     * without it.
     */
    Set<Integer> neverNull() {
        Set<Integer> positions = new HashSet<>();
        positions.add(0);
        if (outerJoin(select.from())) {
            return positions;
        }
        for (int i = 0; i < keys.size(); i++) {
            if (keys.get(i) instanceof Expr.ColumnRef column
                    && fanout().profile(column)
                            .filter(profile -> profile.nullCount() == 0)
                            .isPresent()) {
                positions.add(i + 1);
            }
        }
        return positions;
    }

    /**
     * The count of a level under this one that is this level's one GROUP BY term, when it is one: its distinct values
     * are few (no more than the square root of twice the rows counted, plus one), which bounds the groups.
     *
     * @param lower the SELECT of the level under this one
     * @return the count as that level's select list writes it
     */
    Optional<Expr> countKey(Query.Select lower) {
        if (keys.size() != 1 || !(keys.get(0) instanceof Expr.ColumnRef column)) {
            return Optional.empty();
        }
        for (Query.SelectItem candidate : lower.items()) {
            if (candidate instanceof Query.Item item
                    && column.name().equalsIgnoreCase(item.alias())
                    && Exprs.unwrap(item.expr()) instanceof Expr.Call call
                    && call.name().equalsIgnoreCase("count")
                    && call.over() == null) {
                return Optional.of(item.expr());
            }
        }
        return Optional.empty();
    }

    /**
     * Whether reading the level's rows again is one scan of one table: its FROM names one workspace table or earlier
     * step's table, and its WHERE has no subquery. A join, a WITH table, a subquery in FROM or one in WHERE would be
     * run again.
     */
    boolean readAgainByAScan() {
        LevelSource only = sources.size() == 1 ? sources.get(0) : null;
        if (only == null || only.table() == null || only.workspace() == null && !only.step()) {
            return false;
        }
        return select.where() == null || !hasSubquery(select.where());
    }

    private static boolean hasSubquery(Expr expr) {
        return expr instanceof Expr.Subquery
                || expr instanceof Expr.InQuery
                || expr instanceof Expr.Exists
                || Exprs.children(expr).stream().anyMatch(GroupLevel::hasSubquery);
    }

    /** Whether a FROM joins anything but inner joins: an outer join fills a missing side with NULLs. */
    private static boolean outerJoin(FromItem from) {
        if (from instanceof FromItem.Join join) {
            return switch (join.kind()) {
                case COMMA, INNER, CROSS -> outerJoin(join.left()) || outerJoin(join.right());
                case LEFT, RIGHT, FULL, NATURAL, NATURAL_LEFT, NATURAL_RIGHT, NATURAL_FULL -> true;
            };
        }
        return false;
    }

    /**
     * The expression a GROUP BY term groups by: an integer picks a result column; a bare name that is a result
     * column's alias and no source's column means that column (SQLite prefers a source's column).
     */
    private Expr groupKey(Expr term) throws WholeSheets {
        Expr bare = Exprs.unwrap(term);
        if (bare instanceof Expr.Literal literal && literal.kind() == Expr.LiteralKind.INTEGER) {
            return Exprs.unwrap(resultColumn(literal)
                    .orElseThrow(() -> new WholeSheets(
                            "its GROUP BY names result column " + literal.text() + ", which is no expression"))
                    .expr());
        }
        if (bare instanceof Expr.ColumnRef column && column.table() == null) {
            for (Query.SelectItem candidate : select.items()) {
                if (candidate instanceof Query.Item item
                        && column.name().equalsIgnoreCase(item.alias())
                        && !(Exprs.unwrap(item.expr()) instanceof Expr.ColumnRef same
                                && same.name().equalsIgnoreCase(column.name()))) {
                    if (!sourcesLack(column.name())) {
                        throw new WholeSheets("its GROUP BY names " + quote(column.name())
                                + ", which may be a result column or a source column");
                    }
                    return Exprs.unwrap(item.expr());
                }
            }
        }
        return bare;
    }

    /** The result column an integer GROUP BY term names, when there is one and it is an expression. */
    private Optional<Query.Item> resultColumn(Expr.Literal literal) {
        long index;
        try {
            index = Long.parseLong(literal.text());
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
        if (index < 1 || index > select.items().size()) {
            return Optional.empty();
        }
        return select.items().get((int) index - 1) instanceof Query.Item item ? Optional.of(item) : Optional.empty();
    }

    /** Tells whether no source can have a column of that name: every source is a workspace table without it. */
    private boolean sourcesLack(String name) {
        for (LevelSource source : sources) {
            if (source.workspace() == null
                    || source.workspace().columns().stream()
                            .anyMatch(c -> c.name().equalsIgnoreCase(name))) {
                return false;
            }
        }
        return true;
    }
}

package io.tablequery.engine.plan;

import io.tablequery.dialects.sql.Expr;
import io.tablequery.dialects.sql.Exprs;
import io.tablequery.dialects.sql.FromItem;
import io.tablequery.dialects.sql.Query;
import io.tablequery.engine.catalog.CatalogSnapshot;
import io.tablequery.engine.catalog.ColumnInfo;
import io.tablequery.engine.catalog.ColumnProfile;
import io.tablequery.engine.catalog.ColumnType;
import io.tablequery.engine.catalog.TableInfo;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * Which sources of a query level name a row of theirs in at most one row of the level's FROM, so in at most one group
 * and once there: what lets a list of each group's rows of a source be read without making it unique. A source
 * reaches another when an equality of the level's WHERE or of a join's ON (a conjunct, not under OR or NOT) pairs a
 * column of a source it reaches with a column of the other that holds no value twice (its profile counts as many
 * distinct values as non-null rows), both INTEGER or both TEXT columns (SQLite's {@code =} then means the same value,
 * as the profile's counting does). A row of a source that reaches every other one joins at most one row of each, in
 * whatever kind of join, so it is in at most one row of FROM. It also tells which source a column reference names and
 * that column's profile.
 */
final class JoinFanout {
    private static final Set<ColumnType> EXACT_EQUALITY = Set.of(ColumnType.INTEGER, ColumnType.TEXT);

    /**
     * A source of the level.
     *
     * @param name the name the level reads it under (its alias or table name)
     * @param table the workspace table it is, or null for an earlier step's table, a WITH table or a subquery
     */
    record Source(String name, TableInfo table) {}

    private final List<Source> sources;
    private final CatalogSnapshot catalog;
    private final List<BitSet> reached = new ArrayList<>();
    private final List<Expr.Binary> whereEqualities = new ArrayList<>();
    private final List<Expr.Binary> joinEqualities = new ArrayList<>();

    private JoinFanout(List<Source> sources, CatalogSnapshot catalog) {
        this.sources = List.copyOf(sources);
        this.catalog = catalog;
    }

    /**
     * Works out the sources each source of a level reaches.
     *
     * @param select the level
     * @param sources its sources, in the order of its FROM
     * @param catalog the workspace's tables, with their profiles
     * @return the level's fan-out
     */
    static JoinFanout of(Query.Select select, List<Source> sources, CatalogSnapshot catalog) {
        JoinFanout fanout = new JoinFanout(sources, catalog);
        List<int[]> steps = new ArrayList<>();
        conjuncts(select.where(), fanout.whereEqualities);
        joinConditions(select.from(), fanout.joinEqualities);
        List<Expr.Binary> equalities = new ArrayList<>(fanout.whereEqualities);
        equalities.addAll(fanout.joinEqualities);
        for (Expr.Binary equality : equalities) {
            fanout.step(equality.left(), equality.right()).ifPresent(steps::add);
            fanout.step(equality.right(), equality.left()).ifPresent(steps::add);
        }
        for (int i = 0; i < sources.size(); i++) {
            BitSet reach = new BitSet();
            reach.set(i);
            boolean grew = true;
            while (grew) {
                grew = false;
                for (int[] step : steps) {
                    if (reach.get(step[0]) && !reach.get(step[1])) {
                        reach.set(step[1]);
                        grew = true;
                    }
                }
            }
            fanout.reached.add(reach);
        }
        return fanout;
    }

    /**
     * Tells whether each row of a workspace table source is in at most one row of the level's FROM and has an R-number
     * of its own, so that a list of its R-numbers holds each once.
     *
     * @param source the source's position
     * @return true when it is a workspace table whose rowid is its sheet row (not a long form, whose sheet rows make
     *     several rows each) and reaches every source
     */
    boolean once(int source) {
        TableInfo table = sources.get(source).table();
        return table != null && table.rowStride() == 1 && inOneRowEach(source);
    }

    /**
     * Tells whether each row of a source, of any kind, is in at most one row of the level's FROM.
     *
     * @param source the source's position
     * @return true when it reaches every source (as the one source of a level always does)
     */
    boolean inOneRowEach(int source) {
        return reached.get(source).cardinality() == sources.size();
    }

    /**
     * Tells which sources have at most one row in each group of the level, so that a group cites one R-number of
     * them, or none: a source one of whose columns holding no value twice and no NULL is a GROUP BY term (its rows
     * fall in distinct groups); a source whose column holding no value twice the level's WHERE, or a join's ON in a
     * level without outer joins, equates with a literal of the column's type (one row passes in all); and, in a level
     * without outer joins, every source such a source reaches (each of its rows joins at most one row of that
     * source). An outer join could pair another source's rows with no row of such a source, in one group.
     *
     * @param groupKeys what each GROUP BY term groups by
     * @param outerJoin whether the level's FROM has an outer join
     * @return the sources' positions
     */
    BitSet oneRowPerGroup(List<Expr> groupKeys, boolean outerJoin) {
        BitSet one = new BitSet();
        for (Expr key : groupKeys) {
            if (Exprs.unwrap(key) instanceof Expr.ColumnRef column) {
                OptionalInt holder = holder(column);
                if (holder.isPresent()
                        && exactColumn(holder.getAsInt(), column.name()).isPresent()
                        && profile(column)
                                .filter(p -> p.nullCount() == 0 && unique(holder.getAsInt(), p))
                                .isPresent()) {
                    one.set(holder.getAsInt());
                }
            }
        }
        List<Expr.Binary> equalities = new ArrayList<>(whereEqualities);
        if (!outerJoin) {
            equalities.addAll(joinEqualities);
        }
        for (Expr.Binary equality : equalities) {
            literalRow(equality.left(), equality.right()).ifPresent(one::set);
            literalRow(equality.right(), equality.left()).ifPresent(one::set);
        }
        if (!outerJoin) {
            for (int i = one.nextSetBit(0); i >= 0; i = one.nextSetBit(i + 1)) {
                one.or(reached.get(i));
            }
        }
        return one;
    }

    /**
     * The source of {@code column} when it is a column holding no value twice and {@code value} a literal of its type
     * (an integer for INTEGER, a string for TEXT), so that one row at most is equal to it.
     */
    private OptionalInt literalRow(Expr column, Expr value) {
        if (!(Exprs.unwrap(column) instanceof Expr.ColumnRef reference)
                || !(Exprs.unwrap(value) instanceof Expr.Literal literal)) {
            return OptionalInt.empty();
        }
        OptionalInt holder = holder(reference);
        if (holder.isEmpty()) {
            return OptionalInt.empty();
        }
        Optional<ColumnInfo> info = exactColumn(holder.getAsInt(), reference.name());
        boolean sameType = info.isPresent()
                && (info.get().type() == ColumnType.INTEGER && literal.kind() == Expr.LiteralKind.INTEGER
                        || info.get().type() == ColumnType.TEXT && literal.kind() == Expr.LiteralKind.STRING);
        return sameType
                        && profile(reference)
                                .filter(p -> unique(holder.getAsInt(), p))
                                .isPresent()
                ? holder
                : OptionalInt.empty();
    }

    /** A column of a source that {@code =} compares as the same value, as profiles count them: INTEGER or TEXT. */
    private Optional<ColumnInfo> exactColumn(int source, String name) {
        return column(source, name).filter(info -> EXACT_EQUALITY.contains(info.type()));
    }

    /** Whether a source's column, by its profile, holds no value twice. */
    private boolean unique(int source, ColumnProfile profile) {
        return profile.distinctCount() == sources.get(source).table().rowCount() - profile.nullCount();
    }

    /**
     * One step of reaching: from the source of {@code from} to the source of {@code to}, when {@code to} is a column
     * that holds no value twice and compares with {@code from} as the same value.
     */
    private Optional<int[]> step(Expr from, Expr to) {
        if (!(Exprs.unwrap(from) instanceof Expr.ColumnRef left)
                || !(Exprs.unwrap(to) instanceof Expr.ColumnRef right)) {
            return Optional.empty();
        }
        OptionalInt a = holder(left);
        OptionalInt b = holder(right);
        if (a.isEmpty() || b.isEmpty() || a.getAsInt() == b.getAsInt()) {
            return Optional.empty();
        }
        Optional<ColumnInfo> leftColumn = column(a.getAsInt(), left.name());
        Optional<ColumnInfo> rightColumn = column(b.getAsInt(), right.name());
        if (leftColumn.isEmpty()
                || rightColumn.isEmpty()
                || leftColumn.get().type() != rightColumn.get().type()
                || !EXACT_EQUALITY.contains(rightColumn.get().type())) {
            return Optional.empty();
        }
        boolean unique =
                profile(right).filter(profile -> unique(b.getAsInt(), profile)).isPresent();
        return unique ? Optional.of(new int[] {a.getAsInt(), b.getAsInt()}) : Optional.empty();
    }

    /**
     * The profile of the column a reference names, when one workspace table of the level has it and a profile.
     *
     * @param column the reference
     * @return its profile
     */
    Optional<ColumnProfile> profile(Expr.ColumnRef column) {
        OptionalInt holder = holder(column);
        if (holder.isEmpty()) {
            return Optional.empty();
        }
        return catalog.profile(sources.get(holder.getAsInt()).table())
                .flatMap(profile -> profile.column(column.name()));
    }

    /** The source whose column a reference names, when that can be told: one workspace table has it. */
    private OptionalInt holder(Expr.ColumnRef column) {
        if (column.schema() != null) {
            return OptionalInt.empty();
        }
        OptionalInt found = OptionalInt.empty();
        for (int i = 0; i < sources.size(); i++) {
            Source source = sources.get(i);
            if (column.table() != null && !column.table().equalsIgnoreCase(source.name())) {
                continue;
            }
            if (source.table() == null) {
                return OptionalInt.empty();
            }
            if (column(i, column.name()).isPresent()) {
                if (found.isPresent()) {
                    return OptionalInt.empty();
                }
                found = OptionalInt.of(i);
            }
        }
        return found;
    }

    private Optional<ColumnInfo> column(int source, String name) {
        TableInfo table = sources.get(source).table();
        return table == null
                ? Optional.empty()
                : table.columns().stream()
                        .filter(c -> c.name().equalsIgnoreCase(name))
                        .findFirst();
    }

    private static void joinConditions(FromItem from, List<Expr.Binary> equalities) {
        if (from instanceof FromItem.Join join) {
            joinConditions(join.left(), equalities);
            joinConditions(join.right(), equalities);
            conjuncts(join.on(), equalities);
        }
    }

    private static void conjuncts(Expr expr, List<Expr.Binary> equalities) {
        if (expr == null) {
            return;
        }
        if (Exprs.unwrap(expr) instanceof Expr.Binary binary) {
            if (binary.operator().equals("AND")) {
                conjuncts(binary.left(), equalities);
                conjuncts(binary.right(), equalities);
            } else if (binary.operator().equals("=")) {
                equalities.add(binary);
            }
        }
    }
}

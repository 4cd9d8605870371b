package io.tablequery.dialects.translate;

import static io.tablequery.dialects.SqlIdentifiers.quote;

import io.tablequery.dialects.SqliteAffinity;
import io.tablequery.dialects.SqliteRowid;
import io.tablequery.dialects.sql.Expr;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/** The sources a {@code SELECT} reads, for resolving its column names; chained to the enclosing query's scope. */
final class Scope {
    /**
     * One source of rows.
     *
     * @param name the name a qualifier matches (alias, else table name), or null for an anonymous subquery
     * @param sqlAlias the DuckDB alias it is printed with
     * @param columns its columns
     * @param rowid the DuckDB expression of SQLite's rowid, or null
     * @param order the DuckDB column that orders its rows as SQLite reads them, or null
     * @param hiddenFromStar the names {@code *} leaves out (the right side of {@code USING})
     * @param stored whether it is a stored table, which SQLite may read through an index in another order
     * @param indexed the lower-case columns SQLite may read it in the order of ({@link TableSchema#indexed()})
     * @param rowidAlias the lower-case column that aliases its rowid, or null
     * @param indexes the lower-case columns of each of its indexes ({@link TableSchema#indexes()})
     * @param uniqueKeys the lower-case columns of each key no two of its rows agree on
     * @param rowids the range of its rowids, when known ({@link TableSchema#rowids()}); else null
     */
    record Source(
            String name,
            String sqlAlias,
            List<ColumnSchema> columns,
            String rowid,
            String order,
            Set<String> hiddenFromStar,
            boolean stored,
            Set<String> indexed,
            String rowidAlias,
            List<List<String>> indexes,
            List<Set<String>> uniqueKeys,
            ValueRange rowids) {
        Source withHidden(Set<String> hidden) {
            return with(columns, hidden);
        }

        /** The same source on the side of an outer join that may have no row: any of its columns may be NULL. */
        Source nullable() {
            return with(
                    columns.stream().map(column -> column.withNeverNull(false)).toList(), hiddenFromStar);
        }

        private Source with(List<ColumnSchema> read, Set<String> hidden) {
            return new Source(
                    name,
                    sqlAlias,
                    read,
                    rowid,
                    order,
                    hidden,
                    stored,
                    indexed,
                    rowidAlias,
                    indexes,
                    uniqueKeys,
                    rowids);
        }

        /**
         * Whether grouping on these columns of it (lower-case, as {@link Resolved#key()} names them) leaves one of
         * its rows per group: its rowid, the column aliasing it, or a unique key among them.
         */
        boolean singleRowPer(Set<String> groupKeys) {
            String prefix = sqlAlias + ".";
            if (rowid != null && groupKeys.contains(prefix + "rowid")
                    || rowidAlias != null && groupKeys.contains(prefix + rowidAlias)) {
                return true;
            }
            return uniqueKeys.stream()
                    .anyMatch(key -> key.stream().allMatch(column -> groupKeys.contains(prefix + column)));
        }
    }

    /**
     * A column resolved in a scope.
     *
     * @param typed the translated reference
     * @param key what identifies the column for grouping
     * @param local whether it belongs to this scope (not an outer query's)
     * @param name the column's name as its source declares it
     * @param indexed whether SQLite may read its table in the order of this column (an index, the rowid)
     * @param unique whether it is its table's rowid or the column aliasing it, so no two rows tie on it
     */
    record Resolved(Typed typed, String key, boolean local, String name, boolean indexed, boolean unique) {}

    final Scope parent;
    final List<Source> sources = new ArrayList<>();
    /** The result aliases of the SELECT, by lower-case name; SQLite resolves a name no source has to them. */
    final Map<String, Expr> aliases = new HashMap<>();
    /** The aliases being translated, so an alias that refers to itself fails instead of looping. */
    final Set<String> expanding = new HashSet<>();
    /** The lower-case columns read of each source, by the source's DuckDB alias. */
    private final Map<String, Set<String>> read = new HashMap<>();
    /** The lower-case columns read inside WHERE and ON terms, by the source's DuckDB alias. */
    private final Map<String, Set<String>> constrained = new HashMap<>();
    /** How deep the translation is inside a WHERE or ON term. */
    private int constraining;
    /** Whether the translation relies on the order SQLite reads a source in. */
    boolean readOrderUsed;

    Aggregation aggregation;

    Scope(Scope parent) {
        this.parent = parent;
    }

    /** Finds a column; null when no source in this scope or an outer one has it. */
    Resolved resolve(String table, String name) {
        String key = name.toLowerCase(Locale.ROOT);
        Resolved found = null;
        for (Source source : sources) {
            if (table != null && (source.name() == null || !source.name().equalsIgnoreCase(table))) {
                continue;
            }
            Resolved candidate = column(source, key);
            if (candidate == null) {
                continue;
            }
            if (found != null) {
                if (source.hiddenFromStar().contains(key)) {
                    continue;
                }
                throw new Refusal("ambiguous column name: " + name);
            }
            found = candidate;
            read.computeIfAbsent(source.sqlAlias(), alias -> new HashSet<>()).add(key);
            if (constraining > 0) {
                constrained
                        .computeIfAbsent(source.sqlAlias(), alias -> new HashSet<>())
                        .add(key);
            }
        }
        if (found == null && parent != null) {
            Resolved outer = parent.resolve(table, name);
            return outer == null ? null : new Resolved(outer.typed(), outer.key(), false, outer.name(), false, false);
        }
        return found;
    }

    /** Tells whether a qualifier names a source of this scope or an outer one. */
    boolean hasSource(String table) {
        for (Source source : sources) {
            if (source.name() != null && source.name().equalsIgnoreCase(table)) {
                return true;
            }
        }
        return parent != null && parent.hasSource(table);
    }

    private static Resolved column(Source source, String key) {
        for (ColumnSchema column : source.columns()) {
            if (column.name().toLowerCase(Locale.ROOT).equals(key)) {
                String sql = source.sqlAlias() + "." + quote(column.name());
                Typed typed = new Typed(sql, column.type(), column.affinity(), null, null)
                        .withFacts(column.facts()
                                .withDateValues(
                                        column.dateValues() == null
                                                ? null
                                                : source.sqlAlias() + "." + quote(column.dateValues())));
                return new Resolved(
                        typed,
                        source.sqlAlias() + "." + key,
                        true,
                        column.name(),
                        source.indexed().contains(key),
                        key.equals(source.rowidAlias()));
            }
        }
        if (source.rowid() != null && (key.equals("rowid") || key.equals("oid") || key.equals("_rowid_"))) {
            String sql = source.rowid();
            return new Resolved(
                    new Typed(sql, SqlType.INTEGER, SqliteAffinity.INTEGER, null, null)
                            .withFacts(ColumnFacts.NONE.withRange(source.rowids())),
                    source.sqlAlias() + ".rowid",
                    true,
                    key,
                    source.stored(),
                    true);
        }
        return null;
    }

    /**
     * The order SQLite reads this scope's rows in, for an aggregate whose answer depends on it.
     *
     * @param what the aggregate, for the refusal over a join or an unordered source
     */
    String rowOrder(String what) {
        if (sources.size() == 1 && sources.get(0).order() != null) {
            readOrderUsed = true;
            return sources.get(0).order();
        }
        if (sources.isEmpty()) {
            return "1";
        }
        throw new Refusal(what + " over a join or an unordered source, whose order is SQLite's plan order");
    }

    /** Translates a WHERE or ON term, noting the columns it reads as constrained (see {@link #checkReadOrder}). */
    String constraint(Supplier<String> translation) {
        constraining++;
        try {
            return translation.get();
        } finally {
            constraining--;
        }
    }

    /**
     * Refuses a translation that relies on the order SQLite reads a stored table in, when SQLite may read it through
     * an index rather than in rowid order: a WHERE or ON term constrains the index's first column, or the index holds
     * every column the query reads of the table (a covering scan). Rows then come in the index's order.
     */
    void checkReadOrder() {
        if (readOrderUsed && !readOrderKnown()) {
            throw new Refusal("the answer depends on the order SQLite reads " + indexedSource() + " in, and its"
                    + " planner may read it through an index instead of in rowid order");
        }
    }

    /** Tells whether SQLite reads every source in rowid order: none may be read through an index instead. */
    boolean readOrderKnown() {
        return indexedSource() == null;
    }

    /** The alias of a source SQLite may read through an index rather than in rowid order, or null for none. */
    private String indexedSource() {
        for (Source source : sources) {
            Set<String> used = read.getOrDefault(source.sqlAlias(), Set.of());
            Set<String> constraints = constrained.getOrDefault(source.sqlAlias(), Set.of());
            for (List<String> index : source.indexes()) {
                Set<String> covered = new HashSet<>(index);
                covered.addAll(SqliteRowid.NAMES);
                if (source.rowidAlias() != null) {
                    covered.add(source.rowidAlias());
                }
                boolean constrainedFirst = !index.isEmpty() && constraints.contains(index.get(0));
                if (constrainedFirst || index.isEmpty() || covered.containsAll(used)) {
                    return source.sqlAlias();
                }
            }
        }
        return null;
    }
}

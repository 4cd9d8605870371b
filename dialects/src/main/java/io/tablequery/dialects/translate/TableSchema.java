package io.tablequery.dialects.translate;

import static io.tablequery.dialects.SqlIdentifiers.quote;
import static java.util.Objects.requireNonNull;

import io.tablequery.dialects.SqliteIndexes;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A table the translated SQL reads.
 *
 * @param name the table's name in SQLite
 * @param duckDbName how DuckDB SQL names it, quoted and qualified as needed
 * @param columns its columns in order
 * @param rowid the DuckDB column that holds SQLite's rowid, or null when {@code insertionOrder} stands in for it
 * @param insertionOrder whether the table is one DuckDB filled like SQLite fills a new table (a step's
 *     {@code CREATE TEMP TABLE}): its rowid pseudo-column counts rows from 0 in insertion order, SQLite's from 1
 * @param rowidAlias the lower-case name of the {@code INTEGER PRIMARY KEY} column that aliases the rowid, or null;
 *     unique, so rows never tie on it
 * @param indexes the lower-case columns of each index, in index order: SQLite may read the table through one,
 *     rather than in rowid order, when a WHERE or ON term constrains its first column or it holds every column a
 *     query reads
 * @param uniqueKeys the lower-case columns of each key no two rows agree on (a UNIQUE index without NULLs)
 * @param rowids the range of the table's rowids, when known; else null
 */
public record TableSchema(
        String name,
        String duckDbName,
        List<ColumnSchema> columns,
        String rowid,
        boolean insertionOrder,
        String rowidAlias,
        List<List<String>> indexes,
        List<Set<String>> uniqueKeys,
        ValueRange rowids) {
    public TableSchema {
        requireNonNull(name, "name is null");
        requireNonNull(duckDbName, "duckDbName is null");
        columns = List.copyOf(columns);
        indexes = indexes.stream().map(List::copyOf).toList();
        uniqueKeys = uniqueKeys.stream().map(Set::copyOf).toList();
        if ((rowid == null) != insertionOrder) {
            throw new IllegalArgumentException("a table has a rowid column or insertion order, not both");
        }
    }

    /**
     * Describes a stored table whose rowid is a real column.
     *
     * @param name the SQLite name
     * @param duckDbName the DuckDB reference
     * @param columns the columns
     * @param rowid the column holding SQLite's rowid
     * @return the table
     */
    public static TableSchema stored(String name, String duckDbName, List<ColumnSchema> columns, String rowid) {
        return new TableSchema(
                name,
                duckDbName,
                columns,
                requireNonNull(rowid, "rowid is null"),
                false,
                null,
                List.of(),
                List.of(),
                null);
    }

    /**
     * Describes a table a translated {@code CREATE TEMP TABLE} made.
     *
     * @param name the SQLite name
     * @param duckDbName the DuckDB reference
     * @param columns the columns
     * @return the table
     */
    public static TableSchema created(String name, String duckDbName, List<ColumnSchema> columns) {
        return new TableSchema(name, duckDbName, columns, null, true, null, List.of(), List.of(), null);
    }

    /**
     * The same table with the indexes SQLite can read it through.
     *
     * @param found the table's indexes and {@code INTEGER PRIMARY KEY}
     * @return the table
     */
    public TableSchema withIndexes(SqliteIndexes found) {
        List<List<String>> lower = new ArrayList<>();
        for (List<String> index : found.indexes()) {
            lower.add(index.stream()
                    .map(column -> column.toLowerCase(Locale.ROOT))
                    .toList());
        }
        String alias = found.integerPrimaryKey() == null
                ? null
                : found.integerPrimaryKey().toLowerCase(Locale.ROOT);
        List<Set<String>> keys = new ArrayList<>();
        for (List<String> key : found.uniqueKeys()) {
            keys.add(key.stream().map(column -> column.toLowerCase(Locale.ROOT)).collect(Collectors.toSet()));
        }
        return new TableSchema(name, duckDbName, columns, rowid, insertionOrder, alias, lower, keys, rowids);
    }

    /**
     * The same table, the range of its rowids known, or not known.
     *
     * @param known the range, or null
     * @return the table
     */
    public TableSchema withRowids(ValueRange known) {
        if (known != null && rowid == null) {
            throw new IllegalArgumentException("a table without a rowid column has no rowids to range");
        }
        return new TableSchema(
                name, duckDbName, columns, rowid, insertionOrder, rowidAlias, indexes, uniqueKeys, known);
    }

    /**
     * The lower-case names of the columns SQLite can read the table in the order of: the first column of each index
     * and the column that aliases the rowid; its planner then decides in which order ties come.
     *
     * @return the columns
     */
    public Set<String> indexed() {
        Set<String> leading = new HashSet<>();
        indexes.stream().filter(index -> !index.isEmpty()).forEach(index -> leading.add(index.get(0)));
        if (rowidAlias != null) {
            leading.add(rowidAlias);
        }
        return leading;
    }

    /**
     * The expression of SQLite's rowid, given the alias the table is read under; null for a step's table in a dialect
     * that has no rowid for it.
     */
    String rowidSql(String sqlAlias, SqlDialect dialect) {
        if (!insertionOrder) {
            return sqlAlias + "." + quote(rowid);
        }
        return dialect.has(SqlDialect.Feature.INSERTION_ROWIDS) ? dialect.insertionRowid(sqlAlias) : null;
    }

    /** The expression that orders rows as SQLite reads them. */
    String orderSql(String sqlAlias, SqlDialect dialect) {
        return insertionOrder ? dialect.insertionOrder(sqlAlias) : sqlAlias + "." + quote(rowid);
    }
}

package io.tablequery.dialects.translate;

import static io.tablequery.dialects.SqlIdentifiers.quote;
import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * A table the translated SQL reads.
 *
 * @param name the table's name in SQLite
 * @param duckDbName how DuckDB SQL names it, quoted and qualified as needed
 * @param columns its columns in order
 * @param rowid the DuckDB column that holds SQLite's rowid, or null when {@code insertionOrder} stands in for it
 * @param insertionOrder whether the table is one DuckDB filled like SQLite fills a new table (a step's
 *     {@code CREATE TEMP TABLE}): its rowid pseudo-column counts rows from 0 in insertion order, SQLite's from 1
 */
public record TableSchema(
        String name, String duckDbName, List<ColumnSchema> columns, String rowid, boolean insertionOrder) {
    public TableSchema {
        requireNonNull(name, "name is null");
        requireNonNull(duckDbName, "duckDbName is null");
        columns = List.copyOf(columns);
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
        return new TableSchema(name, duckDbName, columns, requireNonNull(rowid, "rowid is null"), false);
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
        return new TableSchema(name, duckDbName, columns, null, true);
    }

    /** The DuckDB expression of SQLite's rowid, given the alias the table is read under. */
    String rowidSql(String sqlAlias) {
        return insertionOrder ? "(" + sqlAlias + ".rowid + 1)" : sqlAlias + "." + quote(rowid);
    }

    /** The DuckDB expression that orders rows as SQLite reads them. */
    String orderSql(String sqlAlias) {
        return insertionOrder ? sqlAlias + ".rowid" : sqlAlias + "." + quote(rowid);
    }
}

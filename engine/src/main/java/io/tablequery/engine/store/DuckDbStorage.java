package io.tablequery.engine.store;

import static io.tablequery.dialects.SqlIdentifiers.quote;

import io.tablequery.engine.catalog.ColumnType;
import io.tablequery.engine.catalog.TableInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.StringJoiner;

/**
 * How tables are laid out in the DuckDB copy. Each table's rows live in a physical table {@code tq_store."f<F>_s<S>"}
 * with positional columns {@code c1..cN} in native types, a text twin {@code c<i>_text} beside every DATE and
 * TIMESTAMP column (the ISO text the SQLite copy holds), and the provenance row number {@code tq_row}. Two views
 * name it: {@code main."<table>"} shows the native columns, {@code tq_sqlite."<table>"} shows SQLite's
 * representation with {@code rowid}, and beside the text of each DATE column its dates ({@link #dateValues}).
 */
public final class DuckDbStorage {
    /** Schema of the physical tables. */
    public static final String STORE_SCHEMA = "tq_store";
    /** Schema of the views with SQLite's representation, for translated SQLite plans. */
    public static final String SQLITE_SCHEMA = "tq_sqlite";
    /** Schema of the views with native types, where DuckDB users find the tables. */
    public static final String NATIVE_SCHEMA = "main";
    /** The provenance column of the physical tables. */
    public static final String ROW_COLUMN = "tq_row";
    /** The name of the columns of dates beside their text in the {@code tq_sqlite} views, before the column number. */
    static final String DATE_VALUES_PREFIX = "__tq_date_";
    /** Records which physical table each table's views show, for recovery. */
    public static final String VIEWS_TABLE = "tq_views";

    private DuckDbStorage() {}

    /**
     * Names the physical table of one of a sheet's tables.
     *
     * @param fileNumber the F-number
     * @param sheetNumber the S-number
     * @param part the table's number within the sheet, from 0
     * @return {@code f<F>_s<S>} for a sheet's first table, {@code f<F>_s<S>_t<part + 1>} for the others
     */
    public static String storageName(int fileNumber, int sheetNumber, int part) {
        return "f" + fileNumber + "_s" + sheetNumber + (part == 0 ? "" : "_t" + (part + 1));
    }

    /** Returns the DDL of a physical table. */
    static String createTableSql(String storageName, List<StoredColumn> columns) {
        StringJoiner sql = new StringJoiner(", ", "CREATE TABLE " + quote(STORE_SCHEMA, storageName) + " (", ")");
        for (int i = 0; i < columns.size(); i++) {
            StoredColumn column = columns.get(i);
            sql.add(valueColumn(i) + " " + column.type().duckDbType());
            if (column.type().isTemporal()) {
                sql.add(textColumn(i) + " VARCHAR");
            }
        }
        return sql.add(ROW_COLUMN + " BIGINT").toString();
    }

    /** Returns the statements that point a table's two views at a physical table. */
    static List<String> viewSql(String tableName, String storageName, List<StoredColumn> columns) {
        StringJoiner nativeColumns = new StringJoiner(", ");
        StringJoiner sqliteColumns = new StringJoiner(", ").add(ROW_COLUMN + " AS rowid");
        for (int i = 0; i < columns.size(); i++) {
            StoredColumn column = columns.get(i);
            String name = quote(column.name());
            nativeColumns.add(valueColumn(i) + " AS " + name);
            String sqliteValue =
                    switch (column.type()) {
                        case DATE, TIMESTAMP -> textColumn(i);
                        case BOOLEAN -> "CAST(" + valueColumn(i) + " AS BIGINT)";
                        default -> valueColumn(i);
                    };
            sqliteColumns.add(sqliteValue + " AS " + name);
            Optional<String> dates = dateValues(columns, i);
            if (dates.isPresent()) {
                sqliteColumns.add(valueColumn(i) + " AS " + quote(dates.get()));
            }
        }
        String from = " FROM " + quote(STORE_SCHEMA, storageName);
        List<String> statements = new ArrayList<>();
        statements.add(
                "CREATE OR REPLACE VIEW " + quote(NATIVE_SCHEMA, tableName) + " AS SELECT " + nativeColumns + from);
        statements.add(
                "CREATE OR REPLACE VIEW " + quote(SQLITE_SCHEMA, tableName) + " AS SELECT " + sqliteColumns + from);
        return statements;
    }

    /**
     * Names the column of a table's {@code tq_sqlite} view that holds a DATE column's values as dates, beside the
     * column of their ISO text: {@code __tq_date_<n>} for the n-th column, hidden from results like every column so
     * named, and left out when a column of the table already has that name.
     *
     * @param columns the table's columns
     * @param index the column's index
     * @return the name, or empty when the column is not a DATE or the name is taken
     */
    public static Optional<String> dateValues(List<StoredColumn> columns, int index) {
        if (columns.get(index).type() != ColumnType.DATE) {
            return Optional.empty();
        }
        String name = DATE_VALUES_PREFIX + (index + 1);
        boolean taken = columns.stream().anyMatch(column -> column.name().equalsIgnoreCase(name));
        return taken ? Optional.empty() : Optional.of(name);
    }

    /**
     * Counts the columns of a table's {@code tq_sqlite} view: {@code rowid}, one per column, and the dates of its
     * DATE columns ({@link #dateValues}).
     *
     * @param columns the table's columns
     * @return how many columns the view has
     */
    public static int sqliteViewWidth(List<StoredColumn> columns) {
        int width = 1 + columns.size();
        for (int i = 0; i < columns.size(); i++) {
            if (dateValues(columns, i).isPresent()) {
                width++;
            }
        }
        return width;
    }

    /**
     * Returns the query that reads a table as SQLite represents it, from its {@code tq_sqlite} view: {@code rowid},
     * then its columns, in row order; without the dates the view shows beside the text of DATE columns.
     *
     * @param table the table
     * @return the query
     */
    public static String sqliteRowsSql(TableInfo table) {
        StringJoiner columns = new StringJoiner(", ", "SELECT rowid, ", "");
        table.columns().forEach(column -> columns.add(quote(column.name())));
        return columns + " FROM " + quote(SQLITE_SCHEMA, table.name()) + " ORDER BY rowid";
    }

    /**
     * Returns the query that reads a table for export: its columns in native types under their names, in row order,
     * and its rows' citations ({@code F1S2R5}) in a last column.
     *
     * @param table the table
     * @param citationColumn the name of the citation column
     * @return the query
     */
    public static String exportSql(TableInfo table, String citationColumn) {
        StringJoiner columns = new StringJoiner(", ");
        for (int i = 0; i < table.columns().size(); i++) {
            columns.add(valueColumn(i) + " AS " + quote(table.columns().get(i).name()));
        }
        String row = table.rowStride() == 1 ? ROW_COLUMN : "(%s // %d)".formatted(ROW_COLUMN, table.rowStride());
        columns.add(
                "'F%dS%dR' || %s AS %s".formatted(table.fileNumber(), table.sheetNumber(), row, quote(citationColumn)));
        return "SELECT " + columns + " FROM " + quote(STORE_SCHEMA, table.storageName()) + " ORDER BY " + ROW_COLUMN;
    }

    static String valueColumn(int index) {
        return "c" + (index + 1);
    }

    static String textColumn(int index) {
        return "c" + (index + 1) + "_text";
    }
}

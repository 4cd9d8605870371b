package io.tablequery.engine.store;

import static io.tablequery.dialects.SqlIdentifiers.literal;
import static io.tablequery.dialects.SqlIdentifiers.quote;
import static io.tablequery.engine.store.DuckDbStorage.NATIVE_SCHEMA;
import static io.tablequery.engine.store.DuckDbStorage.SQLITE_SCHEMA;
import static io.tablequery.engine.store.DuckDbStorage.STORE_SCHEMA;
import static io.tablequery.engine.store.DuckDbStorage.VIEWS_TABLE;

import io.tablequery.engine.catalog.TableInfo;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Keeps the DuckDB copy's views in step with the catalog. The catalog (in SQLite) is the record; the DuckDB copy
 * follows it: {@link #reconcile} makes the physical tables the catalog has and the DuckDB copy lacks (after an upload,
 * or a crash), switches the views of the catalog's tables in one DuckDB transaction ({@link #publish}), and drops
 * what the catalog no longer has.
 */
public final class DuckDbCatalog {
    private DuckDbCatalog() {}

    /**
     * Creates the schemas and the bookkeeping table when missing.
     *
     * @param connection a DuckDB connection
     * @throws SQLException on a database failure
     */
    public static void initialize(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute("CREATE SCHEMA IF NOT EXISTS " + quote(STORE_SCHEMA));
            statement.execute("CREATE SCHEMA IF NOT EXISTS " + quote(SQLITE_SCHEMA));
            statement.execute("CREATE TABLE IF NOT EXISTS " + quote(STORE_SCHEMA, VIEWS_TABLE)
                    + " (name VARCHAR PRIMARY KEY, storage VARCHAR NOT NULL)");
        }
    }

    /**
     * Points the views of added tables at their physical tables and removes the views and physical tables of
     * removed ones, in one transaction.
     *
     * @param connection a DuckDB connection not in a transaction
     * @param added tables to show
     * @param removed tables to drop (a name also in {@code added} keeps its new views)
     * @throws SQLException on a database failure
     */
    public static void publish(Connection connection, List<TableInfo> added, List<TableInfo> removed)
            throws SQLException {
        if (added.isEmpty() && removed.isEmpty()) {
            return;
        }
        Set<String> addedNames = new HashSet<>();
        added.forEach(table -> addedNames.add(key(table.name())));
        Set<String> addedStorage = new HashSet<>();
        added.forEach(table -> addedStorage.add(table.storageName()));
        try (Statement statement = connection.createStatement()) {
            statement.execute("BEGIN TRANSACTION");
            try {
                for (TableInfo table : removed) {
                    if (!addedNames.contains(key(table.name()))) {
                        dropViews(statement, table.name());
                    }
                    if (!addedStorage.contains(table.storageName())) {
                        statement.execute("DROP TABLE IF EXISTS " + quote(STORE_SCHEMA, table.storageName()));
                    }
                }
                for (TableInfo table : added) {
                    showTable(statement, table);
                }
                statement.execute("COMMIT");
            } catch (SQLException | RuntimeException e) {
                statement.execute("ROLLBACK");
                throw e;
            }
        }
    }

    /**
     * Makes the DuckDB copy match the catalog after a crash: views of committed tables switched, views and physical
     * tables the catalog does not know dropped, physical tables that are missing rebuilt from the SQLite copy.
     *
     * @param connection a DuckDB connection
     * @param tables the catalog's tables
     * @param rebuilder makes a missing physical table
     * @param alsoKeep physical tables the catalog does not have yet (loaded ahead of their upload's commit)
     * @return the names of the tables it had to repair
     * @throws SQLException on a database failure
     */
    public static List<String> reconcile(
            Connection connection, List<TableInfo> tables, Rebuilder rebuilder, Set<String> alsoKeep)
            throws SQLException {
        Map<String, String> shown = new HashMap<>();
        try (Statement statement = connection.createStatement();
                ResultSet rs =
                        statement.executeQuery("SELECT name, storage FROM " + quote(STORE_SCHEMA, VIEWS_TABLE))) {
            while (rs.next()) {
                shown.put(key(rs.getString(1)), rs.getString(2));
            }
        }
        Set<String> physical = physicalTables(connection);
        Set<String> nativeViews = views(connection, NATIVE_SCHEMA);
        Map<String, Integer> sqliteViews = sqliteViewWidths(connection);
        List<String> repaired = new ArrayList<>();
        List<TableInfo> toShow = new ArrayList<>();
        Set<String> wanted = new HashSet<>();
        for (TableInfo table : tables) {
            wanted.add(key(table.name()));
            if (!physical.contains(table.storageName())) {
                rebuilder.rebuild(table);
                toShow.add(table);
            } else if (!table.storageName().equals(shown.get(key(table.name())))
                    || !nativeViews.contains(key(table.name()))
                    || !Objects.equals(
                            sqliteViews.get(key(table.name())),
                            DuckDbStorage.sqliteViewWidth(StoredColumn.of(table)))) {
                toShow.add(table);
            }
        }
        // One transaction for all of them: an upload of thousands of tables switches its views at once.
        publish(connection, toShow, List.of());
        toShow.forEach(table -> repaired.add(table.name()));
        Set<String> keepStorage = new HashSet<>(alsoKeep);
        tables.forEach(table -> keepStorage.add(table.storageName()));
        try (Statement statement = connection.createStatement()) {
            Set<String> stale = new HashSet<>(shown.keySet());
            stale.addAll(nativeViews);
            stale.addAll(sqliteViews.keySet());
            for (String name : stale) {
                if (!wanted.contains(name)) {
                    dropViews(statement, name);
                    repaired.add(name);
                }
            }
            for (String storage : physical) {
                if (!keepStorage.contains(storage)) {
                    statement.execute("DROP TABLE IF EXISTS " + quote(STORE_SCHEMA, storage));
                }
            }
        }
        return repaired;
    }

    /** Rebuilds a table's physical DuckDB table from the SQLite copy. */
    @FunctionalInterface
    public interface Rebuilder {
        /**
         * Rebuilds one table.
         *
         * @param table the table
         * @throws SQLException on a database failure
         */
        void rebuild(TableInfo table) throws SQLException;
    }

    private static Set<String> physicalTables(Connection connection) throws SQLException {
        Set<String> names = new HashSet<>();
        try (Statement statement = connection.createStatement();
                ResultSet rs = statement.executeQuery("SELECT table_name FROM duckdb_tables() WHERE schema_name = "
                        + literal(STORE_SCHEMA) + " AND table_name <> " + literal(VIEWS_TABLE))) {
            while (rs.next()) {
                names.add(rs.getString(1));
            }
        }
        return names;
    }

    private static Set<String> views(Connection connection, String schema) throws SQLException {
        Set<String> names = new HashSet<>();
        try (Statement statement = connection.createStatement();
                ResultSet rs = statement.executeQuery("SELECT view_name FROM duckdb_views() WHERE NOT internal AND"
                        + " schema_name = " + literal(schema))) {
            while (rs.next()) {
                names.add(key(rs.getString(1)));
            }
        }
        return names;
    }

    /**
     * The number of columns of each {@code tq_sqlite} view, by lower-case name: a view of a layout before this one
     * (without the dates beside the text of DATE columns) has fewer, and is shown again.
     */
    private static Map<String, Integer> sqliteViewWidths(Connection connection) throws SQLException {
        Map<String, Integer> widths = new HashMap<>();
        try (Statement statement = connection.createStatement();
                ResultSet rs = statement.executeQuery("SELECT table_name, count(*) FROM duckdb_columns() WHERE NOT"
                        + " internal AND schema_name = " + literal(SQLITE_SCHEMA) + " GROUP BY table_name")) {
            while (rs.next()) {
                widths.put(key(rs.getString(1)), rs.getInt(2));
            }
        }
        return widths;
    }

    private static void showTable(Statement statement, TableInfo table) throws SQLException {
        List<StoredColumn> columns = StoredColumn.of(table);
        for (String sql : DuckDbStorage.viewSql(table.name(), table.storageName(), columns)) {
            statement.execute(sql);
        }
        statement.execute("DELETE FROM " + quote(STORE_SCHEMA, VIEWS_TABLE) + " WHERE lower(name) = "
                + literal(key(table.name())));
        statement.execute("INSERT INTO " + quote(STORE_SCHEMA, VIEWS_TABLE) + " VALUES (" + literal(table.name()) + ", "
                + literal(table.storageName()) + ")");
    }

    private static void dropViews(Statement statement, String name) throws SQLException {
        statement.execute("DROP VIEW IF EXISTS " + quote(NATIVE_SCHEMA, name));
        statement.execute("DROP VIEW IF EXISTS " + quote(SQLITE_SCHEMA, name));
        statement.execute(
                "DELETE FROM " + quote(STORE_SCHEMA, VIEWS_TABLE) + " WHERE lower(name) = " + literal(key(name)));
    }

    private static String key(String name) {
        return name.toLowerCase(Locale.ROOT);
    }
}

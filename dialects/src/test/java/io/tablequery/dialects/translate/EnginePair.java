package io.tablequery.dialects.translate;

import static io.tablequery.dialects.SqlIdentifiers.quote;

import io.tablequery.dialects.SqliteAffinity;
import io.tablequery.dialects.SqliteIndexes;
import io.tablequery.dialects.SqliteReals;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.StringJoiner;

/**
 * An in-memory SQLite database and a DuckDB copy of its tables made by the loader contract of the dialect catalog
 * (section 2.2 item 8): INTEGER affinity as BIGINT, REAL as DOUBLE, TEXT as VARCHAR, other columns by the storage
 * classes they hold, and SQLite's rowid as a real column.
 */
public final class EnginePair implements AutoCloseable {
    /** The DuckDB column that carries SQLite's rowid. */
    public static final String ROWID = "rowid";

    public final Connection sqlite;
    public final Connection duckdb;
    private final Map<String, TableSchema> tables = new HashMap<>();
    private final boolean facts;

    /**
     * Engines whose copied tables carry the facts their values prove ({@link ColumnFacts#neverNull},
     * {@link ColumnFacts#letters}).
     */
    public EnginePair() throws SQLException {
        this(true);
    }

    /**
     * Engines whose copied tables carry the facts their values prove, or none.
     *
     * @param facts whether a column with no NULL and a text column's letters are marked
     */
    public EnginePair(boolean facts) throws SQLException {
        this.facts = facts;
        sqlite = DriverManager.getConnection("jdbc:sqlite::memory:");
        duckdb = DriverManager.getConnection("jdbc:duckdb:");
        try (Statement statement = duckdb.createStatement()) {
            statement.execute("SET TimeZone = 'America/New_York'");
        }
    }

    /**
     * Engines with the facts, holding the tables a SQLite script makes, copied to DuckDB.
     *
     * @param script the statements that make and fill the tables
     * @return the engines, to close
     */
    public static EnginePair holding(List<String> script) throws SQLException {
        EnginePair engines = new EnginePair();
        try {
            engines.sqliteScript(script);
            engines.copyTables();
            return engines;
        } catch (SQLException | RuntimeException e) {
            engines.close();
            throw e;
        }
    }

    /**
     * Runs a query on SQLite and its translation on DuckDB.
     *
     * @param sql the SQLite query
     * @return null when both answer alike; else what differs, with the DuckDB SQL, or why the query did not translate
     */
    public String translatedDifference(String sql) throws SQLException {
        Translation translation = SqliteToDuckDb.translate(sql, schema());
        if (translation instanceof Translation.Untranslatable refused) {
            return "not translated: " + refused.reason();
        }
        String duckSql = ((Translation.Translated) translation).sql();
        String difference = query(sqlite, sql).difference(query(duckdb, duckSql));
        return difference == null ? null : difference + "\n  DuckDB SQL: " + duckSql;
    }

    /** Runs setup statements on SQLite. */
    public void sqliteScript(List<String> statements) throws SQLException {
        try (Statement statement = sqlite.createStatement()) {
            for (String sql : statements) {
                statement.execute(sql);
            }
        }
    }

    /** Copies every SQLite table into DuckDB, replacing earlier copies. */
    public void copyTables() throws SQLException {
        List<String> names = new ArrayList<>();
        try (Statement statement = sqlite.createStatement();
                ResultSet rs = statement.executeQuery(
                        "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite%'")) {
            while (rs.next()) {
                names.add(rs.getString(1));
            }
        }
        for (String name : names) {
            copy(name);
        }
    }

    private void copy(String table) throws SQLException {
        List<String> columns = new ArrayList<>();
        List<String> declared = new ArrayList<>();
        try (Statement statement = sqlite.createStatement();
                ResultSet rs = statement.executeQuery("PRAGMA table_info(" + quote(table) + ")")) {
            while (rs.next()) {
                columns.add(rs.getString("name"));
                declared.add(rs.getString("type"));
            }
        }
        List<ColumnSchema> schemas = new ArrayList<>();
        StringJoiner ddl = new StringJoiner(", ", "CREATE OR REPLACE TABLE " + quote(table) + " (", ")");
        for (int i = 0; i < columns.size(); i++) {
            Set<String> classes = new LinkedHashSet<>();
            try (Statement statement = sqlite.createStatement();
                    ResultSet rs = statement.executeQuery("SELECT DISTINCT typeof(" + quote(columns.get(i)) + ") FROM "
                            + quote(table) + " WHERE " + quote(columns.get(i)) + " IS NOT NULL")) {
                while (rs.next()) {
                    classes.add(rs.getString(1));
                }
            }
            boolean neverNull;
            try (Statement statement = sqlite.createStatement();
                    ResultSet rs = statement.executeQuery(
                            "SELECT count(*) = count(" + quote(columns.get(i)) + ") FROM " + quote(table))) {
                neverNull = facts && rs.next() && rs.getBoolean(1);
            }
            SqliteAffinity affinity = SqliteAffinity.of(declared.get(i));
            SqlType type;
            if (classes.size() > 1) {
                type = SqlType.MIXED;
            } else if (classes.isEmpty()) {
                type = switch (affinity) {
                    case INTEGER -> SqlType.INTEGER;
                    case REAL -> SqlType.REAL;
                    case TEXT -> SqlType.TEXT;
                    default -> SqlType.TEXT;
                };
            } else {
                type = SqlType.valueOf(classes.iterator().next().toUpperCase(Locale.ROOT));
            }
            String duckType =
                    switch (type) {
                        case INTEGER -> "BIGINT";
                        case REAL -> "DOUBLE";
                        case BLOB -> "BLOB";
                        default -> "VARCHAR";
                    };
            ddl.add(quote(columns.get(i)) + " " + duckType);
            ColumnFacts facts = ColumnFacts.NONE.withNeverNull(neverNull);
            if (this.facts && type == SqlType.TEXT) {
                try (Statement statement = sqlite.createStatement();
                        ResultSet rs = statement.executeQuery("SELECT coalesce(max(%1$s GLOB '*[A-Z]*'), 0),"
                                        .formatted(quote(columns.get(i)))
                                + " coalesce(max(%1$s GLOB '*[a-z]*'), 0) FROM ".formatted(quote(columns.get(i)))
                                + quote(table))) {
                    rs.next();
                    facts = facts.withLetters(AsciiLetters.of(rs.getBoolean(1), rs.getBoolean(2)));
                }
            }
            schemas.add(new ColumnSchema(columns.get(i), type, affinity, facts));
        }
        ddl.add(ROWID + " BIGINT");
        try (Statement statement = duckdb.createStatement()) {
            statement.execute(ddl.toString());
        }
        StringJoiner select = new StringJoiner(", ", "SELECT ", ", rowid FROM " + quote(table) + " ORDER BY rowid");
        columns.forEach(column -> select.add(quote(column)));
        StringJoiner marks = new StringJoiner(", ", "INSERT INTO " + quote(table) + " VALUES (", ")");
        for (int i = 0; i <= columns.size(); i++) {
            marks.add("?");
        }
        duckdb.setAutoCommit(false);
        try (Statement statement = sqlite.createStatement();
                ResultSet rs = statement.executeQuery(select.toString());
                PreparedStatement insert = duckdb.prepareStatement(marks.toString())) {
            while (rs.next()) {
                for (int i = 1; i <= columns.size() + 1; i++) {
                    Object value = rs.getObject(i);
                    SqlType type = i <= columns.size() ? schemas.get(i - 1).type() : SqlType.INTEGER;
                    insert.setObject(i, type == SqlType.MIXED && value != null ? value.toString() : value);
                }
                insert.addBatch();
            }
            insert.executeBatch();
        }
        duckdb.commit();
        duckdb.setAutoCommit(true);
        tables.put(
                table.toLowerCase(Locale.ROOT),
                TableSchema.stored(table, quote(table), schemas, ROWID)
                        .withIndexes(SqliteIndexes.read(sqlite, "main", quote(table))));
    }

    /** Registers a table made directly on both engines. */
    void addTable(TableSchema table) {
        tables.put(table.name().toLowerCase(Locale.ROOT), table);
    }

    /** Registers the columns of a table a translated CREATE TEMP TABLE made. */
    public void addTempTable(String name, List<ColumnSchema> columns) {
        tables.put(name.toLowerCase(Locale.ROOT), TableSchema.created(name, "temp." + quote(name), columns));
    }

    public SchemaLookup schema() {
        return (schema, name) -> Optional.ofNullable(tables.get(name.toLowerCase(Locale.ROOT)));
    }

    public static Rows query(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            if (!statement.execute(sql)) {
                return new Rows(List.of(), List.of());
            }
            try (ResultSet rs = statement.getResultSet()) {
                ResultSetMetaData meta = rs.getMetaData();
                List<String> names = new ArrayList<>();
                for (int i = 1; i <= meta.getColumnCount(); i++) {
                    names.add(meta.getColumnLabel(i));
                }
                List<List<Object>> rows = new ArrayList<>();
                while (rs.next()) {
                    List<Object> row = new ArrayList<>();
                    for (int i = 1; i <= names.size(); i++) {
                        row.add(normalize(rs.getObject(i)));
                    }
                    rows.add(row);
                }
                return new Rows(names, rows);
            }
        }
    }

    /**
     * Maps an engine's values to SQLite's storage classes; what has no class stays as is, to fail the comparison.
     *
     * @param value a value as a JDBC driver or an engine's client returns it
     * @return the value as compared
     */
    public static Object normalize(Object value) {
        if (value instanceof Integer || value instanceof Long || value instanceof Short || value instanceof Byte) {
            return ((Number) value).longValue();
        }
        if (value instanceof BigInteger big) {
            return big.bitLength() < 64 ? (Object) big.longValue() : big;
        }
        if (value instanceof Float f) {
            return f.doubleValue();
        }
        if (value instanceof byte[] bytes) {
            return "x'" + HexFormat.of().formatHex(bytes) + "'";
        }
        if (value instanceof BigDecimal) {
            return value;
        }
        return value;
    }

    @Override
    public void close() throws SQLException {
        try (sqlite) {
            duckdb.close();
        }
    }

    /** A result: column labels and rows of normalised values. */
    public record Rows(List<String> names, List<List<Object>> rows) {
        /** Tells whether another result has the same labels, and the same values, classes and text row by row. */
        public String difference(Rows other) {
            return difference(other, false);
        }

        /**
         * Like {@link #difference(Rows)}, with reals equal when within 1e-12 of each other: the last digits a sum of
         * reals added in another order may differ in.
         */
        String differenceBeyondLastDigits(Rows other) {
            return difference(other, true);
        }

        private String difference(Rows other, boolean lastDigits) {
            if (!names.equals(other.names)) {
                return "column names " + names + " vs " + other.names;
            }
            if (rows.size() != other.rows.size()) {
                return "row count " + rows.size() + " vs " + other.rows.size();
            }
            for (int r = 0; r < rows.size(); r++) {
                for (int c = 0; c < names.size(); c++) {
                    Object a = rows.get(r).get(c);
                    Object b = other.rows.get(r).get(c);
                    if (!sameValue(a, b) && !(lastDigits && closeReals(a, b))) {
                        return "row %d column %s: %s (%s) vs %s (%s)"
                                .formatted(r + 1, names.get(c), a, className(a), b, className(b));
                    }
                }
            }
            return null;
        }

        private static String className(Object value) {
            return value == null ? "null" : value.getClass().getSimpleName();
        }

        private static boolean closeReals(Object a, Object b) {
            return a instanceof Double x
                    && b instanceof Double y
                    && Math.abs(x - y) <= 1e-12 * Math.max(Math.abs(x), Math.abs(y));
        }

        public static boolean sameValue(Object a, Object b) {
            if (a == null || b == null) {
                return a == b;
            }
            if (a instanceof Double x && b instanceof Double y) {
                return SqliteReals.text(x).equals(SqliteReals.text(y));
            }
            return a.getClass() == b.getClass() && a.equals(b);
        }
    }
}

package io.tablequery.engine.exec;

import static io.tablequery.dialects.SqlIdentifiers.quote;
import static java.util.Objects.requireNonNull;

import io.tablequery.dialects.SqliteAffinity;
import io.tablequery.dialects.SqliteIndexes;
import io.tablequery.dialects.translate.AsciiLetters;
import io.tablequery.dialects.translate.ColumnFacts;
import io.tablequery.dialects.translate.ColumnSchema;
import io.tablequery.dialects.translate.SchemaLookup;
import io.tablequery.dialects.translate.SqlType;
import io.tablequery.dialects.translate.TableSchema;
import io.tablequery.dialects.translate.ValueRange;
import io.tablequery.engine.catalog.CatalogSnapshot;
import io.tablequery.engine.catalog.ColumnInfo;
import io.tablequery.engine.catalog.ColumnProfile;
import io.tablequery.engine.catalog.ColumnType;
import io.tablequery.engine.catalog.TableInfo;
import io.tablequery.engine.catalog.TableProfile;
import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.plan.PlanErrorCode;
import io.tablequery.engine.provenance.LineageSql;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.StringJoiner;
import java.util.function.Supplier;
import java.util.regex.Pattern;

/**
 * What the translator knows of a workspace: its tables as the {@code tq_sqlite} views show them in DuckDB, with
 * each column's SQLite affinity, and the tables the plan's earlier steps created. A column of an imported database
 * whose SQLite copy holds values of several storage classes is marked mixed, so nothing built on it translates.
 */
public final class TranslationCatalog implements SchemaLookup {
    private static final Pattern LEAST_ISO_DATE = Pattern.compile("\\d{4}-\\d{2}-\\d{2}");

    private final CatalogSnapshot catalog;
    private final Supplier<Connection> sqlite;
    private final Map<String, TableSchema> created = new HashMap<>();
    private final TableNaming naming;
    private final boolean rowidRanges;
    /** Each table's range of rowids, by lower-case name: read once per plan, not at each lookup. */
    private final Map<String, ValueRange> rowids = new HashMap<>();

    /**
     * Creates the lookup.
     *
     * @param catalog the catalog the plan was validated against
     * @param sqlite a connection to the SQLite copy, to look for mixed columns of imported databases
     */
    public TranslationCatalog(CatalogSnapshot catalog, Connection sqlite) {
        this(catalog, sqlite, TableNaming.DUCKDB);
    }

    /**
     * Describes the workspace's tables as an engine names them.
     *
     * @param catalog the catalog the plan was validated against
     * @param sqlite a connection to the SQLite copy, to inspect columns of imported databases
     * @param naming how the engine's SQL names the tables
     */
    public TranslationCatalog(CatalogSnapshot catalog, Connection sqlite, TableNaming naming) {
        this(catalog, supplied(requireNonNull(sqlite, "sqlite is null")), naming);
    }

    /**
     * Describes the workspace's tables as an engine names them, asking for a SQLite connection only when a plan reads
     * a table of an imported database.
     *
     * @param catalog the catalog the plan was validated against
     * @param sqlite gives a connection to the SQLite copy, to inspect columns of imported databases
     * @param naming how the engine's SQL names the tables
     */
    public TranslationCatalog(CatalogSnapshot catalog, Supplier<Connection> sqlite, TableNaming naming) {
        this(catalog, sqlite, naming, false);
    }

    /**
     * Describes the workspace's tables as an engine names them, each with the range of its rowids when asked: for a
     * plan that summarizes or lists rows ({@link io.tablequery.engine.provenance.LineageSummary}), whose lists of rowids
     * within 32 bits are half the size, and whose counts of distinct rowids may be counts of bits. The SQLite copy says
     * it from its smallest and largest rowid, which it reads from the ends of the table's B-tree.
     *
     * @param catalog the catalog the plan was validated against
     * @param sqlite gives a connection to the SQLite copy
     * @param naming how the engine's SQL names the tables
     * @param rowidRanges whether to find out the tables' ranges of rowids
     */
    TranslationCatalog(CatalogSnapshot catalog, Supplier<Connection> sqlite, TableNaming naming, boolean rowidRanges) {
        this.catalog = requireNonNull(catalog, "catalog is null");
        this.sqlite = requireNonNull(sqlite, "sqlite is null");
        this.naming = requireNonNull(naming, "naming is null");
        this.rowidRanges = rowidRanges;
    }

    private static Supplier<Connection> supplied(Connection sqlite) {
        return () -> sqlite;
    }

    /** Records the table a translated step creates, for the steps after it. */
    void created(String name, List<ColumnSchema> columns) {
        created.put(name.toLowerCase(Locale.ROOT), TableSchema.created(name, naming.created(name), columns));
    }

    /**
     * Looks tables up as this catalog does, but for a step's table, which it finds as the table of its rows to be
     * cited ({@link LineageSql#shownRows}): what a lineage query reads in a dialect whose step tables have no rowid.
     *
     * @param table the step's table name
     * @param columns the step table's columns
     * @return the lookup
     */
    SchemaLookup withShownRows(String table, List<ColumnSchema> columns) {
        TableSchema shown =
                TableSchema.stored(table, naming.created(LineageSql.shownRows(table)), columns, LineageSql.SHOWN_ROW);
        return (schema, name) -> (schema == null || schema.equalsIgnoreCase("temp")) && name.equalsIgnoreCase(table)
                ? Optional.of(shown)
                : table(schema, name);
    }

    @Override
    public Optional<TableSchema> table(String schema, String name) {
        String key = name.toLowerCase(Locale.ROOT);
        if (schema == null || schema.equalsIgnoreCase("temp")) {
            TableSchema step = created.get(key);
            if (step != null || schema != null) {
                return Optional.ofNullable(step);
            }
        }
        if (schema != null && !schema.equalsIgnoreCase("main")) {
            return Optional.empty();
        }
        return catalog.table(name).map(this::schema);
    }

    private TableSchema schema(TableInfo table) {
        boolean database = catalog.file(table.fileNumber())
                .map(file -> file.format().equals("sqlite"))
                .orElse(false);
        List<ColumnSchema> columns = database ? IMPORTED.get(key(table), () -> importedColumns(table)) : typed(table);
        TableSchema stored = TableSchema.stored(table.name(), naming.stored(table.name()), columns, "rowid")
                .withRowids(
                        rowidRanges
                                ? rowids.computeIfAbsent(
                                        table.name().toLowerCase(Locale.ROOT), name -> rowidRange(table))
                                : null);
        if (!database) {
            return stored;
        }
        return stored.withIndexes(INDEXES.get(key(table), () -> indexes(table)));
    }

    /**
     * The smallest and largest rowid of a table, by the SQLite copy; an empty table's range is 0 to 0, as it has no
     * rowid outside any. Each end is a query of its own: SQLite reads a lone {@code min} or {@code max} of the rowid
     * from an end of the table's B-tree (0.05 ms), but scans the whole table for both in one (0.5 s for TPC-H's lineitem
     * at sf1).
     */
    private ValueRange rowidRange(TableInfo table) {
        try (Statement statement = sqlite.get().createStatement();
                ResultSet rs = statement.executeQuery(rowidRange(table.name()))) {
            rs.next();
            return new ValueRange(rs.getLong(1), rs.getLong(2));
        } catch (SQLException e) {
            throw new EngineException(
                    PlanErrorCode.EXECUTION_FAILED,
                    "could not read the rowid range of " + table.name() + ": " + e.getMessage(),
                    e);
        }
    }

    /** The query of a SQLite table's smallest and largest rowid, each read from an end of its B-tree. */
    static String rowidRange(String table) {
        String from = " FROM main." + quote(table);
        return "SELECT (SELECT min(rowid)" + from + "), (SELECT max(rowid)" + from + ")";
    }

    /** The indexes of an imported table and its {@code INTEGER PRIMARY KEY}, if any. */
    private SqliteIndexes indexes(TableInfo table) {
        try {
            return SqliteIndexes.read(sqlite.get(), "main", quote(table.name()));
        } catch (SQLException e) {
            throw new EngineException(
                    PlanErrorCode.EXECUTION_FAILED,
                    "could not inspect the indexes of " + table.name() + ": " + e.getMessage(),
                    e);
        }
    }

    /**
     * Columns of an uploaded spreadsheet or CSV: one storage class each, as the ingest typed them, with what the
     * profile of the table's current version proves of their values: a DATE column whose text ingest wrote as dates
     * of years 1 to 9999 ({@link #isoDates}) is read as dates where the engine's relation holds them too
     * ({@link TableNaming#dateValues}); a column of no NULL is marked so, and a TEXT column with the ASCII letters its
     * values hold.
     */
    private List<ColumnSchema> typed(TableInfo table) {
        Optional<TableProfile> profile = catalog.profile(table);
        List<ColumnSchema> columns = new ArrayList<>();
        for (int i = 0; i < table.columns().size(); i++) {
            ColumnInfo column = table.columns().get(i);
            Optional<ColumnProfile> values = columnProfile(profile, column, i);
            ColumnSchema schema =
                    switch (column.type()) {
                        case INTEGER, BOOLEAN ->
                            new ColumnSchema(column.name(), SqlType.INTEGER, SqliteAffinity.INTEGER);
                        case REAL -> new ColumnSchema(column.name(), SqlType.REAL, SqliteAffinity.REAL);
                        case DATE, TIMESTAMP, TEXT ->
                            new ColumnSchema(column.name(), SqlType.TEXT, SqliteAffinity.TEXT);
                        case BLOB -> new ColumnSchema(column.name(), SqlType.BLOB, SqliteAffinity.BLOB);
                    };
            ColumnFacts facts = ColumnFacts.NONE.withNeverNull(neverNull(values));
            if (column.type() == ColumnType.DATE && isoDates(values)) {
                facts = facts.withDateValues(naming.dateValues(table, i).orElse(null));
            }
            if (column.type() == ColumnType.TEXT) {
                facts = facts.withLetters(values.map(ColumnProfile::letters).orElse(AsciiLetters.BOTH));
            }
            columns.add(schema.withFacts(facts));
        }
        return columns;
    }

    /** The profile of a column of the table's current version, when the profile is of its columns. */
    private static Optional<ColumnProfile> columnProfile(Optional<TableProfile> profile, ColumnInfo column, int index) {
        return profile.filter(p -> index < p.columns().size())
                .map(p -> p.columns().get(index))
                .filter(p -> p.name().equals(column.name()));
    }

    /**
     * Tells whether the profile shows that every text of a DATE column is the ISO date of a year from 1 to 9999:
     * ingest writes a date {@code YYYY-MM-DD} with a sign before a year past 9999 or before 1, and a sign sorts
     * before a digit, so the least text shows whether any value has one.
     */
    private static boolean isoDates(Optional<ColumnProfile> profile) {
        String least = profile.map(ColumnProfile::min).orElse(null);
        return least != null && LEAST_ISO_DATE.matcher(least).matches() && least.compareTo("0001-01-01") >= 0;
    }

    /** Tells whether the profile counted no NULL in the column: it counts every row of the version. */
    private static boolean neverNull(Optional<ColumnProfile> profile) {
        return profile.map(p -> p.nullCount() == 0).orElse(false);
    }

    /**
     * Columns of an imported database: the SQLite copy keeps their declared types (a DECIMAL column has NUMERIC
     * affinity and holds 0 as an integer beside 0.5 as a real), so the affinity comes from the declared type and
     * the storage class from the values; a column of several classes is mixed.
     */
    private List<ColumnSchema> importedColumns(TableInfo table) {
        String name = quote(table.name());
        Map<String, String> declared = new HashMap<>();
        try (Statement statement = sqlite.get().createStatement()) {
            try (ResultSet rs = statement.executeQuery("PRAGMA main.table_info(" + name + ")")) {
                while (rs.next()) {
                    declared.put(rs.getString("name").toLowerCase(Locale.ROOT), rs.getString("type"));
                }
            }
            StringJoiner select = new StringJoiner(", ", "SELECT ", " FROM main." + name);
            for (ColumnInfo column : table.columns()) {
                String value = quote(column.name());
                select.add("count(DISTINCT CASE WHEN " + value + " IS NOT NULL THEN typeof(" + value + ") END)");
                select.add("max(CASE WHEN " + value + " IS NOT NULL THEN typeof(" + value + ") END)");
            }
            List<ColumnSchema> copies = typed(table);
            List<ColumnSchema> columns = new ArrayList<>();
            try (ResultSet rs = statement.executeQuery(select.toString())) {
                rs.next();
                for (int i = 0; i < table.columns().size(); i++) {
                    ColumnInfo column = table.columns().get(i);
                    int classes = rs.getInt(2 * i + 1);
                    String only = rs.getString(2 * i + 2);
                    SqliteAffinity affinity = SqliteAffinity.of(
                            declared.getOrDefault(column.name().toLowerCase(Locale.ROOT), ""));
                    SqlType copied = copies.get(i).type();
                    SqlType held = classes == 0 ? copied : SqlType.valueOf(only.toUpperCase(Locale.ROOT));
                    // The DuckDB copy has one type per column; values SQLite holds in another class differ there.
                    SqlType type = classes > 1 || held != copied ? SqlType.MIXED : held;
                    // Its NULLs and letters are the copy's; its dates stay text, as SQLite's affinity reads them.
                    columns.add(new ColumnSchema(column.name(), type, affinity)
                            .withFacts(copies.get(i).facts().withDateValues(null)));
                }
            }
            return columns;
        } catch (SQLException e) {
            throw new EngineException(
                    PlanErrorCode.EXECUTION_FAILED,
                    "could not inspect the columns of " + table.name() + ": " + e.getMessage(),
                    e);
        }
    }

    private String key(TableInfo table) {
        try {
            return sqlite.get().getMetaData().getURL() + "|" + table.storageName() + "|" + table.rowCount();
        } catch (SQLException e) {
            throw new EngineException(PlanErrorCode.EXECUTION_FAILED, "could not name the SQLite copy", e);
        }
    }

    /** What was inspected of imported tables, which never change once stored, by database and storage name. */
    private static final class Inspections<T> {
        private static final int CAPACITY = 4096;
        private final Map<String, T> cache = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, T> eldest) {
                return size() > CAPACITY;
            }
        };

        synchronized T get(String key, Supplier<T> inspect) {
            T found = cache.get(key);
            if (found == null) {
                found = inspect.get();
                cache.put(key, found);
            }
            return found;
        }
    }

    private static final Inspections<List<ColumnSchema>> IMPORTED = new Inspections<>();
    private static final Inspections<SqliteIndexes> INDEXES = new Inspections<>();
}

package io.tablequery.engine.exec;

import static io.tablequery.dialects.SqlIdentifiers.quote;
import static java.util.Objects.requireNonNull;

import io.tablequery.dialects.SqliteAffinity;
import io.tablequery.dialects.translate.ColumnSchema;
import io.tablequery.dialects.translate.SchemaLookup;
import io.tablequery.dialects.translate.SqlType;
import io.tablequery.dialects.translate.TableSchema;
import io.tablequery.engine.catalog.CatalogSnapshot;
import io.tablequery.engine.catalog.ColumnInfo;
import io.tablequery.engine.catalog.TableInfo;
import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.plan.PlanErrorCode;
import io.tablequery.engine.store.DuckDbStorage;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * What the translator knows of a workspace: its tables as the {@code tq_sqlite} views show them in DuckDB, with
 * each column's SQLite affinity, and the tables the plan's earlier steps created. A text column of an imported
 * database whose SQLite copy also holds numbers or blobs is marked mixed, so nothing built on it translates.
 */
public final class TranslationCatalog implements SchemaLookup {
    private final CatalogSnapshot catalog;
    private final Connection sqlite;
    private final Map<String, TableSchema> created = new HashMap<>();

    /**
     * Creates the lookup.
     *
     * @param catalog the catalog the plan was validated against
     * @param sqlite a connection to the SQLite copy, to look for mixed columns of imported databases
     */
    public TranslationCatalog(CatalogSnapshot catalog, Connection sqlite) {
        this.catalog = requireNonNull(catalog, "catalog is null");
        this.sqlite = requireNonNull(sqlite, "sqlite is null");
    }

    /** Records the table a translated step creates, for the steps after it. */
    void created(String name, List<ColumnSchema> columns) {
        created.put(name.toLowerCase(Locale.ROOT), TableSchema.created(name, "temp." + quote(name), columns));
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
        List<ColumnSchema> columns = new ArrayList<>();
        for (ColumnInfo column : table.columns()) {
            columns.add(
                    switch (column.type()) {
                        case INTEGER, BOOLEAN ->
                            new ColumnSchema(column.name(), SqlType.INTEGER, SqliteAffinity.INTEGER);
                        case REAL -> new ColumnSchema(column.name(), SqlType.REAL, SqliteAffinity.REAL);
                        case DATE, TIMESTAMP -> new ColumnSchema(column.name(), SqlType.TEXT, SqliteAffinity.TEXT);
                        case BLOB -> new ColumnSchema(column.name(), SqlType.BLOB, SqliteAffinity.BLOB);
                        case TEXT ->
                            new ColumnSchema(
                                    column.name(),
                                    database && holdsNonText(table, column) ? SqlType.MIXED : SqlType.TEXT,
                                    SqliteAffinity.TEXT);
                    });
        }
        return TableSchema.stored(table.name(), quote(DuckDbStorage.SQLITE_SCHEMA, table.name()), columns, "rowid");
    }

    private boolean holdsNonText(TableInfo table, ColumnInfo column) {
        String sql = "SELECT EXISTS (SELECT 1 FROM main." + quote(table.name()) + " WHERE typeof("
                + quote(column.name()) + ") NOT IN ('text', 'null'))";
        try (Statement statement = sqlite.createStatement();
                ResultSet rs = statement.executeQuery(sql)) {
            return rs.next() && rs.getInt(1) == 1;
        } catch (SQLException e) {
            throw new EngineException(
                    PlanErrorCode.EXECUTION_FAILED,
                    "could not inspect column " + column.name() + ": " + e.getMessage(),
                    e);
        }
    }
}

package io.tablequery.engine.ingest.sqlite;

import static io.tablequery.dialects.SqlIdentifiers.quote;

import io.tablequery.dialects.SqliteRowid;
import io.tablequery.engine.catalog.ColumnReference;
import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.ingest.IngestErrorCode;
import io.tablequery.engine.ingest.KnownColumn;
import io.tablequery.engine.ingest.NumberFormatKind;
import io.tablequery.engine.ingest.RawRow;
import io.tablequery.engine.ingest.ReadProgress;
import io.tablequery.engine.ingest.RowSink;
import io.tablequery.engine.ingest.SheetSource;
import io.tablequery.engine.ingest.SheetVisitor;
import io.tablequery.engine.ingest.SourceDetails;
import io.tablequery.engine.ingest.SourceIndex;
import io.tablequery.engine.ingest.SourceKind;
import io.tablequery.engine.ingest.SourceReader;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteOpenMode;

/**
 * Reads the tables of a SQLite database file, then its views as tables of the rows they give. Internal tables
 * ({@code sqlite_*}), virtual tables and their shadow tables are skipped, and the upload's notes name what was left
 * out; generated columns are read as the values they hold. A row's number is its rowid; a {@code WITHOUT ROWID} table (or one whose columns hide every
 * name of the rowid) numbers its rows 1, 2, ... in the order SQLite returns them. The indexes on plain columns, and
 * the {@code INTEGER PRIMARY KEY} that aliases the rowid, are reported so the copy can have them too.
 */
public final class SqliteSourceReader implements SourceReader {

    /** A table or view to read; a view's rows are numbered 1, 2, ... as a table without rowid's are. */
    private record TableEntry(String name, boolean withoutRowid, boolean view) {}

    /** What the schema holds: the tables and views read, and the virtual tables left out. */
    private record Schema(List<TableEntry> tables, List<String> virtualTables) {}

    private record TableShape(
            List<KnownColumn> columns, String rowid, List<SourceIndex<Integer>> indexes, List<String> generated) {}

    @Override
    public SourceDetails read(Path file, String displayName, SheetVisitor visitor, ReadProgress progress)
            throws IOException {
        SQLiteConfig config = new SQLiteConfig();
        config.setReadOnly(true);
        config.setOpenMode(SQLiteOpenMode.READONLY);
        config.setOpenMode(SQLiteOpenMode.NOMUTEX);
        try (Connection connection = config.createConnection("jdbc:sqlite:" + file.toAbsolutePath())) {
            Schema schema = schema(connection);
            List<TableEntry> tables = schema.tables();
            List<String> generated = new ArrayList<>();
            for (int i = 0; i < tables.size(); i++) {
                TableEntry table = tables.get(i);
                TableShape shape = shape(connection, table);
                shape.generated().forEach(column -> generated.add(quote(table.name()) + "." + quote(column)));
                if (shape.columns().isEmpty()) {
                    continue;
                }
                RowSink sink = visitor.beginSheet(new SheetSource(
                        i + 1, table.name(), false, SourceKind.DATABASE, false, shape.columns(), shape.indexes()));
                if (sink != null) {
                    readRows(connection, table, shape, sink);
                    sink.end(List.of());
                }
                progress.advanced(i + 1, tables.size());
            }
            return new SourceDetails(null, null, notes(schema, generated));
        } catch (SQLException e) {
            throw new EngineException(
                    IngestErrorCode.CORRUPT_FILE,
                    "could not read '%s' as a SQLite database: %s".formatted(displayName, e.getMessage()),
                    e);
        }
    }

    /**
     * The tables in the order the schema lists them, then the views; virtual tables (full-text indexes and the like,
     * which need their module) and their shadow tables are left out and named.
     */
    private static Schema schema(Connection connection) throws SQLException {
        List<TableEntry> tables = new ArrayList<>();
        List<TableEntry> views = new ArrayList<>();
        List<String> virtual = new ArrayList<>();
        try (Statement statement = connection.createStatement();
                ResultSet rs = statement.executeQuery(
                        "SELECT name, sql, type FROM sqlite_schema WHERE type IN ('table', 'view') ORDER BY rowid")) {
            while (rs.next()) {
                String name = rs.getString(1);
                String sql = String.valueOf(rs.getString(2)).toUpperCase(Locale.ROOT);
                if (name.toLowerCase(Locale.ROOT).startsWith("sqlite_")) {
                    continue;
                }
                if (rs.getString(3).equals("view")) {
                    views.add(new TableEntry(name, true, true));
                } else if (sql.startsWith("CREATE VIRTUAL TABLE")) {
                    virtual.add(name);
                } else {
                    tables.add(new TableEntry(name, sql.replaceAll("\\s+", " ").contains("WITHOUT ROWID"), false));
                }
            }
        }
        tables.removeIf(t -> virtual.stream().anyMatch(table -> t.name().startsWith(table + "_")));
        tables.addAll(views);
        return new Schema(tables, virtual);
    }

    /** What the upload says of the schema: the views read as tables, the virtual tables left out, generated columns. */
    private static List<String> notes(Schema schema, List<String> generated) {
        List<String> notes = new ArrayList<>();
        List<String> views = schema.tables().stream()
                .filter(TableEntry::view)
                .map(table -> quote(table.name()))
                .toList();
        if (!views.isEmpty()) {
            notes.add("views were read as tables of the rows they gave at upload, numbered 1, 2, ... in the order"
                    + " SQLite gave them: " + String.join(", ", views));
        }
        if (!schema.virtualTables().isEmpty()) {
            notes.add("virtual tables (such as full-text indexes), which need their SQLite module, were left out with"
                    + " their shadow tables: "
                    + String.join(
                            ", ",
                            schema.virtualTables().stream()
                                    .map(name -> quote(name))
                                    .toList()));
        }
        if (!generated.isEmpty()) {
            notes.add("generated columns were read as the values they held: " + String.join(", ", generated));
        }
        return notes;
    }

    private static TableShape shape(Connection connection, TableEntry table) throws SQLException {
        List<KnownColumn> columns = new ArrayList<>();
        List<Integer> primaryKey = new ArrayList<>();
        Map<String, ColumnReference> references = foreignKeys(connection, table.name());
        List<String> generated = new ArrayList<>();
        // table_xinfo, not table_info: table_info leaves generated columns out, which SELECT * returns.
        try (PreparedStatement ps = connection.prepareStatement(
                "SELECT name, type, pk, hidden FROM pragma_table_xinfo(?) WHERE hidden <> 1 ORDER BY cid")) {
            ps.setString(1, table.name());
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    String name = rs.getString(1);
                    columns.add(new KnownColumn(
                            name, String.valueOf(rs.getString(2)), references.get(name.toLowerCase(Locale.ROOT))));
                    if (rs.getInt(3) > 0) {
                        primaryKey.add(columns.size() - 1);
                    }
                    if (rs.getInt(4) > 1) {
                        generated.add(name);
                    }
                }
            }
        }
        String rowid = table.withoutRowid() ? null : rowidName(columns);
        List<SourceIndex<Integer>> indexes = new ArrayList<>();
        boolean rowidAlias = rowid != null
                && primaryKey.size() == 1
                && columns.get(primaryKey.get(0)).declaredType().equalsIgnoreCase("INTEGER")
                && aliasesRowid(
                        connection,
                        table.name(),
                        rowid,
                        columns.get(primaryKey.get(0)).name());
        if (rowidAlias) {
            indexes.add(SourceIndex.rowidAlias(primaryKey.get(0)));
        }
        for (SourceIndex<Integer> index : indexes(connection, table.name())) {
            int same = -1;
            for (int i = 0; i < indexes.size(); i++) {
                if (indexes.get(i).columns().equals(index.columns())) {
                    same = i;
                }
            }
            if (same < 0) {
                indexes.add(index);
            } else if (index.unique() && !indexes.get(same).rowidAlias()) {
                indexes.set(same, index);
            }
        }
        return new TableShape(columns, rowid, indexes, generated);
    }

    /**
     * Tells whether an {@code INTEGER PRIMARY KEY} column is the rowid on every row, as it is unless the table was
     * declared with the quirks that keep it a column of its own ({@code INTEGER PRIMARY KEY DESC}): only then may the
     * copy declare it so too, its values being the rows' numbers.
     */
    private static boolean aliasesRowid(Connection connection, String table, String rowid, String column)
            throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet rs = statement.executeQuery(
                        "SELECT count(*) FROM " + quote(table) + " WHERE " + rowid + " IS NOT " + quote(column))) {
            return rs.next() && rs.getLong(1) == 0;
        }
    }

    /**
     * The single-column foreign keys the table declares, by the lower-cased name of the referencing column; a key
     * that names no column references the other table's primary key, which must then be one column. Keys over
     * several columns are left out: a join on one of their columns alone is not the declared one.
     */
    private static Map<String, ColumnReference> foreignKeys(Connection connection, String table) throws SQLException {
        Map<String, ColumnReference> references = new HashMap<>();
        try (PreparedStatement ps = connection.prepareStatement("""
                SELECT f."table", f."from", coalesce(f."to",
                    (SELECT max(p.name) FROM pragma_table_info(f."table") p WHERE p.pk > 0 HAVING count(*) = 1))
                FROM pragma_foreign_key_list(?) f
                WHERE (SELECT count(*) FROM pragma_foreign_key_list(?) g WHERE g.id = f.id) = 1
                """)) {
            ps.setString(1, table);
            ps.setString(2, table);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    if (rs.getString(3) != null) {
                        references.put(
                                rs.getString(2).toLowerCase(Locale.ROOT),
                                new ColumnReference(rs.getString(1), rs.getString(3)));
                    }
                }
            }
        }
        return references;
    }

    /** The name that reaches the rowid, or null when columns of the table hide all three. */
    private static String rowidName(List<KnownColumn> columns) {
        for (String candidate : SqliteRowid.NAMES) {
            if (columns.stream().noneMatch(c -> c.name().equalsIgnoreCase(candidate))) {
                return candidate;
            }
        }
        return null;
    }

    /** The table's indexes whose keys are all plain columns, not expressions; partial indexes are left out. */
    private static List<SourceIndex<Integer>> indexes(Connection connection, String table) throws SQLException {
        List<String> names = new ArrayList<>();
        List<Boolean> unique = new ArrayList<>();
        try (PreparedStatement ps = connection.prepareStatement(
                "SELECT name, \"unique\" FROM pragma_index_list(?) WHERE partial = 0 ORDER BY seq")) {
            ps.setString(1, table);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    names.add(rs.getString(1));
                    unique.add(rs.getInt(2) == 1);
                }
            }
        }
        List<SourceIndex<Integer>> indexes = new ArrayList<>();
        try (PreparedStatement ps =
                connection.prepareStatement("SELECT cid FROM pragma_index_xinfo(?) WHERE key = 1 ORDER BY seqno")) {
            for (int i = 0; i < names.size(); i++) {
                ps.setString(1, names.get(i));
                List<Integer> keys = new ArrayList<>();
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        keys.add(rs.getInt(1));
                    }
                }
                if (!keys.isEmpty() && keys.stream().allMatch(cid -> cid >= 0)) {
                    indexes.add(new SourceIndex<>(keys, unique.get(i)));
                }
            }
        }
        return indexes;
    }

    private static void readRows(Connection connection, TableEntry table, TableShape shape, RowSink sink)
            throws SQLException {
        String rowid = shape.rowid();
        String columns = String.join(
                ", ",
                shape.columns().stream().map(column -> quote(column.name())).toList());
        String sql = rowid == null
                ? "SELECT %s FROM %s".formatted(columns, quote(table.name()))
                : "SELECT %s, %s FROM %s ORDER BY %1$s".formatted(rowid, columns, quote(table.name()));
        int offset = rowid == null ? 1 : 2;
        int width = shape.columns().size();
        RawRow row = new RawRow();
        long ordinal = 0;
        try (Statement statement = connection.createStatement();
                ResultSet rs = statement.executeQuery(sql)) {
            while (rs.next()) {
                ordinal++;
                row.reset(rowid == null ? ordinal : rs.getLong(1));
                for (int c = 0; c < width; c++) {
                    Object value = rs.getObject(c + offset);
                    if (value instanceof Integer i) {
                        row.setLong(c, i);
                    } else if (value instanceof Long l) {
                        row.setLong(c, l);
                    } else if (value instanceof Double d) {
                        row.setNumber(c, d, NumberFormatKind.GENERAL);
                    } else if (value instanceof String s) {
                        row.setExactText(c, s);
                    } else if (value instanceof byte[] bytes) {
                        row.setBlob(c, bytes);
                    }
                }
                sink.row(row);
            }
        }
    }
}

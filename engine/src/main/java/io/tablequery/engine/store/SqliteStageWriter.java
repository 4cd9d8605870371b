package io.tablequery.engine.store;

import static io.tablequery.dialects.SqlIdentifiers.quote;

import io.tablequery.engine.catalog.StoredValues;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.Collections;
import java.util.List;
import java.util.StringJoiner;
import org.sqlite.SQLiteErrorCode;
import org.sqlite.SQLiteException;

/**
 * Writes a table into a stage table of the workspace's SQLite database, inside the upload's open transaction. Each
 * row's provenance row number becomes its {@code rowid}, so it stays hidden from {@code SELECT *} yet readable as
 * {@code rowid}; a source's {@code INTEGER PRIMARY KEY} is declared so again, its values being those row numbers.
 * Rows are inserted several to a statement ({@link #ROWS_PER_INSERT}): the driver steps and resets a statement per
 * row of a batch, so an insert of 32 rows per statement took 25% less of the writer's time than one row per statement
 * (1M rows of 6 columns, 1.25 against 1.68 CPU seconds, alternating runs). Indexes are built after the last row, which
 * is faster than keeping them up to date row by row.
 */
final class SqliteStageWriter {
    /**
     * Rows per INSERT statement, fewer for a wide table (SQLite binds at most 32,766 parameters a statement, and a
     * VALUES list of several rows has at most 2,000 columns).
     */
    static final int ROWS_PER_INSERT = 32;

    private static final int MAX_PARAMETERS = 32_766;
    private static final int MAX_COLUMNS = 2_000;
    /** The page cache while indexes are built, negative for KiB: 64 MB. */
    private static final int INDEX_CACHE_KIB = -65_536;

    private final Connection connection;
    private final String table;
    private final List<StoredColumn> columns;
    private final List<TableIndex> indexes;
    private final int rowsPerInsert;
    private PreparedStatement insert;
    private PreparedStatement insertMany;
    private long rows;

    SqliteStageWriter(Connection connection, String table, List<StoredColumn> columns, List<TableIndex> indexes) {
        if (columns.isEmpty()) {
            throw new IllegalArgumentException("a table needs at least one column");
        }
        this.connection = connection;
        this.table = table;
        this.columns = List.copyOf(columns);
        this.indexes = List.copyOf(indexes);
        // A statement of several rows is a VALUES list, whose rows SQLite holds to its 2,000 columns at most.
        this.rowsPerInsert = columns.size() + 1 > MAX_COLUMNS
                ? 1
                : Math.max(1, Math.min(ROWS_PER_INSERT, MAX_PARAMETERS / (columns.size() + 1)));
    }

    void create() throws SQLException {
        StringJoiner definitions = new StringJoiner(", ", "CREATE TABLE " + quote(table) + " (", ")");
        StringJoiner names = new StringJoiner(", ", "INSERT INTO " + quote(table) + " (rowid, ", ")");
        StringJoiner marks = new StringJoiner(", ", "(?, ", ")");
        String alias = indexes.stream()
                .filter(TableIndex::rowidAlias)
                .map(index -> index.columns().get(0))
                .findFirst()
                .orElse(null);
        for (StoredColumn column : columns) {
            // The source's INTEGER PRIMARY KEY stays the rowid's alias: never NULL, unique, the row's number.
            boolean aliasesRowid = column.name().equals(alias);
            definitions.add(quote(column.name()) + " " + (aliasesRowid ? "INTEGER PRIMARY KEY" : column.sqliteType()));
            names.add(quote(column.name()));
            marks.add("?");
        }
        try (Statement statement = connection.createStatement()) {
            statement.execute("DROP TABLE IF EXISTS " + quote(table));
            statement.execute(definitions.toString());
        }
        insert = connection.prepareStatement(names + " VALUES " + marks);
        if (rowsPerInsert > 1) {
            insertMany = connection.prepareStatement(
                    names + " VALUES " + String.join(", ", Collections.nCopies(rowsPerInsert, marks.toString())));
        }
    }

    void append(ColumnBatch batch) throws SQLException {
        int row = 0;
        if (insertMany != null) {
            for (; row + rowsPerInsert <= batch.size(); row += rowsPerInsert) {
                for (int r = 0; r < rowsPerInsert; r++) {
                    bindRow(insertMany, batch, row + r, r * (columns.size() + 1));
                }
                insertMany.addBatch();
            }
            if (row > 0) {
                insertMany.executeBatch();
            }
        }
        if (row < batch.size()) {
            for (; row < batch.size(); row++) {
                bindRow(insert, batch, row, 0);
                insert.addBatch();
            }
            insert.executeBatch();
        }
        rows += batch.size();
    }

    long finish() throws SQLException {
        closeStatements();
        if (indexes.stream().allMatch(TableIndex::rowidAlias)) {
            return rows;
        }
        try (Statement statement = connection.createStatement()) {
            // An index build sorts its keys in the page cache's room: a larger one while it runs.
            long cache = cacheSize(statement);
            statement.execute("PRAGMA cache_size = " + INDEX_CACHE_KIB);
            try {
                for (TableIndex index : indexes) {
                    if (index.rowidAlias()) {
                        continue;
                    }
                    StringJoiner keys = new StringJoiner(", ", "(", ")");
                    index.columns().forEach(column -> keys.add(quote(column)));
                    String on = quote(index.name()) + " ON " + quote(table) + " " + keys;
                    if (!index.unique() || !createdUnique(statement, on)) {
                        statement.execute("CREATE INDEX " + on);
                    }
                }
            } finally {
                statement.execute("PRAGMA cache_size = " + cache);
            }
        }
        return rows;
    }

    private static long cacheSize(Statement statement) throws SQLException {
        try (ResultSet result = statement.executeQuery("PRAGMA cache_size")) {
            if (!result.next()) {
                throw new SQLException("PRAGMA cache_size answered no row");
            }
            return result.getLong(1);
        }
    }

    /**
     * Creates a UNIQUE index, as the source declares it, so the copy keeps what the translation relies on (a unique
     * key determines its row); false when ingest made two keys equal (text read as numbers), which no UNIQUE index
     * can hold.
     */
    private static boolean createdUnique(Statement statement, String on) throws SQLException {
        try {
            statement.execute("CREATE UNIQUE INDEX " + on);
            return true;
        } catch (SQLiteException e) {
            if ((e.getResultCode().code & 0xff) != SQLiteErrorCode.SQLITE_CONSTRAINT.code) {
                throw e;
            }
            return false;
        }
    }

    void drop() throws SQLException {
        closeStatements();
        try (Statement statement = connection.createStatement()) {
            statement.execute("DROP TABLE IF EXISTS " + quote(table));
        }
    }

    private void closeStatements() throws SQLException {
        try (PreparedStatement one = insert;
                PreparedStatement many = insertMany) {
            // Closed, the one that fails first named.
        }
    }

    /** Binds a row's rowid and values, its first parameter at {@code offset + 1}. */
    private void bindRow(PreparedStatement statement, ColumnBatch batch, int row, int offset) throws SQLException {
        statement.setLong(offset + 1, batch.rowNumber(row));
        for (int c = 0; c < columns.size(); c++) {
            bind(statement, batch, c, row, offset + c + 2);
        }
    }

    private void bind(PreparedStatement insert, ColumnBatch batch, int column, int row, int parameter)
            throws SQLException {
        Object source = batch.sourceValue(column, row);
        if (source != null) {
            insert.setObject(parameter, source);
            return;
        }
        if (batch.isNull(column, row)) {
            insert.setNull(parameter, Types.NULL);
            return;
        }
        switch (columns.get(column).type()) {
            case INTEGER, BOOLEAN -> insert.setLong(parameter, batch.longValue(column, row));
            case REAL -> insert.setDouble(parameter, batch.doubleValue(column, row));
            case TEXT -> insert.setString(parameter, (String) batch.object(column, row));
            case DATE -> insert.setString(parameter, StoredValues.dateText(batch.longValue(column, row)));
            case TIMESTAMP -> insert.setString(parameter, StoredValues.timestampText(batch.longValue(column, row)));
            case BLOB -> insert.setBytes(parameter, (byte[]) batch.object(column, row));
        }
    }
}

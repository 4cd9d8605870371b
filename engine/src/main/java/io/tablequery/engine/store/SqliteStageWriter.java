package io.tablequery.engine.store;

import static io.tablequery.dialects.SqlIdentifiers.quote;

import io.tablequery.engine.catalog.StoredValues;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.List;
import java.util.StringJoiner;
import org.sqlite.SQLiteErrorCode;
import org.sqlite.SQLiteException;

/**
 * Writes a table into a stage table of the workspace's SQLite database, inside the upload's open transaction. Each
 * row's provenance row number becomes its {@code rowid}, so it stays hidden from {@code SELECT *} yet readable as
 * {@code rowid}; a source's {@code INTEGER PRIMARY KEY} is declared so again, its values being those row numbers.
 * Indexes are built after the last row, which is faster than keeping them up to date row by row.
 */
final class SqliteStageWriter {
    private final Connection connection;
    private final String table;
    private final List<StoredColumn> columns;
    private final List<TableIndex> indexes;
    private PreparedStatement insert;
    private long rows;

    SqliteStageWriter(Connection connection, String table, List<StoredColumn> columns, List<TableIndex> indexes) {
        if (columns.isEmpty()) {
            throw new IllegalArgumentException("a table needs at least one column");
        }
        this.connection = connection;
        this.table = table;
        this.columns = List.copyOf(columns);
        this.indexes = List.copyOf(indexes);
    }

    void create() throws SQLException {
        StringJoiner definitions = new StringJoiner(", ", "CREATE TABLE " + quote(table) + " (", ")");
        StringJoiner names = new StringJoiner(", ", "INSERT INTO " + quote(table) + " (rowid, ", ")");
        StringJoiner marks = new StringJoiner(", ", " VALUES (?, ", ")");
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
        insert = connection.prepareStatement(names + marks.toString());
    }

    void append(ColumnBatch batch) throws SQLException {
        for (int row = 0; row < batch.size(); row++) {
            insert.setLong(1, batch.rowNumber(row));
            for (int c = 0; c < columns.size(); c++) {
                bind(batch, c, row, c + 2);
            }
            insert.addBatch();
        }
        insert.executeBatch();
        rows += batch.size();
    }

    long finish() throws SQLException {
        insert.close();
        try (Statement statement = connection.createStatement()) {
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
        }
        return rows;
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
        if (insert != null) {
            insert.close();
        }
        try (Statement statement = connection.createStatement()) {
            statement.execute("DROP TABLE IF EXISTS " + quote(table));
        }
    }

    private void bind(ColumnBatch batch, int column, int row, int parameter) throws SQLException {
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

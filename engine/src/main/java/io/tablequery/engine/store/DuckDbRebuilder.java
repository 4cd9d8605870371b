package io.tablequery.engine.store;

import static io.tablequery.dialects.SqlIdentifiers.quote;

import io.tablequery.engine.catalog.ColumnInfo;
import io.tablequery.engine.catalog.StoredValues;
import io.tablequery.engine.catalog.TableInfo;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.temporal.ChronoField;
import java.util.List;
import java.util.StringJoiner;
import org.duckdb.DuckDBConnection;

/**
 * Rebuilds a table's DuckDB copy from its SQLite copy, which is the record: when a crash left an upload's DuckDB copy
 * unmade (its spool is gone with the crash), or when the DuckDB file itself had to be recreated.
 */
public final class DuckDbRebuilder implements DuckDbCatalog.Rebuilder {
    private static final int BATCH_ROWS = 4096;
    private static final DateTimeFormatter TIMESTAMP = new DateTimeFormatterBuilder()
            .appendPattern("yyyy-MM-dd HH:mm:ss")
            .optionalStart()
            .appendFraction(ChronoField.MICRO_OF_SECOND, 0, 6, true)
            .optionalEnd()
            .toFormatter();

    private final Connection sqlite;
    private final DuckDBConnection duckDb;

    /**
     * Creates a rebuilder.
     *
     * @param sqlite a connection to the workspace's SQLite database
     * @param duckDb a connection to the workspace's DuckDB database
     */
    public DuckDbRebuilder(Connection sqlite, DuckDBConnection duckDb) {
        this.sqlite = sqlite;
        this.duckDb = duckDb;
    }

    /**
     * Makes a table's DuckDB copy from the spool its upload wrote ({@link ParallelTableWriter#spool()}), or from the
     * SQLite copy when there is none.
     *
     * @param table the table
     * @param spool the spool file, or null
     * @throws SQLException when DuckDB or SQLite fails; nothing is left written
     */
    public void load(TableInfo table, Path spool) throws SQLException {
        if (spool != null && Files.isRegularFile(spool)) {
            load(duckDb, table.storageName(), StoredColumn.of(table), spool);
        } else {
            rebuild(table);
        }
    }

    /**
     * Makes a physical DuckDB table from a spool, in one DuckDB transaction.
     *
     * @param duckDb a connection to the DuckDB copy
     * @param storageName the physical table
     * @param columns its columns
     * @param spool the spool file ({@link ParallelTableWriter#spool()})
     * @throws SQLException when DuckDB fails or the spool cannot be read; nothing is left written
     */
    public static void load(DuckDBConnection duckDb, String storageName, List<StoredColumn> columns, Path spool)
            throws SQLException {
        new DuckDbStageWriter(duckDb, storageName, columns).write(spool);
    }

    @Override
    public void rebuild(TableInfo table) throws SQLException {
        List<StoredColumn> columns = StoredColumn.of(table);
        DuckDbStageWriter writer = new DuckDbStageWriter(duckDb, table.storageName(), columns);
        StringJoiner select =
                new StringJoiner(", ", "SELECT rowid, ", " FROM " + quote(table.name()) + " ORDER BY rowid");
        table.columns().forEach(column -> select.add(quote(column.name())));
        try (Statement statement = sqlite.createStatement();
                ResultSet rs = statement.executeQuery(select.toString())) {
            writer.write(() -> nextBatch(rs, table.columns(), columns));
        } catch (UncheckedIOException e) {
            throw new SQLException("could not rebuild " + table.name() + ": " + e.getMessage(), e);
        }
    }

    private static ColumnBatch nextBatch(ResultSet rs, List<ColumnInfo> infos, List<StoredColumn> columns)
            throws IOException {
        try {
            ColumnBatch batch =
                    new ColumnBatch(columns.stream().map(StoredColumn::type).toList(), BATCH_ROWS);
            while (!batch.isFull() && rs.next()) {
                int row = batch.addRow(rs.getLong(1));
                for (int c = 0; c < infos.size(); c++) {
                    read(rs, c + 2, infos.get(c), batch, c, row);
                }
            }
            return batch.size() == 0 ? null : batch;
        } catch (SQLException e) {
            throw new IOException(e);
        }
    }

    /**
     * Renders a value of a TEXT column as ingest did: a table imported from a SQLite database may hold numbers and
     * blobs among its text, which the SQLite copy keeps with their storage class and the DuckDB copy as text.
     */
    private static String text(Object value) {
        if (value == null || value instanceof String) {
            return (String) value;
        } else if (value instanceof Double d) {
            return StoredValues.numberText(d);
        } else if (value instanceof byte[] bytes) {
            return StoredValues.blobText(bytes);
        }
        return value.toString();
    }

    private static void read(ResultSet rs, int index, ColumnInfo info, ColumnBatch batch, int column, int row)
            throws SQLException {
        switch (info.type()) {
            case INTEGER, BOOLEAN -> {
                long value = rs.getLong(index);
                if (!rs.wasNull()) {
                    batch.setLong(column, row, value);
                }
            }
            case REAL -> {
                double value = rs.getDouble(index);
                if (!rs.wasNull()) {
                    batch.setDouble(column, row, value);
                }
            }
            case TEXT -> batch.setObject(column, row, text(rs.getObject(index)));
            case BLOB -> batch.setObject(column, row, rs.getBytes(index));
            case DATE -> {
                String text = rs.getString(index);
                if (text != null) {
                    batch.setLong(column, row, LocalDate.parse(text).toEpochDay());
                }
            }
            case TIMESTAMP -> {
                String text = rs.getString(index);
                if (text != null) {
                    LocalDateTime value = LocalDateTime.parse(text, TIMESTAMP);
                    batch.setLong(
                            column, row, value.toEpochSecond(ZoneOffset.UTC) * 1_000_000 + value.getNano() / 1000);
                }
            }
        }
    }
}

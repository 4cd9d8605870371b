package io.tablequery.benchmarks;

import io.trino.tpch.TpchColumn;
import io.trino.tpch.TpchEntity;
import io.trino.tpch.TpchTable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.List;
import java.util.Locale;
import java.util.StringJoiner;

/**
 * Writes TPC-H data from the {@code io.trino.tpch} generator into a SQLite database: identifiers and integers as
 * INTEGER, decimals as REAL, dates as ISO text, so every column holds one storage class.
 */
final class TpchSqlite {
    private TpchSqlite() {}

    /** Writes the database at a scale factor, unless the file exists; returns it. */
    static Path write(Path directory, double scale) throws IOException, SQLException {
        Path file = directory.resolve("tpch-sf" + String.format(Locale.ROOT, "%s", scale) + ".sqlite");
        if (Files.exists(file)) {
            return file;
        }
        Files.createDirectories(directory);
        Path partial = directory.resolve(file.getFileName() + ".partial");
        Files.deleteIfExists(partial);
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + partial.toAbsolutePath())) {
            connection.setAutoCommit(false);
            for (TpchTable<?> table : TpchTable.getTables()) {
                write(connection, table, scale);
            }
            connection.commit();
        }
        Files.move(partial, file);
        return file;
    }

    private static <E extends TpchEntity> void write(Connection connection, TpchTable<E> table, double scale)
            throws SQLException {
        List<TpchColumn<E>> columns = table.getColumns();
        StringJoiner ddl = new StringJoiner(", ", "CREATE TABLE " + table.getTableName() + " (", ")");
        StringJoiner marks = new StringJoiner(", ", "INSERT INTO " + table.getTableName() + " VALUES (", ")");
        for (TpchColumn<E> column : columns) {
            String type =
                    switch (column.getType().getBase()) {
                        case INTEGER, IDENTIFIER -> "INTEGER";
                        case DOUBLE -> "REAL";
                        default -> "TEXT";
                    };
            ddl.add(column.getColumnName() + " " + type);
            marks.add("?");
        }
        try (Statement statement = connection.createStatement()) {
            statement.execute(ddl.toString());
        }
        try (PreparedStatement insert = connection.prepareStatement(marks.toString())) {
            int batch = 0;
            for (E row : table.createGenerator(scale, 1, 1)) {
                for (int i = 0; i < columns.size(); i++) {
                    TpchColumn<E> column = columns.get(i);
                    switch (column.getType().getBase()) {
                        case INTEGER -> insert.setLong(i + 1, column.getInteger(row));
                        case IDENTIFIER -> insert.setLong(i + 1, column.getIdentifier(row));
                        case DOUBLE -> insert.setDouble(i + 1, column.getDouble(row));
                        case DATE ->
                            insert.setString(
                                    i + 1,
                                    LocalDate.ofEpochDay(column.getDate(row)).toString());
                        default -> insert.setString(i + 1, column.getString(row));
                    }
                }
                insert.addBatch();
                if (++batch % 10_000 == 0) {
                    insert.executeBatch();
                }
            }
            insert.executeBatch();
        }
    }
}

package io.tablequery.engine.workspace;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A read-only connection to a workspace's SQLite copy, lent for one run at its first use: a run that never reads the
 * SQLite copy (a plan on DuckDB over uploaded files) borrows nothing and resets nothing. Closing it drops the run's
 * TEMP objects and gives the connection back to the workspace, which keeps a few open. Opening a connection costs
 * SQLite a parse of the whole schema at its first statement (about 0.1 ms for a few tables, about 13 ms for 10,000),
 * which a kept connection pays again only after a commit changes the schema. A connection that cannot be reset is
 * closed instead. Each statement in autocommit mode starts its own read transaction, so a kept connection sees every
 * commit.
 */
public final class SqliteSession implements AutoCloseable {
    private final SqliteReaders owner;
    private Connection connection;
    private boolean closed;

    SqliteSession(SqliteReaders owner) {
        this.owner = owner;
    }

    /**
     * The connection, for this session only, borrowed at the first call; do not close it.
     *
     * @return the connection
     * @throws io.tablequery.engine.error.EngineException STORAGE_FAILURE when the SQLite copy cannot be opened
     */
    public Connection connection() {
        if (closed) {
            throw new IllegalStateException("the SQLite session is closed");
        }
        if (connection == null) {
            connection = owner.take();
        }
        return connection;
    }

    /** Gives the connection back, or closes it if it cannot be reset; a session that borrowed none gives nothing. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (connection != null) {
            owner.giveBack(connection, reset(connection));
        }
    }

    /** Ends any transaction and drops every TEMP table, view and trigger; false when the connection is unusable. */
    private static boolean reset(Connection connection) {
        try {
            if (connection.isClosed()) {
                return false;
            }
            if (!connection.getAutoCommit()) {
                connection.rollback();
                connection.setAutoCommit(true);
            }
            try (Statement statement = connection.createStatement()) {
                List<String> drops = new ArrayList<>();
                try (ResultSet rs = statement.executeQuery(
                        "SELECT type, name FROM temp.sqlite_master WHERE type IN ('table', 'view', 'trigger')"
                                + " ORDER BY type = 'table'")) {
                    while (rs.next()) {
                        String type = rs.getString(1).toUpperCase(Locale.ROOT);
                        String name = rs.getString(2).replace("\"", "\"\"");
                        drops.add("DROP %s IF EXISTS temp.\"%s\"".formatted(type, name));
                    }
                }
                for (String drop : drops) {
                    statement.execute(drop);
                }
            }
            return true;
        } catch (SQLException e) {
            return false;
        }
    }
}

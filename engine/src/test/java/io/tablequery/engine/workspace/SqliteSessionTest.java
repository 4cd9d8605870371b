package io.tablequery.engine.workspace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablequery.engine.catalog.CatalogErrorCode;
import io.tablequery.engine.error.EngineException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The SQLite readers a workspace keeps between runs, on a real workspace. */
class SqliteSessionTest {
    @TempDir
    Path dir;

    @Test
    void givesBackAConnectionWithoutTheRunsTempObjects() throws Exception {
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            workspace.ingest(csv("sales.csv", "region,amount\neast,1\nwest,2\n"));
            Connection first;
            try (SqliteSession session = workspace.sqliteSession()) {
                first = session.connection();
                execute(first, "CREATE TEMP TABLE \"r\" AS SELECT * FROM sales");
                execute(first, "CREATE TEMP VIEW \"odd \"\"name\" AS SELECT * FROM \"r\"");
                execute(first, "CREATE INDEX temp.\"r_region\" ON \"r\" (region)");
            }
            try (SqliteSession session = workspace.sqliteSession()) {
                assertThat(session.connection()).as("the same connection, kept").isSameAs(first);
                assertThat(count(session.connection(), "SELECT count(*) FROM temp.sqlite_master"))
                        .isZero();
                execute(session.connection(), "CREATE TEMP TABLE \"r\" AS SELECT 1 AS x");
            }
        }
    }

    @Test
    void aKeptConnectionSeesLaterCommits() throws Exception {
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            workspace.ingest(csv("sales.csv", "region,amount\neast,1\nwest,2\n"));
            try (SqliteSession session = workspace.sqliteSession()) {
                assertThat(count(session.connection(), "SELECT count(*) FROM sales"))
                        .isEqualTo(2);
            }
            workspace.ingest(csv("sales.csv", "region,amount\nnorth,3\nsouth,4\nwest,5\n"));
            workspace.ingest(csv("stock.csv", "item\nbolt\n"));
            try (SqliteSession session = workspace.sqliteSession()) {
                assertThat(count(session.connection(), "SELECT count(*) FROM sales"))
                        .isEqualTo(3);
                assertThat(count(session.connection(), "SELECT count(*) FROM stock"))
                        .isEqualTo(1);
            }
        }
    }

    @Test
    void keepsAFewIdleConnectionsAndNoneThatCannotBeReset() throws Exception {
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            workspace.ingest(csv("sales.csv", "region,amount\neast,1\n"));
            SqliteReaders readers = new SqliteReaders(dir.resolve("ws/tables.sqlite"), "ws");
            List<SqliteSession> sessions = new ArrayList<>();
            for (int i = 0; i < SqliteReaders.KEPT + 3; i++) {
                SqliteSession session = readers.lend();
                session.connection();
                sessions.add(session);
            }
            try (SqliteSession unused = readers.lend()) {
                assertThat(readers.idle())
                        .as("a session borrows at its first use")
                        .isZero();
            }
            Connection broken = sessions.get(0).connection();
            broken.close();
            sessions.forEach(SqliteSession::close);
            assertThat(readers.idle()).isEqualTo(SqliteReaders.KEPT);
            try (SqliteSession session = readers.lend()) {
                assertThat(session.connection()).isNotSameAs(broken);
                assertThat(count(session.connection(), "SELECT count(*) FROM sales"))
                        .isEqualTo(1);
            }
            List<Connection> kept = new ArrayList<>();
            for (int i = 0; i < SqliteReaders.KEPT; i++) {
                kept.add(readers.lend().connection());
            }
            readers.close();
            assertThat(readers.idle()).isZero();
            for (Connection connection : kept) {
                assertThat(connection.isClosed()).isFalse();
            }
            kept.forEach(connection -> readers.giveBack(connection, true));
            for (Connection connection : kept) {
                assertThat(connection.isClosed())
                        .as("given back to a closed pool")
                        .isTrue();
            }
        }
    }

    /** A session that cannot open the SQLite copy says so when first used, naming the workspace, and gives nothing back. */
    @Test
    void aCopyThatCannotBeOpenedFailsAtFirstUse() {
        SqliteReaders readers = new SqliteReaders(dir.resolve("missing/tables.sqlite"), "sales");
        SqliteSession session = readers.lend();
        assertThatThrownBy(session::connection)
                .isInstanceOfSatisfying(EngineException.class, e -> assertThat(e.getErrorCode())
                        .isEqualTo(CatalogErrorCode.STORAGE_FAILURE.toErrorCode()))
                .hasMessageContaining("could not open the SQLite copy of workspace sales");
        session.close();
        assertThat(readers.idle()).isZero();
    }

    private Path csv(String name, String content) throws Exception {
        Path file = dir.resolve(name);
        Files.writeString(file, content);
        return file;
    }

    private static void execute(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }

    private static long count(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet rs = statement.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}

package io.tablequery.engine.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class QueryDeadlineTest {
    @Test
    void cancelsTheRunningStatementAndRefusesTheNext() throws SQLException {
        try (Connection duckDb = DriverManager.getConnection("jdbc:duckdb:");
                QueryDeadline deadline =
                        QueryDeadline.start(Duration.ofMillis(300).toNanos())) {
            try (Statement first = deadline.watch(duckDb.createStatement());
                    ResultSet rs = first.executeQuery("SELECT 1")) {
                assertThat(rs.next()).isTrue();
            }
            long started = System.nanoTime();
            assertThatThrownBy(() -> {
                        try (Statement bomb = deadline.watch(duckDb.createStatement())) {
                            bomb.executeQuery("SELECT count(*) FROM range(100000000000) a, range(1000) b"
                                    + " WHERE a.range * b.range = -1");
                        }
                    })
                    .isInstanceOf(SQLException.class);
            assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(10));
            assertThat(deadline.expired()).isTrue();
            assertThatThrownBy(() -> deadline.watch(duckDb.createStatement()))
                    .isInstanceOf(SQLException.class)
                    .hasMessageContaining("time limit");
        }
    }

    /**
     * The time runs out after the statement is watched but before it executes, where both drivers drop a cancel (DuckDB
     * cancels only a statement that holds its lock, SQLite interrupts only a running statement): the statement is
     * cancelled again once it runs. A lost cancel once left a runaway query running for ever beside a 1-second limit.
     */
    @ParameterizedTest
    @MethodSource("io.tablequery.engine.exec.Runaway#queries")
    void cancelsAStatementWhoseTimeRanOutBeforeItStarted(String url, String bomb) throws Exception {
        try (Connection connection = DriverManager.getConnection(url);
                QueryDeadline deadline =
                        QueryDeadline.start(Duration.ofMillis(500).toNanos());
                Statement statement = deadline.watch(connection.createStatement())) {
            Thread.sleep(1000);
            assertThat(deadline.expired())
                    .as("the time ran out before the statement ran")
                    .isTrue();
            assertThat(Runaway.stoppedWithin(Duration.ofSeconds(20), statement, bomb))
                    .as("cancelled once it ran")
                    .isTrue();
        }
    }

    @Test
    void aDeadlineThatFiresAfterItClosedLeavesTheConnectionsNextQueryAlone() throws Exception {
        try (Connection sqlite = DriverManager.getConnection("jdbc:sqlite::memory:")) {
            QueryDeadline deadline = QueryDeadline.start(Duration.ofMinutes(5).toNanos());
            try (Statement first = deadline.watch(sqlite.createStatement());
                    ResultSet rs = first.executeQuery("SELECT 1")) {
                assertThat(rs.next()).isTrue();
            }
            deadline.close();
            CompletableFuture.runAsync(
                    deadline::expireNow, CompletableFuture.delayedExecutor(200, TimeUnit.MILLISECONDS));
            try (Statement next = sqlite.createStatement();
                    ResultSet rs = next.executeQuery(
                            "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000000)"
                                    + " SELECT count(*) FROM n")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getLong(1)).isEqualTo(3_000_000);
            }
        }
    }
}

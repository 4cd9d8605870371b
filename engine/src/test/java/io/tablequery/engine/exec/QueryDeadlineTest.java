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
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class QueryDeadlineTest {
    /**
     * A time limit no test reaches: a test that needs the time to end after it has watched its work ends it itself
     * ({@link QueryDeadline#cancel}, which cancels again every {@link QueryWatchdog#RETRY} as a deadline that ran out
     * does), since a limit of a few milliseconds could run out before the work is watched on a busy machine (the CI
     * once took over 10 ms from the start of a 10 ms deadline to its watch, which then refused the work).
     */
    private static final long LONG = Duration.ofHours(1).toNanos();

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

    /**
     * DuckDB's cancel waits for its connection's lock (held while a statement is prepared or its rows fetched), and
     * Spark's is a remote call: a cancel that waits must not hold up the deadlines of other calls, which share one
     * timer.
     */
    @Test
    void aCancelThatWaitsHoldsUpNoOtherDeadline() throws Exception {
        CountDownLatch waiting = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        try (QueryDeadline stuck = QueryDeadline.start(LONG)) {
            assertThat(stuck.watch(() -> {
                        waiting.countDown();
                        awaitQuietly(release);
                    }))
                    .isTrue();
            stuck.cancel();
            try {
                assertThat(waiting.await(10, TimeUnit.SECONDS)).isTrue();
                try (Connection duckDb = DriverManager.getConnection("jdbc:duckdb:");
                        QueryDeadline other =
                                QueryDeadline.start(Duration.ofMillis(300).toNanos());
                        Statement statement = other.watch(duckDb.createStatement())) {
                    assertThat(Runaway.stoppedWithin(
                                    Duration.ofSeconds(20),
                                    statement,
                                    "SELECT count(*) FROM range(100000000000) a, range(1000) b"
                                            + " WHERE a.range * b.range = -1"))
                            .as("cancelled while another call's cancel waits")
                            .isTrue();
                }
            } finally {
                release.countDown();
            }
        }
    }

    /** A cancel that fails (a closed statement's driver, a remote engine gone away) is tried again, as an early one is. */
    @Test
    void aCancelThatFailsIsTriedAgain() throws Exception {
        AtomicInteger calls = new AtomicInteger();
        CountDownLatch twice = new CountDownLatch(2);
        try (QueryDeadline deadline = QueryDeadline.start(LONG)) {
            assertThat(deadline.watch(() -> {
                        twice.countDown();
                        if (calls.incrementAndGet() == 1) {
                            throw new IllegalStateException("the driver failed to cancel");
                        }
                    }))
                    .isTrue();
            deadline.cancel();
            assertThat(twice.await(10, TimeUnit.SECONDS))
                    .as("cancelled again after a failed cancel")
                    .isTrue();
        }
    }

    /** A cancel running when the work ends is waited for: none may reach the connection once it is lent on. */
    @Test
    void closingWaitsForACancelThatRuns() throws Exception {
        CountDownLatch running = new CountDownLatch(1);
        AtomicBoolean ended = new AtomicBoolean();
        QueryDeadline deadline = QueryDeadline.start(LONG);
        assertThat(deadline.watch(() -> {
                    running.countDown();
                    sleepQuietly(Duration.ofMillis(300));
                    ended.set(true);
                }))
                .isTrue();
        deadline.cancel();
        assertThat(running.await(10, TimeUnit.SECONDS)).isTrue();
        deadline.close();
        assertThat(ended).as("the cancel had ended when close returned").isTrue();
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void sleepQuietly(Duration time) {
        try {
            Thread.sleep(time.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

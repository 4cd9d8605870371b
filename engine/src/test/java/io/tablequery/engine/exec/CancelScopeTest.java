package io.tablequery.engine.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

class CancelScopeTest {
    @ParameterizedTest
    @MethodSource("io.tablequery.engine.exec.Runaway#queries")
    void cancellingFromAnotherThreadStopsTheRunningQueryAndTheNext(String url, String bomb) throws Exception {
        try (Connection connection = DriverManager.getConnection(url);
                CancelScope scope = CancelScope.open();
                QueryDeadline deadline =
                        QueryDeadline.start(Duration.ofMinutes(5).toNanos())) {
            CompletableFuture.runAsync(scope::cancel, CompletableFuture.delayedExecutor(300, TimeUnit.MILLISECONDS));
            long started = System.nanoTime();
            assertThatThrownBy(() -> {
                        try (Statement statement = deadline.watch(connection.createStatement())) {
                            statement.executeQuery(bomb);
                        }
                    })
                    .isInstanceOf(SQLException.class);
            assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(10));
            assertThat(scope.cancelled()).isTrue();
            assertThat(deadline.expired()).isTrue();
            assertThat(deadline.cancelled()).as("cancelled, not out of time").isTrue();
            try (QueryDeadline next = QueryDeadline.start(Duration.ofMinutes(5).toNanos())) {
                assertThatThrownBy(() -> next.watch(connection.createStatement()))
                        .isInstanceOf(SQLException.class)
                        .hasMessageContaining("cancelled");
                assertThat(next.cancelled()).isTrue();
            }
        }
    }

    @ParameterizedTest
    @MethodSource("io.tablequery.engine.exec.Runaway#queries")
    void aWatchedStatementSaysWhetherItsCallWasCancelledOrRanOutOfTime(String url, String bomb) throws Exception {
        try (Connection connection = DriverManager.getConnection(url)) {
            try (Statement statement = connection.createStatement()) {
                assertThatThrownBy(() -> QueryWatchdog.run(
                                statement, Duration.ofMillis(300).toNanos(), () -> statement.execute(bomb)))
                        .isInstanceOfSatisfying(
                                QueryWatchdog.TimedOut.class,
                                timedOut -> assertThat(timedOut.cancelled()).isFalse());
            }
            try (CancelScope scope = CancelScope.open();
                    Statement statement = connection.createStatement()) {
                CompletableFuture.runAsync(
                        scope::cancel, CompletableFuture.delayedExecutor(300, TimeUnit.MILLISECONDS));
                assertThatThrownBy(() -> QueryWatchdog.run(
                                statement, Duration.ofMinutes(5).toNanos(), () -> statement.execute(bomb)))
                        .isInstanceOfSatisfying(
                                QueryWatchdog.TimedOut.class,
                                timedOut -> assertThat(timedOut.cancelled()).isTrue());
            }
        }
    }

    @ParameterizedTest
    @MethodSource("io.tablequery.engine.exec.Runaway#queries")
    void aCancelThatCameBeforeTheStatementRanStopsItOnceItRuns(String url, String bomb) throws Exception {
        try (Connection connection = DriverManager.getConnection(url);
                CancelScope scope = CancelScope.open();
                QueryDeadline deadline =
                        QueryDeadline.start(Duration.ofMinutes(5).toNanos());
                Statement statement = deadline.watch(connection.createStatement())) {
            scope.cancel();
            assertThat(Runaway.stoppedWithin(Duration.ofSeconds(20), statement, bomb))
                    .as("cancelled once it ran")
                    .isTrue();
            assertThat(deadline.cancelled()).isTrue();
        }
    }

    @ParameterizedTest
    @CsvSource({"jdbc:duckdb:", "jdbc:sqlite::memory:"})
    void aDeadlineStartedOutsideTheScopeRunsOn(String url) throws Exception {
        CancelScope scope = CancelScope.open();
        scope.close();
        scope.cancel();
        try (Connection connection = DriverManager.getConnection(url);
                QueryDeadline deadline =
                        QueryDeadline.start(Duration.ofMinutes(5).toNanos());
                Statement statement = deadline.watch(connection.createStatement())) {
            assertThat(statement.execute("SELECT 1")).isTrue();
            assertThat(deadline.expired()).isFalse();
        }
    }
}

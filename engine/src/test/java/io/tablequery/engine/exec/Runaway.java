package io.tablequery.engine.exec;

import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/** Queries that never end on their own, one per engine, and a run of one that the test stops if nothing else did. */
final class Runaway {
    private Runaway() {}

    /** A connection URL of each engine and a query that runs there until it is stopped. */
    static Stream<Arguments> queries() {
        return Stream.of(
                Arguments.of(
                        "jdbc:duckdb:",
                        "SELECT count(*) FROM range(100000000000) a, range(1000) b WHERE a.range * b.range = -1"),
                Arguments.of(
                        "jdbc:sqlite::memory:",
                        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT count(*) FROM n"));
    }

    /**
     * Runs the query on another thread and waits for it to be stopped.
     *
     * @return true when it failed in time, false when the test had to cancel it itself
     */
    static boolean stoppedWithin(Duration wait, Statement statement, String sql) throws Exception {
        CompletableFuture<Boolean> run = CompletableFuture.supplyAsync(() -> {
            try {
                statement.execute(sql);
                return false;
            } catch (SQLException e) {
                return true;
            }
        });
        try {
            return run.get(wait.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            statement.cancel();
            run.join();
            return false;
        }
    }
}

package io.tablequery.engine.exec;

import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** Runs a query that never ends on its own, and stops it from the test if nothing else did in time. */
final class Runaway {
    private Runaway() {}

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

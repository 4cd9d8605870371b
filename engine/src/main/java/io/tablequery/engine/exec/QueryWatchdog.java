package io.tablequery.engine.exec;

import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Cancels a statement that runs past its time: both SQLite's and DuckDB's drivers turn {@link Statement#cancel()}
 * into an interrupt of the running query, so the query stops rather than being abandoned.
 */
public final class QueryWatchdog {
    /** How often a statement whose time is up is cancelled again while it still runs. */
    static final Duration RETRY = Duration.ofMillis(100);

    private static final ScheduledThreadPoolExecutor TIMER = timer();
    private static final ExecutorService CANCELS = Executors.newCachedThreadPool(runnable -> {
        Thread thread = new Thread(runnable, "tq-query-cancel");
        thread.setDaemon(true);
        return thread;
    });

    private QueryWatchdog() {}

    /**
     * One daemon thread; a cancelled timer leaves its queue at once, so a busy server does not keep one timer per
     * query answered in the last {@code --query-timeout} seconds.
     */
    private static ScheduledThreadPoolExecutor timer() {
        ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1, runnable -> {
            Thread thread = new Thread(runnable, "tq-query-watchdog");
            thread.setDaemon(true);
            return thread;
        });
        timer.setRemoveOnCancelPolicy(true);
        return timer;
    }

    /** Work on a statement. */
    @FunctionalInterface
    public interface StatementWork<T> {
        /**
         * Runs the work.
         *
         * @return its result
         * @throws SQLException when the statement fails
         */
        T run() throws SQLException;
    }

    /** Thrown when the statement was cancelled for running too long, or because its call was cancelled. */
    public static final class TimedOut extends Exception {
        private static final long serialVersionUID = 1L;

        private final boolean cancelled;

        TimedOut(SQLException cause, boolean cancelled) {
            super(cancelled ? "the statement's call was cancelled" : "the statement ran past its time limit", cause);
            this.cancelled = cancelled;
        }

        /**
         * Says whether the call was cancelled (its client went away, or the server is stopping) rather than out of
         * time.
         *
         * @return true when cancelled
         */
        public boolean cancelled() {
            return cancelled;
        }
    }

    /**
     * Runs work on a statement, cancelling the statement when the time runs out.
     *
     * @param statement the statement the work runs
     * @param timeoutNanos the time it has
     * @param work the work
     * @param <T> the work's result
     * @return the work's result
     * @throws SQLException when the statement fails on its own
     * @throws TimedOut when it was cancelled for its time or with its call
     */
    public static <T> T run(Statement statement, long timeoutNanos, StatementWork<T> work)
            throws SQLException, TimedOut {
        try (QueryDeadline deadline = QueryDeadline.start(timeoutNanos)) {
            try {
                deadline.watch(statement);
                return work.run();
            } catch (SQLException e) {
                if (deadline.expired()) {
                    throw new TimedOut(e, deadline.cancelled());
                }
                throw e;
            }
        }
    }

    /**
     * Runs an action once the time is up, and again every {@link #RETRY} until cancelled, on the watchdog's timer.
     * The action must return at once (an action that throws is not run again).
     */
    static ScheduledFuture<?> schedule(Runnable action, long timeoutNanos) {
        return TIMER.scheduleWithFixedDelay(action, Math.max(1, timeoutNanos), RETRY.toNanos(), TimeUnit.NANOSECONDS);
    }

    /**
     * Runs a cancel on a thread other than the timer's: a driver's cancel may wait (for a lock, or a remote engine), and
     * the timer serves every deadline of the process.
     */
    static void cancelAside(Runnable cancel) {
        CANCELS.execute(cancel);
    }
}

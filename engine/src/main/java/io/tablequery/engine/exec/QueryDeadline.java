package io.tablequery.engine.exec;

import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One time limit over several statements, for work that runs a few queries in turn: when the time runs out, the
 * statement then running is cancelled, and any statement watched afterwards fails at once. A {@link CancelScope} open on
 * the starting thread ends it early. Once ended, the running statement is cancelled again every
 * {@link QueryWatchdog#RETRY} until the work stops: the drivers drop a cancel that comes before the statement starts
 * executing (DuckDB's unless the statement holds its lock, SQLite's unless a statement runs on the connection).
 * The cancel itself runs on a thread of its own ({@link QueryWatchdog#cancelAside}): DuckDB's waits for its
 * connection's lock, which a statement holds while it is prepared or its rows are fetched, and Spark's is a remote
 * call, so a cancel that waits must not hold up the timer every other deadline of the process runs on.
 */
public final class QueryDeadline implements AutoCloseable {
    /**
     * The time limit of one query or plan when none is given, in seconds: for the skill and the DuckDB tools, on the
     * command line, the server and MCP alike.
     */
    public static final int DEFAULT_TIMEOUT_SECONDS = 30;

    private final CancelScope scope;
    /** Held while a cancel runs, so that {@link #close()} returns only once no cancel of this deadline can follow. */
    private final ReentrantLock cancelling = new ReentrantLock();

    private ScheduledFuture<?> timer;
    private Runnable cancel;
    private boolean expired;
    private boolean cancelled;
    private boolean closed;
    private boolean cancelQueued;

    private QueryDeadline(long timeoutNanos) {
        synchronized (this) {
            this.timer = QueryWatchdog.schedule(this::expireNow, timeoutNanos);
        }
        this.scope = CancelScope.current();
        if (scope != null) {
            scope.add(this);
        }
    }

    /**
     * Starts the clock.
     *
     * @param timeoutNanos the time all the statements have together
     * @return the running deadline; close it when the work ends
     */
    public static QueryDeadline start(long timeoutNanos) {
        return new QueryDeadline(timeoutNanos);
    }

    /**
     * Puts a statement under the deadline; it is cancelled if the time runs out while it runs.
     *
     * @param statement a new statement
     * @return the same statement
     * @throws SQLException when the time has already run out
     */
    public synchronized Statement watch(Statement statement) throws SQLException {
        if (expired) {
            statement.close();
            throw new SQLException(
                    cancelled
                            ? "the call was cancelled before the statement ran"
                            : "the time limit was reached before the statement ran");
        }
        cancel = () -> {
            try {
                statement.cancel();
            } catch (SQLException e) {
                // The statement finished or closed meanwhile; nothing is left to cancel.
            }
        };
        return statement;
    }

    /**
     * Puts work that is not a JDBC statement under the deadline (a query on a remote engine, for one): the action
     * stops it if the time runs out while it runs.
     *
     * @param action stops the work; called once the time runs out and again every {@link QueryWatchdog#RETRY} until
     *     the work stops, on a thread of the watchdog's
     * @return false when the time has already run out, and the work must not start
     */
    public synchronized boolean watch(Runnable action) {
        if (expired) {
            return false;
        }
        cancel = action;
        return true;
    }

    /**
     * Says whether the time ran out, so that a failure can be told apart from a cancellation.
     *
     * @return true when the deadline passed
     */
    public synchronized boolean expired() {
        return expired;
    }

    /**
     * Says whether the time was ended early because the call was cancelled, not because it ran out.
     *
     * @return true after the call's {@link CancelScope} was cancelled
     */
    public synchronized boolean cancelled() {
        return cancelled;
    }

    /**
     * Ends the time now because the call was cancelled (its client went away, or the server is stopping), and from
     * {@link QueryWatchdog#RETRY} on again until the work stops.
     */
    synchronized void cancel() {
        cancelled = true;
        if (!closed) {
            timer.cancel(false);
            timer = QueryWatchdog.schedule(this::expireNow, QueryWatchdog.RETRY.toNanos());
        }
        expireNow();
    }

    /**
     * Ends the time now, on the watchdog's timer when it runs out and again until the work stops: hands the cancel of
     * the running statement to another thread, at most one at a time waiting to run.
     */
    synchronized void expireNow() {
        expired = true;
        if (cancel != null && !cancelQueued) {
            cancelQueued = true;
            QueryWatchdog.cancelAside(this::cancelRunning);
        }
    }

    /** Cancels the statement now watched, unless the work ended meanwhile. */
    private void cancelRunning() {
        cancelling.lock();
        try {
            Runnable action;
            synchronized (this) {
                cancelQueued = false;
                action = closed ? null : cancel;
            }
            if (action != null) {
                action.run();
            }
        } catch (RuntimeException e) {
            // A driver's cancel that fails is tried again at the next retry, as one that comes too early is.
        } finally {
            cancelling.unlock();
        }
    }

    /**
     * Stops the clock, and waits for a cancel already running to end. A timer that fires after this cancels nothing:
     * SQLite's cancel interrupts the whole connection, which may by then run another caller's query (the workspace
     * lends its SQLite readers on).
     */
    @Override
    public void close() {
        synchronized (this) {
            closed = true;
            timer.cancel(false);
            cancel = null;
        }
        cancelling.lock();
        cancelling.unlock();
        if (scope != null) {
            scope.remove(this);
        }
    }
}

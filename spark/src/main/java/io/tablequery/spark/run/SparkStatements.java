package io.tablequery.spark.run;

import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.error.HostPaths;
import io.tablequery.engine.exec.QueryDeadline;
import io.tablequery.engine.plan.PlanErrorCode;
import io.tablequery.spark.export.ParquetExports;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Function;
import org.apache.spark.SparkThrowable;
import org.apache.spark.sql.SparkSession;

/**
 * The statements of one run on Spark, each under what is left of the plan's time limit and interrupted on the
 * cluster when it passes it or the call is cancelled. The run's session comes from the pool; when the server turns
 * out to have let go of a reused session before anything ran on it (a server restart, its session timeout), the run
 * moves to a new session once, its table views made again, instead of failing.
 */
final class SparkStatements {
    private final SparkSessions sessions;
    private final Duration timeout;
    private final long deadline;
    private final Map<String, String> views = new LinkedHashMap<>();
    private PooledSession session;
    private boolean answered;

    SparkStatements(SparkSessions sessions, String workspace, Duration timeout) {
        this.sessions = sessions;
        this.timeout = timeout;
        this.deadline = System.nanoTime() + timeout.toNanos();
        this.session = sessions.take(workspace);
    }

    PooledSession session() {
        return session;
    }

    /** The run's time limit. */
    Duration timeout() {
        return timeout;
    }

    /** When the run's time is up, on {@link System#nanoTime}'s clock. */
    long deadline() {
        return deadline;
    }

    /**
     * Makes a view over a table's Parquet export, unless the session made it for an earlier run.
     *
     * @param view the view's quoted name
     * @param location the export's URI
     */
    void view(String view, String location) {
        views.put(view, location);
        if (!session.holds(view, location)) {
            run(0, spark -> spark.sql(ParquetExports.viewOver(view, location)));
            session.made(view, location);
        }
    }

    /**
     * Runs work on the session under the time limit.
     *
     * @param step the step the work belongs to, or 0 for the run's setup
     * @param work what to run
     * @return what it returned
     */
    <T> T run(int step, Function<SparkSession, T> work) {
        try {
            return attempt(step, () -> work.apply(session.spark()));
        } catch (StaleSession stale) {
            sessions.discard(session);
            session = sessions.fresh(session.workspace());
            views.forEach((view, location) -> {
                attempt(0, () -> session.spark().sql(ParquetExports.viewOver(view, location)));
                session.made(view, location);
            });
            return attempt(step, () -> work.apply(session.spark()));
        }
    }

    private <T> T attempt(int step, Callable<T> work) {
        long remaining = deadline - System.nanoTime();
        if (remaining <= 0) {
            throw timedOut();
        }
        try (QueryDeadline watch = QueryDeadline.start(remaining)) {
            SparkSession spark = session.spark();
            if (!watch.watch(spark::interruptAll)) {
                throw watch.cancelled() ? cancelled() : timedOut();
            }
            try {
                T result = work.call();
                answered = true;
                return result;
            } catch (EngineException e) {
                throw e;
            } catch (Exception e) {
                if (watch.cancelled()) {
                    throw cancelled();
                }
                if (watch.expired()) {
                    throw timedOut();
                }
                if (!answered && session.reused() && gone(e)) {
                    throw new StaleSession(e);
                }
                throw failed(step, e);
            }
        }
    }

    /** Whether the server no longer knows the session: Spark's own error classes for a lost session handle. */
    private static boolean gone(Throwable e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof SparkThrowable spark
                    && spark.getCondition() != null
                    && spark.getCondition().startsWith("INVALID_HANDLE.SESSION_")) {
                return true;
            }
        }
        return false;
    }

    private EngineException timedOut() {
        return new EngineException(
                PlanErrorCode.QUERY_TIMEOUT,
                ("the plan ran longer than %d seconds and was stopped on the cluster; filter earlier, aggregate, or"
                                + " split the work")
                        .formatted(timeout.toSeconds()));
    }

    private static EngineException cancelled() {
        return new EngineException(
                PlanErrorCode.CANCELLED,
                "the plan was stopped on the cluster because the server is stopping or its client went away; run it"
                        + " again");
    }

    private static EngineException failed(int step, Exception e) {
        String message = HostPaths.scrub(SparkFailures.firstLine(e));
        if (step == 0) {
            return new EngineException(
                    PlanErrorCode.EXECUTION_FAILED, "Spark could not read the exported tables: " + message, e);
        }
        return new EngineException(
                PlanErrorCode.STEP_FAILED,
                "step %d failed on Spark: %s.".formatted(step, message),
                e,
                Map.of("step", step));
    }

    /** A reused session the server no longer knows, before anything ran on it in this run. */
    private static final class StaleSession extends RuntimeException {
        private static final long serialVersionUID = 1L;

        StaleSession(Exception cause) {
            super(cause);
        }
    }
}

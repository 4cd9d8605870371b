package io.tablequery.engine.exec;

import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.plan.PlanErrorCode;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;

/** Runs one step's statement under what is left of the plan's time limit, on either engine. */
final class StepStatements {
    private StepStatements() {}

    static void execute(Connection connection, String sql, long deadline, Duration timeout) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            run(statement, deadline, timeout, () -> statement.execute(sql));
        }
    }

    /**
     * Runs a step's work on a statement under what is left of the plan's time limit.
     *
     * @param statement the statement the work runs
     * @param deadline when the plan's time runs out, in {@link System#nanoTime} terms
     * @param timeout the plan's time limit, for the error
     * @param work the work
     * @param <T> the work's result
     * @return the work's result
     * @throws SQLException when the statement fails on its own
     */
    static <T> T run(Statement statement, long deadline, Duration timeout, QueryWatchdog.StatementWork<T> work)
            throws SQLException {
        long remaining = deadline - System.nanoTime();
        if (remaining <= 0) {
            throw timedOut(timeout);
        }
        try {
            return QueryWatchdog.run(statement, remaining, work);
        } catch (QueryWatchdog.TimedOut e) {
            throw e.cancelled() ? cancelled() : timedOut(timeout);
        }
    }

    static EngineException timedOut(Duration timeout) {
        return new EngineException(
                PlanErrorCode.QUERY_TIMEOUT,
                "the plan ran longer than %d seconds and was stopped; filter earlier, aggregate, or split the work"
                        .formatted(timeout.toSeconds()));
    }

    static EngineException cancelled() {
        return new EngineException(
                PlanErrorCode.CANCELLED,
                "the plan was stopped because the server is stopping or its client went away; run it again");
    }
}

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
        long remaining = deadline - System.nanoTime();
        if (remaining <= 0) {
            throw timedOut(timeout);
        }
        try (Statement statement = connection.createStatement()) {
            QueryWatchdog.run(statement, remaining, () -> statement.execute(sql));
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

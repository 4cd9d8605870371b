package io.tablequery.engine.exec;

import static java.util.Objects.requireNonNull;

import io.tablequery.dialects.lex.StrictIdentifiers;
import io.tablequery.engine.catalog.CatalogSnapshot;
import io.tablequery.engine.plan.SkillNames;
import io.tablequery.engine.plan.ValidatedPlan;
import io.tablequery.engine.plan.ValidatedStep;
import io.tablequery.engine.result.ResultLimits;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs a validated plan on the workspace's SQLite copy as written. The caller's connection is read-only and private
 * to the run, so the steps' temp tables are seen by no one else and vanish when it closes. Each statement runs under
 * the time limit and is interrupted when it passes it.
 */
public final class SqlitePlanRunner {
    /** The engine's name in results. */
    public static final String ENGINE = "sqlite";

    private final Duration timeout;
    private final SkillNames names;

    /**
     * Creates a runner.
     *
     * @param timeout how long the whole plan may run
     * @param names how the caller names the tools, for the errors' hints
     */
    public SqlitePlanRunner(Duration timeout, SkillNames names) {
        this.timeout = requireNonNull(timeout, "timeout is null");
        this.names = requireNonNull(names, "names is null");
    }

    /**
     * Runs a plan and reads its final tables.
     *
     * @param plan the validated plan
     * @param connection a read-only connection private to this run
     * @param catalog the catalog the plan was validated against
     * @param limits the result ceilings
     * @param notices remarks to pass on with the result
     * @return the results
     */
    public RunSqlResult run(
            ValidatedPlan plan,
            Connection connection,
            CatalogSnapshot catalog,
            ResultLimits limits,
            List<String> notices) {
        execute(plan, connection, catalog);
        return FinalTables.read(ENGINE, plan, connection, catalog, limits, notices);
    }

    /**
     * Runs a plan's steps, leaving their temp tables on the connection.
     *
     * @param plan the validated plan
     * @param connection a read-only connection private to this run
     * @param catalog the catalog the plan was validated against
     */
    public void execute(ValidatedPlan plan, Connection connection, CatalogSnapshot catalog) {
        long deadline = System.nanoTime() + timeout.toNanos();
        Map<String, List<String>> stepColumns = new LinkedHashMap<>();
        for (ValidatedStep step : plan.steps()) {
            try (PreparedStatement check = connection.prepareStatement(StrictIdentifiers.rewrite(step.executedSql()))) {
                // Compiling resolves every name; nothing runs. A quoted name that resolves nowhere fails here.
            } catch (SQLException e) {
                throw StepFailures.failed(step, e.getMessage(), catalog, stepColumns, true, names);
            }
            try {
                execute(connection, step.executedSql(), deadline);
                stepColumns.put(
                        step.step().destineTableName(),
                        FinalTables.visibleColumns(connection, step.step().destineTableName()));
            } catch (SQLException e) {
                throw StepFailures.failed(step, e.getMessage(), catalog, stepColumns, false, names);
            }
        }
    }

    private void execute(Connection connection, String sql, long deadline) throws SQLException {
        StepStatements.execute(connection, sql, deadline, timeout);
    }
}

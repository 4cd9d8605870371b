package io.tablequery.engine.exec;

import static io.tablequery.dialects.SqlIdentifiers.quote;

import io.tablequery.dialects.lex.StrictIdentifiers;
import io.tablequery.dialects.translate.SqlDialect;
import io.tablequery.engine.plan.ValidatedPlan;
import io.tablequery.engine.plan.ValidatedStep;
import io.tablequery.engine.provenance.LineageQuery;
import io.tablequery.engine.provenance.LineageSql;
import io.tablequery.engine.provenance.LineageTree;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Runs a validated plan on the workspace's SQLite copy as written. The run's connection is read-only and private to
 * it, so the steps' temp tables are seen by no one else and vanish when it closes. Each statement runs under the time
 * limit and is interrupted when it passes it.
 */
public final class SqlitePlanRunner implements PlanRunner {
    /** The engine's name in results. */
    public static final String ENGINE = "sqlite";

    private static final TableNaming SQLITE = new TableNaming() {
        @Override
        public String stored(String table) {
            return quote(table);
        }

        @Override
        public String created(String step) {
            return "temp." + quote(step);
        }
    };

    @Override
    public String name() {
        return ENGINE;
    }

    @Override
    public Optional<SqlDialect> dialect() {
        return Optional.empty();
    }

    /** {@inheritDoc} SQLite runs the plan as written: its own names. */
    @Override
    public TableNaming naming() {
        return SQLITE;
    }

    @Override
    public PlanSession open(RunContext context) {
        return new Session(context);
    }

    /** The run's own SQLite connection, which the run closes; the session leaves it open. */
    private static final class Session implements PlanSession {
        private final RunContext context;
        private final Map<String, List<String>> stepColumns = new LinkedHashMap<>();

        Session(RunContext context) {
            this.context = context;
        }

        @Override
        public void execute(ValidatedPlan plan, PlanTranslation translation) {
            Connection connection = context.sqlite().connection();
            long deadline = System.nanoTime() + context.timeout().toNanos();
            for (ValidatedStep step : plan.steps()) {
                try (PreparedStatement check =
                        connection.prepareStatement(StrictIdentifiers.rewrite(step.executedSql()))) {
                    // Compiling resolves every name; nothing runs. A quoted name that resolves nowhere fails here.
                } catch (SQLException e) {
                    throw StepFailures.failed(
                            step, e.getMessage(), context.catalog(), stepColumns, true, context.names());
                }
                try {
                    StepStatements.execute(connection, step.executedSql(), deadline, context.timeout());
                    stepColumns.put(
                            step.step().destineTableName(),
                            JdbcFinalTable.visibleColumns(
                                    connection, step.step().destineTableName()));
                } catch (SQLException e) {
                    throw StepFailures.failed(
                            step, e.getMessage(), context.catalog(), stepColumns, false, context.names());
                }
            }
        }

        @Override
        public FinalTable table(ValidatedStep step, int citeRanges) {
            LineageQuery lineage = LineageSql.of(step.provenance(), step.step().destineTableName())
                    .map(LineageTree::sqlite)
                    .orElse(null);
            return JdbcFinalTable.of(
                    context.sqlite().connection(),
                    step,
                    stepColumns.get(step.step().destineTableName()),
                    new RowLineage(
                            lineage, null, RowLineage.SQLITE_ROW_NUMBER, citeRanges, false, null, context.timeout()));
        }

        @Override
        public void close() {
            // The steps' temp tables go with the run's connection, which the run closes.
        }
    }
}

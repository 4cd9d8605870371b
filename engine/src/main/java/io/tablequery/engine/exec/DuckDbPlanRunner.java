package io.tablequery.engine.exec;

import io.tablequery.dialects.translate.ColumnSchema;
import io.tablequery.dialects.translate.DuckDbDialect;
import io.tablequery.dialects.translate.SqlDialect;
import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.plan.PlanErrorCode;
import io.tablequery.engine.plan.PlanValidator;
import io.tablequery.engine.plan.ValidatedPlan;
import io.tablequery.engine.plan.ValidatedStep;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Runs a translated plan on the workspace's DuckDB copy. The connection is private to the run, so the steps' temp
 * tables are seen by no one else and vanish when it closes; each statement runs under the time limit.
 */
public final class DuckDbPlanRunner implements PlanRunner {
    /** The engine's name in results. */
    public static final String ENGINE = "duckdb";

    @Override
    public String name() {
        return ENGINE;
    }

    @Override
    public Optional<SqlDialect> dialect() {
        return Optional.of(DuckDbDialect.INSTANCE);
    }

    @Override
    public TableNaming naming() {
        return TableNaming.DUCKDB;
    }

    @Override
    public PlanSession open(RunContext context) {
        return new Session(context.workspace().openDuckDb(), context.timeout());
    }

    /** A DuckDB connection of the run's own. */
    private static final class Session implements PlanSession {
        private final Connection connection;
        private final Duration timeout;
        private PlanTranslation translation;
        private ValidatedPlan plan;

        Session(Connection connection, Duration timeout) {
            this.connection = connection;
            this.timeout = timeout;
        }

        /**
         * {@inheritDoc} DuckDB refuses a step where SQLite would go on: an integer overflow SQLite turns into a real,
         * for one.
         */
        @Override
        public void execute(ValidatedPlan plan, PlanTranslation translation) {
            if (!translation.translated()) {
                throw new IllegalArgumentException("step %d did not translate".formatted(translation.refusedStep()));
            }
            long deadline = System.nanoTime() + timeout.toNanos();
            this.translation = translation;
            this.plan = plan;
            List<ValidatedStep> steps = plan.steps();
            for (int i = 0; i < steps.size(); i++) {
                try {
                    StepStatements.execute(connection, translation.statements().get(i), deadline, timeout);
                } catch (SQLException e) {
                    int step = steps.get(i).step().step();
                    throw new EngineException(
                            PlanErrorCode.STEP_FAILED,
                            "step %d failed on DuckDB: %s.".formatted(step, firstLine(e.getMessage())),
                            e,
                            Map.of("step", step));
                }
            }
        }

        @Override
        public FinalTable table(ValidatedStep step, int citeRanges) {
            int number = step.step().step();
            String refused = translation.lineageRefused().get(number);
            return JdbcFinalTable.of(
                    connection,
                    step,
                    visibleColumns(step),
                    new RowLineage(
                            translation.lineage().get(number),
                            refused == null ? null : CitationNotices.untranslated(number, "DuckDB", refused),
                            DuckDbDialect.INSTANCE.insertionRowid("%s"),
                            citeRanges,
                            true,
                            translation.summarized().get(number),
                            timeout));
        }

        /**
         * The columns of a step's table that results show, as the translation created them: asking DuckDB for them
         * would cost a statement.
         */
        private List<String> visibleColumns(ValidatedStep step) {
            List<ValidatedStep> steps = plan.steps();
            for (int i = 0; i < steps.size(); i++) {
                if (steps.get(i).step().step() == step.step().step()) {
                    return translation.steps().get(i).columns().stream()
                            .map(ColumnSchema::name)
                            .filter(name -> !PlanValidator.hidden(name))
                            .toList();
                }
            }
            throw new IllegalArgumentException(
                    "step %d is not a step of the plan".formatted(step.step().step()));
        }

        @Override
        public void close() {
            try {
                connection.close();
            } catch (SQLException e) {
                throw new EngineException(
                        PlanErrorCode.EXECUTION_FAILED,
                        "could not close the plan's DuckDB session: " + e.getMessage(),
                        e);
            }
        }

        private static String firstLine(String message) {
            return message == null
                    ? "unknown error"
                    : message.lines().findFirst().orElse(message).strip();
        }
    }
}

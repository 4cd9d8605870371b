package io.tablequery.engine.exec;

import io.tablequery.dialects.translate.ColumnSchema;
import io.tablequery.dialects.translate.DuckDbDialect;
import io.tablequery.dialects.translate.SqlDialect;
import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.plan.PlanErrorCode;
import io.tablequery.engine.plan.PlanValidator;
import io.tablequery.engine.plan.ValidatedPlan;
import io.tablequery.engine.plan.ValidatedStep;
import io.tablequery.engine.provenance.LineageSummary;
import io.tablequery.engine.provenance.RowProvenance;
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
        // The DuckDB copy follows each upload's SQLite commit: a run waits for it within its own time limit.
        return new Session(context.workspace().openDuckDb(context.timeout()), context.timeout());
    }

    /** A DuckDB connection of the run's own. */
    private static final class Session implements PlanSession {
        private final Connection connection;
        private final Duration timeout;
        private PlanTranslation translation;
        private ValidatedPlan plan;
        private long deadline;
        private int streamed;

        Session(Connection connection, Duration timeout) {
            this.connection = connection;
            this.timeout = timeout;
        }

        /**
         * {@inheritDoc} DuckDB refuses a step where SQLite would go on: an integer overflow SQLite turns into a real,
         * for one. The plan's last step, when final and citing its rows in SQL, is not run here: its table is read
         * from its query ({@link StreamedFinalTable}).
         */
        @Override
        public void execute(ValidatedPlan plan, PlanTranslation translation) {
            if (!translation.translated()) {
                throw new IllegalArgumentException("step %d did not translate".formatted(translation.refusedStep()));
            }
            deadline = System.nanoTime() + timeout.toNanos();
            this.translation = translation;
            this.plan = plan;
            streamed = streamedStep(plan, translation);
            List<ValidatedStep> steps = plan.steps();
            for (int i = 0; i < steps.size(); i++) {
                if (steps.get(i).step().step() != streamed) {
                    run(steps.get(i), i);
                }
            }
        }

        private void run(ValidatedStep step, int index) {
            try {
                StepStatements.execute(connection, translation.statements().get(index), deadline, timeout);
            } catch (SQLException e) {
                throw failed(step.step().step(), e);
            }
        }

        /**
         * The plan's last step when its table can be read from its query: a final step (read once, as no step
         * follows) whose rows cite in SQL, from their row column or whole sheets, or from the row summaries or lists
         * it runs with; or 0.
         */
        private static int streamedStep(ValidatedPlan plan, PlanTranslation translation) {
            ValidatedStep last = plan.steps().get(plan.steps().size() - 1);
            int number = last.step().step();
            boolean citesInSql = last.provenance() instanceof RowProvenance
                    || translation.lineage().get(number) == null;
            boolean summarized = translation.summarized().containsKey(number);
            return last.step().isFinal() && (citesInSql || summarized) ? number : 0;
        }

        @Override
        public FinalTable table(ValidatedStep step, int citeRanges) {
            int number = step.step().step();
            if (number != streamed) {
                return kept(step, citeRanges);
            }
            int index = index(step);
            return new StreamedFinalTable(
                    connection,
                    new StreamedFinalTable.Step(
                            step,
                            visibleColumns(index),
                            translation.steps().get(index).rows(),
                            notice(number),
                            summary(number),
                            citeRanges,
                            deadline,
                            timeout,
                            e -> failed(number, e)),
                    () -> {
                        run(step, index);
                        streamed = 0;
                        return kept(step, citeRanges);
                    });
        }

        private FinalTable kept(ValidatedStep step, int citeRanges) {
            int number = step.step().step();
            return JdbcFinalTable.of(
                    connection,
                    step,
                    visibleColumns(index(step)),
                    new RowLineage(
                            translation.lineage().get(number),
                            notice(number),
                            DuckDbDialect.INSTANCE.insertionRowid("%s"),
                            citeRanges,
                            true,
                            translation.summarized().get(number),
                            timeout));
        }

        /**
         * The row summaries or lists a final step's rows are cited from, as its kept table would cite them: null when
         * it has none, or when its lineage query did not translate (its rows then cite their sheets).
         */
        private LineageSummary summary(int step) {
            return translation.lineage().get(step) == null
                    ? null
                    : translation.summarized().get(step);
        }

        /** Why a step's rows cite their sheets: its lineage query did not translate; or null. */
        private String notice(int step) {
            String refused = translation.lineageRefused().get(step);
            return refused == null ? null : CitationNotices.untranslated(step, "DuckDB", refused);
        }

        private static EngineException failed(int step, SQLException e) {
            return new EngineException(
                    PlanErrorCode.STEP_FAILED,
                    "step %d failed on DuckDB: %s.".formatted(step, firstLine(e.getMessage())),
                    e,
                    Map.of("step", step));
        }

        /**
         * The columns of a step's table that results show, as the translation created them: asking DuckDB for them
         * would cost a statement.
         */
        private List<String> visibleColumns(int index) {
            return translation.steps().get(index).columns().stream()
                    .map(ColumnSchema::name)
                    .filter(name -> !PlanValidator.hidden(name))
                    .toList();
        }

        /** Where a step stands in the plan, as in the translation's lists. */
        private int index(ValidatedStep step) {
            List<ValidatedStep> steps = plan.steps();
            for (int i = 0; i < steps.size(); i++) {
                if (steps.get(i).step().step() == step.step().step()) {
                    return i;
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

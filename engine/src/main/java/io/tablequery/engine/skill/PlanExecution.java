package io.tablequery.engine.skill;

import static java.util.Objects.requireNonNull;

import io.tablequery.dialects.translate.RealSums;
import io.tablequery.engine.catalog.CatalogSnapshot;
import io.tablequery.engine.catalog.TableInfo;
import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.exec.DuckDbPlanRunner;
import io.tablequery.engine.exec.EngineComparison;
import io.tablequery.engine.exec.FinalTables;
import io.tablequery.engine.exec.PlanTranslation;
import io.tablequery.engine.exec.ResultComparer;
import io.tablequery.engine.exec.RunSqlResult;
import io.tablequery.engine.exec.SqlitePlanRunner;
import io.tablequery.engine.plan.PlanErrorCode;
import io.tablequery.engine.plan.SkillNames;
import io.tablequery.engine.plan.ValidatedPlan;
import io.tablequery.engine.plan.ValidatedStep;
import io.tablequery.engine.result.ArrowStreams;
import io.tablequery.engine.result.ResultLimits;
import io.tablequery.engine.workspace.SqliteSession;
import io.tablequery.engine.workspace.Workspace;
import java.io.OutputStream;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Runs a validated plan on the engine asked for: {@code sqlite} as written; {@code duckdb} translated, refusing a
 * plan that does not translate; {@code auto} on DuckDB when every step translates, none sums reals (which DuckDB
 * adds in SQLite's order, slower than SQLite) and the plan reads enough rows, else (or when DuckDB refuses a step)
 * on SQLite, saying which ran and why; {@code both} on both engines, answering
 * with SQLite's results and a comparison of every final table.
 */
final class PlanExecution {
    private final Workspace workspace;
    private final SkillSettings settings;

    PlanExecution(Workspace workspace, SkillSettings settings) {
        this.workspace = requireNonNull(workspace, "workspace is null");
        this.settings = requireNonNull(settings, "settings is null");
    }

    RunSqlResult run(
            PlanEngine engine, ValidatedPlan plan, CatalogSnapshot catalog, ResultLimits limits, List<String> notices) {
        try (SqliteSession session = workspace.sqliteSession()) {
            Connection sqlite = session.connection();
            return switch (engine) {
                case SQLITE -> sqlite(plan, sqlite, catalog, limits, notices);
                case DUCKDB -> {
                    try {
                        PlanTranslation translation =
                                translate(plan, catalog, sqlite, true, RealSums.DUCKDB, settings.names());
                        noteRealSums(translation, notices);
                        yield duckdb(plan, translation, catalog, limits, notices);
                    } catch (EngineException e) {
                        throw withSqliteHint(e);
                    }
                }
                case AUTO -> auto(plan, sqlite, catalog, limits, notices);
                case BOTH -> both(plan, sqlite, catalog, limits, notices);
            };
        }
    }

    /**
     * Runs a plan and writes one final table whole as an Arrow IPC stream, on the engine asked for; {@code both}
     * writes SQLite's table, and {@code auto} chooses as for a run.
     */
    ArrowStreams.Written exportArrow(
            PlanEngine engine,
            ValidatedPlan plan,
            CatalogSnapshot catalog,
            Integer step,
            long maxRows,
            OutputStream out) {
        try (SqliteSession session = workspace.sqliteSession()) {
            Connection sqlite = session.connection();
            PlanTranslation translation = engine == PlanEngine.DUCKDB || engine == PlanEngine.AUTO
                    ? translate(
                            plan,
                            catalog,
                            sqlite,
                            engine == PlanEngine.DUCKDB,
                            engine == PlanEngine.DUCKDB ? RealSums.DUCKDB : RealSums.SQLITE,
                            settings.names())
                    : null;
            boolean onDuckDb = engine == PlanEngine.DUCKDB
                    || engine == PlanEngine.AUTO
                            && translation.translated()
                            && translation.realSumStep() == 0
                            && rowsRead(plan, catalog) >= settings.autoDuckDbRows();
            if (onDuckDb) {
                try (Connection duckdb = workspace.openDuckDb()) {
                    new DuckDbPlanRunner(settings.queryTimeout()).execute(plan, translation, duckdb);
                    return FinalTables.exportArrow(plan, step, duckdb, maxRows, out);
                } catch (EngineException e) {
                    if (engine == PlanEngine.DUCKDB) {
                        throw withSqliteHint(e);
                    }
                    if (e.getErrorCode() != PlanErrorCode.STEP_FAILED.toErrorCode()) {
                        throw e;
                    }
                }
            }
            new SqlitePlanRunner(settings.queryTimeout(), settings.names()).execute(plan, sqlite, catalog);
            return FinalTables.exportArrow(plan, step, sqlite, maxRows, out);
        } catch (SQLException e) {
            throw new EngineException(
                    PlanErrorCode.EXECUTION_FAILED, "could not close the plan's session: " + e.getMessage(), e);
        }
    }

    private RunSqlResult sqlite(
            ValidatedPlan plan, Connection sqlite, CatalogSnapshot catalog, ResultLimits limits, List<String> notices) {
        return new SqlitePlanRunner(settings.queryTimeout(), settings.names())
                .run(plan, sqlite, catalog, limits, notices);
    }

    private RunSqlResult duckdb(
            ValidatedPlan plan,
            PlanTranslation translation,
            CatalogSnapshot catalog,
            ResultLimits limits,
            List<String> notices) {
        try (Connection duckdb = workspace.openDuckDb()) {
            return new DuckDbPlanRunner(settings.queryTimeout())
                    .run(plan, translation, duckdb, catalog, limits, notices);
        } catch (SQLException e) {
            throw new EngineException(
                    PlanErrorCode.EXECUTION_FAILED, "could not close the plan's DuckDB session: " + e.getMessage(), e);
        }
    }

    private RunSqlResult auto(
            ValidatedPlan plan, Connection sqlite, CatalogSnapshot catalog, ResultLimits limits, List<String> notices) {
        PlanTranslation translation = translate(plan, catalog, sqlite, false, RealSums.SQLITE, settings.names());
        if (!translation.translated()) {
            notices.add("Ran on sqlite: step %d does not translate to DuckDB exactly (%s)."
                    .formatted(translation.refusedStep(), translation.reason()));
            return sqlite(plan, sqlite, catalog, limits, notices);
        }
        if (translation.realSumStep() > 0) {
            notices.add(("Ran on sqlite: step %d sums reals, and DuckDB gives SQLite's last digits only by adding them"
                            + " one at a time in SQLite's order, slower than SQLite.")
                    .formatted(translation.realSumStep()));
            return sqlite(plan, sqlite, catalog, limits, notices);
        }
        long rows = rowsRead(plan, catalog);
        if (rows < settings.autoDuckDbRows()) {
            notices.add("Ran on sqlite: the plan reads %,d rows, fewer than the %,d from which DuckDB is faster."
                    .formatted(rows, settings.autoDuckDbRows()));
            return sqlite(plan, sqlite, catalog, limits, notices);
        }
        try {
            List<String> duckNotices = new ArrayList<>(notices);
            duckNotices.add("Ran on duckdb: every step translates and the plan reads %,d rows.".formatted(rows));
            return duckdb(plan, translation, catalog, limits, duckNotices);
        } catch (EngineException e) {
            if (e.getErrorCode() != PlanErrorCode.STEP_FAILED.toErrorCode()) {
                throw e;
            }
            notices.add("Ran on sqlite: " + e.getMessage());
            return sqlite(plan, sqlite, catalog, limits, notices);
        }
    }

    private RunSqlResult both(
            ValidatedPlan plan, Connection sqlite, CatalogSnapshot catalog, ResultLimits limits, List<String> notices) {
        new SqlitePlanRunner(settings.queryTimeout(), settings.names()).execute(plan, sqlite, catalog);
        PlanTranslation translation = translate(plan, catalog, sqlite, false, RealSums.DUCKDB, settings.names());
        noteRealSums(translation, notices);
        EngineComparison comparison;
        if (!translation.translated()) {
            comparison = new EngineComparison(
                    "step %d does not translate to DuckDB exactly (%s)"
                            .formatted(translation.refusedStep(), translation.reason()),
                    List.of());
        } else {
            try (Connection duckdb = workspace.openDuckDb()) {
                new DuckDbPlanRunner(settings.queryTimeout()).execute(plan, translation, duckdb);
                comparison = ResultComparer.compare(plan, sqlite, duckdb);
            } catch (EngineException e) {
                if (e.getErrorCode() != PlanErrorCode.STEP_FAILED.toErrorCode()) {
                    throw e;
                }
                comparison = new EngineComparison(e.getMessage(), List.of());
            } catch (SQLException e) {
                throw new EngineException(
                        PlanErrorCode.EXECUTION_FAILED,
                        "could not close the plan's DuckDB session: " + e.getMessage(),
                        e);
            }
        }
        RunSqlResult result = FinalTables.read("both", plan, sqlite, catalog, limits, notices);
        return result.withComparison(comparison);
    }

    /** A step DuckDB refused, with the way out a caller who asked for DuckDB has. */
    private EngineException withSqliteHint(EngineException e) {
        if (e.getErrorCode() != PlanErrorCode.STEP_FAILED.toErrorCode()) {
            return e;
        }
        return new EngineException(
                PlanErrorCode.STEP_FAILED,
                e.getMessage()
                        + " Run the plan with %s.".formatted(settings.names().engineSetTo("sqlite")),
                e,
                e.details());
    }

    /** Says that DuckDB's sums of reals may end in other digits than SQLite's, when the plan has one. */
    private static void noteRealSums(PlanTranslation translation, List<String> notices) {
        if (translation.realSumStep() > 0) {
            notices.add(("Step %d sums reals with DuckDB's own addition: the last of their 17 digits can differ from"
                            + " SQLite's (engine sqlite or auto give SQLite's).")
                    .formatted(translation.realSumStep()));
        }
    }

    private static PlanTranslation translate(
            ValidatedPlan plan,
            CatalogSnapshot catalog,
            Connection sqlite,
            boolean required,
            RealSums realSums,
            SkillNames names) {
        PlanTranslation translation = PlanTranslation.of(plan, catalog, sqlite, realSums);
        if (required && !translation.translated()) {
            throw new EngineException(
                    PlanErrorCode.UNTRANSLATABLE,
                    ("step %d cannot run on DuckDB with SQLite's answers: %s. Nothing ran; run the plan with"
                                    + " %s, or %s, which picks SQLite for such plans")
                            .formatted(
                                    translation.refusedStep(),
                                    translation.reason(),
                                    names.engineSetTo("sqlite"),
                                    names.engineSetTo("auto")));
        }
        return translation;
    }

    /** The rows of the workspace tables the plan reads, each table counted once. */
    private static long rowsRead(ValidatedPlan plan, CatalogSnapshot catalog) {
        Set<String> tables = new LinkedHashSet<>();
        for (ValidatedStep step : plan.steps()) {
            step.reads().forEach(name -> tables.add(name.toLowerCase(Locale.ROOT)));
        }
        long rows = 0;
        for (String name : tables) {
            rows += catalog.table(name).map(TableInfo::rowCount).orElse(0L);
        }
        return rows;
    }
}

package io.tablequery.engine.skill;

import static java.util.Objects.requireNonNull;

import io.tablequery.dialects.translate.RealSums;
import io.tablequery.dialects.translate.SqlDialect;
import io.tablequery.engine.catalog.CatalogSnapshot;
import io.tablequery.engine.catalog.TableInfo;
import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.exec.EngineComparison;
import io.tablequery.engine.exec.FinalTables;
import io.tablequery.engine.exec.PlanRunner;
import io.tablequery.engine.exec.PlanSession;
import io.tablequery.engine.exec.PlanTranslation;
import io.tablequery.engine.exec.ResultComparer;
import io.tablequery.engine.exec.RunContext;
import io.tablequery.engine.exec.RunSqlResult;
import io.tablequery.engine.plan.PlanErrorCode;
import io.tablequery.engine.plan.ValidatedPlan;
import io.tablequery.engine.plan.ValidatedStep;
import io.tablequery.engine.result.ArrowStreams;
import io.tablequery.engine.result.ResultLimits;
import io.tablequery.engine.workspace.SqliteSession;
import io.tablequery.engine.workspace.Workspace;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Runs a validated plan on the engine asked for, over the {@link PlanRunner}s the settings offer: one engine by name
 * (SQLite as written, any other translated to its dialect, refusing a plan that does not translate); {@code auto},
 * which tries each engine whose threshold of rows read the plan reaches, the largest first, when every step translates,
 * and else (or when that engine refuses a step) the engine of record, SQLite, saying which ran and why; {@code both},
 * which runs two engines and answers with the first's results and a comparison of every final table. No engine is
 * named here: {@link PlanEngines} says which engines there are, their thresholds, and which one is of record. Every
 * translating engine adds reals in its own order ({@link #ENGINE_SUMS}), and the answer says so when a step sums reals.
 */
final class PlanExecution {
    /**
     * How engines other than SQLite add reals: DuckDB's compensated {@code fsum} and {@code favg}, whose last digit
     * differs from SQLite's less often than its plain {@code sum} does, at a measured cost within noise on TPC-H
     * ({@code tq bench tpch}).
     */
    static final RealSums ENGINE_SUMS = RealSums.COMPENSATED;

    private final Workspace workspace;
    private final SkillSettings settings;

    PlanExecution(Workspace workspace, SkillSettings settings) {
        this.workspace = requireNonNull(workspace, "workspace is null");
        this.settings = requireNonNull(settings, "settings is null");
    }

    RunSqlResult run(
            PlanEngine engine, ValidatedPlan plan, CatalogSnapshot catalog, ResultLimits limits, List<String> notices) {
        try (SqliteSession session = workspace.sqliteSession()) {
            RunContext context = context(catalog, session);
            return switch (engine.mode()) {
                case ONE -> one(engine.first(), plan, context, notices, read(plan, catalog, limits));
                case AUTO -> auto(plan, context, notices, read(plan, catalog, limits));
                case BOTH -> both(engine, plan, context, limits, notices);
            };
        }
    }

    /**
     * Runs a plan and writes one final table whole as an Arrow IPC stream, on the engine asked for; {@code both}
     * writes its first engine's table, and {@code auto} chooses as for a run.
     */
    ArrowStreams.Written exportArrow(
            PlanEngine engine,
            ValidatedPlan plan,
            CatalogSnapshot catalog,
            Integer step,
            long maxRows,
            int citeRanges,
            boolean lineage,
            OutputStream out) {
        try (SqliteSession session = workspace.sqliteSession()) {
            RunContext context = context(catalog, session);
            Function<Ran, ArrowStreams.Written> write =
                    ran -> FinalTables.exportArrow(plan, step, ran.session(), maxRows, citeRanges, lineage, out);
            List<String> ignored = new ArrayList<>();
            return switch (engine.mode()) {
                case ONE -> one(engine.first(), plan, context, ignored, write);
                case AUTO -> auto(plan, context, ignored, write);
                case BOTH -> one(engine.first(), plan, context, ignored, write);
            };
        }
    }

    /** A plan that ran in a session, with the notices to pass on. */
    private record Ran(PlanRunner runner, PlanSession session, List<String> notices) {}

    private Function<Ran, RunSqlResult> read(ValidatedPlan plan, CatalogSnapshot catalog, ResultLimits limits) {
        return ran -> FinalTables.read(ran.runner().name(), plan, ran.session(), catalog, limits, ran.notices());
    }

    private RunContext context(CatalogSnapshot catalog, SqliteSession session) {
        return new RunContext(workspace, catalog, session, settings.queryTimeout(), settings.names());
    }

    private <T> T one(
            String name, ValidatedPlan plan, RunContext context, List<String> notices, Function<Ran, T> then) {
        PlanRunner runner = settings.engines().runner(name);
        PlanTranslation translation = translate(runner, plan, context, ENGINE_SUMS, true);
        noteRealSums(runner, translation, notices);
        try {
            return runOn(runner, plan, translation, context, notices, then);
        } catch (EngineException e) {
            throw runner.dialect().isPresent() ? withSqliteHint(e) : e;
        }
    }

    private <T> T auto(ValidatedPlan plan, RunContext context, List<String> notices, Function<Ran, T> then) {
        long rows = rowsRead(plan, context.catalog());
        List<PlanEngines.Candidate> candidates = settings.engines().autoCandidates(plan);
        String why = null;
        for (PlanEngines.Candidate candidate : candidates) {
            PlanRunner runner = candidate.runner();
            String dialect = runner.dialect().map(SqlDialect::name).orElseThrow();
            if (!workspace.duckDbLevel()) {
                // Every translating engine reads copies derived from the DuckDB copy, which follows each upload.
                why = "the DuckDB copy is still following the last upload (it is made after the SQLite copy commits)";
                if (candidate != candidates.get(candidates.size() - 1)) {
                    notices.add("Not on %s: %s.".formatted(runner.name(), why));
                }
                continue;
            }
            PlanTranslation translation = translate(runner, plan, context, ENGINE_SUMS, false);
            if (!translation.translated()) {
                why = "step %d does not translate to %s exactly (%s)"
                        .formatted(translation.refusedStep(), dialect, translation.reason());
            } else if (!translation.lineageRefused().isEmpty()) {
                // SQLite cites the rows; auto keeps the same citations whichever engine it picks.
                Map.Entry<Integer, String> refused = translation.lineageRefused().entrySet().stream()
                        .min(Map.Entry.comparingByKey())
                        .orElseThrow();
                why = "the rows of step %d would cite whole sheets on %s, whose lineage query does not translate (%s)"
                        .formatted(refused.getKey(), dialect, refused.getValue());
            } else if (rows < candidate.minRows()) {
                why = "the plan reads %,d rows, fewer than the %,d from which %s is faster"
                        .formatted(rows, candidate.minRows(), dialect);
            } else {
                List<String> ranNotices = new ArrayList<>(notices);
                ranNotices.add(
                        "Ran on %s: every step translates and the plan reads %,d rows.".formatted(runner.name(), rows));
                noteRealSums(runner, translation, ranNotices);
                try {
                    return runOn(runner, plan, translation, context, ranNotices, then);
                } catch (EngineException e) {
                    if (e.getErrorCode() != PlanErrorCode.STEP_FAILED.toErrorCode()) {
                        throw e;
                    }
                    why = withoutFinalStop(e.getMessage());
                }
            }
            if (candidate != candidates.get(candidates.size() - 1)) {
                notices.add("Not on %s: %s.".formatted(runner.name(), why));
            }
        }
        PlanRunner ofRecord = settings.engines().ofRecord();
        notices.add(
                why == null
                        ? "Ran on %s: no other engine is offered to auto here.".formatted(ofRecord.name())
                        : "Ran on %s: %s.".formatted(ofRecord.name(), why));
        return runOn(ofRecord, plan, PlanTranslation.asWritten(plan), context, notices, then);
    }

    private RunSqlResult both(
            PlanEngine engine, ValidatedPlan plan, RunContext context, ResultLimits limits, List<String> notices) {
        PlanEngines.Pair pair = settings.engines().pair(engine);
        PlanRunner first = pair.shown();
        PlanRunner second = pair.checked();
        PlanTranslation firstTranslation = translate(first, plan, context, ENGINE_SUMS, true);
        noteRealSums(first, firstTranslation, notices);
        try (PlanSession shown = first.open(context)) {
            shown.execute(plan, firstTranslation);
            PlanTranslation translation = translate(second, plan, context, ENGINE_SUMS, false);
            noteRealSums(second, translation, notices);
            List<String> engines = List.of(first.name(), second.name());
            EngineComparison comparison;
            if (!translation.translated()) {
                comparison = new EngineComparison(
                        engines,
                        "step %d does not translate to %s exactly (%s)"
                                .formatted(
                                        translation.refusedStep(),
                                        second.dialect().orElseThrow().name(),
                                        translation.reason()),
                        List.of());
            } else {
                try (PlanSession checked = second.open(context)) {
                    checked.execute(plan, translation);
                    comparison = ResultComparer.compare(plan, engines, shown, checked);
                } catch (EngineException e) {
                    if (e.getErrorCode() != PlanErrorCode.STEP_FAILED.toErrorCode()) {
                        throw e;
                    }
                    comparison = new EngineComparison(engines, e.getMessage(), List.of());
                }
            }
            RunSqlResult result = FinalTables.read(pair.label(), plan, shown, context.catalog(), limits, notices);
            return result.withComparison(comparison);
        }
    }

    private static <T> T runOn(
            PlanRunner runner,
            ValidatedPlan plan,
            PlanTranslation translation,
            RunContext context,
            List<String> notices,
            Function<Ran, T> then) {
        try (PlanSession session = runner.open(context)) {
            session.execute(plan, translation);
            return then.apply(new Ran(runner, session, notices));
        }
    }

    /** A step an engine refused, with the way out a caller who asked for that engine has. */
    private EngineException withSqliteHint(EngineException e) {
        if (e.getErrorCode() != PlanErrorCode.STEP_FAILED.toErrorCode()) {
            return e;
        }
        return new EngineException(
                PlanErrorCode.STEP_FAILED,
                e.getMessage() + " Run the plan with %s.".formatted(engineOfRecord()),
                e,
                e.details());
    }

    /** Says that an engine's sums of reals may end in other digits than SQLite's, when the plan has one. */
    private void noteRealSums(PlanRunner runner, PlanTranslation translation, List<String> notices) {
        if (translation.realSumStep() > 0) {
            // Concatenated, not formatted: a Formatter's locale lookup costs more than the rest of the note.
            notices.add("Step " + translation.realSumStep() + " adds reals in "
                    + runner.dialect().map(SqlDialect::name).orElse(runner.name())
                    + "'s order: the last of their 17 digits can differ from SQLite's; run the plan with "
                    + engineOfRecord() + " for SQLite's exact digits.");
        }
    }

    /** The argument that runs a plan on the engine of record, as the caller spells it: {@code --engine sqlite}. */
    private String engineOfRecord() {
        return settings.names().engineSetTo(settings.engines().ofRecord().name());
    }

    private PlanTranslation translate(
            PlanRunner runner, ValidatedPlan plan, RunContext context, RealSums realSums, boolean required) {
        if (runner.dialect().isEmpty()) {
            return PlanTranslation.asWritten(plan);
        }
        SqlDialect dialect = runner.dialect().get();
        PlanTranslation translation =
                PlanTranslation.of(plan, context.catalog(), context.sqlite()::connection, realSums, runner);
        if (required && !translation.translated()) {
            throw new EngineException(
                    PlanErrorCode.UNTRANSLATABLE,
                    ("step %d cannot run on %s with SQLite's answers: %s. Nothing ran; run the plan with"
                                    + " %s, or %s, which picks SQLite for such plans")
                            .formatted(
                                    translation.refusedStep(),
                                    dialect.name(),
                                    translation.reason(),
                                    engineOfRecord(),
                                    settings.names().engineSetTo("auto")));
        }
        return translation;
    }

    private static String withoutFinalStop(String message) {
        return message.endsWith(".") ? message.substring(0, message.length() - 1) : message;
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

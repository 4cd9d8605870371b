package io.tablequery.engine.skill;

import static java.util.Objects.requireNonNull;

import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.exec.DuckDbPlanRunner;
import io.tablequery.engine.exec.PlanRunner;
import io.tablequery.engine.exec.SqlitePlanRunner;
import io.tablequery.engine.plan.PlanErrorCode;
import io.tablequery.engine.plan.ValidatedPlan;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The engines a server or command offers run-sql, every one registered the same way: its runner and from how many
 * rows read {@code auto} tries it. SQLite and DuckDB are registered in every set, others (such as Spark) when
 * configured. The policies over them name no engine: the <em>engine of record</em> is the one engine that runs
 * SQLite's SQL as written (no dialect), which {@code auto} falls back to and {@code both} checks against by default;
 * {@code auto} tries the others whose threshold the plan meets, the largest threshold first; {@code both} alone
 * compares the engine of record with the first translating engine registered.
 */
public final class PlanEngines {
    /** SQLite (the engine of record, never tried by {@code auto}) and DuckDB (from {@link AutoRows#DEFAULTS}). */
    public static final PlanEngines BUILT_IN = new PlanEngines(List.of(
            new Registered(new SqlitePlanRunner(), AutoRows.NEVER),
            new Registered(new DuckDbPlanRunner(), AutoRows.DEFAULTS)));

    private final List<Registered> engines;
    private final Registered ofRecord;

    /**
     * An engine run-sql offers.
     *
     * @param runner the engine
     * @param autoRows the rows a plan must read before {@code auto} tries it, by the plan's kind; {@link
     *     AutoRows#NEVER} for never
     */
    public record Registered(PlanRunner runner, AutoRows autoRows) {
        public Registered {
            requireNonNull(runner, "runner is null");
            requireNonNull(autoRows, "autoRows is null");
        }

        /**
         * An engine with one threshold for every plan.
         *
         * @param runner the engine
         * @param autoRows the rows a plan must read before {@code auto} tries it, or {@link Long#MAX_VALUE} for never
         */
        public Registered(PlanRunner runner, long autoRows) {
            this(runner, AutoRows.all(autoRows));
        }

        String name() {
            return runner.name();
        }

        boolean translates() {
            return runner.dialect().isPresent();
        }
    }

    /**
     * An engine {@code auto} may pick, from the rows a plan reads.
     *
     * @param runner the engine
     * @param minRows the fewest rows read for which it is picked
     */
    record Candidate(PlanRunner runner, long minRows) {}

    private PlanEngines(List<Registered> engines) {
        this.engines = List.copyOf(engines);
        List<Registered> asWritten =
                this.engines.stream().filter(engine -> !engine.translates()).toList();
        if (asWritten.size() != 1) {
            throw new IllegalArgumentException(
                    "exactly one engine must run SQLite's SQL as written, not " + asWritten.size());
        }
        this.ofRecord = asWritten.get(0);
    }

    /**
     * Returns these engines and one more.
     *
     * @param engine the engine added
     * @return the new set
     * @throws IllegalArgumentException when an engine of that name is there already, or the engine runs SQLite's SQL as
     *     written (one engine of record)
     */
    public PlanEngines with(Registered engine) {
        if (names().contains(engine.name())) {
            throw new IllegalArgumentException("engine " + engine.name() + " is there already");
        }
        List<Registered> more = new ArrayList<>(engines);
        more.add(engine);
        return new PlanEngines(more);
    }

    /**
     * Returns these engines with another threshold for one of them.
     *
     * @param name the engine's name
     * @param autoRows from how many rows read {@code auto} tries it
     * @return the new set
     * @throws IllegalArgumentException when no engine has that name, or it is the engine of record
     */
    public PlanEngines withAutoRows(String name, AutoRows autoRows) {
        if (name.equals(ofRecord.name())) {
            throw new IllegalArgumentException("auto falls back to " + name + "; it has no threshold");
        }
        List<Registered> changed = new ArrayList<>();
        for (Registered engine : engines) {
            changed.add(engine.name().equals(name) ? new Registered(engine.runner(), autoRows) : engine);
        }
        if (changed.equals(engines) && !names().contains(name)) {
            throw new IllegalArgumentException("no engine " + name);
        }
        return new PlanEngines(changed);
    }

    /**
     * Returns the engines' names.
     *
     * @return in the order they were registered: sqlite, duckdb, then the others
     */
    public List<String> names() {
        return engines.stream().map(Registered::name).toList();
    }

    /**
     * Finds an engine by name.
     *
     * @param name the engine's name
     * @return the engine
     * @throws EngineException ENGINE_NOT_AVAILABLE when no engine has that name
     */
    PlanRunner runner(String name) {
        for (Registered engine : engines) {
            if (engine.name().equals(name)) {
                return engine.runner();
            }
        }
        throw new EngineException(
                PlanErrorCode.ENGINE_NOT_AVAILABLE,
                ("engine '%s' is not available here; the engines are %s (an engine of its own jar, such as spark,"
                                + " is available once the server or command is started with its options)")
                        .formatted(name, String.join(", ", names())));
    }

    /**
     * Returns the engine of record: the one that runs SQLite's SQL as written.
     *
     * @return the engine
     */
    PlanRunner ofRecord() {
        return ofRecord.runner();
    }

    /**
     * The two engines {@code both} runs.
     *
     * @param shown the engine whose answer is shown
     * @param checked the engine it is checked against
     * @param label how the answer names them: {@code both} for the engine of record against the first translating
     *     engine, else {@code both:E1,E2}
     */
    record Pair(PlanRunner shown, PlanRunner checked, String label) {}

    /**
     * Resolves the two engines {@code both} runs: the one whose answer is shown (the engine of record unless named)
     * and the one checked against it (the first translating engine registered unless named).
     *
     * @param engine a {@code both} choice
     * @return the two engines
     * @throws EngineException ENGINE_NOT_AVAILABLE when a named engine is not here or the two are one
     */
    Pair pair(PlanEngine engine) {
        PlanRunner first = engine.first() == null ? ofRecord() : runner(engine.first());
        PlanRunner firstTranslating = engines.stream()
                .filter(Registered::translates)
                .findFirst()
                .map(Registered::runner)
                .orElseThrow(() -> new EngineException(
                        PlanErrorCode.ENGINE_NOT_AVAILABLE,
                        "both needs a second engine; only %s is here".formatted(ofRecord.name())));
        PlanRunner second = engine.second() != null ? runner(engine.second()) : firstTranslating;
        if (first == second) {
            throw new EngineException(
                    PlanErrorCode.ENGINE_NOT_AVAILABLE,
                    "both compares two engines; %s was named twice (the first defaults to %s)"
                            .formatted(first.name(), ofRecord.name()));
        }
        boolean byDefault = first == ofRecord() && second == firstTranslating;
        return new Pair(first, second, byDefault ? "both" : "both:" + first.name() + "," + second.name());
    }

    /**
     * The engines {@code auto} tries for a plan in turn, the largest threshold first (registration order among
     * equals); the engine of record follows all of them.
     *
     * @param plan the plan
     * @return every translating engine whose threshold is not never, with its threshold for the plan
     */
    List<Candidate> autoCandidates(ValidatedPlan plan) {
        List<Candidate> candidates = new ArrayList<>();
        for (Registered engine : engines) {
            long minRows = engine.autoRows().of(plan);
            if (engine.translates() && minRows != Long.MAX_VALUE) {
                candidates.add(new Candidate(engine.runner(), minRows));
            }
        }
        candidates.sort(Comparator.comparingLong(Candidate::minRows).reversed());
        return candidates;
    }
}

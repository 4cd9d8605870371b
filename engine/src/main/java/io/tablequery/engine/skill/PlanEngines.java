package io.tablequery.engine.skill;

import static java.util.Objects.requireNonNull;

import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.exec.DuckDbPlanRunner;
import io.tablequery.engine.exec.PlanRunner;
import io.tablequery.engine.exec.SqlitePlanRunner;
import io.tablequery.engine.plan.PlanErrorCode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The engines a server or command offers run-sql: SQLite and DuckDB always, others (such as Spark) when configured.
 * Each engine beyond SQLite takes part in {@code auto} from a number of rows read, the largest threshold tried first.
 */
public final class PlanEngines {
    /** SQLite and DuckDB. */
    public static final PlanEngines BUILT_IN = new PlanEngines(List.of());

    private final List<Extra> extras;
    private final Map<String, PlanRunner> runners;

    /**
     * An engine added to the built-in ones.
     *
     * @param runner the engine
     * @param autoRows the rows a plan must read before {@code auto} tries it, or {@link Long#MAX_VALUE} for never
     */
    public record Extra(PlanRunner runner, long autoRows) {
        public Extra {
            requireNonNull(runner, "runner is null");
            if (autoRows < 0) {
                throw new IllegalArgumentException("autoRows must not be negative");
            }
        }
    }

    /**
     * An engine {@code auto} may pick, from the rows a plan reads.
     *
     * @param runner the engine
     * @param minRows the fewest rows read for which it is picked
     */
    record Candidate(PlanRunner runner, long minRows) {}

    private PlanEngines(List<Extra> extras) {
        this.extras = List.copyOf(extras);
        Map<String, PlanRunner> byName = new LinkedHashMap<>();
        byName.put(SqlitePlanRunner.ENGINE, new SqlitePlanRunner());
        byName.put(DuckDbPlanRunner.ENGINE, new DuckDbPlanRunner());
        this.extras.forEach(extra -> byName.put(extra.runner().name(), extra.runner()));
        this.runners = Collections.unmodifiableMap(byName);
    }

    /**
     * Returns these engines and one more.
     *
     * @param extra the engine added
     * @return the new set
     * @throws IllegalArgumentException when an engine of that name is there already
     */
    public PlanEngines with(Extra extra) {
        if (names().contains(extra.runner().name())) {
            throw new IllegalArgumentException("engine " + extra.runner().name() + " is there already");
        }
        List<Extra> more = new ArrayList<>(extras);
        more.add(extra);
        return new PlanEngines(more);
    }

    /**
     * Returns the engines' names.
     *
     * @return sqlite, duckdb, then the others in the order they were added
     */
    public List<String> names() {
        return List.copyOf(runners.keySet());
    }

    /**
     * Finds an engine by name.
     *
     * @param name the engine's name
     * @return the engine
     * @throws EngineException ENGINE_NOT_AVAILABLE when no engine has that name
     */
    PlanRunner runner(String name) {
        PlanRunner runner = runners.get(name);
        if (runner == null) {
            throw new EngineException(
                    PlanErrorCode.ENGINE_NOT_AVAILABLE,
                    ("engine '%s' is not available here; the engines are %s (an engine of its own jar, such as spark,"
                                    + " is available once the server or command is started with its options)")
                            .formatted(name, String.join(", ", names())));
        }
        return runner;
    }

    /** The engines {@code auto} tries in turn, the largest threshold first; SQLite follows all of them. */
    List<Candidate> autoCandidates(long duckDbRows) {
        List<Candidate> candidates = new ArrayList<>();
        for (Extra extra : extras) {
            if (extra.autoRows() != Long.MAX_VALUE) {
                candidates.add(new Candidate(extra.runner(), extra.autoRows()));
            }
        }
        candidates.add(new Candidate(runners.get(DuckDbPlanRunner.ENGINE), duckDbRows));
        candidates.sort(Comparator.comparingLong(Candidate::minRows).reversed());
        return candidates;
    }
}

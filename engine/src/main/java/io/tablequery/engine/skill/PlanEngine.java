package io.tablequery.engine.skill;

import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.plan.PlanErrorCode;
import java.util.Locale;

/** The engines run-sql can be asked for. */
public enum PlanEngine {
    SQLITE,
    DUCKDB,
    AUTO,
    BOTH;

    /**
     * Parses an engine name.
     *
     * @param name {@code sqlite}, {@code duckdb}, {@code auto} or {@code both}; null means sqlite
     * @return the engine
     */
    public static PlanEngine parse(String name) {
        if (name == null || name.isBlank()) {
            return SQLITE;
        }
        try {
            return valueOf(name.strip().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new EngineException(
                    PlanErrorCode.ENGINE_NOT_AVAILABLE,
                    "unknown engine '%s'; choose sqlite, duckdb, auto or both".formatted(name));
        }
    }

    /**
     * Fails unless this release runs plans on the engine.
     *
     * @throws EngineException ENGINE_NOT_AVAILABLE for every engine but sqlite
     */
    public void requireAvailable() {
        if (this != SQLITE) {
            throw new EngineException(
                    PlanErrorCode.ENGINE_NOT_AVAILABLE,
                    ("engine '%s' needs the SQLite-to-DuckDB dialect layer, which this release does not have yet;"
                                    + " nothing ran. Run the plan with --engine sqlite (the default)")
                            .formatted(name().toLowerCase(Locale.ROOT)));
        }
    }
}

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
}

package io.tablequery.engine.skill;

import static java.util.Objects.requireNonNull;

import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.plan.PlanErrorCode;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The engine run-sql is asked for: one engine by name, {@code auto} (the engines' own rule picks one), or
 * {@code both} (two engines, the first one's answer shown with a comparison). Whether a named engine is configured,
 * and which engines {@code both} runs when it names fewer than two, is decided when the plan runs, by
 * {@link PlanEngines}.
 *
 * @param mode one engine, auto or two engines compared
 * @param first the engine of {@code ONE}, or the engine whose answer {@code BOTH} shows (null: the engine of record);
 *     null for {@code AUTO}
 * @param second the engine {@code BOTH} checks against (null: the first translating engine, only when {@code first}
 *     is null too); else null
 */
public record PlanEngine(Mode mode, String first, String second) {
    /** How the engine is chosen. */
    public enum Mode {
        /** One named engine. */
        ONE,
        /** The engines' rule chooses, falling back to the engine of record. */
        AUTO,
        /** Two engines run the plan and their final tables are compared. */
        BOTH
    }

    /** SQLite, as written. */
    public static final PlanEngine SQLITE = new PlanEngine(Mode.ONE, "sqlite", null);
    /** DuckDB, translated. */
    public static final PlanEngine DUCKDB = new PlanEngine(Mode.ONE, "duckdb", null);
    /** The engines' rule chooses. */
    public static final PlanEngine AUTO = new PlanEngine(Mode.AUTO, null, null);
    /** The engine of record checked against the first translating engine (SQLite against DuckDB). */
    public static final PlanEngine BOTH = new PlanEngine(Mode.BOTH, null, null);

    private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9_]{0,31}");

    public PlanEngine {
        requireNonNull(mode, "mode is null");
        boolean fits =
                switch (mode) {
                    case ONE -> first != null && second == null;
                    case AUTO -> first == null && second == null;
                    case BOTH -> second != null || first == null;
                };
        if (!fits) {
            throw new IllegalArgumentException("engines do not fit mode " + mode);
        }
    }

    /**
     * Parses an engine name: {@code sqlite}, {@code duckdb}, another configured engine's name, {@code auto},
     * {@code both} (the engine of record, sqlite, against the first translating engine, duckdb), {@code both:E} (the
     * engine of record against E) or {@code both:E1,E2} (E1 against E2).
     *
     * @param name the name; null or blank means sqlite
     * @return the engine
     */
    public static PlanEngine parse(String name) {
        if (name == null || name.isBlank()) {
            return SQLITE;
        }
        String given = name.strip().toLowerCase(Locale.ROOT);
        if (given.equals("auto")) {
            return AUTO;
        }
        if (given.equals("both")) {
            return BOTH;
        }
        if (given.startsWith("both:")) {
            String[] pair = given.substring("both:".length()).split(",", -1);
            if (pair.length == 1 && valid(pair[0])) {
                return new PlanEngine(Mode.BOTH, null, pair[0]);
            }
            if (pair.length == 2 && valid(pair[0]) && valid(pair[1]) && !pair[0].equals(pair[1])) {
                return new PlanEngine(Mode.BOTH, pair[0], pair[1]);
            }
        } else if (valid(given)) {
            return new PlanEngine(Mode.ONE, given, null);
        }
        throw new EngineException(
                PlanErrorCode.ENGINE_NOT_AVAILABLE,
                ("unknown engine '%s'; choose sqlite, duckdb, auto, both, or both:ENGINE or both:ENGINE1,ENGINE2 to"
                                + " compare two engines")
                        .formatted(name));
    }

    private static boolean valid(String engine) {
        return NAME.matcher(engine).matches() && !engine.equals("auto") && !engine.equals("both");
    }

    /**
     * Returns the engine as a caller writes it.
     *
     * @return {@code sqlite}, {@code auto}, {@code both}, {@code both:spark}, {@code both:duckdb,spark}, ...
     */
    public String label() {
        return switch (mode) {
            case ONE -> first;
            case AUTO -> "auto";
            case BOTH -> second == null ? "both" : first == null ? "both:" + second : "both:" + first + "," + second;
        };
    }
}

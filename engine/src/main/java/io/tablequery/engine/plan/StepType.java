package io.tablequery.engine.plan;

import java.util.Locale;

/** What a step's table is for: shown to the user ({@code final}) or read by later steps ({@code intermediate}). */
public enum StepType {
    FINAL,
    INTERMEDIATE;

    /**
     * Returns the plan's spelling of this type.
     *
     * @return {@code final} or {@code intermediate}
     */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}

package io.tablequery.engine.plan;

import java.util.Locale;

/** How finely a run's rows cite their sources. */
public enum CitationDetail {
    /** Every row cites the source rows it was computed from: through joins, aggregates, DISTINCT and steps. */
    ROWS,
    /**
     * Only a simple single-table step's rows cite their rows; joined and aggregated rows cite their sheets, which
     * costs nothing to compute.
     */
    SHEETS;

    /**
     * Reads the detail by its name.
     *
     * @param name {@code rows} or {@code sheets}, any case; null for {@link #ROWS}
     * @return the detail
     * @throws IllegalArgumentException for another name
     */
    public static CitationDetail parse(String name) {
        if (name == null) {
            return ROWS;
        }
        for (CitationDetail detail : values()) {
            if (detail.name().equalsIgnoreCase(name.strip())) {
                return detail;
            }
        }
        throw new IllegalArgumentException("citations must be rows or sheets, not '%s'".formatted(name));
    }

    /** Returns the name users write. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}

package io.tablequery.engine.exec;

import java.time.Duration;

/**
 * What the notice above the results says when the rows of a step that carries row lineage cite whole sheets instead,
 * the same on every engine.
 */
public final class CitationNotices {
    private CitationNotices() {}

    /**
     * The step's lineage query does not translate to the engine's dialect.
     *
     * @param step the step's number
     * @param engine the engine's name as the notice says it, such as {@code DuckDB}
     * @param reason why the query does not translate
     * @return the notice
     */
    public static String untranslated(int step, String engine, String reason) {
        return "the rows of step %d cite whole sheets on %s: their lineage query does not translate (%s)"
                .formatted(step, engine, reason);
    }

    /**
     * The engine failed the listing of the rows' source rows.
     *
     * @param step the step's number
     * @param reason the engine's first line about it
     * @return the notice
     */
    public static String unlisted(int step, String reason) {
        return "the rows of step %d cite whole sheets: their source rows could not be listed (%s)"
                .formatted(step, reason);
    }

    /**
     * The listing of the rows' source rows ran past its time limit.
     *
     * @param step the step's number
     * @param limit the time limit
     * @return the notice
     */
    public static String tooLong(int step, Duration limit) {
        return ("the rows of step %d cite whole sheets: listing their source rows took longer than %d seconds; run"
                        + " with citations: sheets to skip it")
                .formatted(step, limit.toSeconds());
    }
}

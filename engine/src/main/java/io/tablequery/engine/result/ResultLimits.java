package io.tablequery.engine.result;

import io.tablequery.engine.provenance.RowCitation;

/**
 * The ceilings a result is cut to.
 *
 * @param maxRows rows shown across all final tables
 * @param cellMax characters kept of one cell; a longer cell is cut and ends with {@code ..}
 * @param outputBudget characters of CSV, across all final tables, before further rows are left out
 * @param citeRanges the most row ranges one row's {@code __src} shows before it says how many rows it leaves out
 */
public record ResultLimits(int maxRows, int cellMax, int outputBudget, int citeRanges) {
    /** The hard ceiling of {@code citeRanges}. */
    public static final int CITE_RANGES_CEILING = 1000;

    /** The hard ceiling of {@code maxRows}. */
    public static final int MAX_ROWS_CEILING = 2000;
    /** The hard ceiling of {@code cellMax}. */
    public static final int CELL_MAX_CEILING = 10_000;

    /**
     * Limits whose citations show {@link RowCitation#DEFAULT_RANGES} ranges.
     *
     * @param maxRows rows shown across all final tables
     * @param cellMax characters kept of one cell
     * @param outputBudget characters of CSV before further rows are left out
     */
    public ResultLimits(int maxRows, int cellMax, int outputBudget) {
        this(maxRows, cellMax, outputBudget, RowCitation.DEFAULT_RANGES);
    }

    public ResultLimits {
        if (maxRows < 0 || maxRows > MAX_ROWS_CEILING) {
            throw new IllegalArgumentException("maxRows must be 0..%d: %d".formatted(MAX_ROWS_CEILING, maxRows));
        }
        if (cellMax < 1 || cellMax > CELL_MAX_CEILING) {
            throw new IllegalArgumentException("cellMax must be 1..%d: %d".formatted(CELL_MAX_CEILING, cellMax));
        }
        if (citeRanges < 1 || citeRanges > CITE_RANGES_CEILING) {
            throw new IllegalArgumentException(
                    "citeRanges must be 1..%d: %d".formatted(CITE_RANGES_CEILING, citeRanges));
        }
        if (outputBudget < 1) {
            throw new IllegalArgumentException("outputBudget must be positive: " + outputBudget);
        }
    }
}

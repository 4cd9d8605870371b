package io.tablequery.engine.result;

/**
 * The ceilings a result is cut to.
 *
 * @param maxRows rows shown across all final tables
 * @param cellMax characters kept of one cell; a longer cell is cut and ends with {@code ..}
 * @param outputBudget characters of CSV, across all final tables, before further rows are left out
 */
public record ResultLimits(int maxRows, int cellMax, int outputBudget) {
    /** The hard ceiling of {@code maxRows}. */
    public static final int MAX_ROWS_CEILING = 2000;
    /** The hard ceiling of {@code cellMax}. */
    public static final int CELL_MAX_CEILING = 10_000;

    public ResultLimits {
        if (maxRows < 0 || maxRows > MAX_ROWS_CEILING) {
            throw new IllegalArgumentException("maxRows must be 0..%d: %d".formatted(MAX_ROWS_CEILING, maxRows));
        }
        if (cellMax < 1 || cellMax > CELL_MAX_CEILING) {
            throw new IllegalArgumentException("cellMax must be 1..%d: %d".formatted(CELL_MAX_CEILING, cellMax));
        }
        if (outputBudget < 1) {
            throw new IllegalArgumentException("outputBudget must be positive: " + outputBudget);
        }
    }
}

package io.tablequery.engine.result;

/** Why a result table shows fewer rows than it has. */
public enum Truncation {
    /** Every row is shown. */
    NONE,
    /** The {@code --max-rows} ceiling was reached. */
    MAX_ROWS,
    /** The output budget in characters was reached. */
    OUTPUT_BUDGET
}

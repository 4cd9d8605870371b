package io.tablequery.engine.duck;

/** What a DuckDB tool answers: the seed's shapes, each with {@code success}. */
public sealed interface DuckToolAnswer permits DuckToolResult, DataQualityResult, CompareResult, ChartResult {
    /**
     * Tells whether the tool succeeded.
     *
     * @return false when the answer carries {@code error} and {@code code}
     */
    boolean success();
}

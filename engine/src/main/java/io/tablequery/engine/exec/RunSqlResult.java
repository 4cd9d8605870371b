package io.tablequery.engine.exec;

import static java.util.Objects.requireNonNull;

import io.tablequery.engine.provenance.FileRefTable;
import io.tablequery.engine.result.ResultLimits;
import io.tablequery.engine.result.ResultTable;
import java.util.List;

/**
 * What a run returns.
 *
 * @param engine the engine that ran the plan
 * @param limits the ceilings the results were cut to
 * @param fileRefs the files the results cite
 * @param tables the final tables in step order
 * @param notices remarks about the run, such as a ceiling that lowered a requested limit
 * @param comparison with engine {@code both}, how the SQLite and DuckDB results compare; else null
 */
public record RunSqlResult(
        String engine,
        ResultLimits limits,
        FileRefTable fileRefs,
        List<ResultTable> tables,
        List<String> notices,
        EngineComparison comparison) {
    public RunSqlResult {
        requireNonNull(engine, "engine is null");
        requireNonNull(limits, "limits is null");
        requireNonNull(fileRefs, "fileRefs is null");
        tables = List.copyOf(requireNonNull(tables, "tables is null"));
        notices = List.copyOf(requireNonNull(notices, "notices is null"));
    }

    /**
     * Returns a copy with an engine comparison.
     *
     * @param newComparison the comparison
     * @return the new result
     */
    public RunSqlResult withComparison(EngineComparison newComparison) {
        return new RunSqlResult(engine, limits, fileRefs, tables, notices, newComparison);
    }
}

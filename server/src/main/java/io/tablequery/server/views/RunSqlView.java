package io.tablequery.server.views;

import io.tablequery.engine.exec.EngineComparison;
import io.tablequery.engine.exec.RunSqlResult;
import io.tablequery.engine.plan.SkillNames;
import io.tablequery.engine.provenance.FileRefTable;
import io.tablequery.engine.result.ResultTable;
import io.tablequery.engine.skill.RunSqlText;
import java.util.List;

/**
 * The answer of run-sql.
 *
 * @param engine the engine that ran the plan
 * @param maxRows the row ceiling applied across all results
 * @param cellMax the cell ceiling applied
 * @param outputBudget the output budget in characters
 * @param notices remarks about the run
 * @param fileRefTable the cited files
 * @param results the final tables in step order
 * @param comparison with engine {@code both}, how SQLite's and DuckDB's final tables compare; else null
 * @param text the same answer as the text agents read
 */
public record RunSqlView(
        String engine,
        int maxRows,
        int cellMax,
        int outputBudget,
        List<String> notices,
        List<FileRefTable.Entry> fileRefTable,
        List<Result> results,
        EngineComparison comparison,
        String text) {
    /**
     * One final table.
     *
     * @param step the step that made it
     * @param name its destine_table_name
     * @param description its destine_table_description
     * @param columns its columns, {@code __src} last
     * @param rows the shown rows, cells cut to the cell ceiling
     * @param totalRows all its rows
     * @param shownRows the rows shown
     * @param omittedRows the rows left out
     * @param cutCells the shown cells that were cut
     * @param truncation NONE, MAX_ROWS or OUTPUT_BUDGET
     */
    public record Result(
            int step,
            String name,
            String description,
            List<String> columns,
            List<List<String>> rows,
            long totalRows,
            int shownRows,
            long omittedRows,
            int cutCells,
            String truncation) {}

    /**
     * Shows a run's result.
     *
     * @param result the result
     * @param names how the caller names the tools and arguments, for the text\'s hints
     * @return its view
     */
    public static RunSqlView of(RunSqlResult result, SkillNames names) {
        List<Result> results = result.tables().stream().map(RunSqlView::result).toList();
        return new RunSqlView(
                result.engine(),
                result.limits().maxRows(),
                result.limits().cellMax(),
                result.limits().outputBudget(),
                result.notices(),
                result.fileRefs().files(),
                results,
                result.comparison(),
                RunSqlText.format(result, names));
    }

    private static Result result(ResultTable table) {
        return new Result(
                table.step(),
                table.name(),
                table.description(),
                table.columns(),
                table.rows(),
                table.totalRows(),
                table.shownRows(),
                table.omittedRows(),
                table.cutCells(),
                table.truncation().name());
    }
}

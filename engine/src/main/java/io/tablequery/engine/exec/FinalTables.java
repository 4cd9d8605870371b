package io.tablequery.engine.exec;

import io.tablequery.engine.catalog.CatalogSnapshot;
import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.plan.PlanErrorCode;
import io.tablequery.engine.plan.ValidatedPlan;
import io.tablequery.engine.plan.ValidatedStep;
import io.tablequery.engine.provenance.FileRefTable;
import io.tablequery.engine.provenance.SheetProvenance;
import io.tablequery.engine.provenance.SheetRef;
import io.tablequery.engine.result.ArrowStreams;
import io.tablequery.engine.result.ResultHeader;
import io.tablequery.engine.result.ResultLimits;
import io.tablequery.engine.result.ResultTable;
import io.tablequery.engine.result.ResultTruncator;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;

/**
 * Reads the final tables a plan left in a session, on any engine: each is read in its step's row order, cut to the
 * ceilings, with every row's citation, and counted when it was cut.
 */
public final class FinalTables {
    private FinalTables() {}

    /**
     * Reads the final tables of a plan whose steps ran in a session.
     *
     * @param engine the engine name the result reports
     * @param plan the plan
     * @param session the session holding the steps' tables
     * @param catalog the catalog the plan was validated against
     * @param limits the result ceilings
     * @param notices remarks to pass on with the result
     * @return the result
     */
    public static RunSqlResult read(
            String engine,
            ValidatedPlan plan,
            PlanSession session,
            CatalogSnapshot catalog,
            ResultLimits limits,
            List<String> notices) {
        List<ResultTable> tables = new ArrayList<>();
        TreeSet<SheetRef> cited = new TreeSet<>();
        List<String> said = new ArrayList<>(notices);
        try (BufferAllocator allocator = new RootAllocator()) {
            ResultTruncator truncator = new ResultTruncator(limits, allocator);
            for (ValidatedStep step : plan.finalSteps()) {
                FinalTable table = session.table(step, limits.citeRanges());
                tables.add(read(table, step, truncator));
                cited.addAll(step.provenance().sheets());
                if (step.provenance() instanceof SheetProvenance sheets
                        && !sheets.reason().isEmpty()) {
                    said.add("the rows of step %d cite whole sheets, not rows: %s"
                            .formatted(step.step().step(), sheets.reason()));
                }
                table.citationNotice().ifPresent(said::add);
            }
        }
        return new RunSqlResult(engine, limits, FileRefTable.of(cited, catalog), tables, said, null);
    }

    private static ResultTable read(FinalTable table, ValidatedStep step, ResultTruncator truncator) {
        List<String> columns = new ArrayList<>(table.columns());
        columns.add(Citations.COLUMN);
        ResultHeader header = new ResultHeader(
                step.step().step(), step.step().destineTableName(), step.step().destineTableDescription(), columns);
        return truncator.collect(header, table, table::rowCount);
    }

    /**
     * Writes one final table whole, as far as {@code maxRows}, as an Arrow IPC stream: its visible columns and
     * {@code __src}, typed as the engine types them.
     *
     * @param plan the plan whose steps ran in the session
     * @param stepNumber the final step to write, or null for the plan's last final step
     * @param session the session holding the steps' tables
     * @param maxRows the most rows to write
     * @param citeRanges the most row ranges one row's citation shows
     * @param lineage whether to write the table's lineage ({@link FinalTable#writeLineage}) instead of its rows
     * @param out where the stream goes
     * @return the rows written and whether the table had more
     */
    public static ArrowStreams.Written exportArrow(
            ValidatedPlan plan,
            Integer stepNumber,
            PlanSession session,
            long maxRows,
            int citeRanges,
            boolean lineage,
            OutputStream out) {
        List<ValidatedStep> finals = plan.finalSteps();
        ValidatedStep step = finals.get(finals.size() - 1);
        if (stepNumber != null) {
            step = finals.stream()
                    .filter(candidate -> candidate.step().step() == stepNumber)
                    .findFirst()
                    .orElseThrow(() -> new EngineException(
                            PlanErrorCode.INVALID_PLAN,
                            "step %d is not a final step of the plan; its final steps are %s"
                                    .formatted(
                                            stepNumber,
                                            finals.stream()
                                                    .map(s -> Integer.toString(
                                                            s.step().step()))
                                                    .toList())));
        }
        FinalTable table = session.table(step, citeRanges);
        return lineage ? table.writeLineage(maxRows, out) : table.writeArrow(maxRows, out);
    }
}
